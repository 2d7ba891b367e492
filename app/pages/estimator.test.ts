import { describe, expect, it } from "vitest";
import { ESTIMATOR_DEFAULTS, estimatorDefaults, followProduct, parseEstimatorQuery, readEstimatorField, type EstimatorDefaults } from "~/pages/estimator";
import type { LandingBatch } from "~/pages/landing";
import { translatorFor } from "~/catalog/index.server";

const t = translatorFor("en");

const q = (s: string) => new URLSearchParams(s);

const live = (over: Partial<LandingBatch>): LandingBatch => ({
  id: 1,
  farmName: "Farm",
  location: "Ho",
  productType: "EGG",
  unitPriceMinor: 12000,
  targetUnits: 100,
  unitsPlaced: 0,
  expectedRoi: 0.009,
  status: "OPEN",
  ...over,
});

describe("estimator defaults", () => {
  it("are CHICKEN, 10 units, and each product's own figures: eggs GHS 150 at 3% a month, chicken GHS 50 at 18% a cycle", () => {
    expect(ESTIMATOR_DEFAULTS).toEqual({ product: "CHICKEN", units: 10, byProduct: { EGG: { unitPrice: 150, roi: 0.03 }, CHICKEN: { unitPrice: 50, roi: 0.18 } } });
    expect(estimatorDefaults(null)).toEqual(ESTIMATOR_DEFAULTS);
  });

  it("take the live batches' figures: the cheapest batch on sale of each product", () => {
    const batches = [
      live({ id: 1, unitPriceMinor: 12000, expectedRoi: 0.009 }),
      live({ id: 2, unitPriceMinor: 10000, expectedRoi: 0.011 }),
      live({ id: 3, unitPriceMinor: 5000, expectedRoi: 0.02, status: "CLOSED" }),
      live({ id: 4, productType: "CHICKEN", unitPriceMinor: 4000, expectedRoi: 0.09 }),
    ];
    expect(estimatorDefaults(null, batches).byProduct).toEqual({ EGG: { unitPrice: 100, roi: 0.011 }, CHICKEN: { unitPrice: 40, roi: 0.09 } });
  });

  it("take the stored example unit price and ROI for the Chicken Note (the default product) when present", () => {
    expect(estimatorDefaults({ exampleUnitPriceMinor: 7550, exampleExpectedRoi: 0.2 }).byProduct).toEqual({ EGG: { unitPrice: 150, roi: 0.03 }, CHICKEN: { unitPrice: 75.5, roi: 0.2 } });
    expect(estimatorDefaults({ exampleUnitPriceMinor: null, exampleExpectedRoi: 0 }).byProduct.CHICKEN).toEqual({ unitPrice: 50, roi: 0 });
  });
});

describe("switching product", () => {
  const defaults: EstimatorDefaults = { product: "CHICKEN", units: 10, byProduct: { EGG: { unitPrice: 150, roi: 0.03 }, CHICKEN: { unitPrice: 50, roi: 0.12 } } };

  it("moves figures still at the old product's defaults to the new product's; typed figures stay", () => {
    expect(followProduct({ unit_price: "50", roi: "0.12" }, "CHICKEN", "EGG", defaults.byProduct)).toEqual({ unit_price: "150", roi: "0.03" });
    expect(followProduct({ unit_price: "80", roi: "0.120" }, "CHICKEN", "EGG", defaults.byProduct)).toEqual({ unit_price: "80", roi: "0.03" });
    expect(followProduct({ unit_price: "150", roi: "0.03" }, "EGG", "CHICKEN", defaults.byProduct)).toEqual({ unit_price: "50", roi: "0.12" });
    expect(followProduct({ unit_price: "50", roi: "0.12" }, "CHICKEN", "CHICKEN", defaults.byProduct)).toEqual({ unit_price: "50", roi: "0.12" });
  });

  it("without JavaScript: choosing Egg Note on a form that showed the chicken figures never gives 144% a year", () => {
    const form = parseEstimatorQuery(q("product=EGG&units=10&unit_price=50&roi=0.12&shown=CHICKEN"), t, defaults);
    expect(form.input).toEqual({ product: "EGG", units: 10, unitPrice: 150, roi: 0.03 });
    expect(form.values).toEqual({ product: "EGG", units: "10", unit_price: "150", roi: "0.03" });
    expect(form.byProduct).toBe(defaults.byProduct);
    // A figure the visitor typed is kept, whichever product.
    expect(parseEstimatorQuery(q("product=EGG&units=3&unit_price=50&roi=0.05&shown=CHICKEN"), t, defaults).input).toEqual({ product: "EGG", units: 3, unitPrice: 150, roi: 0.05 });
    expect(parseEstimatorQuery(q("product=EGG&unit_price=50&roi=0.12"), t, defaults).input).toMatchObject({ unitPrice: 50, roi: 0.12 });
    // Only the chosen product's starting figures when a field is missing.
    expect(parseEstimatorQuery(q("product=EGG"), t, defaults).values).toEqual({ product: "EGG", units: "10", unit_price: "150", roi: "0.03" });
  });
});

