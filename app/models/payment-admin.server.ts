import type { Locale } from "~/catalog/format";
import { accountLabelSql } from "~/models/account-label.server";
import { msg } from "~/catalog/ref";
import { errorField, logger } from "~/lib/logger.server";
import { and, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type Column, type SQL } from "drizzle-orm";
import { addDays, isCalendarDate } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { PAYMENT_TIMINGS } from "~/domain/payments";
import { PaymentsError } from "~/integrations/payments/index.server";
import { now } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { reconcileDay, type ReconciliationReport } from "~/models/reconciliation.server";
import { deposits, users, webhookEvents, withdrawals, type WebhookOutcome } from "~/models/schema.server";
import { storedText } from "~/models/stored-message.server";

/**
 * What the admin's payments page reads (issue 15): deposits, withdrawals and webhook events with
 * filters, newest first, a page at a time, and what needs a person (stuck, flagged, unknown).
 * Read-only: nothing here changes money.
 */

const PROBLEM_OUTCOMES: WebhookOutcome[] = ["unknown_reference", "mismatch"];

/** The page's filters (app/pages/payment-admin.ts reads them from the URL). */
export type PaymentFilters = {
  list: "deposits" | "withdrawals" | "events";
  /** A status (deposits, withdrawals) or an outcome (events); null for all. */
  status: string | null;
  /** Part of the investor's email or of a reference (ours, or the event's id). */
  q: string;
  /** YYYY-MM-DD, inclusive, UTC. */
  from: string | null;
  to: string | null;
  /** PENDING for more than PAYMENT_TIMINGS.stuckAfterMs (deposits and withdrawals). */
  stuck: boolean;
  /** A mismatch flag (deposits, withdrawals) or an outcome a person must look at (events). */
  flagged: boolean;
  /** 1-based. */
  page: number;
};

/** The ISO instant before which a PENDING row counts as stuck (PAYMENT_TIMINGS.stuckAfterMs). */
export function stuckBefore(nowMs = now().getTime()): string {
  return new Date(nowMs - PAYMENT_TIMINGS.stuckAfterMs).toISOString();
}

/** `column LIKE %text%`, with the user's % and _ taken literally. */
function contains(column: Column, text: string): SQL {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`lower(${column}) like ${pattern} escape '\\'`;
}

/** created_at (or received_at) within the filters' days, UTC, both ends included. */
function inDays(column: Column, f: Pick<PaymentFilters, "from" | "to">): SQL[] {
  const out: SQL[] = [];
  if (f.from) out.push(gte(column, `${f.from}T00:00:00.000Z`));
  if (f.to) out.push(lt(column, `${addDays(f.to, 1)}T00:00:00.000Z`));
  return out;
}

type Deposit = typeof deposits.$inferSelect;
type Withdrawal = typeof withdrawals.$inferSelect;

export type AdminDepositRow = {
  id: number;
  reference: string;
  investor: string | null;
  amountMinor: number;
  currency: string;
  method: string;
  network: string | null;
  phoneHint: string | null;
  status: string;
  nextAction: string | null;
  /** A REFUNDED deposit's refund at the provider (TO_SEND, SENDING, PENDING, PROCESSED, FAILED). */
  refundStatus: string | null;
  flag: string | null;
  providerAmountMinor: number | null;
  createdAt: string;
  updatedAt: string | null;
};

export type AdminWithdrawalRow = {
  id: number;
  reference: string | null;
  investor: string | null;
  amountMinor: number;
  method: string;
  provider: string;
  accountNumber: string;
  status: string;
  flag: string | null;
  failureMessage: string | null;
  createdAt: string;
  updatedAt: string | null;
};

export type AdminWebhookRow = {
  id: number;
  provider: string;
  event: string;
  reference: string | null;
  outcome: string;
  detail: string;
  payload: string;
  deliveries: number;
  receivedAt: string;
};

export type AdminPaymentsPage =
  { list: "deposits"; rows: AdminDepositRow[]; total: number } | { list: "withdrawals"; rows: AdminWithdrawalRow[]; total: number } | { list: "events"; rows: AdminWebhookRow[]; total: number };

