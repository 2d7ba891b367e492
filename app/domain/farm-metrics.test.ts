import { describe, expect, it } from "vitest";
import { dailyMetrics, feedConversion, feedPerDozen, latestMetrics, layRate, mortality } from "~/domain/farm-metrics";

const row = (logDate: string, birdsAlive: number, deaths: number, feedKg: number, extra: { eggs?: number; weight?: number } = {}) => ({
  logDate,
  birdsAlive,
  deaths,
  feedKg,
  eggsCollected: extra.eggs ?? null,
  avgWeightKg: extra.weight ?? null,
});

describe("lay rate", () => {
  it("is eggs over hens alive, never above 100%", () => {
    expect(layRate(900, 1000)).toBe(0.9);
    expect(layRate(1100, 1000)).toBe(1);
    expect(layRate(0, 1000)).toBe(0);
  });
  it("is unknown without eggs or hens", () => {
    expect(layRate(null, 1000)).toBeNull();
    expect(layRate(10, 0)).toBeNull();
    expect(layRate(-1, 100)).toBeNull();
  });
});

describe("mortality", () => {
  it("is cumulative deaths over initial birds, within 0..1", () => {
    expect(mortality(50, 1000)).toBe(0.05);
    expect(mortality(2000, 1000)).toBe(1);
    expect(mortality(5, 0)).toBeNull();
  });
});

describe("feed conversion ratio", () => {
  it("is cumulative feed over the flock's weight gain since placement", () => {
    // 1000 chicks at 0.04 kg -> 960 birds at 2.2 kg: gain 2112 - 40 = 2072 kg; 3600 kg feed -> 1.737
    expect(feedConversion({ cumulativeFeedKg: 3600, birdsAlive: 960, avgWeightKg: 2.2, initialBirds: 1000 })).toBeCloseTo(3600 / 2072, 6);
    expect(feedConversion({ cumulativeFeedKg: 100, birdsAlive: 100, avgWeightKg: 1, initialBirds: 100, placementWeightKg: 0.5 })).toBe(2);
  });
  it("is unknown without a weight or before any gain", () => {
    expect(feedConversion({ cumulativeFeedKg: 10, birdsAlive: 100, avgWeightKg: null, initialBirds: 100 })).toBeNull();
    expect(feedConversion({ cumulativeFeedKg: 10, birdsAlive: 100, avgWeightKg: 0.04, initialBirds: 100 })).toBeNull();
    expect(feedConversion({ cumulativeFeedKg: 0, birdsAlive: 100, avgWeightKg: 1, initialBirds: 100 })).toBeNull();
  });
});

describe("layers' feed per dozen eggs", () => {
  it("is feed over eggs / 12, unknown without eggs", () => {
    expect(feedPerDozen(120, 960)).toBe(1.5);
    expect(feedPerDozen(120, 0)).toBeNull();
    expect(feedPerDozen(120, null)).toBeNull();
  });
});

describe("daily metrics", () => {
  it("sorts by date and keeps running totals (initial flock = first day's alive + deaths)", () => {
    const series = dailyMetrics([row("2026-11-03", 990, 5, 110, { eggs: 1000 }), row("2026-11-01", 1000, 0, 120, { eggs: 900 }), row("2026-11-02", 995, 5, 115, { eggs: 950 })]);
    expect(series.map((r) => r.logDate)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(series.map((r) => r.cumulativeDeaths)).toEqual([0, 5, 10]);
    expect(series.map((r) => r.cumulativeFeedKg)).toEqual([120, 235, 345]);
    expect(series.map((r) => r.mortality)).toEqual([0, 0.005, 0.01]);
    expect(series[0].layRate).toBe(0.9);
    expect(series[2].layRate).toBe(1);
    expect(series.every((r) => r.fcr === null)).toBe(true);
  });
  it("uses a known initial flock and gives broiler FCR", () => {
    const series = dailyMetrics([row("2026-11-01", 995, 5, 20, { weight: 0.05 }), row("2026-11-08", 990, 5, 200, { weight: 0.2 })], { initialBirds: 1000 });
    expect(series[1].mortality).toBe(0.01);
    expect(series[1].fcr).toBeCloseTo(220 / (0.2 * 990 - 0.04 * 1000), 6);
  });
  it("is empty without logs; latest figures skip days without the measure", () => {
    expect(dailyMetrics([])).toEqual([]);
    expect(latestMetrics([])).toBeNull();
    const latest = latestMetrics([row("2026-11-01", 100, 0, 10, { eggs: 80 }), row("2026-11-02", 99, 1, 10)]);
    expect(latest).toMatchObject({ logDate: "2026-11-02", birdsAlive: 99, cumulativeDeaths: 1, mortality: 0.01, layRate: 0.8, fcr: null, days: 2 });
  });
});
