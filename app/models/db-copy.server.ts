import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { is } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { getTableConfig, SQLiteBoolean, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { databaseUrlForDisplay, engineOf, sqliteFileOf } from "~/lib/database-url.server";
import { postgresMigrationsFolder, sqliteMigrationsFolder } from "~/lib/db.server";
import { applyPostgresMigrations } from "~/lib/pg-migrate.server";
import { PgSyncClient, type SqlClient } from "~/lib/pg-sync-client.server";
import { ledgerProblems } from "~/models/ledger.server";
import * as sqliteSchema from "~/models/schema.sqlite.server";

/**
 * `npm run db:copy`: moves a SQLite database into an empty PostgreSQL one, for an operator changing
 * engines. The target's migrations, then every table of the schema, parents before children, in one
 * PostgreSQL transaction that commits only when the arrival matches the source (row counts, the
 * ledger's invariants, every account's balance): a copy that stops, or a process that dies, leaves
 * the target as it was, so the same command can run again. Raw SQL on both connections: nothing
 * here depends on the app's queries.
 */

/** Why the copy stopped, in words for the operator; the target was left as it was. */
export class CopyStopped extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CopyStopped";
  }
}

export type CopySummary = {
  from: string;
  /** The target's URL without its password. */
  to: string;
  tables: { name: string; rows: number }[];
  rows: number;
  accounts: number;
  ms: number;
};

type TablePlan = {
  name: string;
  columns: { name: string; boolean: boolean }[];
  /** The primary key's columns (rowid for a table without one): a row that points at an earlier row of its own table comes after it. */
  orderBy: string[];
};

/** Rows per INSERT: a few thousand parameters each, far below PostgreSQL's 65,535. */
const BATCH_ROWS = 250;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The schema's tables (drizzle's own bookkeeping is not among them), each after every table its
 * foreign keys point at, by name otherwise.
 */
