import { describe, expect, it } from "vitest";
import { daysOverdue, expectedPayoutAfterTax, expectedPayoutMinor, firstIncomePeriod, nextPayoutDue, startDateWindow } from "~/domain/schedules";

const egg = { productType: "EGG" as const, status: "ACTIVE" as const, startDate: "2026-05-01" };
const chicken = { productType: "CHICKEN" as const, status: "ACTIVE" as const, startDate: "2026-11-02" };

describe("nextPayoutDue", () => {
  it("eggs: the month after the last paid period, due by its last day", () => {
    expect(nextPayoutDue({ ...egg, paidPeriods: ["2026-07", "2026-08", "2026-09"] })).toEqual({ kind: "MONTHLY", period: "2026-10", date: "2026-10-31" });
    // Periods may come in any order; a December pays into January.
    expect(nextPayoutDue({ ...egg, paidPeriods: ["2026-12", "2026-11"] })).toEqual({ kind: "MONTHLY", period: "2027-01", date: "2027-01-31" });
    expect(nextPayoutDue({ ...egg, paidPeriods: ["2027-01"] })?.date).toBe("2027-02-28");
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

describe("startDateWindow", () => {
  it("runs 365 days either side of today, across a leap day", () => {
    expect(startDateWindow("2026-11-27")).toEqual({ from: "2025-11-27", to: "2027-11-27" });
    expect(startDateWindow("2028-03-01")).toEqual({ from: "2027-03-02", to: "2029-03-01" });
  });
});
