import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { engineOf, sqliteFileOf } from "~/lib/database-url.server";
import { getEnv } from "~/lib/env.server";
import { transactionRetries } from "~/lib/metrics.server";
import { syncPgDrizzle } from "~/lib/pg-drizzle.server";
import { migratePostgres } from "~/lib/pg-migrate.server";
import { PgSyncClient, type SqlClient, type SqlStatement } from "~/lib/pg-sync-client.server";
import * as schema from "~/models/schema.server";

/**
 * The app's database: drizzle over SQLite (better-sqlite3) or over PostgreSQL (PgSyncClient), typed
 * as SQLite's. Both answer the same synchronous `.get()/.all()/.run()`, and `$client` the same
 * `prepare(sql).get/all/run` (docs/decisions/011-postgresql-engine.md).
 */
export type Db = BetterSQLite3Database<typeof schema> & { $client: SqlClient };

/** Where each engine's migrations are read from: remix-serve and the test runner both start from the project root. */
export const sqliteMigrationsFolder = () => path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
export const postgresMigrationsFolder = () => path.resolve(process.env.PG_MIGRATIONS_DIR ?? "drizzle-pg");

/** How long a write waits for another process's write lock; past it, the write fails as "database is locked". */
const WRITE_LOCK_WAIT_MS = 5000;

/** Opens the database a DATABASE_URL names (a SQLite path or `file:` URL, or a postgres:// URL) and applies pending migrations. */
export function openDatabase(databaseUrl: string, { synchronous = "FULL" }: { synchronous?: "FULL" | "NORMAL" } = {}): Db {
  if (engineOf(databaseUrl) === "postgres") return openPostgres(databaseUrl);
  const file = sqliteFileOf(databaseUrl);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`busy_timeout = ${WRITE_LOCK_WAIT_MS}`);
  // FULL by default: a commit an investor was told about survives a power cut (SQLITE_SYNCHRONOUS).
  sqlite.pragma(`synchronous = ${synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  // Savepoints (nested transactions) keep their statement journal in memory: on disk, each one
  // created, wrote and deleted a file in /var/tmp (about 70 KB for an invest).
  sqlite.pragma("temp_store = MEMORY");
  const db = drizzle(sqlite, { schema }) as unknown as Db;
  migrateWithForeignKeysOff(db, sqliteMigrationsFolder());
  sqlite.pragma("foreign_keys = ON");
  return db;
}

/**
 * Applies pending migrations with foreign keys off, then checks every foreign key, as SQLite's own
 * procedure for rebuilding a table asks (lang_altertable.html#otheralter). The migrator runs them in
 * one transaction, where a migration's own `PRAGMA foreign_keys=OFF` changes nothing; with foreign
 * keys on, rebuilding a table others point at (users, migration 0022) would delete their rows
 * (ON DELETE CASCADE) or fail. A reference left broken stops the start-up.
 */
function migrateWithForeignKeysOff(db: Db, migrationsFolder: string): void {
  const client = db.$client as unknown as Database.Database;
  const applied = () => {
    const table = client.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
    return table ? (client.prepare("select count(*) n from __drizzle_migrations").get() as { n: number }).n : 0;
  };
  const before = applied();
  client.pragma("foreign_keys = OFF");
  migrate(db as unknown as BetterSQLite3Database<typeof schema>, { migrationsFolder });
  // Checked only when something ran: the check reads every row that points at another.
  if (applied() === before) return;
  const broken = client.pragma("foreign_key_check") as unknown[];
  if (broken.length > 0) throw new Error(`Migrations left ${broken.length} broken foreign keys, e.g. ${JSON.stringify(broken[0])}`);
}

/**
 * Connects to PostgreSQL and applies its pending migrations (drizzle-pg/). A statement waits at most
 * WRITE_LOCK_WAIT_MS for a row lock, as a SQLite write waits for the file's.
 */
function openPostgres(databaseUrl: string): Db {
  const client = new PgSyncClient(databaseUrl, { lockTimeoutMs: WRITE_LOCK_WAIT_MS });
  migratePostgres(client, postgresMigrationsFolder());
  return syncPgDrizzle(client) as unknown as Db;
}

/**
 * A plain connection to the database a DATABASE_URL names, neither migrated nor wrapped in drizzle:
 * better-sqlite3 on SQLite, a PgSyncClient on PostgreSQL. Both answer `prepare(sql).get/all/run`,
 * `exec`, `transaction(fn)` and `close`. For the scripts that read and write rows beside a running
 * server (`npm run bench`, `npm run load`, scripts/lib/bulk-data.js), in SQL both engines read; a
 * write waits up to SCRIPT_LOCK_WAIT_MS for the server's.
 */
export function openSqlClient(databaseUrl: string): Database.Database | PgSyncClient {
  if (engineOf(databaseUrl) === "postgres") return new PgSyncClient(databaseUrl, { applicationName: "akoko-script", lockTimeoutMs: SCRIPT_LOCK_WAIT_MS });
  const sqlite = new Database(sqliteFileOf(databaseUrl), { fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${SCRIPT_LOCK_WAIT_MS}`);
  return sqlite;
}
/** A bulk write from a script waits longer than a request's write: the server under load holds the lock often. */
const SCRIPT_LOCK_WAIT_MS = 10_000;

