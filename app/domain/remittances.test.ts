import { describe, expect, it } from "vitest";
import { periodSupportedRoi, prefillSheet, readRemittance, remittancePeriodChoices, supportedRoi } from "~/domain/remittances";

const egg = { id: 3, productType: "EGG" as const, startDate: "2026-01-10" };
const broiler = { id: 4, productType: "CHICKEN" as const, startDate: "2026-09-01" };

describe("readRemittance", () => {
  it("reads the period, the net amount and the optional sheet", () => {
    expect(readRemittance({ period: "2026-03", amount: "1,250.50", crates_sold: "300", price_per_crate: 65, feed_cost: "0", vet_cost: "" }, egg, "2026-11")).toEqual({
      period: "2026-03",
      amountMinor: 125_050,
      cratesSold: 300,
      pricePerCrateMinor: 6_500,
      birdsSold: null,
      liveWeightKg: null,
      pricePerKgMinor: null,
      revenueMinor: null,
      feedCostMinor: 0,
      vetCostMinor: null,
      otherCostsMinor: null,
      farmShareMinor: null,
    });
    expect(readRemittance({ period: "close", amount: 10 }, egg, "2026-11").period).toBe("CLOSE");
    expect(readRemittance({ period: "HARVEST", amount: 10, live_weight_kg: "2150.5" }, broiler, "2026-11").liveWeightKg).toBe(2150.5);
  });

  it("refuses what it cannot read, naming the field", () => {
    const bad = (body: Record<string, unknown>, batch: typeof egg | typeof broiler = egg) => {
      try {
        readRemittance(body, batch, "2026-11");
      } catch (error) {
        return (error as { detail: string; field: string }).field + ": " + (error as { detail: string }).detail;
      }
      return "accepted";
    };
    expect(bad({ amount: 10 })).toBe("period: Give the period: YYYY-MM, HARVEST or CLOSE.");
    expect(bad({ period: "2026-13", amount: 10 })).toContain("period:");
    expect(bad({ period: "2999-01", amount: 10 })).toBe("period: The period 2999-01 is in the future.");
    expect(bad({ period: "2025-12", amount: 10 })).toBe("period: The batch started in 2026-01; 2025-12 is before that.");
    expect(bad({ period: "HARVEST", amount: 10 })).toBe("period: Batch #3 is a layer batch: give a month (YYYY-MM) or CLOSE.");
    expect(bad({ period: "2026-10", amount: 10 }, broiler)).toBe("period: Batch #4 is a broiler batch: its remittance is for the HARVEST.");
    expect(bad({ period: "2026-03" })).toBe("amount: Enter the amount remitted (GHS).");
    expect(bad({ period: "2026-03", amount: "-5" })).toContain("amount: The amount remitted must be a positive");
    expect(bad({ period: "2026-03", amount: 5, crates_sold: "2.5" })).toBe("crates_sold: Crates sold must be a whole number of 0 or more.");
    expect(bad({ period: "2026-03", amount: 5, revenue: "12.345" })).toContain("revenue: Revenue must be an amount in GHS");
    expect(bad({ period: "2026-03", amount: 5, live_weight_kg: "-1" })).toContain("live_weight_kg:");
  });
});

describe("remittancePeriodChoices", () => {
  it("offers a broiler batch its harvest, an egg batch its months since the start (newest first) and its close", () => {
    expect(remittancePeriodChoices({ productType: "CHICKEN", startDate: "2026-01-10" }, "2026-03")).toEqual(["HARVEST"]);
    expect(remittancePeriodChoices({ productType: "EGG", startDate: "2025-11-20" }, "2026-02")).toEqual(["2026-02", "2026-01", "2025-12", "2025-11", "CLOSE"]);
    expect(remittancePeriodChoices({ productType: "EGG", startDate: null }, "2026-02")).toEqual(["2026-02", "CLOSE"]);
  });

  it("keeps a period the admin asked for or sent, so the form shows it beside its error; not text that is no period", () => {
    expect(remittancePeriodChoices({ productType: "EGG", startDate: "2026-02-01" }, "2026-02", ["2025-01", "2026-02", "junk", null])).toEqual(["2025-01", "2026-02", "CLOSE"]);
    expect(remittancePeriodChoices({ productType: "CHICKEN", startDate: null }, "2026-02", ["close"])).toEqual(["CLOSE", "HARVEST"]);
  });
});

