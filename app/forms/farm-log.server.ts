import { z } from "zod";
import { isCalendarDate } from "~/domain/calendar";
import { detectImageType, type ImageType } from "~/domain/images";
import { FARM_LOG_LIMITS as L, PHOTO_MAX_BYTES, PHOTO_MAX_COUNT } from "~/forms/limits";
import type { ProductType } from "~/domain/types";
import { FARM_LOG_MESSAGES } from "~/domain/messages";

/**
 * A farm's daily log for one batch: what investors see as the truth about their birds.
 * Pure rules; the model stores what passes. Form strings and JSON numbers are both accepted.
 */
export type FarmLogContext = { productType: ProductType; /** YYYY-MM-DD, from the one clock. */ today: string };

export type FarmLogEntry = {
  log_date: string;
  birds_alive: number;
  deaths: number;
  feed_kg: number;
  eggs_collected: number | null;
  avg_weight_kg: number | null;
  temperature_c: number | null;
  humidity_pct: number | null;
  ammonia_ppm: number | null;
  notes: string;
  incident: boolean;
  incident_description: string;
};

export const FARM_LOG_FIELDS = [
  "log_date",
  "birds_alive",
  "deaths",
  "feed_kg",
  "eggs_collected",
  "avg_weight_kg",
  "temperature_c",
  "humidity_pct",
  "ammonia_ppm",
  "notes",
  "incident",
  "incident_description",
] as const;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");
const flagOn = (v: unknown) => v === true || v === 1 || (typeof v === "string" && ["true", "on", "1", "yes"].includes(v.trim().toLowerCase()));

type NumberRule = { required?: string; format: string; int?: boolean; min: number; minMessage: string; max: number; maxMessage: string; exclusiveMin?: boolean };

/** A number field: "" or missing is null (or `required`), otherwise a finite number within range. */
function numberField(rule: NumberRule) {
  return z.unknown().transform((raw, ctx): number | null => {
    const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : raw == null ? "" : null;
    if (text === null) {
      ctx.addIssue({ code: "custom", message: rule.format });
      return z.NEVER;
    }
    if (text === "") {
      if (rule.required) {
        ctx.addIssue({ code: "custom", message: rule.required });
        return z.NEVER;
      }
      return null;
    }
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: rule.format });
      return z.NEVER;
    }
    const value = Number(text);
    if (rule.int && !Number.isInteger(value)) {
      ctx.addIssue({ code: "custom", message: rule.format });
      return z.NEVER;
    }
    if (value < rule.min || (rule.exclusiveMin && value === rule.min)) {
      ctx.addIssue({ code: "custom", message: rule.minMessage });
      return z.NEVER;
    }
    if (value > rule.max) {
      ctx.addIssue({ code: "custom", message: rule.maxMessage });
      return z.NEVER;
    }
    return value;
  });
}

const count = (what: string, max: number, required = true) =>
  numberField({
    required: required ? `Enter ${what.toLowerCase()}.` : undefined,
    format: `${what} must be a whole number.`,
    int: true,
    min: 0,
    minMessage: `${what} cannot be negative.`,
    max,
    maxMessage: `${what} can be at most ${max.toLocaleString("en")}.`,
  });

const flag = z.unknown().transform((v) => flagOn(v));

