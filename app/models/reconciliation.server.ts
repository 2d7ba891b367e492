import type { Locale } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { and, gte, inArray, lt, or } from "drizzle-orm";
import { isCalendarDate, addDays } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { reconcile, type Difference, type OurMovement, type TheirMovement } from "~/domain/payments";
import { getPaymentsProvider } from "~/integrations/payments/index.server";
import { prepared, getDb } from "~/lib/db.server";
import { findAccountId } from "~/models/ledger.server";
import { heldForReview } from "~/models/withdrawal.server";
import { deposits, withdrawals } from "~/models/schema.server";

/**
 * The day-by-day check that the provider's money and the ledger agree (issue 15): the provider's
 * transactions and transfers created that day (UTC, Ghana's time) against our deposits and
 * withdrawals of that day and the ledger's movements under each reference.
 */

/** A day's report, its differences' details rendered in the reader's language. */
export type ReconciliationReport = { date: string; provider: string; checked: { deposits: number; withdrawals: number }; differences: Array<Omit<Difference, "detail"> & { detail: string }> };

export async function reconcileDay(date: string, locale: Locale = "en"): Promise<ReconciliationReport> {
  if (!isCalendarDate(date)) throw new DomainError(422, msg("refusals.dateFormat"), "date");
  const from = `${date}T00:00:00.000Z`;
  const to = `${addDays(date, 1)}T00:00:00.000Z`;
  const provider = getPaymentsProvider();
  const range = { from: new Date(from), to: new Date(Date.parse(to) - 1) };
  const [transactions, transfers] = await Promise.all([provider.listTransactions(range), provider.listTransfers(range)]);
  const theirs: TheirMovement[] = [
    ...transactions.map((t) => ({ kind: "deposit" as const, reference: t.reference, status: t.status, amountMinor: t.amountMinor, currency: t.currency })),
    ...transfers.map((t) => ({ kind: "withdrawal" as const, reference: t.reference, status: t.status, amountMinor: t.amountMinor, currency: t.currency })),
  ];
  const ours = ourMovements({ from, to, depositRefs: transactions.map((t) => t.reference), withdrawalRefs: transfers.map((t) => t.reference) });
  return {
    date,
    provider: provider.name,
    checked: { deposits: ours.filter((m) => m.kind === "deposit").length, withdrawals: ours.filter((m) => m.kind === "withdrawal").length },
    differences: reconcile(ours, theirs).map((d) => ({ ...d, detail: render(locale, d.detail) })),
  };
}

/** Our rows of the day, and any older row the provider lists that day, with what the ledger moved. */
function ourMovements({ from, to, depositRefs, withdrawalRefs }: { from: string; to: string; depositRefs: string[]; withdrawalRefs: string[] }): OurMovement[] {
  const db = getDb();
  const inDay = (column: typeof deposits.createdAt | typeof withdrawals.createdAt) => and(gte(column, from), lt(column, to));
  const ourDeposits = db
    .select()
    .from(deposits)
    .where(depositRefs.length > 0 ? or(inDay(deposits.createdAt), inArray(deposits.reference, depositRefs)) : inDay(deposits.createdAt))
    .all();
  const ourWithdrawals = db
    .select()
    .from(withdrawals)
    .where(withdrawalRefs.length > 0 ? or(inDay(withdrawals.createdAt), inArray(withdrawals.reference, withdrawalRefs)) : inDay(withdrawals.createdAt))
    .all()
    .filter((w) => w.reference !== null);
  const external = findAccountId("EXTERNAL") ?? -1;
  // What left (negative) or reached (positive) the outside world under a reference.
  const outside = prepared<[number, string], { s: number }>(
    "select coalesce(sum(p.amount_minor), 0) s from postings p join journal_entries e on e.id = p.entry_id where p.account_id = ? and e.external_ref = ?",
  );
  // A deposit moves money from the outside in: what left EXTERNAL (0, not -0, when nothing did).
  const cameIn = (reference: string) => 0 - outside.get(external, reference)!.s;
  return [
    ...ourDeposits.map((d) => ({ kind: "deposit" as const, reference: d.reference, status: d.status, amountMinor: d.amountMinor, ledgerMinor: cameIn(d.reference) })),
    ...ourWithdrawals.map((w) => ({
      kind: "withdrawal" as const,
      reference: w.reference!,
      status: w.status,
      amountMinor: w.amountMinor,
      ledgerMinor: outside.get(external, w.reference!)!.s,
      heldForReview: heldForReview(w),
    })),
  ];
}
