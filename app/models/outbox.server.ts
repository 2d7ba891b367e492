/**
 * The outbox worker (issue 16). Rows are written by messages.server.ts in the transaction of their
 * cause; here they are delivered, each at most once per channel, even with several worker
 * processes on one database and across restarts:
 *
 * 1. claim (one synchronous transaction): `UPDATE ... SET status='sending', lease ... WHERE
 *    status='queued' AND due` with RETURNING, so two workers can never claim the same row; an
 *    attempt row is started for each;
 * 2. send (async, outside any transaction);
 * 3. record (one synchronous transaction): sent; or queued again after a backoff; or failed after
 *    the last try or a permanent refusal.
 *
 * A row still 'sending' after its lease belongs to a worker that stopped mid-send: the message may
 * have arrived, so it is marked failed (attempt outcome "lost"), never re-sent by itself. An admin
 * sees it on /admin/outbox and may press Retry.
 */
import type { Locale } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { lastErrorColumns } from "~/models/stored-message.server";
import { errorField, logger } from "~/lib/logger.server";
import crypto from "node:crypto";
import os from "node:os";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { maskPhone, retryDelaySeconds, sendLimitMs } from "~/domain/notices";
import { now, nowIso } from "~/lib/clock.server";
import { getDb, prepared } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { createEmailSender, type EmailSender } from "~/integrations/email/index.server";
import { createSmsSender, type SmsSender } from "~/integrations/sms/index.server";
import { recordAudit } from "~/models/audit.server";
import { atomic } from "~/models/ledger.server";
import { outbox, outboxAttempts, type OutboxStatus } from "~/models/schema.server";

export type OutboxRow = typeof outbox.$inferSelect;
export type Senders = { email: EmailSender; sms: SmsSender };

type DeliveryError = Error & { permanent?: boolean };

const at = (ms: number) => new Date(now().getTime() + ms).toISOString();

/** A provider's own error (or none): kept in its words, with no catalog id. */
const PROVIDER_WORDS = (error: string | null) => ({ lastError: error, lastErrorId: null, lastErrorParams: null });

/** Marks rows whose worker stopped mid-send as failed (their lease ran out while 'sending'). */
function sweepLost(): number {
  const db = getDb();
  const t = nowIso();
  const lost = db
    .update(outbox)
    .set({ status: "failed", ...lastErrorColumns(msg("outboxError.workerStopped")) })
    .where(and(eq(outbox.status, "sending"), sql`${outbox.leaseUntil} < ${t}`))
    .returning({ id: outbox.id })
    .all();
  if (lost.length) {
    db.update(outboxAttempts)
      .set({ finishedAt: t, outcome: "lost", error: "worker stopped before the provider answered" })
      .where(
        and(
          inArray(
            outboxAttempts.outboxId,
            lost.map((r) => r.id),
          ),
          sql`${outboxAttempts.finishedAt} is null`,
        ),
      )
      .run();
  }
  return lost.length;
}

/** Whether a message is due, or a lease ran out while 'sending' (what claimOutbox would act on). */
function hasOutboxWork(t: string): boolean {
  const found = prepared<[string, string], { found: number }>(
    `select 1 as found from outbox where (status = 'queued' and next_attempt_at <= ?) or (status = 'sending' and lease_until < ?) limit 1`,
  ).get(t, t);
  return found !== undefined;
}

export type OutboxChannel = OutboxRow["channel"];

/**
 * Claims due rows for `worker` (see the file comment), oldest first: up to `places[channel]` of each
 * channel (the worker's free places). Sweeps lost leases first, whatever it claims. Synchronous,
 * one transaction.
 */
export function claimOutbox(worker: string, places: Record<OutboxChannel, number>): OutboxRow[] {
  const db = getDb();
  // Most ticks find nothing to do. A read says so without the write transaction, whose lock a
  // request writing at that moment would wait for (on PostgreSQL: a serializable transaction per
  // tick and host). What falls due after the read waits for the next tick, as it would anyway.
  if (!hasOutboxWork(nowIso())) return [];
  return atomic(() => {
    sweepLost();
    const t = nowIso();
    const leaseUntil = at(getEnv().OUTBOX_LEASE_SECONDS * 1000);
    const ids: number[] = [];
    for (const [channel, limit] of Object.entries(places) as Array<[OutboxChannel, number]>) {
      if (limit <= 0) continue;
      const rows = prepared<[string, string, string, string, number], { id: number }>(
        `update outbox set status = 'sending', lease_owner = ?, lease_until = ?, attempts = attempts + 1
         where id in (select id from outbox where status = 'queued' and channel = ? and next_attempt_at <= ? order by id limit ?) and status = 'queued'
         returning id`,
      ).all(worker, leaseUntil, channel, t, limit);
      for (const r of rows) ids.push(r.id);
    }
    if (ids.length === 0) return [];
    const claimed = db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id).all();
    for (const row of claimed) db.insert(outboxAttempts).values({ outboxId: row.id, attempt: row.attempts, worker, startedAt: t }).run();
    return claimed;
  });
}

