import { z } from "zod";
import { isCalendarDate } from "~/domain/calendar";

import { MAX_AMOUNT_MINOR, parseAmountToMinor } from "~/domain/money";
import { readDecimal } from "~/domain/numbers";
import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { formId, formMessage, formMsg, issueOf } from "~/forms/parse.server";
import { notText, singleLineText } from "~/forms/text.server";
import { PRODUCT_TYPES } from "~/domain/types";
import { CONTENT_LIMITS, FARM_NAME_MAX } from "~/forms/limits";

export const FarmSchema = z.object({
  name: singleLineText({
    label: msg("forms.label.farmName"),
    required: formMsg("rules.farmNameRequired"),
    max: FARM_NAME_MAX,
    tooLong: formMsg("forms.admin.farmNameTooLong", { max: FARM_NAME_MAX }),
  }),
  location: singleLineText({ label: msg("forms.label.location"), max: 200, tooLong: formMsg("forms.admin.locationTooLong", { max: 200 }) })
    .optional()
    .default(""),
  notes: z
    .string(notText(msg("forms.label.notes")))
    .trim()
    .max(2000, formMsg("forms.notesTooLong", { max: { number: 2000 } }))
    .optional()
    .default(""),
});

/** An amount in cedis; `tooLarge` names the maximum when one is given above it (else `message` says it all). */
const cedis = (message: MessageRef, { allowZero = false, tooLarge }: { allowZero?: boolean; tooLarge?: MessageRef } = {}) =>
  z.union([z.string(), z.number()], formMessage(message)).transform((value, ctx) => {
    if (allowZero && (value === 0 || value === "0" || value === "0.00")) return 0;
    const parsed = parseAmountToMinor(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", ...issueOf(parsed.reason === "too-large" && tooLarge ? tooLarge : message) });
      return z.NEVER;
    }
    return parsed.minor;
  });

/** A JSON number or the form's text, read by readDecimal; anything else (a list, "0x10", "1e1") gets `message`. */
const decimal = (message: MessageRef) =>
  z.union([z.number(), z.string()], formMessage(message)).transform((value, ctx) => {
    const read = readDecimal(value);
    if (read === null) {
      ctx.addIssue({ code: "custom", ...issueOf(message) });
      return z.NEVER;
    }
    return read;
  });

const fraction = (ref: MessageRef) => {
  const message = formMessage(ref);
  return decimal(ref).pipe(z.number(message).min(0, message).max(1, message));
};

/** An optional field where an empty input means "not given" (null). */
const blankToNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional()).transform((v) => (v === undefined ? null : v));

const startDateFormat = formMsg("forms.admin.startDateFormat");

export type FarmInput = z.infer<typeof FarmSchema>;

export const BatchSchema = z.object({
  farm_id: formId(msg("rules.selectFarm")),
  product_type: z.enum(PRODUCT_TYPES, formMsg("forms.admin.productType")),
  unit_price: cedis(msg("forms.admin.unitPrice"), { tooLarge: msg("forms.admin.unitPriceTooLarge", { max: { money: MAX_AMOUNT_MINOR } }) }),
  // A JSON number or the form's text; a list or a boolean is no count (z.coerce would read [5] as 5).
  target_units: decimal(msg("forms.admin.targetUnitsWhole")).pipe(
    z
      .number(formMsg("forms.admin.targetUnitsWhole"))
      .int(formMsg("forms.admin.targetUnitsWhole"))
      .min(1, formMsg("forms.admin.targetUnitsMin", { min: 1 }))
      .max(10_000_000, formMsg("forms.admin.targetUnitsMax", { max: { number: 10_000_000 } })),
  ),
  feed_price: blankToNull(cedis(msg("forms.admin.feedPrice"), { allowZero: true })),
  mortality_rate: fraction(msg("forms.admin.mortality")),
  expected_roi: fraction(msg("forms.admin.expectedRoi")),
  start_date: blankToNull(z.string(startDateFormat).trim().refine(isCalendarDate, startDateFormat)),
});
export type BatchInput = z.infer<typeof BatchSchema>;

/** A payout period for egg catch-up: YYYY-MM, or empty for this month. */

const faq = z.object(
  {
    question: singleLineText({
      label: msg("forms.label.question"),
      required: formMsg("forms.admin.faqQuestionRequired"),
      max: CONTENT_LIMITS.faqQuestionMax,
      tooLong: formMsg("forms.admin.faqQuestionTooLong", { max: CONTENT_LIMITS.faqQuestionMax }),
    }),
    answer: z
      .string(formMsg("forms.admin.faqAnswerRequired"))
      .trim()
      .min(1, formMsg("forms.admin.faqAnswerRequired"))
      .max(CONTENT_LIMITS.faqAnswerMax, formMsg("forms.admin.faqAnswerTooLong", { max: { number: CONTENT_LIMITS.faqAnswerMax } })),
  },
  formMsg("forms.admin.faqsList"),
);

/** The How It Works editor (and PUT /api/v1/admin/pages/how-it-works). */
export const ContentPageSchema = z.object({
  title: singleLineText({
    label: msg("forms.label.title"),
    required: formMsg("forms.admin.titleRequired"),
    max: CONTENT_LIMITS.titleMax,
    tooLong: formMsg("forms.admin.titleTooLong", { max: CONTENT_LIMITS.titleMax }),
  }),
  body_md: z
    .string(formMsg("forms.admin.bodyRequired"))
    .max(CONTENT_LIMITS.bodyMax, formMsg("forms.admin.bodyTooLong", { max: { number: CONTENT_LIMITS.bodyMax } }))
    .default(""),
  faqs: z
    .array(faq, formMsg("forms.admin.faqsList"))
    .max(CONTENT_LIMITS.faqMax, formMsg("forms.admin.faqsTooMany", { max: CONTENT_LIMITS.faqMax }))
    .default([]),
  example_unit_price: blankToNull(cedis(msg("forms.admin.exampleUnitPrice"))),
  example_expected_roi: blankToNull(fraction(msg("forms.admin.exampleRoi"))),
});
export type ContentPageInput = z.infer<typeof ContentPageSchema>;
