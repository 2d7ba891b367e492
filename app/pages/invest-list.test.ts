import { describe, expect, it } from "vitest";
import { translatorFor } from "~/catalog/index.server";
import { batchPayoutDue } from "~/domain/schedules";
import {
  ammoniaTone,
  calculate,
  CALC_MESSAGES,
  chickenSummary,
  defaultUnits,
  feedCostText,
  humidityTone,
  payoutTable,
  investDates,
  listHref,
  matchesSearch,
  nextPayout,
  parseListQuery,
  queryBatches,
  riskOf,
  roiLines,
  sensorBars,
  temperatureTone,
  timeline,
  type ListBatch,
} from "~/pages/invest-list";

const batch = (id: number, fields: Partial<ListBatch> = {}): ListBatch => ({
  id,
  farmName: `Farm ${id}`,
  location: "Kumasi, Ashanti",
  productType: "EGG",
  unitPriceMinor: 10000,
  targetUnits: 1000,
  unitsPlaced: 0,
  availableUnits: 1000,
  expectedRoi: 0.01,
  status: "OPEN",
  mortalityRate: 0.05,
  ...fields,
});

/** The texts these build, in English. */
const t = translatorFor("en");

describe("the list query", () => {
  it("reads q, status and sort per page; unknown values fall back", () => {
    const p = (s: string) => new URLSearchParams(s);
    expect(parseListQuery("EGG", p("q=%20Sunrise%20&status=active&sort=price"))).toEqual({ q: "Sunrise", status: "ACTIVE", sort: "price" });
    expect(parseListQuery("EGG", p("status=HARVESTED&sort=nope"))).toEqual({ q: "", status: "", sort: "recommended" });
    expect(parseListQuery("CHICKEN", p("status=HARVESTED"))).toEqual({ q: "", status: "HARVESTED", sort: "recommended" });
    expect(parseListQuery("CHICKEN", p("status=CLOSED")).status).toBe("");
    expect(parseListQuery("EGG", p(`q=${"x".repeat(200)}`)).q).toHaveLength(60);
  });
  it("links keep the list and leave defaults out", () => {
    expect(listHref("EGG", { q: "", status: "", sort: "recommended" })).toBe("/invest/eggs");
    expect(listHref("CHICKEN", { q: "Nsawam", status: "OPEN", sort: "roi" }, { dialog: "invest", batch: 4 })).toBe("/invest/chicken?q=Nsawam&status=OPEN&sort=roi&dialog=invest&batch=4");
  });
});

describe("search", () => {
  const b = batch(12, { farmName: "Sunrise Layers Farm", location: "Dormaa Ahenkro, Bono" });
  it("matches batch number, farm and location, ignoring case", () => {
    for (const q of ["12", "#12", "batch 12", "sunrise", "DORMAA", "bono", ""]) expect(matchesSearch(b, q), q).toBe(true);
    for (const q of ["1", "13", "Ejisu"]) expect(matchesSearch(b, q), q).toBe(false);
  });
});

