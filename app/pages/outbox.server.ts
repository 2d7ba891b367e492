import { maskPhone } from "~/domain/notices";
import { getEnv } from "~/lib/env.server";
import { listAttempts, listOutbox, retryOutboxMessage } from "~/models/outbox.server";
import { OUTBOX_STATUSES, type OutboxStatus } from "~/models/schema.server";

const time = (iso: string | null) => (iso ? iso.slice(0, 19).replace("T", " ") : "");

/**
 * /admin/outbox. With the demo outbox this page is where messages are read, so every body shows.
 * With a real mailer or SMS provider, the body of a security message (a reset link, a code) is
 * hidden: an admin must not be able to take over an account from here. Phones are always masked.
 */
export function outboxPage(statusParam: string | null) {
  const env = getEnv();
  const status = (OUTBOX_STATUSES as readonly string[]).includes(statusParam ?? "") ? (statusParam as OutboxStatus) : null;
  const { rows, counts } = listOutbox({ status });
  const attempts = listAttempts(rows.map((r) => r.id));
  const demoChannel = { EMAIL: env.EMAIL_PROVIDER === "demo", SMS: env.SMS_PROVIDER === "demo" };
  return {
    status: status ?? "",
    counts,
    demo: [...(demoChannel.EMAIL ? ["email"] : []), ...(demoChannel.SMS ? ["SMS"] : [])],
    rows: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      kind: r.kind,
      status: r.status,
      to: r.channel === "SMS" ? maskPhone(r.recipient) : r.recipient,
      subject: r.subject,
      body: r.category === "security" && !demoChannel[r.channel] ? "(A security message: its text is not shown here.)" : r.bodyText,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: time(r.createdAt),
      sentAt: time(r.sentAt),
      nextAttemptAt: time(r.nextAttemptAt),
      tries: attempts.filter((a) => a.outboxId === r.id).map((a) => ({ id: a.id, startedAt: time(a.startedAt), outcome: a.outcome, error: a.error })),
    })),
  };
}

export function retryFromAdmin(id: string, adminId: number): boolean {
  return /^\d{1,15}$/.test(id) ? retryOutboxMessage(Number(id), { adminId }) : false;
}
