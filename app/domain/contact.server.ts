import { z } from "zod";
import { fieldErrors } from "~/domain/account";
import { singleLineText } from "~/domain/text-rules";

// Pure rules, named *.server.ts only so that zod (about 90 KB gzipped) never reaches a browser
// bundle: Remix empties server modules in the client build, while a plain import from a route
// module drags zod into the page's chunks even when only the action uses it.

/** The contact form's limits: the zod rule below and the inputs' HTML attributes (sent by the loader). */
export const CONTACT_LIMITS = { name: 120, email: 254, subject: 150, messageMin: 10, message: 5000 } as const;

export const ContactSchema = z.object({
  name: singleLineText({ label: "Your name", required: "Enter your name.", max: CONTACT_LIMITS.name, tooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.` }),
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(CONTACT_LIMITS.email, "That email address is too long.")
    .pipe(z.email({ error: "Enter a valid email address." }))
    .transform((v) => v.toLowerCase()),
  subject: singleLineText({ label: "The subject", required: "Enter a subject.", max: CONTACT_LIMITS.subject, tooLong: `Keep the subject under ${CONTACT_LIMITS.subject + 1} characters.` }),
  message: z
    .string({ error: "Write your message." })
    .trim()
    .min(1, "Write your message.")
    .min(CONTACT_LIMITS.messageMin, `Write at least ${CONTACT_LIMITS.messageMin} characters so we can help.`)
    .max(CONTACT_LIMITS.message, `Your message can be at most ${CONTACT_LIMITS.message} characters.`),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export function parseContactForm(input: unknown): { ok: true; data: ContactInput } | { ok: false; fields: Record<string, string> } {
  const parsed = ContactSchema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fields: fieldErrors(parsed.error) };
}

export const CONTACT_SENT = "Thank you — your message has been sent. Support replies within 24 hours.";
export const CONTACT_TOO_MANY = "Too many messages from your connection. Please try again later.";
