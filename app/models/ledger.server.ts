import { and, eq, isNull, sql } from "drizzle-orm";
import type { MessageRef } from "~/catalog/format";
import { nowIso } from "~/lib/clock.server";
import { getDb, prepared, rolledBackTransaction, writeTransaction } from "~/lib/db.server";
import { inJsonIntegers, selectJsonRows } from "~/lib/sql-dialect.server";
import type { SqlClient } from "~/lib/pg-sync-client.server";
import { accounts, type AccountKind, type EntryKind, journalEntries, postings } from "~/models/schema.server";
import { messageColumns } from "~/models/stored-message.server";

/** One synchronous write transaction, the models' name for db.server's `writeTransaction` (see there). */
export const atomic = writeTransaction;

/** An account's id if it was ever opened: reads never open one. */
export function findAccountId(kind: AccountKind, owner: { userId?: number; batchId?: number } = {}): number | undefined {
  // `= ?` or `is null` chosen here, not `is not distinct from ?`: PostgreSQL answers only the
  // former from the (kind, user_id, batch_id) index, and every money change looks accounts up.
  const userId = owner.userId ?? null;
  const batchId = owner.batchId ?? null;
  const sqlText = `select id from accounts where kind = ? and user_id ${userId === null ? "is null" : "= ?"} and batch_id ${batchId === null ? "is null" : "= ?"}`;
  const params = [kind, ...(userId === null ? [] : [userId]), ...(batchId === null ? [] : [batchId])];
  return prepared<(string | number)[], { id: number }>(sqlText).get(...params)?.id;
}

/** The account of a wallet, a batch's escrow or farm, the fee account or the outside world; opened on first use. */
export function accountId(kind: AccountKind, owner: { userId?: number; batchId?: number } = {}): number {
  // No in-memory cache: an account created inside a transaction that rolls back must not be remembered.
  return (
    findAccountId(kind, owner) ??
    prepared<[AccountKind, number | null, number | null, string], { id: number }>("insert into accounts (kind, user_id, batch_id, updated_at) values (?, ?, ?, ?) returning id").get(
      kind,
      owner.userId ?? null,
      owner.batchId ?? null,
      nowIso(),
    )!.id
  );
}

export const walletAccount = (userId: number) => accountId("WALLET", { userId });

/** The wallet account of each user, opened where missing: one statement for any number of users (a payout run's). */
export function walletAccounts(userIds: readonly number[]): Map<number, number> {
  const found = getDb()
    .select({ userId: accounts.userId, id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, "WALLET"), isNull(accounts.batchId), inJsonIntegers(accounts.userId, JSON.stringify(userIds))))
    .all();
  const wallets = new Map(found.map((row) => [row.userId!, row.id]));
  for (const userId of userIds) if (!wallets.has(userId)) wallets.set(userId, walletAccount(userId));
  return wallets;
}
export const escrowAccount = (batchId: number) => accountId("ESCROW", { batchId });
export const farmAccount = (batchId: number) => accountId("FARM", { batchId });
export const feesAccount = () => accountId("PLATFORM_FEES");
export const externalAccount = () => accountId("EXTERNAL");
/** What the farm remitted for the batch's investors, not yet paid (issue 18). */
export const settlementAccount = (batchId: number) => accountId("SETTLEMENT", { batchId });
export const reserveAccount = () => accountId("PLATFORM_RESERVE");
export const taxAccount = () => accountId("TAX_WITHHELD");

export type PostingLine = { accountId: number; amountMinor: number };

export type NewEntry = {
  kind: EntryKind;
  /** What the entry was (`msg("ledger.bought", ...)`): stored as its id and parameters, rendered when read. */
  memo?: MessageRef;
  userId?: number;
  batchId?: number;
  /** The reference an outside party knows this movement by (a provider's transaction, our payment reference). */
  externalRef?: string;
  lines: PostingLine[];
};

