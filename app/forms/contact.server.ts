import { z } from "zod";
import { msg } from "~/catalog/ref";
import { CONTACT_LIMITS } from "~/forms/limits";
import { formMsg } from "~/forms/parse.server";
import { singleLineText } from "~/forms/text.server";

// Pure rules, named *.server.ts only so that zod (about 90 KB gzipped) never reaches a browser
// bundle: Remix empties server modules in the client build, while a plain import from a route
// module drags zod into the page's chunks even when only the action uses it.

const messageRequired = formMsg("forms.contact.messageRequired");

export const ContactSchema = z.object({
  name: singleLineText({
    label: msg("forms.label.yourName"),
    required: formMsg("forms.contact.nameRequired"),
    max: CONTACT_LIMITS.name,
    tooLong: formMsg("forms.account.nameTooLong", { max: CONTACT_LIMITS.name }),
  }),
  email: z
    .string(formMsg("forms.account.emailRequired"))
    .trim()
    .min(1, formMsg("forms.account.emailRequired"))
    .max(CONTACT_LIMITS.email, formMsg("forms.account.emailTooLong"))
    .pipe(z.email(formMsg("reset.request.invalidEmail")))
    .transform((v) => v.toLowerCase()),
  subject: singleLineText({
    label: msg("forms.label.subject"),
    required: formMsg("forms.contact.subjectRequired"),
    max: CONTACT_LIMITS.subject,
    tooLong: formMsg("forms.contact.subjectTooLong", { max: CONTACT_LIMITS.subject + 1 }),
  }),
  message: z
    .string(messageRequired)
    .trim()
    .min(1, messageRequired)
    .min(CONTACT_LIMITS.messageMin, formMsg("forms.contact.messageTooShort", { min: CONTACT_LIMITS.messageMin }))
    .max(CONTACT_LIMITS.message, formMsg("forms.contact.messageTooLong", { max: CONTACT_LIMITS.message })),
});

export type ContactInput = z.infer<typeof ContactSchema>;
