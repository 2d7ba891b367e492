import { z } from "zod";
import { CONTACT_LIMITS } from "~/forms/limits";
import { singleLineText } from "~/forms/text.server";

// Pure rules, named *.server.ts only so that zod (about 90 KB gzipped) never reaches a browser
// bundle: Remix empties server modules in the client build, while a plain import from a route
// module drags zod into the page's chunks even when only the action uses it.

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