/** Records how a claimed row's attempt ended. Only the worker that holds the lease may. */
export function recordAttempt(row: OutboxRow, worker: string, result: { ok: true; providerRef: string } | { ok: false; error: string; permanent: boolean }) {
  const db = getDb();
  const { OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_SECONDS } = getEnv();
  atomic(() => {
    const t = nowIso();
    const mine = and(eq(outbox.id, row.id), eq(outbox.leaseOwner, worker));
    let outcome: string;
    if (result.ok) {
      // A row the sweeper gave up on but whose send did finish is still recorded as sent.
      db.update(outbox)
        .set({ status: "sent", sentAt: t, providerRef: result.providerRef, leaseOwner: null, leaseUntil: null, ...PROVIDER_WORDS(null) })
        .where(mine)
        .run();
      outcome = "sent";
    } else if (result.permanent || row.attempts >= OUTBOX_MAX_ATTEMPTS) {
      db.update(outbox)
        .set({ status: "failed", ...PROVIDER_WORDS(result.error), leaseOwner: null, leaseUntil: null })
        .where(and(mine, eq(outbox.status, "sending")))
        .run();
      outcome = result.permanent ? "refused" : "error";
    } else {
      const wait = retryDelaySeconds(row.attempts, OUTBOX_RETRY_SECONDS) * 1000;
      db.update(outbox)
        .set({ status: "queued", ...PROVIDER_WORDS(result.error), nextAttemptAt: at(wait), leaseOwner: null, leaseUntil: null })
        .where(and(mine, eq(outbox.status, "sending")))
        .run();
      outcome = "error";
    }
    db.update(outboxAttempts)
      .set({ finishedAt: t, outcome, error: result.ok ? null : result.error })
      .where(and(eq(outboxAttempts.outboxId, row.id), eq(outboxAttempts.attempt, row.attempts), eq(outboxAttempts.worker, worker), isNull(outboxAttempts.finishedAt)))
      .run();
  });
}

