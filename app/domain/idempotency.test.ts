import { describe, expect, it } from "vitest";
import { amountParam, canonicalJson, unitsParam } from "~/domain/idempotency";

describe("canonicalJson: one text per request, whatever the field order", () => {
  it("sorts keys at every depth and drops undefined fields", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });
  it("keeps types apart and writes odd numbers as text", () => {
    expect(canonicalJson({ id: 1 })).not.toBe(canonicalJson({ id: "1" }));
    expect(canonicalJson({ n: -0 })).toBe('{"n":0}');
    expect(canonicalJson({ n: Number.NaN })).toBe('{"n":"NaN"}');
    expect(canonicalJson(undefined)).toBe("null");
    expect(canonicalJson({ d: new Date("2026-01-02T00:00:00Z") })).not.toBe(canonicalJson({ d: new Date("2026-01-03T00:00:00Z") }));
  });
});

describe("amountParam: the amount the rules will move, in pesewas", () => {
  it.each([
    [100, 10000],
    ["100", 10000],
    ["100.00", 10000],
    [" 1,000.5 ", 100050],
  ])("%j is %i", (input, minor) => {
    expect(amountParam(input)).toBe(minor);
  });
  it("keeps refused input apart from any real amount", () => {
    // 2,000,000 cedis is over the ceiling: it must not count as 2,000,000 pesewas.
    expect(amountParam(2_000_000)).toEqual({ unreadable: 2_000_000 });
    expect(amountParam(" ten ")).toEqual({ unreadable: "ten" });
    expect(amountParam(undefined)).toEqual({ unreadable: null });
  });
});

describe("unitsParam", () => {
  it.each([
    [2, 2],
    ["2", 2],
    [" 2 ", 2],
    ["2.0", 2],
    ["2.5", 2.5],
    ["x", "x"],
    [undefined, null],
  ])("%j is %j", (input, expected) => {
    expect(unitsParam(input)).toBe(expected);
  });
});
