import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/domain/account-limits";
import { singleLineText } from "~/domain/text-rules";

// Page components import these from account-limits.ts (no zod in the browser bundle).
export { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, RESET_REQUESTED, RESET_UNAVAILABLE } from "~/domain/account-limits";

const email = z
  .string({ error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(EMAIL_MAX, "That email address is too long.")
  .pipe(z.email({ error: "Enter a valid email address." }))
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
  email: z.string({ error: "Enter your email address." }).trim().min(1, "Enter your email address.").max(EMAIL_MAX).transform((v) => v.toLowerCase()),
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(PASSWORD_MAX),
});

/** Only the full name can change through a profile update. */
export const ProfileUpdateSchema = z.object({ full_name: fullName.optional() });

export const ResetRequestSchema = z.object({ email });
export const ResetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "The two passwords do not match.", path: ["confirm"] });

export const INVALID_CREDENTIALS = "Wrong email or password.";
export const EMAIL_TAKEN = "An account with this email already exists.";
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please try again later.";

/** Field name -> first message, for forms and `detail`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

const SAME_ORIGIN = "http://same-origin.invalid";

/**
 * Only a path on this site: never an open redirect. Browsers drop tabs and newlines from a URL and
 * read "\" as "/", so "/\t/evil.example" would go to //evil.example: any control character or
 * backslash gives the fallback, as does anything that does not resolve to our own origin. The path
 * comes back as the URL parser writes it (percent-encoded), so a Location header can always carry it.
 */
export function safeRedirect(to: unknown, fallback = "/portfolio"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || /[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
