import { z } from "zod";
import { MSG } from "~/domain/messages";
import { parseAmountToMinor } from "~/domain/money";
import { PRODUCT_TYPES } from "~/domain/types";

/** Admin forms: the limits here also set the inputs' HTML attributes. */
export const FARM_NAME_MAX = 120;

export const FarmSchema = z.object({
  name: z.string({ error: MSG.farmNameRequired }).trim().min(1, MSG.farmNameRequired).max(FARM_NAME_MAX, `Keep the farm name under ${FARM_NAME_MAX} characters.`),
  location: z.string().trim().max(200, "Keep the location under 200 characters.").optional().default(""),
  notes: z.string().trim().max(2000, "Keep the notes under 2,000 characters.").optional().default(""),
});

const cedis = (message: string, { allowZero = false } = {}) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    if (allowZero && (value === 0 || value === "0" || value === "0.00")) return 0;
    const parsed = parseAmountToMinor(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed.minor;
  });

const fraction = (message: string) =>
  z
    .union([z.string().trim().min(1, message), z.number()], { error: message })
    .transform((v) => Number(v))
    .pipe(z.number({ error: message }).finite(message).min(0, message).max(1, message));

/** An optional field where an empty input means "not given" (null). */
const blankToNull = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional())
    .transform((v) => (v === undefined ? null : v));

/** SPEC.md's admin batch defaults. */
export const BATCH_DEFAULTS = { product_type: "CHICKEN", unit_price: 50, target_units: 1000, feed_price: 6, mortality_rate: 0.07, expected_roi: 0.12 } as const;

export const BatchSchema = z.object({
  farm_id: z.coerce.number({ error: MSG.selectFarm }).int(MSG.selectFarm).positive(MSG.selectFarm),
  product_type: z.enum(PRODUCT_TYPES, { error: "Choose EGG or CHICKEN." }),
  unit_price: cedis("Enter a unit price above zero with at most 2 decimals."),
  target_units: z.coerce.number({ error: "Enter the target units as a whole number." }).int("Enter the target units as a whole number.").min(1, "Target units must be at least 1.").max(10_000_000, "Target units can be at most 10,000,000."),
  feed_price: blankToNull(cedis("Enter the feed price per kg with at most 2 decimals.", { allowZero: true })),
  mortality_rate: fraction("Enter mortality as a fraction between 0 and 1, e.g. 0.07."),
  expected_roi: fraction("Enter the expected ROI as a fraction between 0 and 1, e.g. 0.12."),
  start_date: blankToNull(z.string({ error: "Give the start date as YYYY-MM-DD." }).regex(/^\d{4}-\d{2}-\d{2}$/, "Give the start date as YYYY-MM-DD.")),
});
export type BatchInput = z.infer<typeof BatchSchema>;