// One connection per process; kept on globalThis so dev rebuilds reuse it.
const globalForDb = globalThis as unknown as { __akokoDb?: Db };

/** The app's connection, opened (and migrated) on first use. Seeding is the start-up's job: `initDatabase`. */
export function getDb(): Db {
  globalForDb.__akokoDb ??= openDatabase(getEnv().DATABASE_URL, { synchronous: getEnv().SQLITE_SYNCHRONOUS });
  return globalForDb.__akokoDb;
}

// Statements compiled once per connection. drizzle builds the SQL text and has SQLite compile it
// on every call, which cost the invest API about a third of its time (see `npm run bench`), so
// the per-request hot paths (session lookup, invest, wallet) use these instead.
// Page reads use drizzle's own prepared queries (`preparedQuery`), built and compiled once too.
const statementCache = new WeakMap<SqlClient, Map<string | ((db: Db) => unknown), unknown>>();

function connectionCache(client: SqlClient) {
  let cache = statementCache.get(client);
  if (!cache) statementCache.set(client, (cache = new Map()));
  return cache;
}

/**
 * A cached prepared statement on the app's connection, for hot paths, typed by its parameters and
 * the row it returns: `prepared<[number], { id: number }>("select id from ... where x = ?")`.
 */
export function prepared<Params extends unknown[] = unknown[], Row = unknown>(sqlText: string): SqlStatement<Params, Row> {
  const client = getDb().$client;
  const cache = connectionCache(client);
  let statement = cache.get(sqlText);
  if (!statement) cache.set(sqlText, (statement = client.prepare(sqlText)));
  return statement as SqlStatement<Params, Row>;
}

/**
 * A drizzle query built and compiled once per connection, for the reads every page view makes.
 * `build` is a module-level function returning `db.select()...prepare()`, its inputs given as
 * `sql.placeholder("name")` and passed at each call: `preparedQuery(listQuery).all({ type })`.
 */
export function preparedQuery<Query>(build: (db: Db) => Query): Query {
  const db = getDb();
  const cache = connectionCache(db.$client);
  let query = cache.get(build);
  if (!query) cache.set(build, (query = build(db)));
  return query as Query;
}

/**
 * Runs `fn` in one synchronous write transaction: BEGIN IMMEDIATE on SQLite, SERIALIZABLE on
 * PostgreSQL (run again after a serialization failure). Inner calls are savepoints, and any throw
 * rolls the whole thing back. `fn` must not be async, and must be safe to run twice: nothing in it
 * may act outside the database (see `afterCommit`, `onRollback`; docs/transactions.md). With
 * AKOKO_TEST_RERUN_TRANSACTIONS the outermost `fn` runs twice, the first run rolled back.
 */
export function writeTransaction<T>(fn: () => T): T {
  const connection = getDb().$client;
  // Inside another transaction the write lock is held already: this one is a savepoint.
  if (connection.inTransaction) {
    const { result, pending } =
      connection instanceof PgSyncClient ? pgSavepoint(connection, () => runLevel(fn)) : (connection as unknown as Database.Database).transaction(() => runLevel(fn)).immediate();
    const parent = openLevels.at(-1);
    if (parent) {
      parent.afterCommit.push(...pending.afterCommit);
      parent.onRollback.push(...pending.onRollback);
    } else {
      // A transaction begun outside this module (a test's own BEGIN): nothing here knows when it ends.
      for (const effect of pending.afterCommit) effect();
    }
    return result;
  }
  const rehearsed = Boolean(getEnv().AKOKO_TEST_RERUN_TRANSACTIONS);
  const { result, pending } = connection instanceof PgSyncClient ? serializableTransaction(connection, fn, rehearsed) : immediateTransaction(connection as unknown as Database.Database, fn, rehearsed);
  for (const effect of pending.afterCommit) effect();
  return result;
}