async function send(row: OutboxRow, senders: Senders, signal: AbortSignal): Promise<{ providerRef: string }> {
  if (row.channel === "SMS") return senders.sms.send({ to: row.recipient, text: row.bodyText, reference: `akoko-${row.id}`, kind: row.kind, signal });
  const host = new URL(getEnv().appUrl).hostname;
  return senders.email.send({
    to: row.recipient,
    subject: row.subject,
    text: row.bodyText,
    html: row.bodyHtml,
    // RFC 2369 and RFC 8058: a one-click unsubscribe mail clients can show. Never on security mail.
    headers: row.unsubscribeUrl && row.category !== "security" ? { "List-Unsubscribe": `<${row.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
    messageId: `<outbox-${row.id}@${host}>`,
    kind: row.kind,
    signal,
  });
}

/**
 * Sends one claimed row and records the answer; never throws for a refused or failed send. A send
 * still unanswered when the lease is about to run out is given up (`sendLimitMs`), judged as the
 * provider's own timeout is: a message that may have arrived is failed, never re-sent by itself. So
 * no send outlives its lease, which the sweeper would take for a stopped worker's.
 */
export async function deliverClaimed(row: OutboxRow, worker: string, senders: Senders): Promise<void> {
  try {
    const { providerRef } = await send(row, senders, AbortSignal.timeout(sendLimitMs(getEnv().OUTBOX_LEASE_SECONDS)));
    recordAttempt(row, worker, { ok: true, providerRef });
  } catch (error) {
    const e = error as DeliveryError;
    recordAttempt(row, worker, { ok: false, error: String(e?.message ?? e).slice(0, 300), permanent: Boolean(e?.permanent) });
  }
}

export function createSenders(): Senders {
  const env = getEnv();
  // The demo senders print links and codes to the log for developers, never in production.
  const logText = env.NODE_ENV !== "production";
  return {
    email: createEmailSender({ provider: env.EMAIL_PROVIDER, smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM, timeoutMs: env.SMTP_TIMEOUT_MS, logText }),
    sms: createSmsSender({
      logText,
      provider: env.SMS_PROVIDER,
      clientId: env.HUBTEL_CLIENT_ID,
      clientSecret: env.HUBTEL_CLIENT_SECRET,
      baseUrl: env.HUBTEL_SMS_URL,
      senderId: env.SMS_SENDER_ID,
    }),
  };
}

/**
 * How many messages of one channel a worker sends at once. Each channel has its own places, so a
 * mail server that hangs never holds back an SMS; and a slow message holds only its own place: the
 * others go on being claimed and sent each tick.
 */
export const OUTBOX_IN_FLIGHT_PER_CHANNEL = 10;

type Running = { timer: NodeJS.Timeout; inFlight: Set<Promise<void>>; sending: Record<OutboxChannel, number>; senders: Senders };
let running: Running | null = null;

/**
 * Starts delivering every OUTBOX_POLL_MS (scripts/server.js, after initDatabase). Off with
 * OUTBOX_WORKER=false. A tick does not wait for the sends of the ticks before it: it sweeps lost
 * leases and claims what is due up to the free places of each channel; each message is recorded
 * when its own answer comes.
 */
export function startOutboxWorker(): void {
  const env = getEnv();
  if (!env.OUTBOX_WORKER || running) return;
  const worker = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const state: Running = { timer: setInterval(() => tick(), env.OUTBOX_POLL_MS), inFlight: new Set(), sending: { EMAIL: 0, SMS: 0 }, senders: createSenders() };
  const tick = () => {
    if (running !== state) return;
    let rows: OutboxRow[];
    try {
      rows = claimOutbox(worker, { EMAIL: OUTBOX_IN_FLIGHT_PER_CHANNEL - state.sending.EMAIL, SMS: OUTBOX_IN_FLIGHT_PER_CHANNEL - state.sending.SMS });
    } catch (error) {
      logger.error({ worker: "outbox", err: errorField(error) }, "outbox delivery failed");
      return;
    }
    for (const row of rows) {
      state.sending[row.channel] += 1;
      const done: Promise<void> = deliverClaimed(row, worker, state.senders)
        .catch((error) => logger.error({ worker: "outbox", err: errorField(error) }, "outbox delivery failed"))
        .finally(() => {
          state.sending[row.channel] -= 1;
          state.inFlight.delete(done);
        });
      state.inFlight.add(done);
    }
  };
  running = state;
  state.timer.unref();
  setImmediate(tick);
}

/** Stops taking new messages and waits (up to `waitMs`) for the sends in flight to record their answers. */
export async function stopOutboxWorker(waitMs = 5000): Promise<void> {
  if (!running) return;
  const { timer, inFlight, senders } = running;
  clearInterval(timer);
  running = null;
  if (inFlight.size > 0) {
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => (waited = setTimeout(r, waitMs)))]);
    clearTimeout(waited);
  }
  senders.email.close?.();
}

// ---- the admin page and API ----

/** What an admin's list holds at most: the newest messages (filters reach older ones). */
export const OUTBOX_LIST_LIMIT = 100;

export type OutboxFilter = { status?: OutboxStatus | null; userId?: number | null; kind?: string | null };

/** The newest messages matching every filter given, newest first. */
export function listOutbox({ status, userId, kind, limit = OUTBOX_LIST_LIMIT }: OutboxFilter & { limit?: number } = {}): OutboxRow[] {
  return getDb()
    .select()
    .from(outbox)
    .where(and(status ? eq(outbox.status, status) : undefined, userId ? eq(outbox.userId, userId) : undefined, kind ? eq(outbox.kind, kind) : undefined))
    .orderBy(desc(outbox.id))
    .limit(limit)
    .all();
}

/** How many messages are in each status (the page's filter links). */
export function countOutbox(): Partial<Record<OutboxStatus, number>> {
  const rows = getDb()
    .select({ status: outbox.status, n: sql<number>`count(*)` })
    .from(outbox)
    .groupBy(outbox.status)
    .all() as Array<{ status: OutboxStatus; n: number }>;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * What an admin may read of a message, on /admin/outbox and GET /api/v1/admin/outbox. With the demo
 * outbox that is where messages are read, so every text shows. With a real mailer or SMS provider
 * the text of a security message (a reset link, a code) is hidden: an admin must not be able to
 * take over an account from here. Phones are always masked.
 */
export function readableByAdmin(row: OutboxRow, locale: Locale): { recipient: string; text: string } {
  const env = getEnv();
  const demo = row.channel === "SMS" ? env.SMS_PROVIDER === "demo" : env.EMAIL_PROVIDER === "demo";
  return {
    recipient: row.channel === "SMS" ? maskPhone(row.recipient) : row.recipient,
    text: row.category === "security" && !demo ? render(locale, msg("adminOutbox.securityHidden")) : row.bodyText,
  };
}

/** A message as GET /api/v1/admin/outbox answers it. */
export function outboxMessageJson(row: OutboxRow, locale: Locale) {
  const { recipient, text } = readableByAdmin(row, locale);
  return { id: row.id, user_id: row.userId, channel: row.channel, recipient, kind: row.kind, subject: row.subject, text, status: row.status, created_at: row.createdAt };
}

export function listAttempts(outboxIds: number[]) {
  if (outboxIds.length === 0) return [];
  return getDb().select().from(outboxAttempts).where(inArray(outboxAttempts.outboxId, outboxIds)).orderBy(outboxAttempts.id).all();
}

/**
 * Puts a failed message back in the queue for a fresh round of tries, recorded in the audit log;
 * false when it is not failed. (A message lost mid-send may then arrive twice: the admin decides.)
 */
export function retryOutboxMessage(id: number, { adminId }: { adminId: number }): boolean {
  const db = getDb();
  return atomic(() => {
    const done = db
      .update(outbox)
      .set({ status: "queued", attempts: 0, nextAttemptAt: nowIso(), leaseOwner: null, leaseUntil: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
      .run();
    if (done.changes === 1) recordAudit({ adminId, action: "OUTBOX_RETRY", detail: msg("auditDetail.outboxRetry", { messageId: id }) });
    return done.changes === 1;
  });
}
