import type { ContactInput } from "~/forms/contact.server";
import { nowIso } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { contactMessages } from "~/models/schema.server";
import { desc } from "drizzle-orm";

/** Stores a message from the contact form (already checked by ContactSchema). */
export function createContactMessage({ userId, name, email, subject, message }: ContactInput & { userId: number | null }): { id: number } {
  const [row] = getDb().insert(contactMessages).values({ userId, name, email, subject, message, createdAt: nowIso() }).returning({ id: contactMessages.id }).all();
  return row;
}

export function listContactMessages(limit = 100) {
  return getDb().select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(limit).all();
}

export function contactMessageJson(m: ReturnType<typeof listContactMessages>[number]) {
  return { id: m.id, user_id: m.userId, name: m.name, email: m.email, subject: m.subject, message: m.message, created_at: m.createdAt };
}