describe("filter and sort", () => {
  const list = [
    batch(1, { expectedRoi: 0.01, availableUnits: 100, unitPriceMinor: 15000, status: "OPEN", unitsPlaced: 900 }),
    batch(2, { expectedRoi: 0.012, availableUnits: 0, unitPriceMinor: 12000, status: "ACTIVE", unitsPlaced: 1000 }),
    batch(3, { expectedRoi: 0.009, availableUnits: 1000, unitPriceMinor: 10000, status: "OPEN" }),
    batch(4, { expectedRoi: 0.0105, availableUnits: 0, unitPriceMinor: 10000, status: "CLOSED", unitsPlaced: 1000 }),
  ];
  const ids = (q: Partial<Parameters<typeof queryBatches>[1]>) => queryBatches(list, { q: "", status: "", sort: "recommended", ...q }).map((b) => b.id);
  it("filters by status", () => {
    expect(ids({ status: "OPEN" })).toEqual([3, 1]);
    expect(ids({ status: "CLOSED" })).toEqual([4]);
  });
  it("sorts by ROI, available units, unit price (ties by batch number), batches that take money first, ended ones last", () => {
    // 1 and 3 take money; 2 is ACTIVE with nothing offered; 4 is CLOSED.
    expect(ids({ sort: "roi" })).toEqual([1, 3, 2, 4]);
    expect(ids({ sort: "available" })).toEqual([3, 1, 2, 4]);
    expect(ids({ sort: "price" })).toEqual([3, 1, 2, 4]);
  });
  it("counts units offered for early exit in an ACTIVE egg batch as on sale; a full OPEN batch is not", () => {
    const more = [
      ...list,
      batch(5, { status: "ACTIVE", availableUnits: 20, expectedRoi: 0.02, unitsPlaced: 1000 }),
      batch(6, { status: "OPEN", availableUnits: 0, expectedRoi: 0.05, unitsPlaced: 1000 }),
    ];
    expect(queryBatches(more, { q: "", status: "", sort: "roi" }).map((b) => b.id)).toEqual([5, 1, 3, 6, 2, 4]);
    expect(queryBatches(more, { q: "", status: "", sort: "price" }).map((b) => b.id)).toEqual([3, 5, 1, 6, 2, 4]);
  });
  it("recommends by ROI x (1 + available share)", () => {
    // 3: 0.009 x 2 = 0.018; 1: 0.01 x 1.1 = 0.011; then 2 (nothing offered) and 4 (closed)
    expect(ids({})).toEqual([3, 1, 2, 4]);
    const chicken = [
      batch(7, { productType: "CHICKEN", expectedRoi: 0.12, targetUnits: 100, unitsPlaced: 100 }),
      batch(8, { productType: "CHICKEN", expectedRoi: 0.1, targetUnits: 100, unitsPlaced: 50 }),
    ];
    expect(queryBatches(chicken, { q: "", status: "", sort: "recommended" }).map((b) => b.id)).toEqual([8, 7]);
  });
  it("does not change the list it was given", () => {
    ids({ sort: "price" });
    expect(list.map((b) => b.id)).toEqual([1, 2, 3, 4]);
  });
});

describe("card figures", () => {
  it("ROI: eggs monthly and annualised x 12, chicken per cycle", () => {
    expect(roiLines({ productType: "EGG", expectedRoi: 0.011 }, t)).toEqual([
      { label: "Est. monthly ROI", value: "1.1%" },
      { label: "Annualised ROI", value: "13.2%" },
    ]);
    expect(roiLines({ productType: "CHICKEN", expectedRoi: 0.12 }, t)).toEqual([{ label: "ROI per cycle", value: "12.0%" }]);
  });
  it("feed cost per kg or TBD", () => {
    expect(feedCostText(null, t)).toBe("TBD");
    expect(feedCostText(620, t)).toMatch(/6\.20\/kg$/);
  });
  it("risk from the formulas and bands of docs/rules.md", () => {
    // egg: 0.5 x 4 + 0.3 x (100 - 12) + 0.2 x 0 = 28.4 -> 28 Low
    expect(riskOf({ productType: "EGG", mortalityRate: 0.04, expectedRoi: 0.01, targetUnits: 100, unitsPlaced: 100 })).toEqual({ score: 28, band: "Low" });
    // egg: 2.5 + 0.3 x 89.2 + 0.2 x 100 = 49.26 -> Medium
    expect(riskOf({ productType: "EGG", mortalityRate: 0.05, expectedRoi: 0.009, targetUnits: 100, unitsPlaced: 0 })).toEqual({ score: 49, band: "Medium" });
    // chicken: 4 x 3 + 0.9 x 50 = 57 Medium; 15 x 3 + 45 = 90 High
    expect(riskOf({ productType: "CHICKEN", mortalityRate: 0.04, expectedRoi: 0.1, targetUnits: 1, unitsPlaced: 0 })).toEqual({ score: 57, band: "Medium" });
    expect(riskOf({ productType: "CHICKEN", mortalityRate: 0.15, expectedRoi: 0.1, targetUnits: 1, unitsPlaced: 0 })).toEqual({ score: 90, band: "High" });
  });
  it("default units: 10 within 1..max", () => {
    expect(defaultUnits(500)).toBe(10);
    expect(defaultUnits(3)).toBe(3);
    expect(defaultUnits(0)).toBe(1);
  });
  it("chicken summary: count, average ROI, total target units", () => {
    expect(
      chickenSummary([
        { expectedRoi: 0.1, targetUnits: 2000 },
        { expectedRoi: 0.12, targetUnits: 1800 },
      ]),
    ).toEqual({ count: 2, averageRoi: 0.11, totalTargetUnits: 3800 });
    expect(chickenSummary([])).toEqual({ count: 0, averageRoi: 0, totalTargetUnits: 0 });
  });
});