/** The outermost transaction on SQLite: BEGIN IMMEDIATE (takeWriteLock), `fn`, COMMIT; ROLLBACK if `fn` throws. */
function immediateTransaction<T>(client: Database.Database, fn: () => T, rehearsed: boolean): Level<T> {
  takeWriteLock();
  let level: Level<T> | undefined;
  try {
    if (rehearsed) rehearse(client, fn);
    // No savepoint at this level: a throw rolls the whole transaction back below. (A savepoint
    // first copies every page the transaction changes into a statement journal.)
    level = runLevel(fn);
    prepared("commit").run();
    return level;
  } catch (error) {
    if (client.inTransaction) prepared("rollback").run();
    if (level) undo(level.pending);
    throw error;
  }
}

/** What one level of a transaction leaves for its end: effects for after the commit, undos for a rollback. */
type Pending = { afterCommit: Array<() => void>; onRollback: Array<() => void> };
type Level<T> = { result: T; pending: Pending };
/** The levels open on the app's connection, innermost last (one connection per process). */
const openLevels: Pending[] = [];

/** Runs `fn` as one level: what it registers is undone if it throws, else handed to the caller. */
function runLevel<T>(fn: () => T): Level<T> {
  const pending: Pending = { afterCommit: [], onRollback: [] };
  openLevels.push(pending);
  try {
    return { result: fn(), pending };
  } catch (error) {
    undo(pending);
    throw error;
  } finally {
    openLevels.pop();
  }
}

function undo(pending: Pending): void {
  for (const step of pending.onRollback.reverse()) step();
}

class Rehearsed {
  constructor(public pending: Pending) {}
}

/**
 * Tests only (AKOKO_TEST_RERUN_TRANSACTIONS): runs `fn` once and rolls it back, as PostgreSQL's
 * retry after a serialization failure would, before the run that commits. A callback that acts
 * outside the database, or keeps state across runs, then shows it twice (a metric, a file, a count).
 */
function rehearse(client: Database.Database, fn: () => unknown): void {
  try {
    client.transaction(() => {
      throw new Rehearsed(runLevel(fn).pending);
    })();
  } catch (outcome) {
    if (!(outcome instanceof Rehearsed)) throw outcome;
    undo(outcome.pending);
  }
}

/**
 * Runs `effect` once the outermost transaction open now has committed, or at once outside one. A
 * rollback (of the whole, or of the savepoint it was registered in) drops it. For what a transaction
 * must not do itself because it may run twice or roll back: count a metric, tell something outside.
 */
export function afterCommit(effect: () => void): void {
  const level = openLevels.at(-1);
  if (level) level.afterCommit.push(effect);
  else effect();
}

/**
 * Runs `undo` if the transaction level open now is rolled back (alone, as a savepoint, or with the
 * whole): e.g. removes a file written for rows that are then never committed. Nothing outside one.
 */
export function onRollback(undo: () => void): void {
  openLevels.at(-1)?.onRollback.push(undo);
}

/** Whether a transaction is open on the app's connection (what it reads may still roll back). */
export function inTransaction(): boolean {
  return getDb().$client.inTransaction;
}

class RolledBack<T> {
  constructor(public value: T) {}
}

/**
 * Runs `fn` as a write transaction (a savepoint inside one) and undoes it, returning what it
 * returned: the very same rules answer "would this work?". Effects it registers never run.
 */
export function rolledBackTransaction<T>(fn: () => T): T {
  try {
    writeTransaction(() => {
      throw new RolledBack(fn());
    });
  } catch (outcome) {
    if (outcome instanceof RolledBack) return outcome.value as T;
    throw outcome;
  }
  throw new Error("unreachable");
}

const WRITE_LOCK_RETRY_MS = 0.05;
// Atomics.wait on a value nobody changes: a synchronous sleep of a fraction of a millisecond.
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * BEGIN IMMEDIATE, waiting for another worker's write to end in steps of 50 µs. SQLite's own busy
 * handler sleeps 1, 2, 5, 10 ms and more between tries, with this worker's event loop stopped
 * either way; against another worker committing every half millisecond it kept losing, and two
 * workers made fewer invests a second than one (docs/scaling.md, "The single writer").
 */
