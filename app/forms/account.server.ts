import { z } from "zod";
import { normalizeGhanaPhone } from "~/domain/kyc";
import { malformedPinAttempt, PIN_MAX_DIGITS, PIN_MIN_DIGITS, pinWeakness, type NewPin } from "~/domain/pin";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from "~/forms/limits";
import { msg } from "~/catalog/ref";
import { formIssue, formMsg, issueOf } from "~/forms/parse.server";
import { singleLineText } from "~/forms/text.server";

const email = z
  .string(formMsg("forms.account.emailRequired"))
  .trim()
  .min(1, formMsg("forms.account.emailRequired"))
  .max(EMAIL_MAX, formMsg("forms.account.emailTooLong"))
  .pipe(z.email(formMsg("reset.request.invalidEmail")))
  // RFC 2606's .invalid never receives mail; closed accounts are renamed into it (closedAccountEmail).
  .refine((value) => !/\.invalid$/i.test(value), formMsg("reset.request.invalidEmail"))
  .transform((value) => value.toLowerCase());

const fullName = singleLineText({
  label: msg("forms.label.yourName"),
  required: formMsg("forms.account.fullNameRequired"),
  max: NAME_MAX,
  tooLong: formMsg("forms.account.nameTooLong", { max: NAME_MAX }),
});

const newPassword = z
  .string(formMsg("forms.account.passwordRequired"))
  .min(PASSWORD_MIN, formMsg("forms.account.passwordTooShort", { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, formMsg("forms.account.passwordTooLong", { max: PASSWORD_MAX }));

export const RegisterSchema = z.object({
  full_name: fullName,
  email,
  password: newPassword,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: z
    .string(formMsg("forms.account.emailRequired"))
    .trim()
    .min(1, formMsg("forms.account.emailRequired"))
    .max(EMAIL_MAX)
    .transform((v) => v.toLowerCase()),
  password: z.string(formMsg("forms.account.passwordNeeded")).min(1, formMsg("forms.account.passwordNeeded")).max(PASSWORD_MAX),
});

/** Optional: blank (or null) clears it; anything else must be a Ghana number, kept as +233XXXXXXXXX. */
const optionalPhone = z
  .string(formMsg("forms.account.phoneFormat"))
  .max(PHONE_MAX, formMsg("forms.account.phoneFormat"))
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === "") return null;
    const phone = normalizeGhanaPhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", ...formIssue("forms.account.phoneFormat") });
      return z.NEVER;
    }
    return phone;
  });

/** Only the full name and phone can change through a profile update (never the email or is_admin). */
export const ProfileUpdateSchema = z.object({ full_name: fullName.optional(), phone: optionalPhone.optional() });

const currentPasswordRequired = formMsg("forms.account.currentPasswordRequired");
const currentPassword = z.string(currentPasswordRequired).min(1, currentPasswordRequired).max(PASSWORD_MAX, currentPasswordRequired);
const newPasswordDiffers = { ...formMsg("forms.account.newPasswordSame"), path: ["new_password"] };

/** The API's change: the current password, and a new one by the registration rule. */
export const ChangePasswordSchema = z.object({ current_password: currentPassword, new_password: newPassword }).refine((v) => v.new_password !== v.current_password, newPasswordDiffers);

/** The page's form also asks for the new password twice (there is no one to ask if it was mistyped). */
export const ChangePasswordFormSchema = z
  .object({ current_password: currentPassword, new_password: newPassword, confirm_password: z.string().max(PASSWORD_MAX).optional().default("") })
  .refine((v) => v.new_password !== v.current_password, newPasswordDiffers)
  .refine((v) => v.new_password === v.confirm_password, { ...formMsg("forms.account.passwordsDiffer"), path: ["confirm_password"] });

const closePasswordRequired = formMsg("forms.account.closePasswordRequired");

/** Closing asks for the password again: a session left open on a shared phone must not be enough. */
export const CloseAccountSchema = z.object({
  password: z.string(closePasswordRequired).min(1, closePasswordRequired).max(PASSWORD_MAX, closePasswordRequired),
});

export const ResetRequestSchema = z.object({ email });
export const ResetPasswordSchema = z.object({ password: newPassword, confirm: z.string() }).refine((v) => v.password === v.confirm, { ...formMsg("forms.account.passwordsDiffer"), path: ["confirm"] });

const phoneCodeFormat = formMsg("refusals.phoneCodeFormat");
/** A 6-digit SMS code, as people type it ("123 456" too). */
export const phoneCode = z
  .string(phoneCodeFormat)
  .max(20, phoneCodeFormat)
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, phoneCodeFormat));

