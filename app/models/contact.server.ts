import type { ContactInput } from "~/forms/contact.server";
import { nowIso } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { contactMessages } from "~/models/schema.server";

/** Stores a message from the contact form (already checked by ContactSchema). */
export function createContactMessage({ userId, name, email, subject, message }: ContactInput & { userId: number | null }): { id: number } {
  const [row] = getDb()
    .insert(contactMessages)
    .values({ userId, name, email, subject, message, createdAt: nowIso() })
    .returning({ id: contactMessages.id })
    .all();
  return row;
}
