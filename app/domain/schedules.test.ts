import { describe, expect, it } from "vitest";
import { planPayouts, withholdPerInvestor } from "~/domain/payouts";
import { batchPayoutDue, daysOverdue, expectedPayoutAfterTax, expectedPayoutMinor, expectedRunPayouts, firstIncomePeriod, nextPayoutDue, startDateWindow } from "~/domain/schedules";

const egg = { productType: "EGG" as const, status: "ACTIVE" as const, startDate: "2026-05-01" };
const chicken = { productType: "CHICKEN" as const, status: "ACTIVE" as const, startDate: "2026-11-02" };

describe("nextPayoutDue", () => {
  it("eggs: the month after the last paid period, due by its last day", () => {
    expect(nextPayoutDue({ ...egg, paidPeriods: ["2026-07", "2026-08", "2026-09"] })).toEqual({ kind: "MONTHLY", period: "2026-10", date: "2026-10-31" });
    // Periods may come in any order; a December pays into January.
    const julyToDecember = ["2026-12", "2026-11", "2026-07", "2026-09", "2026-08", "2026-10"];
    expect(nextPayoutDue({ ...egg, paidPeriods: julyToDecember })).toEqual({ kind: "MONTHLY", period: "2027-01", date: "2027-01-31" });
    expect(nextPayoutDue({ ...egg, paidPeriods: [...julyToDecember, "2027-01"] })?.date).toBe("2027-02-28");
  });

  it("eggs: a month skipped while a later one was paid stays due, whatever was paid after it", () => {
    // October was never paid; November was.
    expect(nextPayoutDue({ ...egg, paidPeriods: ["2026-07", "2026-08", "2026-09", "2026-11"] })).toEqual({ kind: "MONTHLY", period: "2026-10", date: "2026-10-31" });
    // October paid late: December is next.
    expect(nextPayoutDue({ ...egg, paidPeriods: ["2026-07", "2026-08", "2026-09", "2026-11", "2026-10"] })?.period).toBe("2026-12");
    // A holder who bought in November is not owed October: November paid, December is theirs next.
    expect(nextPayoutDue({ ...egg, paidPeriods: ["2026-07", "2026-08", "2026-09", "2026-11"], heldSince: "2026-11-05T10:00:00.000Z" })?.period).toBe("2026-12");
  });

  it("eggs with nothing paid yet: the first month in lay (two months after the start)", () => {
    expect(firstIncomePeriod("2026-05-01")).toBe("2026-07");
    expect(firstIncomePeriod("2026-12-31")).toBe("2027-02");
    expect(nextPayoutDue({ ...egg, paidPeriods: [] })).toEqual({ kind: "MONTHLY", period: "2026-07", date: "2026-07-31" });
  });

  it("eggs bought after a month's record date: nothing owed for it, the next is the month bought in", () => {
    const unpaid = { ...egg, paidPeriods: ["2026-07", "2026-08", "2026-09"] };
    // October unpaid; bought on 5 November: October's income went to October's holders.
    expect(nextPayoutDue({ ...unpaid, heldSince: "2026-11-05T10:00:00.000Z" })).toEqual({ kind: "MONTHLY", period: "2026-11", date: "2026-11-30" });
    // Bought on October's last day, before its record date: October is its own.
    expect(nextPayoutDue({ ...unpaid, heldSince: "2026-10-31T23:00:00.000Z" })).toEqual({ kind: "MONTHLY", period: "2026-10", date: "2026-10-31" });
    // Bought before the hens came into lay: the first month in lay.
    expect(nextPayoutDue({ ...egg, paidPeriods: [], heldSince: "2026-05-02T08:00:00.000Z" })?.period).toBe("2026-07");
  });

  it("chicken: the expected harvest, 56 days after the start", () => {
    expect(nextPayoutDue({ ...chicken, paidPeriods: [] })).toEqual({ kind: "HARVEST", period: null, date: "2026-12-28" });
  });

  it("nothing scheduled before the start or after the end", () => {
    expect(nextPayoutDue({ ...egg, status: "OPEN", startDate: null, paidPeriods: [] })).toBeNull();
    expect(nextPayoutDue({ ...egg, status: "OPEN", paidPeriods: [] })).toBeNull();
    expect(nextPayoutDue({ ...egg, status: "CLOSED", paidPeriods: [] })).toBeNull();
    expect(nextPayoutDue({ ...chicken, status: "HARVESTED", paidPeriods: [] })).toBeNull();
    expect(nextPayoutDue({ ...chicken, startDate: null, paidPeriods: [] })).toBeNull();
  });
});

