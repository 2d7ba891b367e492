import { desc, eq } from "drizzle-orm";
import { getDb, prepared } from "~/lib/db.server";
import { notifications } from "~/models/schema.server";
import { nowIso } from "~/lib/clock.server";
import { queueNotice } from "~/models/messages.server";

/**
 * Tells an investor something: the in-app notice (the portfolio's activity list) and, in the same
 * transaction (callers run it inside the event's own), its email and SMS through the outbox, per
 * the investor's preferences and confirmed contacts (queueNotice; app/domain/notices.ts maps kinds
 * to preferences). Every notice to a person goes through here.
 */
export function notify(userId: number, kind: string, message: string) {
  // Prepared once: a payout run calls this once per investor (10,000 in `npm run bench`).
  prepared<[number, string, string, string]>("insert into notifications (user_id, kind, message, created_at) values (?, ?, ?, ?)").run(userId, kind, message, nowIso());
  queueNotice(userId, kind, message);
}

export function listNotifications(userId: number, limit = 50) {
  return getDb().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit).all();
}
