import { describe, expect, it } from "vitest";
import { applyRate, formatGhs, MAX_AMOUNT_MINOR, minorToCedis, minorToDecimalString, minorToGroupedString, parseAmountToMinor, splitByWeight } from "~/domain/money";

describe("applyRate: round half up to the pesewa, without float drift", () => {
  it.each([
    [10000, 0.01, 100], // GHS 100 x 1% = GHS 1.00
    [150, 0.01, 2], // 1.5 pesewas -> 2
    [149, 0.01, 1], // 1.49 -> 1
    [250, 0.05, 13], // 12.5 -> 13
    [1005, 0.1, 101], // 100.5 -> 101 (a float product would be 100.49999...)
    [333, 0.175, 58], // 58.275 -> 58
    [12345, 0.009, 111], // 111.105 -> 111
    [0, 0.12, 0],
    [12345, 0, 0],
  ])("%i pesewas x %d = %i", (amount, rate, expected) => {
    expect(applyRate(amount, rate)).toBe(expected);
  });

  it("rounds a negative product away from zero on the half", () => {
    expect(applyRate(-250, 0.05)).toBe(-13);
  });

  it("stays exact on large balances", () => {
    expect(applyRate(MAX_AMOUNT_MINOR * 1000, 0.011)).toBe(1_100_000_000);
  });
});

describe("parseAmountToMinor", () => {
  it.each([
    ["50", 5000],
    ["50.5", 5050],
    ["50.25", 5025],
    ["1,000.25", 100025],
    ["12,345", 1234500],
    ["1,000,000", MAX_AMOUNT_MINOR],
    [" 7 ", 700],
    [0.1, 10],
    [12.34, 1234],
    ["1000000", MAX_AMOUNT_MINOR],
  ])("%j -> %i pesewas", (input, minor) => {
    expect(parseAmountToMinor(input)).toEqual({ ok: true, minor });
  });

  it.each([
    ["", "empty"],
    [null, "empty"],
    [undefined, "empty"],
    ["ten", "format"],
    ["1e3", "format"],
    [Number.NaN, "format"],
    [Number.POSITIVE_INFINITY, "format"],
    [[5], "format"],
    [{ amount: 5 }, "format"],
    ["10.005", "decimals"],
    ["1,0,0", "separators"],
    ["10,50", "separators"],
    ["1,00", "separators"],
    [",100", "separators"],
    ["100,", "separators"],
    ["1,000,00", "separators"],
    ["1000,000", "separators"],
    ["1,000.5,0", "separators"],
    ["0", "non-positive"],
    ["0.00", "non-positive"],
    ["-5", "non-positive"],
    [-5, "non-positive"],
    ["1000000.01", "too-large"],
    ["999999999999999", "too-large"],
    // Well-formed at any length: more than any limit, never "format".
    ["9999999999999999", "too-large"],
    ["99999999999999999999999999.99", "too-large"],
    ["99,999,999,999,999,999", "too-large"],
    [1e16, "too-large"],
    [1e21, "too-large"],
    ["-9999999999999999", "non-positive"],
    ["9999999999999999.999", "decimals"],
  ])("%j is refused as %s", (input, reason) => {
    expect(parseAmountToMinor(input)).toEqual({ ok: false, reason });
  });

  it("keeps every pesewa up to the largest safe integer, and calls anything past it more than any limit", () => {
    const none = Number.POSITIVE_INFINITY;
    expect(parseAmountToMinor("90071992547409.91", none)).toEqual({ ok: true, minor: Number.MAX_SAFE_INTEGER });
    expect(parseAmountToMinor("90071992547409.92", none)).toEqual({ ok: false, reason: "too-large" });
    expect(parseAmountToMinor("999999999999999", none)).toEqual({ ok: false, reason: "too-large" });
    expect(parseAmountToMinor("0000000000000050.25")).toEqual({ ok: true, minor: 5025 });
    expect(parseAmountToMinor("9".repeat(100_000), none)).toEqual({ ok: false, reason: "too-large" });
    expect(parseAmountToMinor(`-${"9".repeat(100_000)}`, none)).toEqual({ ok: false, reason: "non-positive" });
  });
});

describe("display and JSON", () => {
  it("formats GHS with 2 decimals", () => {
    expect(formatGhs(123450)).toMatch(/1,234\.50$/);
    expect(formatGhs(5)).toMatch(/0\.05$/);
  });

  it("groups an amount without its symbol for a sentence that names the currency", () => {
    expect(minorToGroupedString(5_500_00)).toBe("5,500.00");
    expect(minorToGroupedString(MAX_AMOUNT_MINOR)).toBe("1,000,000.00");
    expect(minorToGroupedString(5)).toBe("0.05");
    expect(minorToGroupedString(-0)).toBe("0.00");
  });

  it("never writes a negative zero: -0 (a sum negated) is GH₵0.00", () => {
    expect(formatGhs(-0)).toBe(formatGhs(0));
    expect(formatGhs(-0)).not.toContain("-");
    expect(formatGhs(-5)).toMatch(/^-/);
  });

  it("writes decimal strings and cedis without float noise", () => {
    expect(minorToDecimalString(123405)).toBe("1234.05");
    expect(minorToDecimalString(-5)).toBe("-0.05");
    expect(minorToCedis(1999)).toBe(19.99);
  });
});

describe("splitByWeight: parts in proportion that sum exactly", () => {
  it("gives the leftover pesewas to the largest remainders, ties to the earlier part", () => {
    expect(splitByWeight(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitByWeight(7, [5, 3, 2])).toEqual([4, 2, 1]); // 3.5, 2.1, 1.4
    expect(splitByWeight(0, [5, 3])).toEqual([0, 0]);
    expect(splitByWeight(5, [0, 0])).toEqual([0, 0]);
  });

  it("stays exact where total x weight passes 2^53", () => {
    const weights = [MAX_AMOUNT_MINOR * 1000 + 1, MAX_AMOUNT_MINOR * 1000 + 2, 3];
    const parts = splitByWeight(1_100_000_001, weights);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(1_100_000_001);
    expect(parts).toEqual([550_000_000, 550_000_001, 0]);
  });
});