/** One page of the chosen list, newest first, and how many rows match in all. */
/** One page of a list; a withdrawal's failure is in the reader's language (`locale`). */
export function listAdminPayments(f: PaymentFilters, { pageSize, locale, nowMs = now().getTime() }: { pageSize: number; locale: Locale; nowMs?: number }): AdminPaymentsPage {
  const db = getDb();
  const offset = (f.page - 1) * pageSize;
  if (f.list === "deposits") {
    const where = and(
      ...inDays(deposits.createdAt, f),
      f.status ? eq(deposits.status, f.status as Deposit["status"]) : undefined,
      f.q ? or(contains(users.email, f.q), contains(deposits.reference, f.q)) : undefined,
      f.stuck ? and(eq(deposits.status, "PENDING"), lt(deposits.createdAt, stuckBefore(nowMs))) : undefined,
      f.flagged ? isNotNull(deposits.flag) : undefined,
    );
    const total = db.select({ n: count() }).from(deposits).leftJoin(users, eq(users.id, deposits.userId)).where(where).get()?.n ?? 0;
    const rows = db
      .select({
        id: deposits.id,
        reference: deposits.reference,
        investor: accountLabelSql,
        amountMinor: deposits.amountMinor,
        currency: deposits.currency,
        method: deposits.method,
        network: deposits.network,
        phoneHint: deposits.phoneHint,
        status: deposits.status,
        nextAction: deposits.nextAction,
        refundStatus: deposits.refundStatus,
        flag: deposits.flag,
        flagId: deposits.flagId,
        flagParams: deposits.flagParams,
        providerAmountMinor: deposits.providerAmountMinor,
        createdAt: deposits.createdAt,
        updatedAt: deposits.updatedAt,
      })
      .from(deposits)
      .leftJoin(users, eq(users.id, deposits.userId))
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(pageSize)
      .offset(offset)
      .all();
    return { list: "deposits", rows: rows.map(({ flagId, flagParams, ...d }) => ({ ...d, flag: storedText(locale, flagId, flagParams, d.flag) })), total };
  }
  if (f.list === "withdrawals") {
    const where = and(
      ...inDays(withdrawals.createdAt, f),
      f.status ? eq(withdrawals.status, f.status as Withdrawal["status"]) : undefined,
      f.q ? or(contains(users.email, f.q), contains(withdrawals.reference, f.q)) : undefined,
      f.stuck ? and(eq(withdrawals.status, "PENDING"), lt(withdrawals.createdAt, stuckBefore(nowMs))) : undefined,
      f.flagged ? isNotNull(withdrawals.flag) : undefined,
    );
    const total = db.select({ n: count() }).from(withdrawals).leftJoin(users, eq(users.id, withdrawals.userId)).where(where).get()?.n ?? 0;
    const rows = db
      .select({
        id: withdrawals.id,
        reference: withdrawals.reference,
        investor: accountLabelSql,
        amountMinor: withdrawals.amountMinor,
        method: withdrawals.method,
        provider: withdrawals.provider,
        accountNumber: withdrawals.accountNumber,
        status: withdrawals.status,
        flag: withdrawals.flag,
        flagId: withdrawals.flagId,
        flagParams: withdrawals.flagParams,
        failureMessage: withdrawals.failureMessage,
        failureMessageId: withdrawals.failureMessageId,
        failureMessageParams: withdrawals.failureMessageParams,
        createdAt: withdrawals.createdAt,
        updatedAt: withdrawals.updatedAt,
      })
      .from(withdrawals)
      .leftJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(pageSize)
      .offset(offset)
      .all();
    return {
      list: "withdrawals",
      rows: rows.map(({ failureMessageId, failureMessageParams, flagId, flagParams, ...w }) => ({
        ...w,
        flag: storedText(locale, flagId, flagParams, w.flag),
        failureMessage: storedText(locale, failureMessageId, failureMessageParams, w.failureMessage),
      })),
      total,
    };
  }
  const where = and(
    ...inDays(webhookEvents.receivedAt, f),
    f.status ? eq(webhookEvents.outcome, f.status as WebhookOutcome) : undefined,
    f.q ? or(contains(webhookEvents.reference, f.q), contains(webhookEvents.eventId, f.q)) : undefined,
    f.flagged ? inArray(webhookEvents.outcome, PROBLEM_OUTCOMES) : undefined,
  );
  const total = db.select({ n: count() }).from(webhookEvents).where(where).get()?.n ?? 0;
  const rows = db.select().from(webhookEvents).where(where).orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id)).limit(pageSize).offset(offset).all();
  return {
    list: "events",
    rows: rows.map((r) => ({
      id: r.id,
      provider: r.provider,
      event: r.event,
      reference: r.reference,
      outcome: r.outcome,
      detail: storedText(locale, r.detailId, r.detailParams, r.detail),
      payload: r.payload,
      deliveries: r.deliveries,
      receivedAt: r.receivedAt,
    })),
    total,
  };
}

export type PaymentAttention = {
  stuckDeposits: number;
  stuckWithdrawals: number;
  flaggedDeposits: number;
  flaggedWithdrawals: number;
  problemEvents: number;
};

/** What needs a person, whatever the filters: the counts at the top of the page. */
export function paymentAttention(nowMs = now().getTime()): PaymentAttention {
  const db = getDb();
  const before = stuckBefore(nowMs);
  const n = (q: { n: number } | undefined) => q?.n ?? 0;
  return {
    stuckDeposits: n(
      db
        .select({ n: count() })
        .from(deposits)
        .where(and(eq(deposits.status, "PENDING"), lt(deposits.createdAt, before)))
        .get(),
    ),
    stuckWithdrawals: n(
      db
        .select({ n: count() })
        .from(withdrawals)
        .where(and(eq(withdrawals.status, "PENDING"), lt(withdrawals.createdAt, before)))
        .get(),
    ),
    flaggedDeposits: n(db.select({ n: count() }).from(deposits).where(isNotNull(deposits.flag)).get()),
    flaggedWithdrawals: n(db.select({ n: count() }).from(withdrawals).where(isNotNull(withdrawals.flag)).get()),
    problemEvents: n(db.select({ n: count() }).from(webhookEvents).where(inArray(webhookEvents.outcome, PROBLEM_OUTCOMES)).get()),
  };
}

/**
 * The reconciliation report for one day, for the admin page and the JSON API: a bad date is a 422
 * and a provider that does not answer a 503 with our words (its own text goes to the log only).
 */
export async function reconciliationReport(date: string, locale: Locale): Promise<ReconciliationReport> {
  if (!isCalendarDate(date)) throw new DomainError(422, msg("refusals.dateFormat"), "date");
  try {
    return await reconcileDay(date, locale);
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    logger.error({ date, code: error.code, err: errorField(error) }, "reconciliation could not read the provider");
    throw new DomainError(503, msg("refusals.providerListUnavailable"));
  }
}
