import { z } from "zod";
import { isCalendarDate } from "~/domain/calendar";

import { parseAmountToMinor } from "~/domain/money";
import { formMsg } from "~/forms/parse.server";
import { singleLineText } from "~/forms/text.server";
import { PRODUCT_TYPES } from "~/domain/types";
import { CONTENT_LIMITS, FARM_NAME_MAX } from "~/forms/limits";

export const FarmSchema = z.object({
  name: singleLineText({ label: "The farm name", required: formMsg("rules.farmNameRequired"), max: FARM_NAME_MAX, tooLong: `Keep the farm name under ${FARM_NAME_MAX} characters.` }),
  location: singleLineText({ label: "The location", max: 200, tooLong: "Keep the location under 200 characters." }).optional().default(""),
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
const blankToNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional()).transform((v) => (v === undefined ? null : v));

const START_DATE_FORMAT = "Give the start date as YYYY-MM-DD.";

export type FarmInput = z.infer<typeof FarmSchema>;

export const BatchSchema = z.object({
  farm_id: z.coerce.number(formMsg("rules.selectFarm")).int(formMsg("rules.selectFarm")).positive(formMsg("rules.selectFarm")),
  product_type: z.enum(PRODUCT_TYPES, { error: "Choose EGG or CHICKEN." }),
  unit_price: cedis("Enter a unit price above zero with at most 2 decimals."),
  target_units: z.coerce
    .number({ error: "Enter the target units as a whole number." })
    .int("Enter the target units as a whole number.")
    .min(1, "Target units must be at least 1.")
    .max(10_000_000, "Target units can be at most 10,000,000."),
  feed_price: blankToNull(cedis("Enter the feed price per kg with at most 2 decimals.", { allowZero: true })),
  mortality_rate: fraction("Enter mortality as a fraction between 0 and 1, e.g. 0.07."),
  expected_roi: fraction("Enter the expected ROI as a fraction between 0 and 1, e.g. 0.12."),
  start_date: blankToNull(z.string({ error: START_DATE_FORMAT }).trim().refine(isCalendarDate, START_DATE_FORMAT)),
});
export type BatchInput = z.infer<typeof BatchSchema>;

/** A payout period for egg catch-up: YYYY-MM, or empty for this month. */

const faq = z.object({
  question: singleLineText({
    label: "A question",
    required: "Each FAQ needs a question.",
    max: CONTENT_LIMITS.faqQuestionMax,
    tooLong: `Keep each question under ${CONTENT_LIMITS.faqQuestionMax} characters.`,
  }),
  answer: z
    .string()
    .trim()
    .min(1, "Each FAQ needs an answer.")
    .max(CONTENT_LIMITS.faqAnswerMax, `Keep each answer under ${CONTENT_LIMITS.faqAnswerMax.toLocaleString("en")} characters.`),
});

/** The How It Works editor (and PUT /api/v1/admin/pages/how-it-works). */
export const ContentPageSchema = z.object({
  title: singleLineText({ label: "The title", required: "Enter a title.", max: CONTENT_LIMITS.titleMax, tooLong: `Keep the title under ${CONTENT_LIMITS.titleMax} characters.` }),
  body_md: z.string({ error: "Enter the page text." }).max(CONTENT_LIMITS.bodyMax, "Keep the page text under 50,000 characters.").default(""),
  faqs: z.array(faq, { error: "FAQs must be a list of questions and answers." }).max(CONTENT_LIMITS.faqMax, `Keep it to ${CONTENT_LIMITS.faqMax} FAQs.`).default([]),
  example_unit_price: blankToNull(cedis("Enter the example unit price above zero with at most 2 decimals.")),
  example_expected_roi: blankToNull(fraction("Enter the example ROI as a fraction between 0 and 1, e.g. 0.12.")),
});
export type ContentPageInput = z.infer<typeof ContentPageSchema>;