describe("parseEstimatorQuery", () => {
  it("uses the defaults when the query is empty", () => {
    const form = parseEstimatorQuery(q(""), t, { product: "CHICKEN", units: 10, byProduct: { EGG: { unitPrice: 150, roi: 0.03 }, CHICKEN: { unitPrice: 75, roi: 0.15 } } });
    expect(form.input).toEqual({ product: "CHICKEN", units: 10, unitPrice: 75, roi: 0.15 });
    expect(form.values).toEqual({ product: "CHICKEN", units: "10", unit_price: "75", roi: "0.15" });
    expect(form.errors).toEqual({});
  });

  it("reads product, units, unit price and ROI", () => {
    const form = parseEstimatorQuery(q("product=egg&units=20&unit_price=150.5&roi=0.03"), t);
    expect(form.input).toEqual({ product: "EGG", units: 20, unitPrice: 150.5, roi: 0.03 });
    expect(form.errors).toEqual({});
  });

  it("turns an empty input into 0 without an error", () => {
    const form = parseEstimatorQuery(q("units=&unit_price=%20&roi="), t);
    expect(form.input).toMatchObject({ units: 0, unitPrice: 0, roi: 0 });
    expect(form.values).toMatchObject({ units: "", unit_price: " ", roi: "" });
    expect(form.errors).toEqual({});
  });

  it("explains values below the minimums and counts them as the minimum", () => {
    const form = parseEstimatorQuery(q("units=0&unit_price=0.5&roi=-0.1"), t);
    expect(form.errors).toEqual({ units: "Units must be at least 1.", unit_price: "Unit price must be at least GH₵1.00.", roi: "Expected ROI cannot be negative." });
    expect(form.input).toMatchObject({ units: 1, unitPrice: 1, roi: 0 });
    expect(form.values).toMatchObject({ units: "0", unit_price: "0.5", roi: "-0.1" });
  });

  it("explains text that is not a number and counts it as 0", () => {
    const form = parseEstimatorQuery(q("units=ten&unit_price=1e9&roi=0x10&product=DUCK"), t);
    expect(form.errors).toMatchObject({ units: "Enter a number.", roi: "Enter a number.", product: "Choose Chicken Note or Egg Note." });
    expect(form.errors.unit_price).toBe("Unit price can be at most GH₵1,000,000.00.");
    expect(form.input).toMatchObject({ product: "CHICKEN", units: 0, roi: 0 });
  });

  it("caps huge values", () => {
    const form = parseEstimatorQuery(q("units=99999999"), t);
    expect(form.errors.units).toBe("Units can be at most 1,000,000.");
    expect(form.input.units).toBe(1_000_000);
    expect(parseEstimatorQuery(q("roi=11"), t).errors.roi).toBe("Expected ROI can be at most 10 (1000%).");
  });
});

describe("readEstimatorField (typing with JavaScript)", () => {
  it("follows the same rules", () => {
    expect(readEstimatorField("units", "", t)).toEqual({ value: 0 });
    expect(readEstimatorField("units", "12", t)).toEqual({ value: 12 });
    expect(readEstimatorField("roi", "0.125", t)).toEqual({ value: 0.125 });
    expect(readEstimatorField("unit_price", "abc", t)).toEqual({ value: 0, error: "Enter a number." });
    expect(readEstimatorField("units", "0", t)).toEqual({ value: 1, error: "Units must be at least 1." });
  });
});
