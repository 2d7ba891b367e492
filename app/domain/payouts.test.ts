import { describe, expect, it } from "vitest";
import { portfolioTotals } from "~/domain/payouts";

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
        { kind: "MONTHLY", amountMinor: 1_000, principalMinor: 50_000 },
        { kind: "EXIT", amountMinor: 9_500, principalMinor: 10_000 },
        { kind: "HARVEST", amountMinor: 11_000, principalMinor: 10_000 },
        { kind: "PRINCIPAL", amountMinor: 7_000, principalMinor: 7_000 },
      ],
    });
    expect(totals).toEqual({ investedMinor: 43_000, incomeMinor: 2_000, principalReturnedMinor: 27_000, feesMinor: 500 });
    // Every pesewa received is accounted for.
    expect(totals.incomeMinor + totals.principalReturnedMinor - totals.feesMinor).toBe(1_000 + 9_500 + 11_000 + 7_000);
  });

  it("is all zero for a new investor", () => {
    expect(portfolioTotals({ holdings: [], payouts: [] })).toEqual({ investedMinor: 0, incomeMinor: 0, principalReturnedMinor: 0, feesMinor: 0 });
  });
});