function takeWriteLock(): void {
  const begin = prepared("begin immediate");
  const deadline = performance.now() + WRITE_LOCK_WAIT_MS;
  prepared("pragma busy_timeout = 0").get();
  try {
    for (;;) {
      try {
        begin.run();
        return;
      } catch (error) {
        const busy = error instanceof Error && "code" in error && String(error.code).startsWith("SQLITE_BUSY");
        if (!busy || performance.now() > deadline) throw error;
        Atomics.wait(sleeper, 0, 0, WRITE_LOCK_RETRY_MS);
      }
    }
  } finally {
    prepared(`pragma busy_timeout = ${WRITE_LOCK_WAIT_MS}`).get();
  }
}

/** How many times a PostgreSQL transaction is tried before its serialization failure reaches the caller. */
const SERIALIZABLE_TRIES = 20;
const RETRYABLE = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

/**
 * A write on PostgreSQL: SERIALIZABLE, so transactions that touch the same rows behave as if they ran
 * one after another, or one of them fails with 40001 (40P01 for a deadlock) and runs again from the
 * start after a short random pause, up to SERIALIZABLE_TRIES times. `fn` is therefore run more than
 * once at times: it may only change the database (docs/transactions.md); a run that does not
 * commit has its `onRollback` undos run and its `afterCommit` effects dropped. Inside another
 * transaction, `pgSavepoint`.
 */
function serializableTransaction<T>(client: PgSyncClient, fn: () => T, rehearsed: boolean): Level<T> {
  for (let attempt = 1; ; attempt++) {
    client.exec("begin isolation level serializable");
    let level: Level<T> | undefined;
    try {
      level = runLevel(fn);
      // AKOKO_TEST_RERUN_TRANSACTIONS: the first run is rolled back as if it had failed, and run again.
      if (rehearsed && attempt === 1) {
        client.exec("rollback");
        undo(level.pending);
        continue;
      }
      client.exec("commit");
      return level;
    } catch (error) {
      if (client.inTransaction) client.exec("rollback");
      // A run that succeeded and failed to commit (a serialization failure shows there too) is undone.
      if (level) undo(level.pending);
      const code = (error as { code?: unknown }).code;
      if (typeof code !== "string" || !RETRYABLE.has(code) || attempt >= SERIALIZABLE_TRIES) throw error;
      transactionRetries.inc();
      // Up to 1, 2, 4 ... 32 ms: losers spread out instead of colliding again at once.
      Atomics.wait(sleeper, 0, 0, Math.random() * 2 ** Math.min(attempt - 1, 5));
    }
  }
}

/** A savepoint inside the open PostgreSQL transaction: a throw undoes `fn`'s statements alone. */
function pgSavepoint<T>(client: PgSyncClient, fn: () => T): T {
  const savepoint = `s${++savepointDepth}`;
  client.exec(`savepoint ${savepoint}`);
  try {
    const result = fn();
    client.exec(`release savepoint ${savepoint}`);
    return result;
  } catch (error) {
    if (client.inTransaction) client.exec(`rollback to savepoint ${savepoint}; release savepoint ${savepoint}`);
    throw error;
  } finally {
    savepointDepth--;
  }
}
let savepointDepth = 0;

export function closeDb() {
  globalForDb.__akokoDb?.$client.close();
  savepointDepth = 0;
  globalForDb.__akokoDb = undefined;
}

let initialised = false;
/** Called once migrations and seeding are done (initDatabase): until then the server is not ready. */
export function markDatabaseReady(): void {
  initialised = true;
}

/**
 * Whether this process can serve: its migrations ran, and the database takes a write. The write is
 * real and committed (one row of `readiness_checks` rewritten), so a read-only file, a full disk or a
 * lock held past the busy timeout all answer "not ready".
 */
export function databaseReadiness(): { ready: true } | { ready: false; reason: string } {
  if (!initialised) return { ready: false, reason: "migrations have not finished" };
  try {
    writeTransaction(() => prepared<[number]>("insert into readiness_checks (id, checked_at) values (1, ?) on conflict(id) do update set checked_at = excluded.checked_at").run(Date.now()));
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: `the database does not take writes (${error instanceof Error ? error.message : String(error)})` };
  }
}
