import { z } from "zod";
import { normalizeGhanaPhone } from "~/domain/kyc";
import { KYC_LIMITS } from "~/forms/limits";
import { singleLineText } from "~/forms/text.server";

/**
 * (Pure rules, named *.server.ts only to keep zod out of the browser bundles: see contact.server.ts.)
 *
 * The KYC demo form (SPEC.md: a placeholder). It checks what a real form would check and stores
 * nothing: an ID number must never be kept by a demo.
 */
export const ID_TYPES = [
  { value: "GHANA_CARD", label: "Ghana Card", hint: "Like GHA-123456789-0" },
  { value: "PASSPORT", label: "Passport", hint: "A letter and 7 digits, like G1234567" },
  { value: "VOTER_ID", label: "Voter ID", hint: "10 digits" },
  { value: "DRIVERS_LICENCE", label: "Driver's licence", hint: "6-20 letters, digits or dashes" },
] as const;
export type IdType = (typeof ID_TYPES)[number]["value"];


const ID_PATTERNS: Record<IdType, { pattern: RegExp; message: string }> = {
  GHANA_CARD: { pattern: /^GHA-\d{9}-\d$/, message: "Enter a Ghana Card number like GHA-123456789-0." },
  PASSPORT: { pattern: /^[A-Z]\d{7}$/, message: "Enter a passport number like G1234567." },
  VOTER_ID: { pattern: /^\d{10}$/, message: "Enter the 10 digits of your voter ID." },
  DRIVERS_LICENCE: { pattern: /^[A-Z0-9][A-Z0-9-]{4,18}[A-Z0-9]$/, message: "Enter your driver's licence number (6-20 letters, digits or dashes)." },
};

const idTypeValues = ID_TYPES.map((t) => t.value) as [IdType, ...IdType[]];


export const KycSchema = z
  .object({
    legal_name: singleLineText({
      label: "Your legal name",
      required: "Enter your legal name as it appears on your ID.",
      min: 2,
      max: KYC_LIMITS.legalName,
      tooLong: `Your legal name can be at most ${KYC_LIMITS.legalName} characters.`,
    }),
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
    id_type: z.enum(idTypeValues, { error: "Choose your ID type." }),
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
export type KycInput = z.infer<typeof KycSchema>;