export function farmLogEntrySchema({ productType, today }: FarmLogContext) {
  const M = FARM_LOG_MESSAGES;
  return z
    .object({
      log_date: z.unknown().transform((raw, ctx) => {
        const text = typeof raw === "string" ? raw.trim() : "";
        if (!isCalendarDate(text)) {
          ctx.addIssue({ code: "custom", message: M.dateFormat });
          return z.NEVER;
        }
        if (text > today) {
          ctx.addIssue({ code: "custom", message: M.dateFuture });
          return z.NEVER;
        }
        return text;
      }),
      // Required fields: `required` has already refused a missing value.
      birds_alive: count("Birds alive", L.birdsMax).transform((v) => v as number),
      deaths: count("Deaths", L.birdsMax, false).transform((v) => v ?? 0),
      feed_kg: numberField({
        required: "Enter the feed used in kg.",
        format: "Feed used must be a number of kg, e.g. 12.5.",
        min: 0,
        minMessage: "Feed used cannot be negative.",
        max: L.feedKgMax,
        maxMessage: `Feed used can be at most ${L.feedKgMax.toLocaleString("en")} kg a day.`,
      }).transform((v) => v as number),
      eggs_collected: count("Eggs collected", L.birdsMax, false),
      avg_weight_kg: numberField({
        format: "Average weight must be a number of kg, e.g. 1.85.",
        min: 0,
        exclusiveMin: true,
        minMessage: "Average weight must be above 0 kg.",
        max: L.weightKgMax,
        maxMessage: `Average weight can be at most ${L.weightKgMax} kg.`,
      }),
      temperature_c: numberField({
        format: "Temperature must be a number of °C.",
        min: L.temperatureMin,
        minMessage: `Temperature must be between ${L.temperatureMin} and ${L.temperatureMax} °C.`,
        max: L.temperatureMax,
        maxMessage: `Temperature must be between ${L.temperatureMin} and ${L.temperatureMax} °C.`,
      }),
      humidity_pct: numberField({
        format: "Humidity must be a percentage, e.g. 65.",
        min: 0,
        minMessage: "Humidity must be between 0 and 100%.",
        max: L.humidityMax,
        maxMessage: "Humidity must be between 0 and 100%.",
      }),
      ammonia_ppm: numberField({
        format: "Ammonia must be a number of ppm.",
        min: 0,
        minMessage: "Ammonia cannot be negative.",
        max: L.ammoniaMax,
        maxMessage: `Ammonia can be at most ${L.ammoniaMax} ppm.`,
      }),
      notes: z
        .unknown()
        .transform((v) => (typeof v === "string" ? v.trim() : ""))
        .pipe(z.string().max(L.notesMax, `Keep the notes under ${L.notesMax.toLocaleString("en")} characters.`)),
      incident: flag,
      incident_description: z
        .unknown()
        .transform((v) => (typeof v === "string" ? v.trim() : ""))
        .pipe(z.string().max(L.incidentMax, `Keep the incident description under ${L.incidentMax.toLocaleString("en")} characters.`)),
    })
    .superRefine((entry, ctx) => {
      if (productType === "EGG") {
        if (entry.eggs_collected === null) ctx.addIssue({ code: "custom", path: ["eggs_collected"], message: "Enter eggs collected." });
        else if (entry.eggs_collected > entry.birds_alive) ctx.addIssue({ code: "custom", path: ["eggs_collected"], message: M.eggsAboveBirds });
        if (entry.avg_weight_kg !== null) ctx.addIssue({ code: "custom", path: ["avg_weight_kg"], message: M.weightForChickenBatches });
      } else {
        if (entry.avg_weight_kg === null) ctx.addIssue({ code: "custom", path: ["avg_weight_kg"], message: "Enter the average weight in kg." });
        if (entry.eggs_collected !== null) ctx.addIssue({ code: "custom", path: ["eggs_collected"], message: M.eggsForEggBatches });
      }
      if (entry.incident && !entry.incident_description) ctx.addIssue({ code: "custom", path: ["incident_description"], message: M.incidentDescription });
    })
    .transform((entry): FarmLogEntry => ({ ...entry, incident_description: entry.incident ? entry.incident_description : "" }));
}

/** The rules about which fields a batch type needs, read from the raw input. */
function presenceProblems(raw: Record<string, unknown>, productType: ProductType): Record<string, string> {
  const out: Record<string, string> = {};
  const M = FARM_LOG_MESSAGES;
  if (productType === "EGG") {
    if (blank(raw.eggs_collected)) out.eggs_collected = "Enter eggs collected.";
    if (!blank(raw.avg_weight_kg)) out.avg_weight_kg = M.weightForChickenBatches;
  } else {
    if (blank(raw.avg_weight_kg)) out.avg_weight_kg = "Enter the average weight in kg.";
    if (!blank(raw.eggs_collected)) out.eggs_collected = M.eggsForEggBatches;
  }
  if (flagOn(raw.incident) && blank(raw.incident_description)) out.incident_description = M.incidentDescription;
  return out;
}

export type FarmLogParse = { ok: true; entry: FarmLogEntry } | { ok: false; errors: Record<string, string> };

/** Field name -> first message, so every bad field is shown at once. */
export function parseFarmLogEntry(input: Record<string, unknown>, context: FarmLogContext): FarmLogParse {
  // Every field is read, present or not: a missing key is an empty input.
  const full = Object.fromEntries(FARM_LOG_FIELDS.map((k) => [k, input[k] ?? ""]));
  const parsed = farmLogEntrySchema(context).safeParse(full);
  if (parsed.success) return { ok: true, entry: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  // zod skips the whole-entry rules when a field fails; the ones that need only presence still show.
  for (const [field, message] of Object.entries(presenceProblems(full, context.productType))) errors[field] ??= message;
  return { ok: false, errors };
}

export type PhotoCandidate = { name: string; size: number; head: Uint8Array };

/** Checks every photo; the first problem is the message (nothing is stored when there is one). */
export function checkPhotos(photos: PhotoCandidate[]): { ok: true; types: ImageType[] } | { ok: false; error: string } {
  if (photos.length > PHOTO_MAX_COUNT) return { ok: false, error: FARM_LOG_MESSAGES.tooMany(PHOTO_MAX_COUNT) };
  const types: ImageType[] = [];
  for (const photo of photos) {
    const name = photo.name || "The photo";
    if (photo.size > PHOTO_MAX_BYTES) return { ok: false, error: FARM_LOG_MESSAGES.tooLarge(name) };
    const type = detectImageType(photo.head);
    if (!type) return { ok: false, error: FARM_LOG_MESSAGES.notImage(name) };
    types.push(type);
  }
  return { ok: true, types };
}
