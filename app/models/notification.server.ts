import { desc, eq } from "drizzle-orm";
import type { Locale, MessageRef } from "~/catalog/format";
import { getDb, prepared } from "~/lib/db.server";
import { notifications } from "~/models/schema.server";
import { nowIso } from "~/lib/clock.server";
import { queueNotice } from "~/models/messages.server";
import { messageColumns, storedText } from "~/models/stored-message.server";

/**
 * Tells an investor something: the in-app notice (the portfolio's activity list) and, in the same
 * transaction (callers run it inside the event's own), its email and SMS through the outbox, per
 * the investor's preferences and confirmed contacts (queueNotice; app/domain/notices.ts maps kinds
 * to preferences). Every notice to a person goes through here. The notice is stored as its catalog
 * id and parameters (`msg("notices.depositCredited", { amount: { money } })`) and rendered when read.
 */
export function notify(userId: number, kind: string, message: MessageRef) {
  const { id, params } = messageColumns(message);
  // Prepared once: a payout run calls this once per investor (10,000 in `npm run bench`).
  prepared<[number, string, string, string | null, string]>("insert into notifications (user_id, kind, message, message_id, message_params, created_at) values (?, ?, '', ?, ?, ?)").run(
    userId,
    kind,
    id,
    params,
    nowIso(),
  );
  queueNotice(userId, kind, message);
}

/** The newest notices of a person, each in the reader's language. */
export function listNotifications(userId: number, locale: Locale, limit = 50) {
  return getDb()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .all()
    .map(({ messageId, messageParams, ...n }) => ({ ...n, message: storedText(locale, messageId, messageParams, n.message) }));
}
