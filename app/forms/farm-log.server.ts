import { z } from "zod";
import { isCalendarDate } from "~/domain/calendar";
import { detectImageType, type ImageType } from "~/domain/images";
import { readDecimal } from "~/domain/numbers";
import { FARM_LOG_LIMITS as L, PHOTO_MAX_BYTES, PHOTO_MAX_COUNT } from "~/forms/limits";
import type { ProductType } from "~/domain/types";
import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { fieldMessages, formIssue, formMsg, issueOf, readBoolean, type FieldMessage } from "~/forms/parse.server";

/**
 * A farm's daily log for one batch: what investors see as the truth about their birds.
 * Pure rules; the model stores what passes. Form strings and JSON numbers are both accepted.
 */
export type FarmLogContext = {
  productType: ProductType;
  /** YYYY-MM-DD, from the one clock. */ today: string;
  /** The batch's start (YYYY-MM-DD), when it has one: a day before it is no day of this flock's. */ startDate?: string | null;
};

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
/**
 * The incident box: the page's checkbox sends "on" when ticked and nothing when not; JSON sends true
 * or false (readBoolean). Anything else ("yes", 1) is no answer: null.
 */
const incidentFlag = (v: unknown): boolean | null => (v === "on" ? true : blank(v) ? false : readBoolean(v));

type NumberRule = { required?: MessageRef; format: MessageRef; int?: boolean; min: number; minMessage: MessageRef; max: number; maxMessage: MessageRef; exclusiveMin?: boolean };

/** A number field: "" or missing is null (or `required`), otherwise a finite number within range. */
function numberField(rule: NumberRule) {
  return z.unknown().transform((raw, ctx): number | null => {
    const refuse = (message: MessageRef) => {
      ctx.addIssue({ code: "custom", ...issueOf(message) });
      return z.NEVER;
    };
    if (blank(raw)) return rule.required ? refuse(rule.required) : null;
    const value = readDecimal(raw);
    if (value === null) return refuse(rule.format);
    if (rule.int && !Number.isInteger(value)) return refuse(rule.format);
    if (value < rule.min || (rule.exclusiveMin && value === rule.min)) return refuse(rule.minMessage);
    if (value > rule.max) return refuse(rule.maxMessage);
    return value;
  });
}

/** A count of birds or eggs: a whole number from 0 to `max`, named by its label in the messages. */
const count = (field: "birds_alive" | "deaths" | "eggs_collected", max: number, required?: MessageRef) => {
  const label = msg(`forms.farmLog.label.${field}`);
  return numberField({
    required,
    format: msg("forms.farmLog.whole", { label }),
    int: true,
    min: 0,
    minMessage: msg("forms.farmLog.negative", { label }),
    max,
    maxMessage: msg("forms.farmLog.countMax", { label, max: { number: max } }),
  });
};

const flag = z.unknown().transform((v, ctx) => {
  const on = incidentFlag(v);
  if (on === null) {
    ctx.addIssue({ code: "custom", ...formIssue("forms.farmLog.incidentFlag") });
    return z.NEVER;
  }
  return on;
});

