import { and, desc, eq, sql } from "drizzle-orm";
import type { MessageRef } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { messageColumns } from "~/models/stored-message.server";
import { getPaymentsProvider, PaymentsError, type WebhookEvent } from "~/integrations/payments/index.server";
import { DomainError } from "~/domain/errors";
import { now, nowIso } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { errorField, logger } from "~/lib/logger.server";
import { businessCounters } from "~/lib/metrics.server";
import { afterCommit, getDb } from "~/lib/db.server";
import { applyDepositWord, applyRefundWord, listRefundsToSend, listStalePendingDeposits, refreshDeposit, sendDepositRefund } from "~/models/deposit.server";
import { atomic } from "~/models/ledger.server";
import { deposits, webhookEvents, type WebhookOutcome } from "~/models/schema.server";
import { applyWithdrawalWord, listStalePendingWithdrawals, refreshWithdrawal } from "~/models/withdrawal.server";

/**
 * The provider's word arriving on its own: signed webhooks, and the sweep that asks about what
 * stayed pending (a webhook lost, a server stopped between the provider's answer and ours).
 */

export type WebhookReceipt = { duplicate: boolean; outcome: WebhookOutcome; refundDue?: boolean };

const REFUND_EVENTS: Record<string, "pending" | "processed" | "failed"> = {
  "refund.pending": "pending",
  "refund.processed": "processed",
  "refund.failed": "failed",
};

const TRANSFER_EVENTS: Record<string, "succeeded" | "failed" | "reversed"> = {
  "transfer.success": "succeeded",
  "transfer.failed": "failed",
  "transfer.reversed": "reversed",
};

/**
 * Stores a signature-checked event once under its identity and acts on it, in one transaction: a
 * replay or a duplicate finds the row and changes nothing; an event for a reference we do not know
 * is kept and flagged.
 */
export function receiveWebhook({ provider, event, rawBody }: { provider: string; event: WebhookEvent; rawBody: string }): WebhookReceipt {
  const receipt = atomic((): WebhookReceipt => {
    const db = getDb();
    const seen = db
      .select({ id: webhookEvents.id, outcome: webhookEvents.outcome })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, event.id)))
      .get();
    if (seen) {
      db.update(webhookEvents)
        .set({ deliveries: sql`${webhookEvents.deliveries} + 1` })
        .where(eq(webhookEvents.id, seen.id))
        .run();
      return { duplicate: true, outcome: seen.outcome };
    }
    const { outcome, detail, refundDue } = actOn(event);
    const stored = { detail: render("en", detail), ...idColumns(detail) };
    db.insert(webhookEvents)
      .values({ provider, eventId: event.id, event: event.event, reference: event.reference, outcome, ...stored, payload: rawBody, receivedAt: nowIso() })
      .run();
    return { duplicate: false, outcome, refundDue };
  });
  afterCommit(() => businessCounters.webhookEvents.inc({ outcome: receipt.duplicate ? "duplicate" : receipt.outcome }));
  // The money goes back after the event is stored: the provider is asked outside the transaction,
  // and the webhook is answered at once (the sweep asks again if this attempt gets no answer).
  if (receipt.refundDue && event.reference) void refundByReference(event.reference);
  return receipt;
}

/**
 * A webhook as it arrived: null when the signature over these exact bytes is missing or wrong
 * (nothing is stored or changed), else the receipt of `receiveWebhook`.
 */
export function receiveSignedWebhook({ rawBody, signature }: { rawBody: Buffer; signature: string | null }): WebhookReceipt | null {
  const provider = getPaymentsProvider();
  let event: WebhookEvent | null;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    // Signed, but not an event: a 400 naming that, and nothing stored.
    if (error instanceof PaymentsError && error.code === "bad_request" && error.ref) throw new DomainError(400, error.ref);
    throw error;
  }
  if (!event) return null;
  return receiveWebhook({ provider: provider.name, event, rawBody: rawBody.toString("utf8") });
}

const idColumns = (ref: MessageRef) => {
  const { id, params } = messageColumns(ref);
  return { detailId: id, detailParams: params };
};