describe("daysOverdue", () => {
  it("counts whole days after the due date; on or before it, 0", () => {
    expect(daysOverdue("2026-10-31", "2026-10-30")).toBe(0);
    expect(daysOverdue("2026-10-31", "2026-10-31")).toBe(0);
    expect(daysOverdue("2026-10-31", "2026-11-01")).toBe(1);
    expect(daysOverdue("2026-10-31", "2026-11-22")).toBe(22);
    // Across a leap day and a year end.
    expect(daysOverdue("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysOverdue("2026-12-31", "2027-01-10")).toBe(10);
  });
});

describe("expectedPayoutMinor", () => {
  it("eggs: a month's income; chicken: principal plus the cycle's return (half up)", () => {
    expect(expectedPayoutMinor("EGG", 40_000, 0.02)).toBe(800);
    expect(expectedPayoutMinor("EGG", 333, 0.015)).toBe(5); // 4.995 -> 5
    expect(expectedPayoutMinor("CHICKEN", 3_000, 0.1)).toBe(3_300);
  });
});

describe("expectedPayoutAfterTax", () => {
  it("takes the run's tax from the income part only", () => {
    // Eggs: 400.00 x 2% = 8.00 income; 8% of it is 0.64.
    expect(expectedPayoutAfterTax("EGG", 40_000, 0.02, 0.08)).toEqual({ grossMinor: 800, taxMinor: 64, netMinor: 736, incomeMinor: 800 });
    // Chicken: 30.00 back plus 3.00 earned; the tax (0.24) only on the 3.00.
    expect(expectedPayoutAfterTax("CHICKEN", 3_000, 0.1, 0.08)).toEqual({ grossMinor: 3_300, taxMinor: 24, netMinor: 3_276, incomeMinor: 300 });
    expect(expectedPayoutAfterTax("EGG", 333, 0.015, 0)).toEqual({ grossMinor: 5, taxMinor: 0, netMinor: 5, incomeMinor: 5 });
  });
});

describe("expectedRunPayouts", () => {
  const holding = (investmentId: number, unitsHeld: number, unitPriceMinor: number, userId = 5) => ({ investmentId, userId, unitsHeld, unitPriceMinor });

  it("promises each of an investor's holdings what the run pays it, not what one holding alone would earn", () => {
    // Two 1-unit eggs at 33.33, 1.23% a month: 0.82 earned once on 66.66 (0.41 + 0.41), 8% of it 0.07 (0.04 + 0.03).
    const eggs = [holding(25, 1, 33_33), holding(26, 1, 33_33)];
    expect([...expectedRunPayouts("EGG", eggs, 0.0123, 0.08)]).toEqual([
      [25, { grossMinor: 41, taxMinor: 4, netMinor: 37, incomeMinor: 41 }],
      [26, { grossMinor: 41, taxMinor: 3, netMinor: 38, incomeMinor: 41 }],
    ]);
    // Each alone would have been promised 0.38 after 0.03 tax: a pesewa more in all than is paid.
    expect(expectedPayoutAfterTax("EGG", 33_33, 0.0123, 0.08)).toEqual({ grossMinor: 41, taxMinor: 3, netMinor: 38, incomeMinor: 41 });
    // Three 1-unit broilers at 17.77, 9.37% a cycle: 5.00 earned once on 53.31, 0.40 tax, principal back.
    const broilers = [holding(32, 1, 17_77), holding(33, 1, 17_77), holding(34, 1, 17_77)];
    const harvest = [...expectedRunPayouts("CHICKEN", broilers, 0.0937, 0.08).values()];
    expect(harvest.reduce((s, p) => s + p.grossMinor, 0)).toBe(53_31 + 5_00);
    expect(harvest.reduce((s, p) => s + p.taxMinor, 0)).toBe(40);
    expect(harvest.reduce((s, p) => s + p.incomeMinor, 0)).toBe(5_00);
  });

  it("is the run's own figures to the pesewa, whoever else holds units", () => {
    const holdings = [holding(1, 3, 12_34, 1), holding(2, 1, 12_34, 2), holding(3, 7, 12_34, 1), holding(4, 2, 12_34, 1), holding(5, 5, 12_34, 2)];
    for (const [product, kind] of [
      ["EGG", "MONTHLY"],
      ["CHICKEN", "HARVEST"],
    ] as const) {
      const run = withholdPerInvestor(kind, planPayouts(kind, holdings, 0.0177), 0.08);
      const expected = expectedRunPayouts(product, holdings, 0.0177, 0.08);
      expect(run.map((p) => [p.investmentId, p.amountMinor, p.taxMinor])).toEqual([...expected].map(([id, e]) => [id, e.grossMinor, e.taxMinor]));
      // One investor's figures do not depend on another's holdings being passed too.
      const mine = expectedRunPayouts(
        product,
        holdings.filter((h) => h.userId === 1),
        0.0177,
        0.08,
      );
      for (const [id, e] of mine) expect(expected.get(id)).toEqual(e);
    }
  });
});

describe("batchPayoutDue", () => {
  const egg = { productType: "EGG" as const, status: "ACTIVE" as const, startDate: "2026-08-15" };
  it("is the first unpaid month anyone held units at its record date", () => {
    // In lay from 2026-10; every unit bought on 2026-11-27: October pays nobody and is not due.
    expect(batchPayoutDue({ ...egg, paidPeriods: [], firstBoughtAt: "2026-11-27T10:00:00.000Z" })).toEqual({ kind: "MONTHLY", period: "2026-11", date: "2026-11-30" });
    // Bought before the start: the first month in lay, then the month after the last paid.
    expect(batchPayoutDue({ ...egg, paidPeriods: [], firstBoughtAt: "2026-08-10T10:00:00.000Z" })?.period).toBe("2026-10");
    expect(batchPayoutDue({ ...egg, paidPeriods: ["2026-11"], firstBoughtAt: "2026-11-27T10:00:00.000Z" })?.period).toBe("2026-12");
    // Nobody ever bought: no month is due.
    expect(batchPayoutDue({ ...egg, paidPeriods: [], firstBoughtAt: null })).toBeNull();
  });
  it("leaves a harvest due by its date", () => {
    const chicken = { productType: "CHICKEN" as const, status: "ACTIVE" as const, startDate: "2026-11-02", paidPeriods: [] };
    expect(batchPayoutDue({ ...chicken, firstBoughtAt: null })).toEqual({ kind: "HARVEST", period: null, date: "2026-12-28" });
    expect(batchPayoutDue({ ...chicken, firstBoughtAt: "2026-12-01T00:00:00.000Z" })?.date).toBe("2026-12-28");
  });
});

describe("startDateWindow", () => {
  it("runs 365 days either side of today, across a leap day", () => {
    expect(startDateWindow("2026-11-27")).toEqual({ from: "2025-11-27", to: "2027-11-27" });
    expect(startDateWindow("2028-03-01")).toEqual({ from: "2027-03-02", to: "2029-03-01" });
  });
});
