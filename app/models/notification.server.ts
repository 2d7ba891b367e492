import { and, desc, eq, isNull, lt, lte, sql } from "drizzle-orm";
import type { Locale, MessageRef } from "~/catalog/format";
import { getDb, prepared } from "~/lib/db.server";
import { selectJsonRows, type JsonRowColumn } from "~/lib/sql-dialect.server";
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
  notifyEach(kind, [{ userId, message }]);
}

/** The columns of a stored notice, in the order `notifyEach` gives them. */
const NOTICE_COLUMNS: readonly JsonRowColumn[] = [
  ["user_id", "integer"],
  ["kind", "text"],
  ["message", "text"],
  ["message_id", "text"],
  ["message_params", "text"],
  ["created_at", "text"],
];
/** Up to this many notices, a statement each (cheaper on SQLite than through JSON); more go in as JSON. */
const NOTICES_STORED_ONE_BY_ONE = 8;
/** Notices per JSON statement: a payout run's 10,000 investors are two statements. */
const NOTICES_PER_STATEMENT = 5000;

/**
 * `notify` for many people at once, each their own message (a payout run's investors): the notices
 * are stored in a few statements, not one per person, then each is queued for email and SMS.
 */
export function notifyEach(kind: string, notices: ReadonlyArray<{ userId: number; message: MessageRef }>) {
  const createdAt = nowIso();
  const rows = notices.map(({ userId, message }) => {
    const { id, params } = messageColumns(message);
    return [userId, kind, "", id, params, createdAt];
  });
  const columns = NOTICE_COLUMNS.map(([name]) => name).join(", ");
  if (rows.length <= NOTICES_STORED_ONE_BY_ONE) {
    const insert = prepared(`insert into notifications (${columns}) values (${NOTICE_COLUMNS.map(() => "?").join(", ")})`);
    for (const row of rows) insert.run(...row);
  } else {
    const insert = prepared<[string]>(`insert into notifications (${columns}) ${selectJsonRows(NOTICE_COLUMNS)}`);
    for (let at = 0; at < rows.length; at += NOTICES_PER_STATEMENT) insert.run(JSON.stringify(rows.slice(at, at + NOTICES_PER_STATEMENT)));
  }
  for (const { userId, message } of notices) queueNotice(userId, kind, message);
}

/**
 * A person's notices, newest first, each in the reader's language: `limit` of them, older than the
 * notice `before` when it is given (the next page of a list that shows the newest first).
 */
export function listNotifications(userId: number, locale: Locale, { limit = 50, before = null }: { limit?: number; before?: number | null } = {}) {
  return getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), before === null ? undefined : lt(notifications.id, before)))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .all()
    .map(({ messageId, messageParams, ...n }) => ({ ...n, message: storedText(locale, messageId, messageParams, n.message) }));
}

/** How many of a person's notices are not read yet (see markNotificationsRead). */
export function countUnreadNotifications(userId: number): number {
  const row = getDb()
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .get();
  return Number(row?.n ?? 0);
}

/**
 * Marks a person's unread notices read, now: every one up to the notice `upTo` (the newest the reader
 * was shown), or all when it is null. A notice read earlier keeps the time it was first read; one that
 * arrived after the list was shown stays unread. Returns how many were marked.
 */
export function markNotificationsRead({ userId, upTo }: { userId: number; upTo: number | null }): number {
  return getDb()
    .update(notifications)
    .set({ readAt: nowIso() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), upTo === null ? undefined : lte(notifications.id, upTo)))
    .returning({ id: notifications.id })
    .all().length;
}
