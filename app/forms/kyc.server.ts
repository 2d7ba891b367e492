import { z } from "zod";
import { isCalendarDate } from "~/domain/calendar";
import { detectImageType, type ImageType } from "~/domain/images";
import { ageOn, MINIMUM_AGE, normalizeGhanaPhone } from "~/domain/kyc";
import { KYC_IMAGE_MAX_BYTES, KYC_LIMITS } from "~/forms/limits";
import { singleLineText } from "~/forms/text.server";

/**
 * (Pure rules, named *.server.ts only to keep zod out of the browser bundles: see contact.server.ts.)
 *
 * An identity submission (issue 17): the typed fields, then the images, judged by their bytes.
 * The Ghana Card is the identity document Bank of Ghana-regulated institutions accept since July
 * 2022; investors from the other ECOWAS countries use their passport.
 */
export const ID_TYPES = [
  { value: "GHANA_CARD", label: "Ghana Card", hint: "Like GHA-123456789-0" },
  // The label fits a 360 px phone's select (test/e2e/phone-audit.ts); "Passport (other ECOWAS countries)" was cut off.
  { value: "PASSPORT", label: "ECOWAS passport", hint: "As printed on the photo page, like A12345678" },
] as const;
export type IdType = (typeof ID_TYPES)[number]["value"];

const ID_PATTERNS: Record<IdType, { pattern: RegExp; message: string }> = {
  GHANA_CARD: { pattern: /^GHA-\d{9}-\d$/, message: "Enter a Ghana Card number like GHA-123456789-0." },
  // ECOWAS passports differ by country (Nigeria A12345678, Côte d'Ivoire 20AB12345, ...): letters and digits.
  PASSPORT: { pattern: /^(?=[A-Z0-9]*\d)[A-Z0-9]{6,12}$/, message: "Enter your passport number as printed on its photo page: 6 to 12 letters and digits." },
};

const idTypeValues = ID_TYPES.map((t) => t.value) as [IdType, ...IdType[]];

export const KYC_FILE_FIELDS = ["id_front", "selfie", "proof_of_address"] as const;
export type KycFileField = (typeof KYC_FILE_FIELDS)[number];
export const KYC_FILE_LABELS: Record<KycFileField, string> = {
  id_front: "The photo of your ID",
  selfie: "Your selfie",
  proof_of_address: "The proof of address",
};

/** The typed fields; `today` (YYYY-MM-DD, from the one clock) decides the age. */
export function kycSubmissionSchema(today: string) {
  return z
    .object({
      legal_name: singleLineText({
        label: "Your legal name",
        required: "Enter your legal name as it appears on your ID.",
        min: 2,
        max: KYC_LIMITS.legalName,
        tooLong: `Your legal name can be at most ${KYC_LIMITS.legalName} characters.`,
      }),
      date_of_birth: z
        .string({ error: "Enter your date of birth." })
        .trim()
        .min(1, "Enter your date of birth.")
        .refine(isCalendarDate, "Enter your date of birth as a real date, like 1990-04-25.")
        .refine((d) => d <= today, "Your date of birth cannot be in the future.")
        .refine((d) => d >= "1900-01-01", "Enter your date of birth as a real date, like 1990-04-25.")
        .refine((d) => ageOn(d, today) >= MINIMUM_AGE, `You must be ${MINIMUM_AGE} or older to invest with Akoko.`),
      phone: z
        .string({ error: "Enter your phone number." })
        .trim()
        .min(1, "Enter your phone number.")
        .max(KYC_LIMITS.phone, "Enter a Ghana phone number like 024 123 4567 or +233 24 123 4567.")
        .transform((v, ctx) => {
          const phone = normalizeGhanaPhone(v);
          if (!phone) {
            ctx.addIssue({ code: "custom", message: "Enter a Ghana phone number like 024 123 4567 or +233 24 123 4567." });
            return z.NEVER;
          }
          return phone;
        }),
      id_type: z.enum(idTypeValues, { error: "Choose your ID type: Ghana Card or passport." }),
      id_number: z
        .string({ error: "Enter your ID number." })
        .trim()
        .min(1, "Enter your ID number.")
        .max(KYC_LIMITS.idNumber, "That ID number is too long.")
        .transform((v) => v.toUpperCase().replace(/\s+/g, "")),
    })
    .superRefine((v, ctx) => {
      const rule = ID_PATTERNS[v.id_type];
      if (!rule.pattern.test(v.id_number)) ctx.addIssue({ code: "custom", path: ["id_number"], message: rule.message });
    });
}
export type KycSubmissionInput = z.infer<ReturnType<typeof kycSubmissionSchema>>;

/** An uploaded file as read from the form: its bytes, or only its size when it was too big to keep. */
export type KycUpload = { size: number; bytes: Uint8Array | null };
export type CheckedImage = { bytes: Uint8Array; type: ImageType };

/**
 * The images: the ID and the selfie are required, the proof of address optional (it asks for the
 * top tier). Each must be a JPEG or PNG by its bytes, at most KYC_IMAGE_MAX_BYTES.
 */
export function checkKycImages(
  files: Partial<Record<KycFileField, KycUpload>>,
): { ok: true; images: Partial<Record<KycFileField, CheckedImage>> } | { ok: false; errors: Partial<Record<KycFileField, string>> } {
  const errors: Partial<Record<KycFileField, string>> = {};
  const images: Partial<Record<KycFileField, CheckedImage>> = {};
  const maxMb = KYC_IMAGE_MAX_BYTES / (1024 * 1024);
  for (const field of KYC_FILE_FIELDS) {
    const file = files[field];
    const label = KYC_FILE_LABELS[field];
    if (!file || file.size === 0) {
      if (field === "id_front") errors[field] = "Add a photo of the front of your ID.";
      else if (field === "selfie") errors[field] = "Add a selfie: a clear photo of your face.";
      continue;
    }
    if (file.size > KYC_IMAGE_MAX_BYTES || !file.bytes) {
      errors[field] = `${label} is too large: at most ${maxMb} MB.`;
      continue;
    }
    const type = detectImageType(file.bytes);
    if (!type) {
      errors[field] = `${label} must be a JPEG or PNG image.`;
      continue;
    }
    images[field] = { bytes: file.bytes, type };
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, images };
}

/** What an admin writes when rejecting: the investor reads it. */
export const KycRejectionSchema = z.object({
  reason: singleLineText({
    label: "The reason",
    required: "Write the reason the investor will read, e.g. 'The photo of the card is blurred: please send a sharper one.'",
    min: 5,
    max: 500,
    tooLong: "The reason can be at most 500 characters.",
  }),
});
