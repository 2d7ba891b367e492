import { z } from "zod";
import { isCalendarDate } from "~/domain/calendar";
import { detectImageType, type ImageType } from "~/domain/images";
import { ageOn, isKycRejectionReason, MINIMUM_AGE, normalizeGhanaPhone, type KycRejectionReason } from "~/domain/kyc";
import { KYC_IMAGE_MAX_BYTES, KYC_LIMITS } from "~/forms/limits";
import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { formIssue, formMsg, issueOf, parseForm, type RenderMessage } from "~/forms/parse.server";
import { singleLineText } from "~/forms/text.server";

/**
 * (Pure rules, named *.server.ts only to keep zod out of the browser bundles: see contact.server.ts.)
 *
 * An identity submission (issue 17): the typed fields, then the images, judged by their bytes.
 * The Ghana Card is the identity document Bank of Ghana-regulated institutions accept since July
 * 2022; investors from the other ECOWAS countries use their passport.
 */
/** The ID types (their names and hints are the catalog's kyc.idTypeOption.* and kyc.idNumberHint). */
export const ID_TYPES = ["GHANA_CARD", "PASSPORT"] as const;
export type IdType = (typeof ID_TYPES)[number];

const ID_PATTERNS: Record<IdType, { pattern: RegExp; message: MessageRef }> = {
  GHANA_CARD: { pattern: /^GHA-\d{9}-\d$/, message: msg("forms.kyc.idNumber.GHANA_CARD") },
  // ECOWAS passports differ by country (Nigeria A12345678, Côte d'Ivoire 20AB12345, ...): letters and digits.
  PASSPORT: { pattern: /^(?=[A-Z0-9]*\d)[A-Z0-9]{6,12}$/, message: msg("forms.kyc.idNumber.PASSPORT", { min: 6, max: 12 }) },
};

export const KYC_FILE_FIELDS = ["id_front", "selfie", "proof_of_address"] as const;
export type KycFileField = (typeof KYC_FILE_FIELDS)[number];
/** What each image is called in a message: "<label> is too large ...". */
const fileLabel = (field: KycFileField): MessageRef => msg(`forms.kyc.file.${field}`);

/** The typed fields; `today` (YYYY-MM-DD, from the one clock) decides the age. */
export function kycSubmissionSchema(today: string) {
  return z
    .object({
      legal_name: singleLineText({
        label: msg("forms.label.legalName"),
        required: formMsg("forms.kyc.legalNameRequired"),
        min: 2,
        max: KYC_LIMITS.legalName,
        tooLong: formMsg("forms.kyc.legalNameTooLong", { max: KYC_LIMITS.legalName }),
      }),
      date_of_birth: z
        .string(formMsg("forms.kyc.birthDateRequired"))
        .trim()
        .min(1, formMsg("forms.kyc.birthDateRequired"))
        .refine(isCalendarDate, formMsg("forms.kyc.birthDateFormat"))
        .refine((d) => d <= today, formMsg("forms.kyc.birthDateFuture"))
        .refine((d) => d >= "1900-01-01", formMsg("forms.kyc.birthDateFormat"))
        .refine((d) => ageOn(d, today) >= MINIMUM_AGE, formMsg("forms.kyc.tooYoung", { age: MINIMUM_AGE })),
      phone: z
        .string(formMsg("forms.kyc.phoneRequired"))
        .trim()
        .min(1, formMsg("forms.kyc.phoneRequired"))
        .max(KYC_LIMITS.phone, formMsg("forms.account.phoneFormat"))
        .transform((v, ctx) => {
          const phone = normalizeGhanaPhone(v);
          if (!phone) {
            ctx.addIssue({ code: "custom", ...formIssue("forms.account.phoneFormat") });
            return z.NEVER;
          }
          return phone;
        }),
      id_type: z.enum(ID_TYPES, formMsg("forms.kyc.idType")),
      id_number: z
        .string(formMsg("forms.kyc.idNumberRequired"))
        .trim()
        .min(1, formMsg("forms.kyc.idNumberRequired"))
        .max(KYC_LIMITS.idNumber, formMsg("forms.kyc.idNumberTooLong"))
        .transform((v) => v.toUpperCase().replace(/\s+/g, "")),
    })
    .superRefine((v, ctx) => {
      const rule = ID_PATTERNS[v.id_type];
      if (!rule.pattern.test(v.id_number)) ctx.addIssue({ code: "custom", path: ["id_number"], ...issueOf(rule.message) });
    });
}
export type KycSubmissionInput = z.infer<ReturnType<typeof kycSubmissionSchema>>;

