import { z } from "zod";
import { normalizeGhanaPhone } from "~/domain/kyc";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from "~/forms/limits";
import { singleLineText } from "~/forms/text.server";

const email = z
  .string({ error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(EMAIL_MAX, "That email address is too long.")
  .pipe(z.email({ error: "Enter a valid email address." }))
  // RFC 2606's .invalid never receives mail; closed accounts are renamed into it (closedAccountEmail).
  .refine((value) => !/\.invalid$/i.test(value), "Enter a valid email address.")
  .transform((value) => value.toLowerCase());

const fullName = singleLineText({ label: "Your name", required: "Enter your full name.", max: NAME_MAX, tooLong: `Your name can be at most ${NAME_MAX} characters.` });

const newPassword = z
  .string({ error: "Choose a password." })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters for your password.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters for your password.`);

export const RegisterSchema = z.object({
  full_name: fullName,
  email,
  password: newPassword,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(EMAIL_MAX)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(PASSWORD_MAX),
});

export const PHONE_FORMAT = "Enter a Ghana phone number like 024 123 4567 or +233 24 123 4567.";

/** Optional: blank (or null) clears it; anything else must be a Ghana number, kept as +233XXXXXXXXX. */
const optionalPhone = z
  .string({ error: PHONE_FORMAT })
  .max(PHONE_MAX, PHONE_FORMAT)
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === "") return null;
    const phone = normalizeGhanaPhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: PHONE_FORMAT });
      return z.NEVER;
    }
    return phone;
  });

/** Only the full name and phone can change through a profile update (never the email or is_admin). */
export const ProfileUpdateSchema = z.object({ full_name: fullName.optional(), phone: optionalPhone.optional() });

const currentPassword = z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(PASSWORD_MAX, "Enter your current password.");

/** The API's change: the current password, and a new one by the registration rule. */
export const ChangePasswordSchema = z
  .object({ current_password: currentPassword, new_password: newPassword })
  .refine((v) => v.new_password !== v.current_password, { message: "Choose a new password that differs from your current one.", path: ["new_password"] });

/** The page's form also asks for the new password twice (there is no one to ask if it was mistyped). */
export const ChangePasswordFormSchema = z
  .object({ current_password: currentPassword, new_password: newPassword, confirm_password: z.string().max(PASSWORD_MAX).optional().default("") })
  .refine((v) => v.new_password !== v.current_password, { message: "Choose a new password that differs from your current one.", path: ["new_password"] })
  .refine((v) => v.new_password === v.confirm_password, { message: "The two passwords do not match.", path: ["confirm_password"] });

/** Closing asks for the password again: a session left open on a shared phone must not be enough. */
export const CloseAccountSchema = z.object({
  password: z.string({ error: "Enter your password to close your account." }).min(1, "Enter your password to close your account.").max(PASSWORD_MAX, "Enter your password to close your account."),
});

export const ResetRequestSchema = z.object({ email });
export const ResetPasswordSchema = z.object({ password: newPassword, confirm: z.string() }).refine((v) => v.password === v.confirm, { message: "The two passwords do not match.", path: ["confirm"] });

export const PHONE_CODE_FORMAT = "Enter the 6-digit code from the SMS.";
/** A 6-digit SMS code, as people type it ("123 456" too). */
export const phoneCode = z
  .string({ error: PHONE_CODE_FORMAT })
  .max(20, PHONE_CODE_FORMAT)
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, PHONE_CODE_FORMAT));

/** The reset with the SMS code: the email, the code and the new password twice, all checked at once. */
export const ResetWithCodeSchema = z
  .object({ email, code: phoneCode, password: newPassword, confirm: z.string().max(PASSWORD_MAX).optional().default("") })
  .refine((v) => v.password === v.confirm, { message: "The two passwords do not match.", path: ["confirm"] });
