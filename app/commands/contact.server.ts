import type { ContactInput } from "~/forms/contact.server";
import { createContactMessage } from "~/models/contact.server";
import type { Actor } from "~/commands/command.server";

/** A message for support from the contact form; `actor` is the signed-in person who sent it, if any. */
export function sendContactMessage(input: ContactInput & { actor: Actor | null }): { id: number } {
  const { actor, ...message } = input;
  return createContactMessage({ ...message, userId: actor?.id ?? null });
}
