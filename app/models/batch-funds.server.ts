import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/lib/db.server";
import { accounts, journalEntries, payoutRuns, postings } from "~/models/schema.server";

/**
 * Where a batch's money is, read from the ledger: raised from investors (into escrow), still held
 * in escrow, deployed to the farm at activation, and paid out to investors from the farm.
 */
export function batchFunds(batchId: number): { raisedMinor: number; escrowMinor: number; deployedMinor: number; paidOutMinor: number } {
  const db = getDb();
  const flow = (kind: "ESCROW" | "FARM", entryKinds: string[], sign: 1 | -1) => {
    const row = db
      .select({ total: sql<number>`coalesce(sum(${postings.amountMinor}), 0)` })
      .from(postings)
      .innerJoin(accounts, eq(accounts.id, postings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(and(eq(accounts.kind, kind), eq(accounts.batchId, batchId), sql`${journalEntries.kind} in (${sql.join(entryKinds.map((k) => sql`${k}`), sql`, `)})`))
      .get();
    return sign * Number(row?.total ?? 0) || 0; // never -0 (it would show as "-GH₵0.00")
  };
  const escrow = db.select({ b: accounts.balanceMinor }).from(accounts).where(and(eq(accounts.kind, "ESCROW"), eq(accounts.batchId, batchId))).get();
  return {
    raisedMinor: flow("ESCROW", ["INVEST"], 1),
    escrowMinor: escrow?.b ?? 0,
    deployedMinor: flow("FARM", ["ACTIVATE"], 1),
    paidOutMinor: flow("FARM", ["PAYOUT", "HARVEST", "CLOSE"], -1),
  };
}

/** The batch's payout runs, newest first (what every investor in it was paid, and when). */
export function listBatchPayoutHistory(batchId: number) {
  return getDb()
    .select({ id: payoutRuns.id, kind: payoutRuns.kind, period: payoutRuns.period, totalMinor: payoutRuns.totalMinor, count: payoutRuns.count, createdAt: payoutRuns.createdAt })
    .from(payoutRuns)
    .where(eq(payoutRuns.batchId, batchId))
    .orderBy(desc(payoutRuns.createdAt), desc(payoutRuns.id))
    .all();
}

/** The monthly periods already paid (for the next payout date). */
export function paidPeriods(batchId: number): string[] {
  return getDb()
    .select({ period: payoutRuns.period })
    .from(payoutRuns)
    .where(and(eq(payoutRuns.batchId, batchId), eq(payoutRuns.kind, "MONTHLY")))
    .orderBy(asc(payoutRuns.period))
    .all()
    .map((r) => r.period);
}

