import { describe, expect, it } from "vitest";
import { ESTIMATOR_DEFAULTS, estimatorDefaults, parseEstimatorQuery, readEstimatorField } from "~/pages/estimator";

const q = (s: string) => new URLSearchParams(s);

describe("estimator defaults", () => {
  it("are CHICKEN, 10 units, GHS 50, ROI 0.12", () => {
    expect(ESTIMATOR_DEFAULTS).toEqual({ product: "CHICKEN", units: 10, unitPrice: 50, roi: 0.12 });
    expect(estimatorDefaults(null)).toEqual(ESTIMATOR_DEFAULTS);
  });

  it("take the stored example unit price and ROI when present", () => {
    expect(estimatorDefaults({ exampleUnitPriceMinor: 7550, exampleExpectedRoi: 0.2 })).toEqual({ product: "CHICKEN", units: 10, unitPrice: 75.5, roi: 0.2 });
    expect(estimatorDefaults({ exampleUnitPriceMinor: null, exampleExpectedRoi: 0 })).toEqual({ ...ESTIMATOR_DEFAULTS, roi: 0 });
  });
});

describe("parseEstimatorQuery", () => {
  it("uses the defaults when the query is empty", () => {
    const form = parseEstimatorQuery(q(""), { product: "CHICKEN", units: 10, unitPrice: 75, roi: 0.15 });
    expect(form.input).toEqual({ product: "CHICKEN", units: 10, unitPrice: 75, roi: 0.15 });
    expect(form.values).toEqual({ product: "CHICKEN", units: "10", unit_price: "75", roi: "0.15" });
    expect(form.errors).toEqual({});
  });

  it("reads product, units, unit price and ROI", () => {
    const form = parseEstimatorQuery(q("product=egg&units=20&unit_price=150.5&roi=0.03"));
    expect(form.input).toEqual({ product: "EGG", units: 20, unitPrice: 150.5, roi: 0.03 });
    expect(form.errors).toEqual({});
  });

  it("turns an empty input into 0 without an error", () => {
    const form = parseEstimatorQuery(q("units=&unit_price=%20&roi="));
    expect(form.input).toMatchObject({ units: 0, unitPrice: 0, roi: 0 });
    expect(form.values).toMatchObject({ units: "", unit_price: " ", roi: "" });
    expect(form.errors).toEqual({});
  });

  it("explains values below the minimums and counts them as the minimum", () => {
    const form = parseEstimatorQuery(q("units=0&unit_price=0.5&roi=-0.1"));
    expect(form.errors).toEqual({ units: "Units must be at least 1.", unit_price: "Unit price must be at least GHS 1.", roi: "Expected ROI cannot be negative." });
    expect(form.input).toMatchObject({ units: 1, unitPrice: 1, roi: 0 });
    expect(form.values).toMatchObject({ units: "0", unit_price: "0.5", roi: "-0.1" });
  });

  it("explains text that is not a number and counts it as 0", () => {
    const form = parseEstimatorQuery(q("units=ten&unit_price=1e9&roi=0x10&product=DUCK"));
    expect(form.errors).toMatchObject({ units: "Enter a number.", roi: "Enter a number.", product: "Choose Chicken Note or Egg Note." });
    expect(form.errors.unit_price).toBe("Unit price can be at most GHS 1,000,000.");
    expect(form.input).toMatchObject({ product: "CHICKEN", units: 0, roi: 0 });
  });

  it("caps huge values", () => {
    const form = parseEstimatorQuery(q("units=99999999"));
    expect(form.errors.units).toBe("Units can be at most 1,000,000.");
    expect(form.input.units).toBe(1_000_000);
  });
});

describe("readEstimatorField (typing with JavaScript)", () => {
  it("follows the same rules", () => {
    expect(readEstimatorField("units", "")).toEqual({ value: 0 });
    expect(readEstimatorField("units", "12")).toEqual({ value: 12 });
    expect(readEstimatorField("roi", "0.125")).toEqual({ value: 0.125 });
    expect(readEstimatorField("unit_price", "abc")).toEqual({ value: 0, error: "Enter a number." });
    expect(readEstimatorField("units", "0")).toEqual({ value: 1, error: "Units must be at least 1." });
  });
});