/** An uploaded file as read from the form: its bytes, or only its size when it was too big to keep. */
export type KycUpload = { size: number; bytes: Uint8Array | null };
export type CheckedImage = { bytes: Uint8Array; type: ImageType };

/**
 * The images: the ID and the selfie are required, the proof of address optional (it asks for the
 * top tier). Each must be a JPEG or PNG by its bytes, at most KYC_IMAGE_MAX_BYTES. Refused: each
 * image's message, for the door to render in its reader's language.
 */
export function checkKycImages(
  files: Partial<Record<KycFileField, KycUpload>>,
): { ok: true; images: Partial<Record<KycFileField, CheckedImage>> } | { ok: false; errors: Partial<Record<KycFileField, MessageRef>> } {
  const errors: Partial<Record<KycFileField, MessageRef>> = {};
  const images: Partial<Record<KycFileField, CheckedImage>> = {};
  const maxMb = KYC_IMAGE_MAX_BYTES / (1024 * 1024);
  for (const field of KYC_FILE_FIELDS) {
    const file = files[field];
    if (!file || file.size === 0) {
      if (field === "id_front") errors[field] = msg("forms.kyc.idFrontRequired");
      else if (field === "selfie") errors[field] = msg("forms.kyc.selfieRequired");
      continue;
    }
    if (file.size > KYC_IMAGE_MAX_BYTES || !file.bytes) {
      errors[field] = msg("forms.kyc.fileTooLarge", { label: fileLabel(field), max: maxMb });
      continue;
    }
    const type = detectImageType(file.bytes);
    if (!type) {
      errors[field] = msg("forms.kyc.fileNotImage", { label: fileLabel(field) });
      continue;
    }
    images[field] = { bytes: file.bytes, type };
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, images };
}

/** What an admin writes when rejecting: the investor reads it. */
export const KycRejectionSchema = z.object({
  reason: singleLineText({
    label: msg("forms.label.reason"),
    required: formMsg("forms.kyc.reasonRequired"),
    min: 5,
    max: 500,
    tooLong: formMsg("forms.kyc.reasonTooLong", { max: 500 }),
  }),
});

export type KycRejection = { code: KycRejectionReason; note: string | null };

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * An admin's rejection, from the page's form or the API's body: `reason_code` (KYC_REJECTION_REASONS)
 * and, with OTHER only, an optional `reason` note the investor reads as written. A `reason` with no
 * code (the API before codes) is OTHER's note, and then required. Errors are keyed by field.
 */
export function readKycRejection(body: Record<string, unknown>, render: RenderMessage): { ok: true; data: KycRejection } | { ok: false; errors: Record<string, string> } {
  const code = typeof body.reason_code === "string" ? body.reason_code.trim().toUpperCase() : body.reason_code;
  const note = () => {
    const parsed = parseForm(KycRejectionSchema, { reason: body.reason }, render);
    return parsed.ok ? ({ ok: true, note: parsed.data.reason } as const) : ({ ok: false, errors: { reason: parsed.errors.reason ?? Object.values(parsed.errors)[0] } } as const);
  };
  if (blank(code)) {
    const read = note();
    return read.ok ? { ok: true, data: { code: "OTHER", note: read.note } } : read;
  }
  if (!isKycRejectionReason(code)) return { ok: false, errors: { reason_code: render(msg("forms.kyc.reasonCode")) } };
  if (blank(body.reason)) return { ok: true, data: { code, note: null } };
  if (code !== "OTHER") return { ok: false, errors: { reason: render(msg("forms.kyc.noteOnlyWithOther")) } };
  const read = note();
  return read.ok ? { ok: true, data: { code, note: read.note } } : read;
}
