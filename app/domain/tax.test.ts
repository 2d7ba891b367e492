import { describe, expect, it } from "vitest";
import { isTaxYear, monthName, sumTotals, totalsByMonth, type IncomeLine } from "~/domain/tax";

const line = (paidAt: string, taxableMinor: number, taxMinor: number): IncomeLine => ({ paidAt, batchId: 1, productType: "EGG", kind: "MONTHLY", period: paidAt.slice(0, 7), taxableMinor, taxMinor });

describe("tax statements", () => {
  it("sums gross, tax and net per month of payment, in calendar order", () => {
    const rows = totalsByMonth([line("2026-11-30T10:00:00Z", 10_000, 800), line("2026-10-31T10:00:00Z", 5_005, 400), line("2026-11-01T00:00:00Z", 1, 0)]);
    expect(rows).toEqual([
      { month: "2026-10", grossMinor: 5_005, taxMinor: 400, netMinor: 4_605, lines: 1 },
      { month: "2026-11", grossMinor: 10_001, taxMinor: 800, netMinor: 9_201, lines: 2 },
    ]);
    expect(sumTotals(rows)).toEqual({ grossMinor: 15_006, taxMinor: 1_200, netMinor: 13_806 });
    expect(totalsByMonth([])).toEqual([]);
  });

  it("reads years strictly, and names months", () => {
    expect(isTaxYear("2026")).toBe(true);
    expect(isTaxYear("26")).toBe(false);
    expect(monthName("2026-02")).toBe("February 2026");
  });
});
