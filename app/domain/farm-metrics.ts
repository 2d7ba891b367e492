/**
 * The truth about the birds, from a batch's daily farm logs: hen-day lay rate,
 * feed conversion ratio and cumulative mortality. Pure: rows in, series out.
 */
export type FarmLogRow = {
  logDate: string;
  birdsAlive: number;
  deaths: number;
  feedKg: number;
  eggsCollected: number | null;
  avgWeightKg: number | null;
};

/** A day-old chick weighs about 40 g: the flock's weight at placement when nothing else is known. */
export const CHICK_WEIGHT_KG = 0.04;

/** Eggs collected / hens alive that day, never above 1 (100%); null when it cannot be known. */
export function layRate(eggsCollected: number | null, hensAlive: number): number | null {
  if (eggsCollected === null || !Number.isFinite(eggsCollected) || eggsCollected < 0 || !(hensAlive > 0)) return null;
  return Math.min(1, eggsCollected / hensAlive);
}

/** Cumulative deaths / initial birds, between 0 and 1; null without a flock. */
export function mortality(cumulativeDeaths: number, initialBirds: number): number | null {
  if (!(initialBirds > 0)) return null;
  return Math.max(0, Math.min(1, cumulativeDeaths / initialBirds));
}

/**
 * FCR = cumulative feed / (live weight now - weight at placement), for the whole flock; lower is
 * better. Null when there is no weight or no gain yet.
 */
export function feedConversion({
  cumulativeFeedKg,
  birdsAlive,
  avgWeightKg,
  initialBirds,
  placementWeightKg = CHICK_WEIGHT_KG,
}: {
  cumulativeFeedKg: number;
  birdsAlive: number;
  avgWeightKg: number | null;
  initialBirds: number;
  placementWeightKg?: number;
}): number | null {
  if (avgWeightKg === null || !Number.isFinite(avgWeightKg)) return null;
  const gainKg = avgWeightKg * birdsAlive - placementWeightKg * initialBirds;
  if (!(gainKg > 0) || !(cumulativeFeedKg > 0)) return null;
  return cumulativeFeedKg / gainKg;
}

/** Layers' feed conversion: kg of feed per dozen eggs that day; null without eggs. */
export function feedPerDozen(feedKg: number, eggsCollected: number | null): number | null {
  if (eggsCollected === null || !(eggsCollected > 0) || !(feedKg >= 0)) return null;
  return feedKg / (eggsCollected / 12);
}

export type DailyMetrics = FarmLogRow & {
  layRate: number | null;
  feedPerDozen: number | null;
  mortality: number | null;
  cumulativeDeaths: number;
  cumulativeFeedKg: number;
  fcr: number | null;
};

/**
 * One row per log, oldest first, with the running figures. The initial flock is the first day's
 * birds alive plus that day's deaths, unless the caller knows it.
 */
export function dailyMetrics(rows: FarmLogRow[], options: { initialBirds?: number; placementWeightKg?: number } = {}): DailyMetrics[] {
  const sorted = [...rows].sort((a, b) => (a.logDate < b.logDate ? -1 : a.logDate > b.logDate ? 1 : 0));
  if (sorted.length === 0) return [];
  const initialBirds = options.initialBirds ?? sorted[0].birdsAlive + sorted[0].deaths;
  let deaths = 0;
  let feed = 0;
  return sorted.map((row) => {
    deaths += Math.max(0, row.deaths);
    feed += Math.max(0, row.feedKg);
    return {
      ...row,
      cumulativeDeaths: deaths,
      cumulativeFeedKg: feed,
      layRate: layRate(row.eggsCollected, row.birdsAlive),
      feedPerDozen: feedPerDozen(row.feedKg, row.eggsCollected),
      mortality: mortality(deaths, initialBirds),
      fcr: feedConversion({ cumulativeFeedKg: feed, birdsAlive: row.birdsAlive, avgWeightKg: row.avgWeightKg, initialBirds, placementWeightKg: options.placementWeightKg }),
    };
  });
}

/** The latest figures, for the summary above the charts. */
export function latestMetrics(rows: FarmLogRow[], options: { initialBirds?: number; placementWeightKg?: number } = {}) {
  const series = dailyMetrics(rows, options);
  const last = series.at(-1);
  if (!last) return null;
  const lastWith = <K extends "layRate" | "fcr" | "feedPerDozen">(key: K) => [...series].reverse().find((r) => r[key] !== null)?.[key] ?? null;
  return {
    logDate: last.logDate,
    birdsAlive: last.birdsAlive,
    cumulativeDeaths: last.cumulativeDeaths,
    mortality: last.mortality,
    layRate: lastWith("layRate"),
    fcr: lastWith("fcr"),
    feedPerDozen: lastWith("feedPerDozen"),
    avgWeightKg: [...series].reverse().find((r) => r.avgWeightKg !== null)?.avgWeightKg ?? null,
    days: series.length,
  };
}
