import Database from "better-sqlite3";
import { now } from "~/lib/clock.server";
import { engineOf, sqliteFileOf } from "~/lib/database-url.server";
import { getDb, writeTransaction } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { SqlClient, SqlStatement } from "~/lib/pg-sync-client.server";

/**
 * Fixed-window counters in the database's `rate_limits` table, so every worker process
 * (WEB_CONCURRENCY) counts against the same limits. Every window has the same length
 * (AUTH_RATE_WINDOW_SECONDS). On SQLite the counters go through a connection of their own with
 * `synchronous = OFF`: a counter lost to a power cut costs nothing, and an fsync per login attempt
 * would (the ledger's connection keeps its own, stricter setting). On PostgreSQL they go through the
 * app's one connection (a second one, waiting in the same blocked process on a lock the first holds,
 * would never wake), with `synchronous_commit` off for the counting transaction alone.
 */

/**
 * A cap on the live keys held, so a flood of new keys (made-up emails, addresses) cannot grow the
 * table without bound within one window. Past it, the windows ending first are dropped.
 */
export const MAX_RATE_LIMIT_KEYS = 100_000;
let maxKeys = MAX_RATE_LIMIT_KEYS;
/** Expired windows are swept once per this many reservations in a process, not on every request. */
const PRUNE_EVERY = 1_000;
let sincePrune = 0;
/** Sweeps made by reservations in this process (for tests: the flood test counts them, not the time). */
let sweeps = 0;
export const rateLimitSweeps = () => sweeps;

/** For tests: a smaller cap, so the flood test need not write 100,000 rows. */
export function setRateLimitKeyCap(cap: number | null) {
  maxKeys = cap ?? MAX_RATE_LIMIT_KEYS;
}

type Statements = {
  read: SqlStatement<[string], { count: number; resetAt: number }>;
  write: SqlStatement<[string, number, number]>;
  release: SqlStatement<[string, number]>;
  clear: SqlStatement<[string]>;
  pruneExpired: SqlStatement<[number]>;
  live: SqlStatement<[number], { n: number }>;
  dropEarliest: SqlStatement<[number]>;
  /** Runs `fn` as one write transaction holding the counters' rows. */
  counting: <T>(fn: () => T) => T;
};

const holder = globalThis as unknown as { __akokoRateLimits?: { file: string; statements: Statements } };

function store(): Statements {
  const file = getEnv().DATABASE_URL;
  if (holder.__akokoRateLimits?.file === file) return holder.__akokoRateLimits.statements;
  const app = getDb(); // the app's connection runs the migrations that create the table
  let connection: SqlClient;
  let counting: Statements["counting"];
  if (engineOf(file) === "postgres") {
    connection = app.$client;
    counting = (fn) =>
      writeTransaction(() => {
        connection.exec("set local synchronous_commit = off");
        return fn();
      });
  } else {
    const sqlite = new Database(sqliteFileOf(file));
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = OFF");
    connection = sqlite as unknown as SqlClient;
    counting = (fn) => sqlite.transaction(fn).immediate();
  }
  const statements: Statements = {
    read: connection.prepare(`select count, reset_at as "resetAt" from rate_limits where key = ?`),
    write: connection.prepare("insert into rate_limits (key, count, reset_at) values (?, ?, ?) on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at"),
    // `case`, not the two-argument max(), which is SQLite's own.
    release: connection.prepare("update rate_limits set count = case when count > 0 then count - 1 else 0 end where key = ? and reset_at > ?"),
    clear: connection.prepare("delete from rate_limits where key = ?"),
    pruneExpired: connection.prepare("delete from rate_limits where reset_at <= ?"),
    live: connection.prepare("select count(*) n from rate_limits where reset_at > ?"),
    dropEarliest: connection.prepare("delete from rate_limits where key in (select key from rate_limits order by reset_at, key limit ?)"),
    counting,
  };
  holder.__akokoRateLimits = { file, statements };
  return statements;
}

function prune(s: Statements, t: number) {
  s.pruneExpired.run(t);
  const live = s.live.get(t)!.n;
  // Down to 90% of the cap, so a flood prunes once per many keys, not on every one.
  if (live > maxKeys) s.dropEarliest.run(live - Math.floor(maxKeys * 0.9));
}

/**
 * Counts one attempt against `limit` for this window and says whether it may go ahead; false (nothing
 * counted) once the limit is reached. Check and count are one transaction holding the write lock, so
 * attempts that then wait on something slow (a password hash), in this process or another, cannot
 * all pass the check before any is counted.
 */
export function reserveAttempt(key: string, limit: number): boolean {
  return reserveAttempts([[key, limit]]);
}

/** The same for several counters at once, all or nothing: one refused, none is counted. */
export function reserveAttempts(limits: Array<[key: string, limit: number]>): boolean {
  const s = store();
  const windowMs = getEnv().AUTH_RATE_WINDOW_SECONDS * 1000;
  const reserved = s.counting(() => {
    const t = now().getTime();
    const counters = limits.map(([key, limit]) => {
      const row = s.read.get(key);
      const live = row !== undefined && row.resetAt > t;
      return { key, limit, count: live ? row.count : 0, resetAt: live ? row.resetAt : t + windowMs };
    });
    if (counters.some((c) => c.count >= c.limit)) return false;
    for (const c of counters) s.write.run(c.key, c.count + 1, c.resetAt);
    return true;
  });
  // Counted after the commit, not inside the transaction, which may be run again (docs/transactions.md).
  if (reserved && ++sincePrune >= PRUNE_EVERY) {
    sincePrune = 0;
    sweeps++;
    s.counting(() => prune(s, now().getTime()));
  }
  return reserved;
}

/** Gives back one reserved attempt (it turned out not to count, e.g. a correct password). */
export function releaseAttempt(key: string) {
  store().release.run(key, now().getTime());
}

export function clearAttempts(key: string) {
  store().clear.run(key);
}

/** For tests: how many live windows are held (after sweeping the expired ones and applying the cap). */
export function rateLimitKeyCount(): number {
  const s = store();
  const t = now().getTime();
  prune(s, t);
  return s.live.get(t)!.n;
}