export function copyPlan(): TablePlan[] {
  const tables = (Object.values(sqliteSchema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
  const configs = tables.map((table) => getTableConfig(table)).sort((a, b) => a.name.localeCompare(b.name));
  const parents = new Map(configs.map((config) => [config.name, new Set(config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((name) => name !== config.name))]));
  const placed = new Set<string>();
  const plan: TablePlan[] = [];
  while (plan.length < configs.length) {
    const next = configs.find((config) => !placed.has(config.name) && [...parents.get(config.name)!].every((parent) => placed.has(parent)));
    if (!next)
      throw new Error(
        `The schema's foreign keys go round in a circle among: ${configs
          .filter((c) => !placed.has(c.name))
          .map((c) => c.name)
          .join(", ")}`,
      );
    placed.add(next.name);
    const primary = next.primaryKeys[0]?.columns ?? next.columns.filter((column) => column.primary);
    plan.push({
      name: next.name,
      columns: next.columns.map((column: SQLiteColumn) => ({ name: column.name, boolean: is(column, SQLiteBoolean) })),
      orderBy: primary.length > 0 ? primary.map((column) => column.name) : ["rowid"],
    });
  }
  return plan;
}

/**
 * Copies the SQLite database `from` (a path or `file:` URL) into the PostgreSQL database `to`, which
 * is migrated first, in the copy's transaction, and must hold no rows in any of the app's tables.
 * Throws CopyStopped with the reason when it refuses or when the arrival does not match; the target
 * is then as it was (a brand-new database not even migrated).
 */
export function copySqliteToPostgres({ from, to }: { from?: string; to?: string }): CopySummary {
  const started = performance.now();
  const plan = copyPlan();
  const source = openSource(from);
  let target: PgSyncClient | undefined;
  const passwords = to ? passwordsOf(to) : [];
  try {
    const toUrl = checkTargetUrl(to);
    // One snapshot of the source (WAL keeps it while a server still writes), one transaction on the target.
    source.exec("begin");
    target = openTarget(toUrl);
    // Nobody else writes to these tables until the copy commits or rolls back; reads go on.
    target.exec(`lock table ${plan.map((table) => quoted(table.name)).join(", ")} in exclusive mode`);
    const holding = plan.filter((table) => target!.query(`select exists (select 1 from ${quoted(table.name)}) as found`).rows.some((row) => (row as { found: boolean }).found));
    if (holding.length > 0)
      throw new CopyStopped(
        `${databaseUrlForDisplay(toUrl)} already holds data (in ${holding.map((table) => table.name).join(", ")}): db:copy copies into an empty database only. Nothing was written.`,
      );
    const tables = plan.map((table) => ({ name: table.name, rows: copyTable(source, target!, table) }));
    continueSequences(target, plan);
    const accounts = checkArrival(source, target, tables);
    source.exec("commit");
    target.exec("commit");
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    return { from: sourceFile(from!), to: databaseUrlForDisplay(toUrl), tables, rows, accounts, ms: Math.round(performance.now() - started) };
  } catch (error) {
    // A connection that broke has rolled back on its own; the reason to report is the first error.
    if (target?.inTransaction) quietly(() => target!.exec("rollback"));
    throw withoutPassword(error, passwords);
  } finally {
    source.close();
    if (target) quietly(() => target!.close());
  }
}

function quietly(fn: () => void): void {
  try {
    fn();
  } catch {
    /* the copy's own outcome is what the operator is told */
  }
}

const sourceFile = (from: string) => path.resolve(sqliteFileOf(from));

/** The source, read-only, once it is known to be a SQLite file with every migration of this version applied. */
function openSource(from: string | undefined): Database.Database {
  if (!from) throw new CopyStopped("Name the SQLite database to copy: --from ./data/akoko.db");
  const file = sourceFile(from);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CopyStopped(`--from ${file}: there is no such file.`);
  const header = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  const read = fs.readSync(fd, header, 0, 16, 0);
  fs.closeSync(fd);
  if (read < 16 || header.toString("latin1") !== "SQLite format 3\0") throw new CopyStopped(`--from ${file} is not a SQLite database.`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    const expected = readMigrationFiles({ migrationsFolder: sqliteMigrationsFolder() }).length;
    const bookkeeping = source.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
    const applied = bookkeeping ? (source.prepare("select count(*) n from __drizzle_migrations").get() as { n: number }).n : 0;
    const migrate = `start the app on it once, or run \`DATABASE_URL=${file} npm run seed\`, then copy it`;
    if (applied < expected) throw new CopyStopped(`${file} has ${applied} of this version's ${expected} migrations applied: ${migrate}.`);
    if (applied > expected) throw new CopyStopped(`${file} has ${applied} migrations applied, more than this version's ${expected}: copy it with the version of Akoko that wrote it.`);
    return source;
  } catch (error) {
    source.close();
    if (error instanceof CopyStopped) throw error;
    throw new CopyStopped(`--from ${file} could not be read as a SQLite database (${error instanceof Error ? error.message : String(error)}).`);
  }
}

function checkTargetUrl(to: string | undefined): string {
  if (!to) throw new CopyStopped("Name the PostgreSQL database to copy into: --to postgres://user:password@host:5432/akoko");
  if (engineOf(to) !== "postgres") throw new CopyStopped(`--to ${databaseUrlForDisplay(to)} is not a postgres:// or postgresql:// URL.`);
  return to;
}

/**
 * Connects, opens the copy's transaction and applies PostgreSQL's migrations in it, so a brand-new
 * empty database takes the copy and a rollback takes the migrations back too.
 */
function openTarget(to: string): PgSyncClient {
  const client = new PgSyncClient(to, { applicationName: "akoko-db-copy" });
  try {
    client.exec("begin");
    applyPostgresMigrations(client, postgresMigrationsFolder());
    return client;
  } catch (error) {
    if (client.inTransaction) quietly(() => client.exec("rollback"));
    quietly(() => client.close());
    throw new CopyStopped(`Could not open and migrate ${databaseUrlForDisplay(to)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Copies one table's rows in primary-key order, BATCH_ROWS to an INSERT; returns how many. */
function copyTable(source: Database.Database, target: PgSyncClient, table: TablePlan): number {
  const columns = table.columns.map((column) => quoted(column.name)).join(", ");
  // Integers as BigInt, so a value past 2^53 reaches PostgreSQL's bigint whole (as text).
  const rows = source
    .prepare(`select ${columns} from ${quoted(table.name)} order by ${table.orderBy.map(quoted).join(", ")}`)
    .raw(true)
    .safeIntegers(true);
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = () => {
    const width = table.columns.length;
    const values = batch.map((_, r) => `(${table.columns.map((_, c) => `$${r * width + c + 1}`).join(", ")})`).join(", ");
    try {
      target.query(`insert into ${quoted(table.name)} (${columns}) values ${values}`, batch.flat());
    } catch (error) {
      throw new CopyStopped(`Copying ${table.name} failed, so nothing was written: ${error instanceof Error ? error.message : String(error)}`);
    }
    copied += batch.length;
    batch = [];
  };
  for (const row of rows.iterate() as IterableIterator<unknown[]>) {
    batch.push(row.map((value, c) => postgresValue(table, c, value)));
    if (batch.length === BATCH_ROWS) flush();
  }
  if (batch.length > 0) flush();
  return copied;
}

/** A SQLite value as PostgreSQL takes it: SQLite's 0/1 booleans become false/true, integers text. */
function postgresValue(table: TablePlan, c: number, value: unknown): unknown {
  if (table.columns[c].boolean && value !== null) {
    if (value === 0n || value === 1n) return value === 1n;
    throw new CopyStopped(`${table.name}.${table.columns[c].name} holds ${String(value)}, which is not a boolean (0 or 1). Nothing was written.`);
  }
  return typeof value === "bigint" ? value.toString() : value;
}

/** Every identity column's sequence continues after the highest id copied, so the app's next row does not collide. */
function continueSequences(target: PgSyncClient, plan: TablePlan[]): void {
  const names = new Set(plan.map((table) => table.name));
  const identities = target.query("select table_name, column_name from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'").rows as {
    table_name: string;
    column_name: string;
  }[];
  for (const { table_name: table, column_name: column } of identities.filter((identity) => names.has(identity.table_name))) {
    target.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`, [quoted(table), column]);
  }
}

/**
 * The arrival, checked before COMMIT: each table holds as many rows as the source's, the ledger's
 * invariants hold on the target, and every account's balance is the source's. Any difference stops
 * the copy (the caller rolls back). Returns how many accounts were compared.
 */
function checkArrival(source: Database.Database, target: PgSyncClient, tables: { name: string; rows: number }[]): number {
  const differences: string[] = [];
  for (const table of tables) {
    const inSource = (source.prepare(`select count(*) n from ${quoted(table.name)}`).get() as { n: number }).n;
    const onTarget = (target.query(`select count(*) n from ${quoted(table.name)}`).rows[0] as { n: number }).n;
    if (inSource !== onTarget || onTarget !== table.rows) differences.push(`${table.name}: ${inSource} rows in the source, ${onTarget} on the target`);
  }
  const ledger = ledgerProblems(target);
  if (ledger.length > 0) {
    const inSource = new Set(ledgerProblems(source as unknown as SqlClient));
    differences.push(
      ...ledger.map((problem) => `ledger on the target: ${problem}`),
      ledger.every((problem) => inSource.has(problem))
        ? "the source's ledger has the same problems: repair the source (or restore a sound backup) and copy again"
        : "the source's ledger does not have them all: the copy itself went wrong",
    );
  }
  const balances = (rows: unknown[]) => new Map((rows as { id: number; b: number }[]).map((row) => [row.id, row.b]));
  const sourceBalances = balances(source.prepare("select id, balance_minor b from accounts order by id").all());
  const targetBalances = balances(target.query("select id, balance_minor b from accounts order by id").rows);
  const sum = (map: Map<number, number>) => [...map.values()].reduce((total, b) => total + b, 0);
  for (const [id, b] of sourceBalances) {
    if (targetBalances.get(id) !== b) differences.push(`account ${id}: balance ${b} in the source, ${targetBalances.get(id) ?? "missing"} on the target`);
  }
  if (sum(sourceBalances) !== sum(targetBalances)) differences.push(`the accounts' balances sum to ${sum(sourceBalances)} in the source, ${sum(targetBalances)} on the target`);
  if (differences.length > 0) {
    const shown = differences.slice(0, 20).map((line) => `  - ${line}`);
    if (differences.length > 20) shown.push(`  - and ${differences.length - 20} more`);
    throw new CopyStopped(`The copy does not match the source, so it was rolled back and nothing was written:\n${shown.join("\n")}`);
  }
  return sourceBalances.size;
}

/** The target URL's password as written and as decoded, in the user part or a `password=` parameter. */
function passwordsOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    const written = [parsed.password, parsed.searchParams.get("password") ?? ""].filter(Boolean);
    return [...new Set(written.flatMap((password) => [password, decodeURIComponent(password)]))];
  } catch {
    return [];
  }
}

/** The error with the target's password taken out of its message, should a driver ever echo it. */
function withoutPassword(error: unknown, passwords: string[]): Error {
  const original = error instanceof Error ? error : new Error(String(error));
  const scrubbed = passwords.reduce((message, password) => message.split(password).join("***"), original.message);
  if (scrubbed === original.message) return original;
  return error instanceof CopyStopped ? new CopyStopped(scrubbed) : new Error(scrubbed);
}