describe("prefillSheet", () => {
  const logs = [
    { logDate: "2026-03-30", birdsAlive: 1_000, feedKg: 115.5, eggsCollected: 900, avgWeightKg: null },
    { logDate: "2026-03-31", birdsAlive: 998, feedKg: 115, eggsCollected: 905, avgWeightKg: null },
    { logDate: "2026-04-01", birdsAlive: 998, feedKg: 115, eggsCollected: 910, avgWeightKg: null },
  ];
  it("counts an egg month's eggs in whole crates and its feed at the batch's feed price", () => {
    expect(prefillSheet({ productType: "EGG", period: "2026-03", logs, feedPriceMinor: 600 })).toEqual({ cratesSold: 60, feedKg: 230.5, feedCostMinor: 138_300 });
    expect(prefillSheet({ productType: "EGG", period: "2026-05", logs, feedPriceMinor: 600 })).toEqual({});
  });
  it("takes a harvest's birds and live weight from the latest log", () => {
    const flock = [
      { logDate: "2026-10-26", birdsAlive: 960, feedKg: 150, eggsCollected: null, avgWeightKg: 2.3 },
      { logDate: "2026-10-27", birdsAlive: 958, feedKg: 151, eggsCollected: null, avgWeightKg: 2.35 },
    ];
    expect(prefillSheet({ productType: "CHICKEN", period: "HARVEST", logs: flock, feedPriceMinor: null })).toEqual({ birdsSold: 958, liveWeightKg: 2251.3, feedKg: 301, feedCostMinor: undefined });
  });
});

describe("the ROI the remittances support", () => {
  it("one period: an egg month's net over the principal; a harvest's net less the principal; nothing for a close or no principal", () => {
    expect(periodSupportedRoi({ period: "2026-03", remittedMinor: 2_000, principalMinor: 195_000 })).toBe(0.0103);
    expect(periodSupportedRoi({ period: "HARVEST", remittedMinor: 56_150, principalMinor: 50_000 })).toBe(0.123);
    // A harvest that did not even return the capital supports a loss.
    expect(periodSupportedRoi({ period: "HARVEST", remittedMinor: 45_000, principalMinor: 50_000 })).toBe(-0.1);
    expect(periodSupportedRoi({ period: "CLOSE", remittedMinor: 195_000, principalMinor: 195_000 })).toBeNull();
    expect(periodSupportedRoi({ period: "2026-03", remittedMinor: 2_000, principalMinor: 0 })).toBeNull();
  });

  it("the batch: eggs average the months with a remittance (a monthly rate); broilers take the harvest", () => {
    const principalMinor = 100_000;
    // 1.00% and 0.80% a month: 0.90% on average; the close and an empty month do not count.
    expect(
      supportedRoi({
        productType: "EGG",
        principalMinor,
        periods: [
          { period: "2026-07", remittedMinor: 1_000 },
          { period: "2026-08", remittedMinor: 800 },
          { period: "2026-09", remittedMinor: 0 },
          { period: "CLOSE", remittedMinor: 100_000 },
        ],
      }),
    ).toBe(0.009);
    expect(supportedRoi({ productType: "EGG", principalMinor, periods: [] })).toBeNull();
    expect(supportedRoi({ productType: "EGG", principalMinor: 0, periods: [{ period: "2026-07", remittedMinor: 1_000 }] })).toBeNull();
    // Two remittances for one harvest add up: 100,000 + 12,000 on 100,000 is 12% a cycle.
    expect(
      supportedRoi({
        productType: "CHICKEN",
        principalMinor,
        periods: [
          { period: "HARVEST", remittedMinor: 100_000 },
          { period: "HARVEST", remittedMinor: 12_000 },
        ],
      }),
    ).toBe(0.12);
    expect(supportedRoi({ productType: "CHICKEN", principalMinor, periods: [] })).toBeNull();
  });
});
