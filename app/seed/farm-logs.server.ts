import type { farmLogs } from "~/models/schema.server";

/**
 * A fortnight of layer logs and three weeks of broiler logs for the two ACTIVE demo batches, with
 * DOMAIN.md's typical figures (lay rate near 90%, ~118 g feed per hen; broiler weights 0.15, 0.4,
 * 0.8 kg at weeks 1-3, brooding from 33 C down). Deterministic: fixed dates, no randomness.
 */
type NewFarmLog = typeof farmLogs.$inferInsert;

const day = (start: string, offset: number) => {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const r1 = (n: number) => Math.round(n * 10) / 10;

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

const WEIGHT_ANCHORS: Array<[number, number]> = [[0, 0.04], [7, 0.15], [14, 0.4], [21, 0.8]];
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

export function demoFarmLogs({ layerBatchId, broilerBatchId }: { layerBatchId: number; broilerBatchId: number }): NewFarmLog[] {
  return [...layerLogs(layerBatchId), ...broilerLogs(broilerBatchId)];
}