describe("sensor colours (docs/rules.md#product-constants)", () => {
  it("temperature above 33 warm, below 22 cold", () => {
    expect([33, 33.5, 22, 21.9, 27].map(temperatureTone)).toEqual(["ok", "warm", "ok", "cold", "ok"]);
  });
  it("humidity above 80 or below 40 flagged", () => {
    expect([80, 81, 40, 39, 60].map(humidityTone)).toEqual(["ok", "flag", "ok", "flag", "ok"]);
  });
  it("ammonia at least 15 warning, at least 25 danger", () => {
    expect([14.9, 15, 24.9, 25, 40].map(ammoniaTone)).toEqual(["ok", "warning", "warning", "danger", "danger"]);
    expect(ammoniaTone(null)).toBe("none");
  });
  it("bars: temperature out of 40, ammonia out of 50, clamped", () => {
    const bars = sensorBars({ temperatureC: 30, humidityPct: 65, ammoniaPpm: 60 }, t);
    expect(bars.map((b) => b.width)).toEqual([75, 65, 100]);
    expect(bars.map((b) => b.value)).toEqual(["30°C", "65%", "60 ppm"]);
  });
});

describe("eggs calculator", () => {
  const b = { unitPriceMinor: 15000, availableUnits: 5, expectedRoi: 0.01 };
  it("units = floor(amount / unit price), cost and monthly income", () => {
    expect(calculate("500", b, 0)).toMatchObject({ units: 3, costMinor: 45000, monthlyMinor: 450, annualMinor: 5400, error: null });
    expect(calculate("150", b, 0)).toMatchObject({ units: 1, error: null });
  });
  it("says when the amount is too low or too many units", () => {
    expect(calculate("100", b, 0).error).toBe(CALC_MESSAGES.tooLow);
    expect(calculate("1000", b, 0)).toMatchObject({ units: 6, error: CALC_MESSAGES.notEnough });
    expect(calculate("abc", b, 0).error).toBe(CALC_MESSAGES.amount);
    expect(calculate("-5", b, 0).error).toBe(CALC_MESSAGES.amount);
    expect(calculate("1,0,0", b, 0).error).toBe(CALC_MESSAGES.amount);
    expect(calculate("1,000", b, 0).error).not.toBe(CALC_MESSAGES.amount);
  });
  it("income after withholding tax, rounded as the payout run rounds", () => {
    // 450.00 x 1% = 4.50 a month; 8% of it is 0.36: 4.14 after tax, 49.68 a year.
    expect(calculate("500", b, 0.08)).toMatchObject({
      monthly: { grossMinor: 450, taxMinor: 36, netMinor: 414 },
      annual: { grossMinor: 5400, taxMinor: 432, netMinor: 4968 },
    });
  });
  it("the 12-month payout table is the calculator's own answer, after tax (issue 29: never a fixed table)", () => {
    const rows = payoutTable(calculate("500", b, 0.08));
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.netMinor === 414)).toBe(true);
    expect(rows[11]).toEqual({ month: 12, netMinor: 414, totalMinor: 4968 });
    expect(payoutTable(calculate("100", b, 0.08))).toEqual([]);
    expect(payoutTable(calculate("abc", b, 0.08))).toEqual([]);
  });
});