/** What came of an event, or why nothing did, as a catalog message; `refundDue` when a credited deposit must go back. */
function actOn(event: WebhookEvent): { outcome: WebhookOutcome; detail: MessageRef; refundDue?: boolean } {
  if (!event.reference) return { outcome: "ignored", detail: msg("webhookOutcome.noReference") };
  if (event.event === "charge.success") {
    const result = applyDepositWord({ reference: event.reference, word: { status: "succeeded", amountMinor: event.amountMinor, currency: event.currency } });
    if (result === "unknown_reference") return { outcome: "unknown_reference", detail: msg("webhookOutcome.noDeposit") };
    if (result === "flagged") return { outcome: "mismatch", detail: msg("webhookOutcome.depositMismatch") };
    return { outcome: "processed", detail: msg(`webhookOutcome.deposit.${result}`), refundDue: result === "refunded" };
  }
  const refund = REFUND_EVENTS[event.event];
  if (refund) {
    const result = applyRefundWord({ reference: event.reference, status: refund });
    if (result === "unknown_reference") return { outcome: "unknown_reference", detail: msg("webhookOutcome.noRefundedDeposit") };
    return { outcome: "processed", detail: msg(`webhookOutcome.refund.${refund}`) };
  }
  const transfer = TRANSFER_EVENTS[event.event];
  if (transfer) {
    const result = applyWithdrawalWord({ reference: event.reference, word: { status: transfer, amountMinor: event.amountMinor, currency: event.currency } });
    if (result === "unknown_reference") return { outcome: "unknown_reference", detail: msg("webhookOutcome.noWithdrawal") };
    if (result === "flagged") return { outcome: "mismatch", detail: msg("webhookOutcome.withdrawalMismatch") };
    return { outcome: "processed", detail: msg(`webhookOutcome.withdrawal.${result}`) };
  }
  return { outcome: "ignored", detail: msg("webhookOutcome.notActedOn") };
}

async function refundByReference(reference: string): Promise<void> {
  const row = getDb().select({ id: deposits.id }).from(deposits).where(eq(deposits.reference, reference)).get();
  if (row) await sendDepositRefund(row.id).catch((error) => logger.error({ depositId: row.id, err: errorField(error) }, "could not ask the provider for a refund"));
}

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

export function listWebhookEvents({ outcome, limit = 200 }: { outcome?: WebhookOutcome | null; limit?: number } = {}): WebhookEventRow[] {
  return getDb()
    .select()
    .from(webhookEvents)
    .where(outcome ? eq(webhookEvents.outcome, outcome) : undefined)
    .orderBy(desc(webhookEvents.id))
    .limit(limit)
    .all();
}

/**
 * Asks the provider about every deposit and withdrawal pending since before `before` (ISO) and
 * acts on its word. Safe to run from several processes at once: each change re-reads its row
 * under the write lock. Returns how many it asked about.
 */
export async function sweepPendingPayments({ before }: { before: string }): Promise<{ deposits: number; withdrawals: number }> {
  for (const d of listRefundsToSend()) await sendDepositRefund(d.id).catch((error) => logger.error({ depositId: d.id, err: errorField(error) }, "sweep could not ask for a refund"));
  const stale = listStalePendingDeposits({ before });
  for (const d of stale) await refreshDeposit({ depositId: d.id, force: true }).catch((error) => logger.error({ depositId: d.id, err: errorField(error) }, "sweep could not settle a deposit"));
  const inFlight = listStalePendingWithdrawals({ before }).filter((w) => w.reference !== null);
  for (const w of inFlight)
    await refreshWithdrawal({ withdrawalId: w.id, force: true }).catch((error) => logger.error({ withdrawalId: w.id, err: errorField(error) }, "sweep could not settle a withdrawal"));
  return { deposits: stale.length, withdrawals: inFlight.length };
}

/**
 * Runs the sweep every `PAYMENTS_SWEEP_SECONDS` (and once at start, so whatever a stopped server
 * left pending is settled), asking about what has waited `PAYMENTS_SWEEP_AFTER_SECONDS`. Returns a
 * stop function. One run at a time per process.
 */
export function startPaymentsSweep(): () => void {
  const env = getEnv();
  if (env.PAYMENTS_SWEEP_SECONDS === 0) return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await sweepPendingPayments({ before: new Date(now().getTime() - env.PAYMENTS_SWEEP_AFTER_SECONDS * 1000).toISOString() });
    } catch (error) {
      logger.error({ err: errorField(error) }, "payments sweep failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, env.PAYMENTS_SWEEP_SECONDS * 1000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
