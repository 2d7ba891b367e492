import type { Locale } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { countOutbox, listAttempts, listOutbox, readableByAdmin, type OutboxFilter } from "~/models/outbox.server";
import { retryOutboxMessage } from "~/commands/admin-content.server";
import { OUTBOX_STATUSES, type OutboxStatus } from "~/models/schema.server";
import { storedText } from "~/models/stored-message.server";

const time = (iso: string | null) => (iso ? iso.slice(0, 19).replace("T", " ") : "");

const isStatus = (value: string): value is OutboxStatus => (OUTBOX_STATUSES as readonly string[]).includes(value);

/** /admin/outbox: every body readable as `readableByAdmin` allows, with each delivery attempt. */
export function outboxPage(statusParam: string | null, locale: Locale) {
  const env = getEnv();
  const status = isStatus(statusParam ?? "") ? (statusParam as OutboxStatus) : null;
  const rows = listOutbox({ status });
  const counts = countOutbox();
  const attempts = listAttempts(rows.map((r) => r.id));
  return {
    status: status ?? ("" as const),
    counts,
    demo: [...(env.EMAIL_PROVIDER === "demo" ? (["email"] as const) : []), ...(env.SMS_PROVIDER === "demo" ? (["SMS"] as const) : [])],
    // Outside production only, the demo outbox prints each text to the log too (createSenders).
    demoLogsText: env.NODE_ENV !== "production",
    rows: rows.map((r) => {
      const { recipient, text } = readableByAdmin(r, locale);
      return {
        id: r.id,
        channel: r.channel,
        kind: r.kind,
        status: r.status,
        to: recipient,
        subject: r.subject,
        body: text,
        attempts: r.attempts,
        lastError: storedText(locale, r.lastErrorId, r.lastErrorParams, r.lastError),
        createdAt: time(r.createdAt),
        sentAt: time(r.sentAt),
        nextAttemptAt: time(r.nextAttemptAt),
        tries: attempts.filter((a) => a.outboxId === r.id).map((a) => ({ id: a.id, startedAt: time(a.startedAt), outcome: a.outcome, error: a.error })),
      };
    }),
  };
}

/**
 * GET /api/v1/admin/outbox's filters: `user_id`, `kind` (PASSWORD_RESET, PAYOUT, ...), `status`.
 * An empty one is no filter; a bad one is a 400.
 */
export function outboxApiFilter(params: URLSearchParams): OutboxFilter {
  const userId = params.get("user_id") || null;
  const kind = params.get("kind") || null;
  const status = params.get("status")?.toLowerCase() || null;
  if (userId !== null && !(/^\d{1,15}$/.test(userId) && Number(userId) > 0)) throw new HttpError(400, msg("refusals.outboxUserId"));
  if (kind !== null && !/^[A-Z][A-Z0-9_]{0,63}$/.test(kind)) throw new HttpError(400, msg("refusals.outboxKind"));
  if (status !== null && !isStatus(status)) throw new HttpError(400, msg("refusals.outboxStatus", { statuses: OUTBOX_STATUSES.slice(0, -1).join(", "), last: OUTBOX_STATUSES.at(-1)! }));
  return { userId: userId === null ? null : Number(userId), kind, status };
}

/** The outbox page's Retry: false for an id that names no message, as for one that is not failed. */
export function retryFromAdmin(id: string, admin: { id: number }): boolean {
  return /^\d{1,15}$/.test(id) ? retryOutboxMessage({ actor: admin, key: null }, { messageId: Number(id) }) : false;
}