describe("the invest dialog's dates", () => {
  it("eggs: the first month a buyer is paid for (never a past one) and the close; chicken: the harvest window; none before the start", () => {
    const egg = { productType: "EGG" as const, startDate: "2026-05-10" };
    expect(investDates(egg, [], "2026-06-15")).toEqual({ firstPeriod: "2026-07", firstDate: "2026-07-31", harvestFrom: null, endDate: "2027-10-10", harvestPassed: false });
    expect(investDates(egg, ["2026-07", "2026-08"], "2026-09-02")).toMatchObject({ firstPeriod: "2026-09", firstDate: "2026-09-30" });
    // September was not paid, but its income belongs to who held the units at its end: a buyer in November starts with November.
    expect(investDates(egg, ["2026-08"], "2026-11-20")).toMatchObject({ firstPeriod: "2026-11", firstDate: "2026-11-30" });
    expect(investDates({ productType: "CHICKEN", startDate: "2026-05-10" }, [], "2026-05-11")).toEqual({
      firstPeriod: null,
      firstDate: null,
      harvestFrom: "2026-06-21",
      endDate: "2026-07-05",
      harvestPassed: false,
    });
    // A window that ended before today is late, not expected.
    expect(investDates({ productType: "CHICKEN", startDate: "2026-05-10" }, [], "2026-07-06").harvestPassed).toBe(true);
    expect(investDates({ productType: "CHICKEN", startDate: "2026-05-10" }, [], "2026-07-05").harvestPassed).toBe(false);
    expect(investDates({ productType: "EGG", startDate: null }, [], "2026-05-11")).toEqual({ firstPeriod: null, firstDate: null, harvestFrom: null, endDate: null, harvestPassed: false });
  });
});

describe("timeline and next payout", () => {
  it("egg timeline follows the start date", () => {
    const steps = timeline({ productType: "EGG", status: "ACTIVE", startDate: "2026-05-01" }, "2026-11-22", t);
    expect(steps.map((s) => [s.label, s.state])).toEqual([
      ["Funding", "done"],
      ["Rearing", "done"],
      ["Laying", "current"],
      ["Close", "next"],
    ]);
    expect(steps[2].detail).toContain("2026-07-01");
    expect(timeline({ productType: "CHICKEN", status: "OPEN", startDate: null }, "2026-11-22", t)[0].state).toBe("current");
  });
  it("eggs: the month after the last paid one (a missed month stays due, overdue); chicken: the harvest window", () => {
    const egg = { productType: "EGG" as const, status: "ACTIVE" as const, startDate: "2026-05-01" };
    type B = { productType: "EGG" | "CHICKEN"; status: "ACTIVE" | "OPEN" | "HARVESTED"; startDate: string };
    // Bought the week before the start, as a batch is funded before it is activated.
    const next = (b: B, paidPeriods: string[], firstBoughtAt: string | null = "2026-04-24T09:30:00.000Z") => nextPayout(b, "2026-11-22", batchPayoutDue({ ...b, paidPeriods, firstBoughtAt }), t);
    const julyToSeptember = ["2026-07", "2026-08", "2026-09"];
    expect(next(egg, [...julyToSeptember, "2026-10"])).toEqual({ date: "2026-11-30", text: "Monthly income for 2026-11, due by 2026-11-30." });
    expect(next(egg, [...julyToSeptember, "2026-10", "2026-11"]).date).toBe("2026-12-31");
    expect(next(egg, julyToSeptember)).toEqual({ date: "2026-10-31", text: "Monthly income for 2026-10, due by 2026-10-31. Overdue by 22 days." });
    // November paid while October was not: October is still due, and late.
    expect(next(egg, [...julyToSeptember, "2026-11"])).toEqual({ date: "2026-10-31", text: "Monthly income for 2026-10, due by 2026-10-31. Overdue by 22 days." });
    // Nothing paid yet: the first month in lay, two months after the start.
    expect(next(egg, []).date).toBe("2026-07-31");
    // Nobody held units before November: the months before pay nobody and are not due, nor late.
    expect(next(egg, [], "2026-11-05T10:00:00.000Z")).toEqual({ date: "2026-11-30", text: "Monthly income for 2026-11, due by 2026-11-30." });
    expect(next(egg, [], null).date).toBeNull();
    expect(next({ ...egg, status: "OPEN" }, []).date).toBeNull();
    expect(next({ productType: "CHICKEN", status: "ACTIVE", startDate: "2026-11-02" }, [])).toEqual({
      date: "2026-12-28",
      text: "Harvest payout expected between 2026-12-14 and 2026-12-28.",
    });
    expect(next({ productType: "CHICKEN", status: "HARVESTED", startDate: "2026-11-02" }, []).date).toBeNull();
  });
});