// Every money change runs these: statements compiled once per connection (see `prepared`).
const INSERT_ENTRY = "insert into journal_entries (kind, memo, memo_id, memo_params, user_id, batch_id, external_ref, reverses_entry_id, created_at) values (?, '', ?, ?, ?, ?, ?, ?, ?) returning id";
const INSERT_POSTING = "insert into postings (entry_id, account_id, amount_minor) values (?, ?, ?)";
const MOVE_BALANCE = "update accounts set balance_minor = balance_minor + ?, updated_at = ? where id = ?";
// A long entry's postings, and the balances they move, in one statement each however many lines it
// has (a payout run's: a line per investor paid): its lines go in as one JSON parameter.
const insertPostingsSql = () =>
  `insert into postings (entry_id, account_id, amount_minor) ${selectJsonRows([
    ["entry_id", "integer"],
    ["account_id", "integer"],
    ["amount_minor", "integer"],
  ])}`;
const moveBalancesSql = () =>
  `update accounts set balance_minor = balance_minor + m.amount_minor, updated_at = ? from (${selectJsonRows([
    ["id", "integer"],
    ["amount_minor", "integer"],
  ])}) as m where accounts.id = m.id`;
/**
 * Up to this many lines, a statement per line: the two lines of an invest or a deposit cost half
 * as much that way on SQLite as through JSON. Beyond it, the two JSON statements (on PostgreSQL
 * each statement is a round trip).
 */
const LINES_POSTED_ONE_BY_ONE = 8;

function writeEntry({ kind, memo, userId, batchId, externalRef, lines }: NewEntry, reversesEntryId: number | null): number {
  const total = lines.reduce((s, l) => s + l.amountMinor, 0);
  if (total !== 0 || lines.length < 2) throw new Error(`Unbalanced journal entry (${kind}): postings sum to ${total}`);
  for (const l of lines) if (!Number.isSafeInteger(l.amountMinor)) throw new Error(`Non-integer posting in ${kind}`);
  // The app's clock, not the database's: entries then read in the order and at the time things happened.
  const at = nowIso();
  const stored = memo ? messageColumns(memo) : { id: null, params: null };
  const { id } = prepared<[EntryKind, string | null, string | null, number | null, number | null, string | null, number | null, string], { id: number }>(INSERT_ENTRY).get(
    kind,
    stored.id,
    stored.params,
    userId ?? null,
    batchId ?? null,
    externalRef ?? null,
    reversesEntryId,
    at,
  )!;
  const posted = lines.filter((line) => line.amountMinor !== 0);
  if (posted.length <= LINES_POSTED_ONE_BY_ONE) {
    const posting = prepared<[number, number, number]>(INSERT_POSTING);
    const move = prepared<[number, string, number]>(MOVE_BALANCE);
    for (const line of posted) {
      posting.run(id, line.accountId, line.amountMinor);
      move.run(line.amountMinor, at, line.accountId);
    }
    return id;
  }
  prepared<[string]>(insertPostingsSql()).run(JSON.stringify(posted.map((line) => [id, line.accountId, line.amountMinor])));
  // One move per account: an UPDATE ... FROM changes each row once, whatever else matches it.
  const moves = new Map<number, number>();
  for (const line of posted) moves.set(line.accountId, (moves.get(line.accountId) ?? 0) + line.amountMinor);
  prepared<[string, string]>(moveBalancesSql()).run(at, JSON.stringify([...moves]));
  return id;
}

/**
 * Writes one balanced journal entry and moves the cached balances. Must run inside `atomic`.
 * A wallet that would go below zero fails the table's CHECK and rolls everything back.
 * Entries are never updated or deleted (database triggers refuse it): `reverseEntry` undoes one.
 */
export function postEntry(entry: NewEntry): number {
  return writeEntry(entry, null);
}

/**
 * Undoes an entry with a new REVERSAL entry of the opposite postings; an entry can be reversed once.
 * Must run inside `atomic`. A wallet that has since spent the money cannot go negative: the
 * reversal is refused instead, like any other movement.
 */
