import { describe, expect, it } from "vitest";
import { checkRunFunding, payoutAfterTax, portfolioTotals, withholdingTaxMinor } from "~/domain/payouts";

describe("portfolioTotals", () => {
  it("splits what payouts brought in into income, principal returned and fees; invested counts active holdings at cost", () => {
    const totals = portfolioTotals({
      holdings: [
        { status: "ACTIVE", unitsHeld: 40, unitPriceMinor: 1_000 }, // 400.00, after 10 units left by early exit
        { status: "ACTIVE", unitsHeld: 3, unitPriceMinor: 1_000 },
        { status: "PAID", unitsHeld: 5, unitPriceMinor: 2_000 },
        { status: "EXITED", unitsHeld: 0, unitPriceMinor: 1_000 },
      ],
      payouts: [
        { kind: "MONTHLY", amountMinor: 1_000, principalMinor: 50_000, taxMinor: 0 },
        { kind: "EXIT", amountMinor: 9_500, principalMinor: 10_000, taxMinor: 0 },
        { kind: "HARVEST", amountMinor: 11_000, principalMinor: 10_000, taxMinor: 0 },
        { kind: "PRINCIPAL", amountMinor: 7_000, principalMinor: 7_000, taxMinor: 0 },
      ],
    });
    expect(totals).toEqual({ investedMinor: 43_000, incomeMinor: 2_000, incomeTaxMinor: 0, principalReturnedMinor: 27_000, feesMinor: 500 });
    // Every pesewa received is accounted for.
    expect(totals.incomeMinor + totals.principalReturnedMinor - totals.feesMinor).toBe(1_000 + 9_500 + 11_000 + 7_000);
  });

  it("is all zero for a new investor", () => {
    expect(portfolioTotals({ holdings: [], payouts: [] })).toEqual({ investedMinor: 0, incomeMinor: 0, incomeTaxMinor: 0, principalReturnedMinor: 0, feesMinor: 0 });
  });

  it("counts income as it reached the wallet, after tax, with the tax withheld beside it", () => {
    const payouts = [
      { kind: "MONTHLY" as const, amountMinor: 1_000, principalMinor: 50_000, taxMinor: 80 },
      { kind: "HARVEST" as const, amountMinor: 11_000, principalMinor: 10_000, taxMinor: 80 },
      { kind: "PRINCIPAL" as const, amountMinor: 7_000, principalMinor: 7_000, taxMinor: 0 },
    ];
    const totals = portfolioTotals({ holdings: [], payouts });
    expect(totals).toMatchObject({ incomeMinor: 920 + 920, incomeTaxMinor: 160, principalReturnedMinor: 17_000 });
    // What reached the wallet, to the pesewa.
    expect(totals.incomeMinor + totals.principalReturnedMinor - totals.feesMinor).toBe(payouts.reduce((s, p) => s + p.amountMinor - p.taxMinor, 0));
  });
});

describe("payoutAfterTax", () => {
  it("is gross, the run's tax and the net, to the pesewa", () => {
    expect(payoutAfterTax({ kind: "MONTHLY", amountMinor: 563, principalMinor: 45_000 }, 0.08)).toEqual({ grossMinor: 563, taxMinor: 45, netMinor: 518 });
    expect(payoutAfterTax({ kind: "HARVEST", amountMinor: 5_500, principalMinor: 5_000 }, 0.08)).toEqual({ grossMinor: 5_500, taxMinor: 40, netMinor: 5_460 });
    expect(payoutAfterTax({ kind: "PRINCIPAL", amountMinor: 50_000, principalMinor: 50_000 }, 0.08)).toEqual({ grossMinor: 50_000, taxMinor: 0, netMinor: 50_000 });
    expect(payoutAfterTax({ kind: "MONTHLY", amountMinor: 563, principalMinor: 0 }, 0)).toEqual({ grossMinor: 563, taxMinor: 0, netMinor: 563 });
  });
});

describe("withholdingTaxMinor", () => {
  it("taxes income only, half up to the pesewa", () => {
    // 5.63 x 8% = 0.4504 -> 0.45; 5.69 x 8% = 0.4552 -> 0.46; 0.0625 rounds up from the half pesewa.
    expect(withholdingTaxMinor({ kind: "MONTHLY", amountMinor: 563, principalMinor: 45_000 }, 0.08)).toBe(45);
    expect(withholdingTaxMinor({ kind: "MONTHLY", amountMinor: 569, principalMinor: 45_000 }, 0.08)).toBe(46);
    expect(withholdingTaxMinor({ kind: "MONTHLY", amountMinor: 625, principalMinor: 0 }, 0.08)).toBe(50);
    expect(withholdingTaxMinor({ kind: "MONTHLY", amountMinor: 1_250, principalMinor: 0 }, 0.1)).toBe(125);
    expect(withholdingTaxMinor({ kind: "MONTHLY", amountMinor: 5, principalMinor: 0 }, 0.1)).toBe(1); // 0.5 pesewa -> 1
    // Harvest: only the return (55.00 - 50.00) is taxed.
    expect(withholdingTaxMinor({ kind: "HARVEST", amountMinor: 5_500, principalMinor: 5_000 }, 0.08)).toBe(40);
    // Principal back at a close: never taxed.
    expect(withholdingTaxMinor({ kind: "PRINCIPAL", amountMinor: 50_000, principalMinor: 50_000 }, 0.08)).toBe(0);
    // Off.
    expect(withholdingTaxMinor({ kind: "MONTHLY", amountMinor: 563, principalMinor: 0 }, 0)).toBe(0);
  });
});

describe("checkRunFunding", () => {
  const base = { batchId: 7, dueMinor: 2_438, heldMinor: 1_000, reserveDrawMinor: 0, reserveMinor: 10_000 };
  it("refuses a shortfall without a draw, naming the amounts", () => {
    expect(() => checkRunFunding(base)).toThrow("Batch #7 holds GH₵10.00 for investors; this run needs GH₵24.38: GH₵14.38 short.");
  });
  it("pays from what is held plus an exact reserve draw", () => {
    expect(checkRunFunding({ ...base, reserveDrawMinor: 1_438 })).toEqual({ dueMinor: 2_438, heldMinor: 1_000, shortfallMinor: 1_438, reserveDrawMinor: 1_438 });
    expect(checkRunFunding({ ...base, heldMinor: 5_000 }).shortfallMinor).toBe(0);
  });
  it("refuses a draw that is too small, larger than the shortfall, or more than the reserve holds", () => {
    expect(() => checkRunFunding({ ...base, reserveDrawMinor: 1_000 })).toThrow("and GH₵10.00 from the reserve; this run needs GH₵24.38: GH₵4.38 short.");
    expect(() => checkRunFunding({ ...base, reserveDrawMinor: 2_000 })).toThrow("The reserve draw (GH₵20.00) is more than the shortfall (GH₵14.38).");
    expect(() => checkRunFunding({ ...base, reserveDrawMinor: 1_438, reserveMinor: 500 })).toThrow("The reserve holds GH₵5.00, less than the GH₵14.38 draw.");
  });
});
