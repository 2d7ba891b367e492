import { desc, eq } from "drizzle-orm";
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
