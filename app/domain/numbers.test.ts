import { describe, expect, it } from "vitest";
import { readDecimal } from "~/domain/numbers";

describe("readDecimal: the one reading of a number field", () => {
  it("reads plain decimal text, spaces around it allowed, and JSON numbers as they are", () => {
    expect(readDecimal("16")).toBe(16);
    expect(readDecimal(" 0.07 ")).toBe(0.07);
    expect(readDecimal("12.0")).toBe(12);
    expect(readDecimal("-3.5")).toBe(-3.5);
    expect(readDecimal(16)).toBe(16);
    expect(readDecimal(0.12)).toBe(0.12);
  });

  it("never gives -0", () => {
    expect(Object.is(readDecimal("-0"), 0)).toBe(true);
    expect(Object.is(readDecimal(-0), 0)).toBe(true);
  });

  it.each(["0x10", "0X10", "0b11", "0o7", "1e1", "1E1", "1e-1", "Infinity", "-Infinity", "NaN", " 1 0", "1_000", "+1", ".5", "5.", "", " ", "1,000", "١٢"])(
    "refuses %j: none of Number()'s other notations",
    (text) => {
      expect(readDecimal(text)).toBeNull();
    },
  );

  it("refuses what is no number: lists, objects, booleans, null, and numbers too long to be finite", () => {
    for (const value of [[5], { n: 5 }, true, null, undefined, Number.POSITIVE_INFINITY, Number.NaN, "9".repeat(400)]) expect(readDecimal(value)).toBeNull();
  });
});