export function farmLogEntrySchema({ productType, today, startDate }: FarmLogContext) {
  const temperatureRange = msg("forms.farmLog.temperatureRange", { min: L.temperatureMin, max: L.temperatureMax });
  const humidityRange = msg("forms.farmLog.humidityRange", { min: 0, max: L.humidityMax });
  return z
    .object({
      log_date: z.unknown().transform((raw, ctx) => {
        const text = typeof raw === "string" ? raw.trim() : "";
        if (!isCalendarDate(text)) {
          ctx.addIssue({ code: "custom", ...formIssue("rules.farmLog.dateFormat") });
          return z.NEVER;
        }
        if (text > today) {
          ctx.addIssue({ code: "custom", ...formIssue("rules.farmLog.dateFuture") });
          return z.NEVER;
        }
        if (startDate && text < startDate) {
          ctx.addIssue({ code: "custom", ...issueOf(msg("rules.farmLog.dateBeforeStart", { start: startDate })) });
          return z.NEVER;
        }
        return text;
      }),
      // Required fields: `required` has already refused a missing value.
      birds_alive: count("birds_alive", L.birdsMax, msg("forms.farmLog.birdsAliveRequired")).transform((v) => v as number),
      deaths: count("deaths", L.birdsMax).transform((v) => v ?? 0),
      feed_kg: numberField({
        required: msg("forms.farmLog.feedRequired"),
        format: msg("forms.farmLog.feedFormat"),
        min: 0,
        minMessage: msg("forms.farmLog.negative", { label: msg("forms.farmLog.label.feed_kg") }),
        max: L.feedKgMax,
        maxMessage: msg("forms.farmLog.feedMax", { max: { number: L.feedKgMax } }),
      }).transform((v) => v as number),
      eggs_collected: count("eggs_collected", L.birdsMax),
      avg_weight_kg: numberField({
        format: msg("forms.farmLog.weightFormat"),
        min: 0,
        exclusiveMin: true,
        minMessage: msg("forms.farmLog.weightMin"),
        max: L.weightKgMax,
        maxMessage: msg("forms.farmLog.weightMax", { max: L.weightKgMax }),
      }),
      temperature_c: numberField({
        format: msg("forms.farmLog.temperatureFormat"),
        min: L.temperatureMin,
        minMessage: temperatureRange,
        max: L.temperatureMax,
        maxMessage: temperatureRange,
      }),
      humidity_pct: numberField({
        format: msg("forms.farmLog.humidityFormat"),
        min: 0,
        minMessage: humidityRange,
        max: L.humidityMax,
        maxMessage: humidityRange,
      }),
      ammonia_ppm: numberField({
        format: msg("forms.farmLog.ammoniaFormat"),
        min: 0,
        minMessage: msg("forms.farmLog.negative", { label: msg("forms.farmLog.label.ammonia_ppm") }),
        max: L.ammoniaMax,
        maxMessage: msg("forms.farmLog.ammoniaMax", { max: L.ammoniaMax }),
      }),
      notes: z
        .unknown()
        .transform((v) => (typeof v === "string" ? v.trim() : ""))
        .pipe(z.string().max(L.notesMax, formMsg("forms.notesTooLong", { max: { number: L.notesMax } }))),
      incident: flag,
      incident_description: z
        .unknown()
        .transform((v) => (typeof v === "string" ? v.trim() : ""))
        .pipe(z.string().max(L.incidentMax, formMsg("forms.farmLog.incidentTooLong", { max: { number: L.incidentMax } }))),
    })
    .superRefine((entry, ctx) => {
      const refuse = (field: keyof FarmLogEntry, message: MessageRef) => ctx.addIssue({ code: "custom", path: [field], ...issueOf(message) });
      if (productType === "EGG") {
        if (entry.eggs_collected === null) refuse("eggs_collected", msg("forms.farmLog.eggsRequired"));
        else if (entry.eggs_collected > entry.birds_alive) refuse("eggs_collected", msg("rules.farmLog.eggsAboveBirds"));
        if (entry.avg_weight_kg !== null) refuse("avg_weight_kg", msg("rules.farmLog.weightForChickenBatches"));
      } else {
        if (entry.avg_weight_kg === null) refuse("avg_weight_kg", msg("forms.farmLog.weightRequired"));
        if (entry.eggs_collected !== null) refuse("eggs_collected", msg("rules.farmLog.eggsForEggBatches"));
      }
      if (entry.incident && !entry.incident_description) refuse("incident_description", msg("rules.farmLog.incidentDescription"));
    })
    .transform((entry): FarmLogEntry => ({ ...entry, incident_description: entry.incident ? entry.incident_description : "" }));
}

/** The rules about which fields a batch type needs, read from the raw input. */
function presenceProblems(raw: Record<string, unknown>, productType: ProductType): Record<string, MessageRef> {
  const out: Record<string, MessageRef> = {};
  if (productType === "EGG") {
    if (blank(raw.eggs_collected)) out.eggs_collected = msg("forms.farmLog.eggsRequired");
    if (!blank(raw.avg_weight_kg)) out.avg_weight_kg = msg("rules.farmLog.weightForChickenBatches");
  } else {
    if (blank(raw.avg_weight_kg)) out.avg_weight_kg = msg("forms.farmLog.weightRequired");
    if (!blank(raw.eggs_collected)) out.eggs_collected = msg("rules.farmLog.eggsForEggBatches");
  }
  if (incidentFlag(raw.incident) && blank(raw.incident_description)) out.incident_description = msg("rules.farmLog.incidentDescription");
  return out;
}

/** Refused: each field's message, for the door to render in its reader's language (renderMessages). */
export type FarmLogParse = { ok: true; entry: FarmLogEntry } | { ok: false; errors: Record<string, FieldMessage> };

/** Field name -> first message, so every bad field is shown at once. */
export function parseFarmLogEntry(input: Record<string, unknown>, context: FarmLogContext): FarmLogParse {
  // Every field is read, present or not: a missing key is an empty input.
  const full = Object.fromEntries(FARM_LOG_FIELDS.map((k) => [k, input[k] ?? ""]));
  const parsed = farmLogEntrySchema(context).safeParse(full);
  if (parsed.success) return { ok: true, entry: parsed.data };
  const errors = fieldMessages(parsed.error);
  // zod skips the whole-entry rules when a field fails; the ones that need only presence still show.
  for (const [field, message] of Object.entries(presenceProblems(full, context.productType))) errors[field] ??= message;
  return { ok: false, errors };
}

export type PhotoCandidate = { name: string; size: number; head: Uint8Array };

/** Checks every photo; the first problem is the message (nothing is stored when there is one). */
export function checkPhotos(photos: PhotoCandidate[]): { ok: true; types: ImageType[] } | { ok: false; error: MessageRef } {
  if (photos.length > PHOTO_MAX_COUNT) return { ok: false, error: msg("rules.farmLog.tooMany", { count: PHOTO_MAX_COUNT }) };
  const types: ImageType[] = [];
  for (const photo of photos) {
    // A file's own name is data; one without a name is "The photo".
    const name = photo.name || msg("forms.farmLog.thePhoto");
    if (photo.size > PHOTO_MAX_BYTES) return { ok: false, error: msg("rules.farmLog.tooLarge", { name }) };
    const type = detectImageType(photo.head);
    if (!type) return { ok: false, error: msg("rules.farmLog.notImage", { name }) };
    types.push(type);
  }
  return { ok: true, types };
}
