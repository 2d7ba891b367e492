import { and, eq, sql } from "drizzle-orm";
import { getDb, prepared } from "~/lib/db.server";
import { accounts, type AccountKind, type EntryKind, journalEntries, postings } from "~/models/schema.server";

/**
 * Runs `fn` in one synchronous SQLite transaction (BEGIN IMMEDIATE). better-sqlite3 nests
 * inner calls as savepoints, and any throw rolls the whole thing back. `fn` must not be async.
 */
export function atomic<T>(fn: () => T): T {
  return getDb().$client.transaction(fn).immediate();
}

/** The account of a wallet, a batch's escrow or farm, the fee account or the outside world; created on first use. */
export function accountId(kind: AccountKind, owner: { userId?: number; batchId?: number } = {}): number {
  // No in-memory cache: an account created inside a transaction that rolls back must not be remembered.
  const found = prepared("select id from accounts where kind = ? and user_id is ? and batch_id is ?").get(kind, owner.userId ?? null, owner.batchId ?? null) as
    | { id: number }
    | undefined;
  return found?.id ?? getDb().insert(accounts).values({ kind, userId: owner.userId, batchId: owner.batchId }).returning({ id: accounts.id }).get().id;
}

export const walletAccount = (userId: number) => accountId("WALLET", { userId });
export const escrowAccount = (batchId: number) => accountId("ESCROW", { batchId });
export const farmAccount = (batchId: number) => accountId("FARM", { batchId });
export const feesAccount = () => accountId("PLATFORM_FEES");
export const externalAccount = () => accountId("EXTERNAL");

export type PostingLine = { accountId: number; amountMinor: number };

type Statements = { client: unknown; entry: any; posting: any; balance: any };
let stmts: Statements | undefined;
function statements(): Statements {
  const client = getDb().$client;
  if (stmts?.client === client) return stmts;
  stmts = {
    client,
    entry: client.prepare("insert into journal_entries (kind, memo, user_id, batch_id) values (?, ?, ?, ?) returning id"),
    posting: client.prepare("insert into postings (entry_id, account_id, amount_minor) values (?, ?, ?)"),
    balance: client.prepare("update accounts set balance_minor = balance_minor + ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') where id = ?"),
  };
  return stmts;
}

/**
 * Writes one balanced journal entry and moves the cached balances. Must run inside `atomic`.
 * A wallet that would go below zero fails the table's CHECK and rolls everything back.
 */
export function postEntry({ kind, memo = "", userId, batchId, lines }: { kind: EntryKind; memo?: string; userId?: number; batchId?: number; lines: PostingLine[] }): number {
  const total = lines.reduce((s, l) => s + l.amountMinor, 0);
  if (total !== 0 || lines.length < 2) throw new Error(`Unbalanced journal entry (${kind}): postings sum to ${total}`);
  for (const l of lines) if (!Number.isSafeInteger(l.amountMinor)) throw new Error(`Non-integer posting in ${kind}`);
  const s = statements();
  const { id } = s.entry.get(kind, memo, userId ?? null, batchId ?? null) as { id: number };
  for (const line of lines) {
    if (line.amountMinor === 0) continue;
    s.posting.run(id, line.accountId, line.amountMinor);
    s.balance.run(line.amountMinor, line.accountId);
  }
  return id;
}

export function balanceMinor(accountIdValue: number): number {
  return getDb().select({ b: accounts.balanceMinor }).from(accounts).where(eq(accounts.id, accountIdValue)).get()?.b ?? 0;
}

const WALLET_SQL = "select balance_minor b, updated_at updatedAt from accounts where kind = 'WALLET' and user_id = ? and batch_id is null";

export function walletBalanceMinor(userId: number): number {
  return walletInfo(userId).balanceMinor;
}

export function walletInfo(userId: number): { balanceMinor: number; updatedAt: string | null } {
  const row = prepared(WALLET_SQL).get(userId) as { b: number; updatedAt: string } | undefined;
  return { balanceMinor: row?.b ?? 0, updatedAt: row?.updatedAt ?? null };
}

// ---- invariants ----

/** Every promise the ledger makes, checked against the database. An empty list means all hold. */
export function ledgerProblems(): string[] {
  const client = getDb().$client;
  const problems: string[] = [];
  const rows = (q: string) => client.prepare(q).all() as Array<Record<string, unknown>>;
  for (const r of rows("select entry_id, sum(amount_minor) s from postings group by entry_id having sum(amount_minor) <> 0"))
    problems.push(`journal entry ${r.entry_id} sums to ${r.s}`);
  for (const r of rows("select id, balance_minor from accounts where kind = 'WALLET' and balance_minor < 0"))
    problems.push(`wallet account ${r.id} is negative (${r.balance_minor})`);
  for (const r of rows(
    "select a.id, a.balance_minor, coalesce(p.s, 0) s from accounts a left join (select account_id, sum(amount_minor) s from postings group by account_id) p on p.account_id = a.id where a.balance_minor <> coalesce(p.s, 0)",
  ))
    problems.push(`account ${r.id} caches ${r.balance_minor} but its postings sum to ${r.s}`);
  for (const r of rows(
    "select b.id, b.units_placed, coalesce(i.held, 0) held from batches b left join (select batch_id, sum(units_held) held from investments group by batch_id) i on i.batch_id = b.id where b.units_placed <> coalesce(i.held, 0) or b.units_placed > b.target_units",
  ))
    problems.push(`batch ${r.id} has units_placed ${r.units_placed} but investors hold ${r.held}`);
  for (const r of rows("select investment_id, period, count(*) n from payouts where kind in ('MONTHLY','HARVEST','PRINCIPAL') group by investment_id, kind, period having count(*) > 1"))
    problems.push(`investment ${r.investment_id} was paid ${r.n} times for ${r.period}`);
  for (const r of rows("select batch_id, period, count(*) n from payout_runs group by batch_id, period having count(*) > 1"))
    problems.push(`batch ${r.batch_id} has ${r.n} payout runs for ${r.period}`);
  const total = client.prepare("select coalesce(sum(amount_minor), 0) s from postings").get() as { s: number };
  if (total.s !== 0) problems.push(`the ledger as a whole sums to ${total.s}`);
  return problems;
}

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

class RollBack<T> {
  constructor(public value: T) {}
}

/**
 * Runs a money operation and undoes it: the very same rules answer "would this work?" (e.g. the
 * withdraw confirm step asks only when the withdrawal would go through). `fn` must be synchronous.
 */
export function dryRun<T>(fn: () => T): T {
  const client = getDb().$client;
  try {
    client.transaction(() => {
      throw new RollBack(fn());
    })();
  } catch (outcome) {
    if (outcome instanceof RollBack) return outcome.value as T;
    throw outcome;
  }
  throw new Error("unreachable");
}
