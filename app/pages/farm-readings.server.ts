import type { Translate } from "~/catalog/index.server";
import { isSilent, readingAge, READINGS_WINDOW_HOURS } from "~/domain/farm-readings";
import { renderLineChartSvg, type ChartPoint } from "~/lib/charts.server";
import { now } from "~/lib/clock.server";
import { getBatchRow } from "~/models/batch.server";
import type { Reading } from "~/models/farm-log.server";
import { readingJson, readingsSince, sensorSources, type SensorSource, type StoredReading } from "~/models/farm-devices.server";
import { sensorBars } from "~/pages/invest-list";

/**
 * What the cards, the batch page and the public API show of a batch's farm device (issue 29): the
 * latest reading and its age, "No reading for N hours" once the device is silent, the last 24
 * hours as charts, or that the batch has no device. Never made-up values.
 */

const HOUR_MS = 3600 * 1000;

export type SensorState = "live" | "silent" | "waiting" | "none";

/** The latest reading's age as a person reads it ("3 minutes ago"), or the silence ("No reading for 5 hours"). */
function statusText(state: SensorState, latest: StoredReading | null, at: Date, t: Translate): string {
  if (state === "none") return t("sensor.noDevice");
  if (state === "waiting" || !latest) return t("sensor.noReadingYet");
  const age = readingAge(latest.recordedAt, at);
  if (state === "silent") return age.unit === "days" ? t("sensor.silent.days", { count: age.count }) : t("sensor.silent.hours", { count: age.count });
  const ago = age.unit === "now" ? t("sensor.age.now") : t(`sensor.age.${age.unit}`, { count: age.count });
  return t("sensor.latest", { age: ago });
}

const asReading = (r: StoredReading): Reading => ({ temperatureC: r.temperatureC, humidityPct: r.humidityPct, ammoniaPpm: r.ammoniaPpm });

/**
 * A card's sensor strip: the device's latest reading with its age (or its silence); without a
 * device's reading, the farm's own daily log when it has one, labelled as the log.
 */
export function sensorView(source: SensorSource | undefined, farmLog: (Reading & { logDate: string }) | undefined, t: Translate, at: Date = now()) {
  const latest = source?.latest ?? null;
  const state: SensorState = latest ? (isSilent(latest.recordedAt, at) ? "silent" : "live") : source?.hasDevice ? "waiting" : "none";
  // Without a device's reading, the farm's own log stands in, and the line says whose it is.
  const logged = !latest && farmLog;
  return {
    status: logged ? t(state === "none" ? "sensor.noDeviceFarmLog" : "sensor.waitingFarmLog", { date: { date: farmLog.logDate } }) : statusText(state, latest, at, t),
    bars: latest ? sensorBars(asReading(latest), t) : logged ? sensorBars(farmLog, t) : null,
  };
}
export type SensorView = ReturnType<typeof sensorView>;

/** Each batch's sensor view, for a list of cards (one query). */
export function sensorViews(batchIds: number[], farmLogs: Map<number, Reading & { logDate: string }>, t: Translate) {
  const sources = sensorSources(batchIds);
  const at = now();
  return new Map(batchIds.map((id) => [id, sensorView(sources.get(id), farmLogs.get(id), t, at)]));
}

/** Where the chart starts: the first even hour (UTC) within the last 24 hours, so each two hours is one point with its own label. */
function chartStart(at: Date): Date {
  const start = new Date(at.getTime() - READINGS_WINDOW_HOURS * HOUR_MS);
  const hours = start.getUTCHours() + (start.getUTCMinutes() || start.getUTCSeconds() || start.getUTCMilliseconds() ? 1 : 0);
  start.setUTCHours(hours + (hours % 2), 0, 0, 0);
  return start;
}

/** Means of one measure over every two hours (UTC), labelled HH:00 by the even hour they start at: 12 points a day keep the page light. */
function everyTwoHours(readings: StoredReading[], value: (r: StoredReading) => number): ChartPoint[] {
  const hours = new Map<string, { sum: number; n: number }>();
  for (const r of readings) {
    const hour = `${String(Number(r.recordedAt.slice(11, 13)) & ~1).padStart(2, "0")}:00`;
    const h = hours.get(hour) ?? { sum: 0, n: 0 };
    h.sum += value(r);
    h.n += 1;
    hours.set(hour, h);
  }
  return [...hours].map(([x, h]) => ({ x, y: Math.round((h.sum / h.n) * 10) / 10 }));
}

const chartPoints = (batchId: number, at: Date) => everyTwoHours(readingsSince(batchId, chartStart(at).toISOString()), (r) => r.temperatureC);

/**
 * The batch page's chart of the last 24 hours: its text for screen readers, or null when fewer
 * than two points have readings. The picture is an SVG drawn on the server like the page's other
 * charts, but served beside the page (/batches/<id>/sensor.svg, sensorChartSvg) and shown with an
 * <img> rather than inlined: the batch page's HTML is at its weight budget (inline, it would be
 * written twice: in the HTML and in the loader data).
 */
export function sensorChart(batchId: number, t: Translate, at: Date = now()): string | null {
  return chartPoints(batchId, at).length < 2 ? null : t("sensor.chart.temp");
}

/** The chart itself: temperature every two hours with its axes, 300 x 150 (a phone's card width). Null with too few readings. */
export function sensorChartSvg(batchId: number, t: Translate, at: Date = now()): string | null {
  const points = chartPoints(batchId, at);
  if (points.length < 2) return null;
  const svg = renderLineChartSvg([{ id: "temp", points, color: "#ea580c" }], 300, 150, { label: t("sensor.chart.temp"), axes: true, straight: true, area: true, ySuffix: "°" });
  // Shown as an image, the SVG inherits no font from the page: it names one.
  return svg.replaceAll("font-family:inherit", "font-family:system-ui,sans-serif");
}

/**
 * The public list (GET /api/v1/public/batches/{id}/readings): the last 24 hours of readings, oldest
 * first, and when a device of the batch last sent one; null for an unknown batch.
 */
export function batchReadings(batchId: number, at: Date = now()) {
  if (!getBatchRow(batchId)) return null;
  const source = sensorSources([batchId]).get(batchId);
  const since = new Date(at.getTime() - READINGS_WINDOW_HOURS * HOUR_MS).toISOString();
  return {
    batch_id: batchId,
    has_device: source?.hasDevice ?? false,
    last_seen_at: source?.latest?.recordedAt ?? null,
    silent: source?.latest ? isSilent(source.latest.recordedAt, at) : null,
    window_hours: READINGS_WINDOW_HOURS,
    readings: readingsSince(batchId, since).map(readingJson),
  };
}

/**
 * The line a Home card shows for each batch: the device's latest values and their age ("27.4°C ·
 * 63% · 11.5 ppm · Latest reading 3 minutes ago"), its silence, or that the batch has no device.
 */
export function sensorLines(batchIds: number[], t: Translate): Map<number, string> {
  const views = sensorViews(batchIds, new Map(), t);
  return new Map(
    batchIds.map((id) => {
      const { bars, status } = views.get(id)!;
      return [id, bars ? t("sensor.homeLine", { temp: bars[0].value, humidity: bars[1].value, ammonia: bars[2].value, status }) : status];
    }),
  );
}
