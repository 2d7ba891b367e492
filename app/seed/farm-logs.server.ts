import type { farmLogs } from "~/models/schema.server";

/**
 * Daily logs for the ACTIVE demo batches, with typical Ghanaian figures (docs/rules.md#product-constants): the layers from their
 * first day in lay (lay rate climbing to near 90%, ~118 g feed per hen), so every month the seed
 * settles has the logs its settlement sheet is prefilled from (app/seed/activity.server.ts); three
 * weeks of broilers (weights 0.15, 0.4, 0.8 kg at weeks 1-3, brooding from 33 C down).
 * Deterministic: fixed dates, no randomness.
 */
type NewFarmLog = typeof farmLogs.$inferInsert;

const day = (start: string, offset: number) => {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const r1 = (n: number) => Math.round(n * 10) / 10;

/** The last day the demo logs cover. */
export const DEMO_LOGS_UNTIL = "2026-11-21";

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const wave = (i: number, period: number) => Math.sin((2 * Math.PI * i) / period);

/**
 * The layers' days from `from` (their first day in lay) up to the day before `until`, ending with
 * `hensAtEnd` hens alive: lay climbs from about 62% to its 90% plateau over the first six weeks.
 */
function layerRun(batchId: number, from: string, until: string, hensAtEnd: number): NewFarmLog[] {
  const n = daysBetween(from, until);
  const deathsOn = (i: number) => [1, 0, 1, 0, 2, 1, 0][i % 7];
  let hens = hensAtEnd;
  for (let i = 0; i < n; i++) hens += deathsOn(i);
  return Array.from({ length: n }, (_, i) => {
    hens -= deathsOn(i);
    const lay = Math.min(0.9, 0.62 + 0.0065 * i) + [0, 0.01, -0.01, 0.005, -0.005, 0.01, 0][i % 7];
    const vet = i % 14 === 0;
    return {
      batchId,
      logDate: day(from, i),
      birdsAlive: hens,
      deaths: deathsOn(i),
      feedKg: r1(hens * 0.118),
      eggsCollected: Math.round(hens * lay),
      temperatureC: r1(26 + 1.5 * wave(i, 11)),
      humidityPct: Math.round(61 + 6 * wave(i, 9)),
      ammoniaPpm: r1(10 + 1.5 * wave(i, 13)),
      notes: vet ? "Vet visit: flock healthy, vaccination on schedule." : "",
      incident: false,
      incidentDescription: "",
    };
  });
}

function layerLogs(batchId: number): NewFarmLog[] {
  const deaths = [1, 0, 2, 1, 0, 1, 3, 1, 0, 1, 2, 0, 1, 1];
  const lay = [0.89, 0.9, 0.88, 0.91, 0.9, 0.89, 0.86, 0.88, 0.9, 0.91, 0.9, 0.89, 0.9, 0.91];
  const temp = [26, 27, 27.5, 28, 29, 30.5, 32.5, 29, 27, 26.5, 26, 27, 27.5, 26.8];
  const humidity = [62, 64, 60, 58, 55, 52, 48, 57, 63, 66, 68, 65, 62, 61];
  const ammonia = [9, 10, 9.5, 11, 12, 12.5, 13, 11, 10, 9, 9.5, 10, 10.5, 11];
  let hens = 5780;
  return deaths.map((dead, i) => {
    hens -= dead;
    const incident = i === 6;
    return {
      batchId,
      logDate: day("2026-11-08", i),
      birdsAlive: hens,
      deaths: dead,
      feedKg: r1(hens * 0.118),
      eggsCollected: Math.round(hens * lay[i]),
      temperatureC: temp[i],
      humidityPct: humidity[i],
      ammoniaPpm: ammonia[i],
      notes: incident ? "Fans and extra drinkers added in house 2." : i % 7 === 0 ? "Vet visit: flock healthy, vaccination on schedule." : "",
      incident,
      incidentDescription: incident ? "Heat stress in house 2 (32.5 C at 14:00); lay dipped for a day." : "",
    };
  });
}

const WEIGHT_ANCHORS: Array<[number, number]> = [
  [0, 0.04],
  [7, 0.15],
  [14, 0.4],
  [21, 0.8],
];
function weightAt(age: number) {
  for (let i = 1; i < WEIGHT_ANCHORS.length; i++) {
    const [a0, w0] = WEIGHT_ANCHORS[i - 1];
    const [a1, w1] = WEIGHT_ANCHORS[i];
    if (age <= a1) return Math.round((w0 + ((w1 - w0) * (age - a0)) / (a1 - a0)) * 1000) / 1000;
  }
  return WEIGHT_ANCHORS.at(-1)![1];
}

function broilerLogs(batchId: number): NewFarmLog[] {
  const deaths = [6, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1];
  let birds = 2000;
  return deaths.map((dead, i) => {
    birds -= dead;
    const age = i + 1;
    const incident = i === 4;
    return {
      batchId,
      logDate: day("2026-11-02", i),
      birdsAlive: birds,
      deaths: dead,
      feedKg: r1(birds * (0.005 + 0.0045 * age)),
      avgWeightKg: weightAt(age),
      temperatureC: r1(33.5 - 0.45 * i),
      humidityPct: 60 + (i % 4) * 2,
      ammoniaPpm: r1(5 + i * 0.4),
      notes: i === 0 ? "2,000 day-old chicks placed; brooders at 33 C." : i === 13 ? "Week 2 weighing: on target." : "",
      incident,
      incidentDescription: incident ? "Brooder gas heater failed overnight; repaired by 06:00." : "",
    };
  });
}

/**
 * `layersInLay`: the date the Sunrise layers came into lay (their logs run from it to the fortnight
 * above); `lateLayers`: the second layer batch, in lay from `inLay` with `hens` hens, logged to the
 * same last day.
 */
export function demoFarmLogs({
  layerBatchId,
  broilerBatchId,
  layersInLay,
  lateLayers,
}: {
  layerBatchId: number;
  broilerBatchId: number;
  layersInLay: string;
  lateLayers: { batchId: number; inLay: string; hens: number };
}): NewFarmLog[] {
  const fortnight = layerLogs(layerBatchId);
  return [
    ...layerRun(layerBatchId, layersInLay, fortnight[0].logDate, fortnight[0].birdsAlive + (fortnight[0].deaths ?? 0)),
    ...fortnight,
    ...layerRun(lateLayers.batchId, lateLayers.inLay, day(DEMO_LOGS_UNTIL, 1), lateLayers.hens),
    ...broilerLogs(broilerBatchId),
  ];
}
