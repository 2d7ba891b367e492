import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/forms/limits";
import { singleLineText } from "~/forms/text.server";


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
