import { describe, expect, it } from "vitest";
import { estimateAfterTax, estimateReturns } from "~/domain/returns";

describe("estimateReturns (docs/rules.md#product-constants)", () => {
  it("chicken: principal = units x unit price, return = principal x ROI for one cycle", () => {
    expect(estimateReturns({ product: "CHICKEN", units: 10, unitPrice: 50, roi: 0.12 })).toEqual({ principal: 500, return: 60, total: 560, label: "per cycle" });
  });

  it("egg: return = principal x monthly ROI x 12, labelled '12-month illustrative'", () => {
    expect(estimateReturns({ product: "EGG", units: 10, unitPrice: 150, roi: 0.03 })).toEqual({ principal: 1500, return: 540, total: 2040, label: "12-month illustrative" });
  });

  it("rounds every figure to 2 decimals", () => {
    const r = estimateReturns({ product: "CHICKEN", units: 3, unitPrice: 33.33, roi: 0.175 });
    expect(r.principal).toBe(99.99);
    expect(r.return).toBe(17.5); // 17.49825
    expect(r.total).toBe(117.49);
    const e = estimateReturns({ product: "EGG", units: 7, unitPrice: 12.34, roi: 0.011 });
    expect(e.principal).toBe(86.38);
    expect(e.return).toBe(11.4); // 86.38 x 0.011 x 12 = 11.40216
    expect(e.total).toBe(97.78);
  });

  it("rounds halves up where floats would round them down", () => {
    // 1.005 x 1 is 1.00499999... as a float.
    expect(estimateReturns({ product: "CHICKEN", units: 1, unitPrice: 1.005, roi: 0 }).principal).toBe(1.01);
  });

  it("treats empty inputs (0) as zero, never NaN", () => {
    expect(estimateReturns({ product: "CHICKEN", units: 0, unitPrice: 50, roi: 0.12 })).toMatchObject({ principal: 0, return: 0, total: 0 });
    expect(estimateReturns({ product: "EGG", units: 10, unitPrice: 0, roi: 0 })).toMatchObject({ principal: 0, return: 0, total: 0 });
  });

  it("matches the landing defaults for each product", () => {
    expect(estimateReturns({ product: "CHICKEN", units: 1, unitPrice: 50, roi: 0.18 })).toMatchObject({ principal: 50, return: 9, total: 59 });
    expect(estimateReturns({ product: "EGG", units: 1, unitPrice: 150, roi: 0.03 })).toMatchObject({ principal: 150, return: 54, total: 204 });
  });
});

describe("estimateAfterTax", () => {
  it("eggs: the run's tax on each of the 12 months' income; chicken: on the cycle's return", () => {
    const egg = { product: "EGG" as const, units: 10, unitPrice: 150, roi: 0.03 };
    // 45.00 a month, 3.60 tax each month: 540.00 before tax, 43.20 tax, 496.80 after.
    expect(estimateAfterTax(egg, estimateReturns(egg), 0.08)).toEqual({ grossMinor: 54_000, taxMinor: 4_320, netMinor: 49_680, totalNetMinor: 199_680 });
    const chicken = { product: "CHICKEN" as const, units: 3, unitPrice: 40, roi: 0.18 };
    // 21.60 earned on 120.00; 1.728 -> 1.73 tax.
    expect(estimateAfterTax(chicken, estimateReturns(chicken), 0.08)).toEqual({ grossMinor: 2_160, taxMinor: 173, netMinor: 1_987, totalNetMinor: 13_987 });
    expect(estimateAfterTax(chicken, estimateReturns(chicken), 0)).toEqual({ grossMinor: 2_160, taxMinor: 0, netMinor: 2_160, totalNetMinor: 14_160 });
  });
});