/** The reset with the SMS code: the email, the code and the new password twice, all checked at once. */
export const ResetWithCodeSchema = z
  .object({ email, code: phoneCode, password: newPassword, confirm: z.string().max(PASSWORD_MAX).optional().default("") })
  .refine((v) => v.password === v.confirm, { ...formMsg("forms.account.passwordsDiffer"), path: ["confirm"] });

// ---- the PIN and accounts registered by phone (issue 31) ----

/** A new PIN by the rules of app/domain/pin.ts (pinWeakness says which one it breaks). */
const newPin = z
  .string(formMsg("refusals.pinFormat", { min: PIN_MIN_DIGITS, max: PIN_MAX_DIGITS }))
  .max(64, formMsg("refusals.pinFormat", { min: PIN_MIN_DIGITS, max: PIN_MAX_DIGITS }))
  .transform((value, ctx) => {
    const pin = value.trim();
    const weakness = pinWeakness(pin);
    if (weakness) {
      ctx.addIssue({ code: "custom", ...issueOf(weakness) });
      return z.NEVER;
    }
    return pin as NewPin;
  });

const pinNeeded = formMsg("refusals.pinNeeded");
/**
 * The PIN given to show it is the owner, as typed (a wrong one is the PIN check's to count). An entry
 * that cannot be a PIN (letters, not 4 to 6 digits: malformedPinAttempt) is refused here, as at the
 * sign-in doors, and never reaches the check: a slip costs no try toward the lock. (Empty: asked for.)
 */
const currentPin = z
  .string(pinNeeded)
  .trim()
  .min(1, pinNeeded)
  .superRefine((value, ctx) => {
    const malformed = value ? malformedPinAttempt(value) : null;
    if (malformed) ctx.addIssue({ code: "custom", ...issueOf(malformed) });
  });

/** The API's PIN (POST /api/v1/auth/pin): the password again, and the new PIN. */
export const SetPinSchema = z.object({
  password: z.string(formMsg("refusals.passwordNeeded")).min(1, formMsg("refusals.passwordNeeded")).max(PASSWORD_MAX, formMsg("refusals.passwordNeeded")),
  pin: newPin,
});

/** The account page's PIN form: the new PIN twice (the page has no one to ask if it was mistyped); the proof is read by ProofSchema. */
export const PinFormSchema = z
  .object({ new_pin: newPin, confirm_pin: z.string().max(64).optional().default("") })
  .refine((v) => v.new_pin === v.confirm_pin.trim(), { ...formMsg("refusals.pinsDiffer"), path: ["confirm_pin"] });

/**
 * What an account page form takes to show it is the owner: the current password, or for an account
 * without one (registered by phone) the current PIN; the account says which, never the form.
 */
export const ProofSchema = {
  password: z.object({ current_password: currentPassword }).transform((v) => ({ password: v.current_password })),
  pin: z.object({ current_pin: currentPin }).transform((v) => ({ pin: v.current_pin })),
};

/** Closing the account: the password as before, or the PIN for an account without one. */
export const CloseWithPinSchema = z.object({ current_pin: currentPin }).transform((v) => ({ pin: v.current_pin }));

/** An email for an account without one. */
export const AddEmailSchema = z.object({ email });

/** A first password for an account without one, twice. */
export const FirstPasswordSchema = z
  .object({ new_password: newPassword, confirm_password: z.string().max(PASSWORD_MAX).optional().default("") })
  .refine((v) => v.new_password === v.confirm_password, { ...formMsg("forms.account.passwordsDiffer"), path: ["confirm_password"] });

/** Signing in with a phone number: the number (a Ghana number, kept as +233...). */
export const PhoneSignInSchema = z.object({
  phone: z
    .string(formMsg("forms.account.phoneFormat"))
    .max(PHONE_MAX, formMsg("forms.account.phoneFormat"))
    .transform((value, ctx) => {
      const phone = normalizeGhanaPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", ...formIssue("forms.account.phoneFormat") });
        return z.NEVER;
      }
      return phone;
    }),
});

/**
 * A registration by phone (the USSD door): the name as registration reads it, the number the network
 * gave (any Ghana spelling, kept as +233...) and a new PIN. Typed input for registerByPhone.
 */
export const PhoneRegistrationSchema = z.object({ full_name: fullName, phone: PhoneSignInSchema.shape.phone, pin: newPin });