export function reverseEntry({ entryId, memo, externalRef }: { entryId: number; memo: MessageRef; externalRef?: string }): number {
  const original = prepared<[number], { id: number; kind: EntryKind; userId: number | null; batchId: number | null; reversedBy: number | null }>(
    `select e.id, e.kind, e.user_id as "userId", e.batch_id as "batchId", (select r.id from journal_entries r where r.reverses_entry_id = e.id) as "reversedBy" from journal_entries e where e.id = ?`,
  ).get(entryId);
  if (!original) throw new Error(`No journal entry ${entryId} to reverse`);
  if (original.kind === "REVERSAL") throw new Error(`Journal entry ${entryId} is itself a reversal`);
  if (original.reversedBy !== null) throw new Error(`Journal entry ${entryId} was already reversed by entry ${original.reversedBy}`);
  const lines = prepared<[number], PostingLine>(`select account_id as "accountId", -amount_minor as "amountMinor" from postings where entry_id = ? order by id`).all(entryId);
  return writeEntry({ kind: "REVERSAL", memo, userId: original.userId ?? undefined, batchId: original.batchId ?? undefined, externalRef, lines }, entryId);
}

export function balanceMinor(accountIdValue: number | undefined): number {
  if (accountIdValue === undefined) return 0;
  return getDb().select({ b: accounts.balanceMinor }).from(accounts).where(eq(accounts.id, accountIdValue)).get()?.b ?? 0;
}

const WALLET_SQL = `select balance_minor b, updated_at as "updatedAt" from accounts where kind = 'WALLET' and user_id = ? and batch_id is null`;

export function walletBalanceMinor(userId: number): number {
  return walletInfo(userId).balanceMinor;
}

export function walletInfo(userId: number): { balanceMinor: number; updatedAt: string | null } {
  const row = prepared<[number], { b: number; updatedAt: string }>(WALLET_SQL).get(userId);
  return { balanceMinor: row?.b ?? 0, updatedAt: row?.updatedAt ?? null };
}

// ---- invariants ----

/**
 * Every promise the ledger makes, checked against the database. An empty list means all hold.
 * Plain SQL that both engines run, so `npm run db:copy` checks a copy with it before committing.
 */
export function ledgerProblems(client: SqlClient = getDb().$client): string[] {
  const problems: string[] = [];
  const rows = (q: string) => client.prepare(q).all() as Array<Record<string, unknown>>;
  for (const r of rows("select entry_id, sum(amount_minor) s from postings group by entry_id having sum(amount_minor) <> 0")) problems.push(`journal entry ${r.entry_id} sums to ${r.s}`);
  for (const r of rows("select id, balance_minor from accounts where kind = 'WALLET' and balance_minor < 0")) problems.push(`wallet account ${r.id} is negative (${r.balance_minor})`);
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
export function batchFunds(batchId: number): { raisedMinor: number; escrowMinor: number; deployedMinor: number; paidOutMinor: number; remittedMinor: number; fromReserveMinor: number } {
  const db = getDb();
  const flow = (kind: "ESCROW" | "FARM" | "SETTLEMENT", entryKinds: string[], sign: 1 | -1) => {
    const row = db
      .select({ total: sql<number>`coalesce(sum(${postings.amountMinor}), 0)` })
      .from(postings)
      .innerJoin(accounts, eq(accounts.id, postings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(
        and(
          eq(accounts.kind, kind),
          eq(accounts.batchId, batchId),
          sql`${journalEntries.kind} in (${sql.join(
            entryKinds.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        ),
      )
      .get();
    return sign * Number(row?.total ?? 0) || 0; // never -0 (it would show as "-GH₵0.00")
  };
  const escrow = db
    .select({ b: accounts.balanceMinor })
    .from(accounts)
    .where(and(eq(accounts.kind, "ESCROW"), eq(accounts.batchId, batchId)))
    .get();
  return {
    raisedMinor: flow("ESCROW", ["INVEST"], 1),
    escrowMinor: escrow?.b ?? 0,
    deployedMinor: flow("FARM", ["ACTIVATE"], 1),
    // Runs paid from FARM before remittances existed, and from SETTLEMENT since (gross: tax included).
    paidOutMinor: flow("FARM", ["PAYOUT", "HARVEST", "CLOSE"], -1) + flow("SETTLEMENT", ["PAYOUT", "HARVEST", "CLOSE"], -1),
    remittedMinor: flow("SETTLEMENT", ["REMITTANCE"], 1),
    fromReserveMinor: flow("SETTLEMENT", ["RESERVE_DRAW"], 1),
  };
}

/**
 * Runs a money operation and undoes it: the very same rules answer "would this work?" (e.g. the
 * withdraw confirm step asks only when the withdrawal would go through). `fn` must be synchronous.
 */
export const dryRun = rolledBackTransaction;
