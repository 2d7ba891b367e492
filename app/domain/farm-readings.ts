import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";

/**
 * A farm device's readings (issue 29, docs/rules.md#farm-devices): what a reading may say, how many
 * one request may carry, and when a device counts as silent. Pure: the clock is handed in.
 */

/** The physical ranges a poultry house's sensors can report; outside them the sensor is broken. */
export const READING_RANGES = {
  temperature_c: { min: -10, max: 60, unit: "°C" },
  humidity_pct: { min: 0, max: 100, unit: "%" },
  ammonia_ppm: { min: 0, max: 500, unit: "ppm" },
} as const;
export type ReadingField = keyof typeof READING_RANGES;
export const READING_FIELDS = Object.keys(READING_RANGES) as ReadingField[];

/** One request carries at most this many readings (a day and a half of one a minute... or 500 catching up). */
export const MAX_READINGS_PER_REQUEST = 500;
/** A device's clock may run this far ahead of ours. */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
/** A device that was offline longer than this has lost what it measured before. */
export const MAX_READING_AGE_DAYS = 30;
/** Past this, the pages say "No reading for N hours" instead of an age. */
export const SILENT_AFTER_HOURS = 2;
/** The batch page's chart and the public list cover this many hours. */
export const READINGS_WINDOW_HOURS = 24;

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A reading as the device sent it, its fields already of the right JSON types (app/forms checks that). */
export type ReadingInput = { temperature_c: number; humidity_pct: number; ammonia_ppm: number; recorded_at: string };

/** A reading as stored: the instant in UTC (toISOString), so one instant written two ways is one reading. */
export type CheckedReading = { recordedAt: string; temperatureC: number; humidityPct: number; ammoniaPpm: number };

/** A reading refused: which one (its index in the request's list, 0 for a lone reading), which field and why. */
export class ReadingRefused extends DomainError {
  constructor(
    readonly index: number,
    field: string,
    detail: ConstructorParameters<typeof DomainError>[1],
  ) {
    super(422, detail, field);
    this.name = "ReadingRefused";
  }
}

const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instant an ISO 8601 time with a zone names ("2026-11-26T14:05:00Z", "...+00:00"), or null
 * for anything else: no zone (whose clock?), a date alone, or a day or hour that does not exist.
 */
export function instantOf(text: string): Date | null {
  const m = ISO_WITH_ZONE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((p) => Number(p ?? 0));
  const zone = m[7].toUpperCase();
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  if (zone !== "Z" && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(-2)) > 59)) return null;
  const at = new Date(text.trim());
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Checks a request's readings, all or nothing: the first bad one refuses the whole request
 * (ReadingRefused naming its index and why), so a device resends the batch once it is fixed.
 */
export function checkReadings(readings: ReadingInput[], now: Date): CheckedReading[] {
  checkReadingCount(readings.length);
  return readings.map((r, index) => {
    for (const field of READING_FIELDS) {
      const { min, max, unit } = READING_RANGES[field];
      const value = r[field];
      if (!Number.isFinite(value) || value < min || value > max)
        throw new ReadingRefused(index, field, msg("deviceRules.outOfRange", { index, field, value: String(value), min: String(min), max: String(max), unit }));
    }
    const at = instantOf(r.recorded_at);
    if (!at) throw new ReadingRefused(index, "recorded_at", msg("deviceRules.badTime", { index }));
    if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) throw new ReadingRefused(index, "recorded_at", msg("deviceRules.future", { index, minutes: FUTURE_TOLERANCE_MS / 60_000 }));
    if (at.getTime() < now.getTime() - MAX_READING_AGE_DAYS * DAY_MS) throw new ReadingRefused(index, "recorded_at", msg("deviceRules.tooOld", { index, days: MAX_READING_AGE_DAYS }));
    return { recordedAt: at.toISOString(), temperatureC: r.temperature_c, humidityPct: r.humidity_pct, ammoniaPpm: r.ammonia_ppm };
  });
}

/** One request carries 1 to MAX_READINGS_PER_REQUEST readings. */
export function checkReadingCount(count: number): void {
  if (count === 0) throw new DomainError(422, msg("deviceRules.noReadings"));
  if (count > MAX_READINGS_PER_REQUEST) throw new DomainError(422, msg("deviceRules.tooMany", { max: MAX_READINGS_PER_REQUEST, count }));
}

/** `readings` that is not a list. */
export const readingsNotAList = () => new DomainError(422, msg("deviceRules.readingsNotList"));

/**
 * A reading whose shape is wrong (app/forms reads it): not an object (`field` null), a value that is
 * not a JSON number, or a time that is not text.
 */
export function badReadingShape(index: number, field: string | null): ReadingRefused {
  if (field === null) return new ReadingRefused(index, "readings", msg("deviceRules.notAReading", { index }));
  if ((READING_FIELDS as string[]).includes(field)) return new ReadingRefused(index, field, msg("deviceRules.notANumber", { index, field }));
  return new ReadingRefused(index, "recorded_at", msg("deviceRules.timeRequired", { index }));
}

/** How old a reading is, in the unit a person reads it in: under a minute, minutes, hours, then days. */
export type ReadingAge = { unit: "now" | "minutes" | "hours" | "days"; count: number };

export function readingAge(recordedAt: string, now: Date): ReadingAge {
  const ms = Math.max(0, now.getTime() - Date.parse(recordedAt));
  if (ms < 60_000) return { unit: "now", count: 0 };
  if (ms < HOUR_MS) return { unit: "minutes", count: Math.floor(ms / 60_000) };
  if (ms < 2 * DAY_MS) return { unit: "hours", count: Math.floor(ms / HOUR_MS) };
  return { unit: "days", count: Math.floor(ms / DAY_MS) };
}

/** Silent: the latest reading is older than SILENT_AFTER_HOURS (the pages say "No reading for N hours"). */
export function isSilent(latestRecordedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(latestRecordedAt) > SILENT_AFTER_HOURS * HOUR_MS;
}

/** A device token as issued: `akd_` and 32 random bytes in base64url (43 characters). */
export const DEVICE_TOKEN_PATTERN = /^akd_[A-Za-z0-9_-]{43}$/;

/** The token in an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(header: string | null): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m ? m[1] : null;
}
