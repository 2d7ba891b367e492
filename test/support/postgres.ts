import crypto from "node:crypto";
import { PgSyncClient } from "~/lib/pg-sync-client.server";

/**
 * The PostgreSQL server a test file uses, when it runs in the PostgreSQL project (vitest.config.ts
 * sets AKOKO_TEST_ENGINE): AKOKO_TEST_POSTGRES holds the server's base URL (postgres://user@host:port/),
 * set by test/support/global-setup.ts. Each test file or server gets a database of its own, made and
 * dropped here.
 */
export function onPostgres(): boolean {
  return process.env.AKOKO_TEST_ENGINE === "postgres";
}

/**
 * AKOKO_TEST_RERUN_TRANSACTIONS for a test server or a unit file's database, unless the runner's
 * environment sets it: on SQLite every write transaction runs twice, the first run rolled back, so a
 * callback that acts outside the database shows it (docs/transactions.md). On PostgreSQL the engine
 * runs transactions again for real (serialization failures), and a rehearsal of every one would
 * double the load its concurrency tests are about; the callbacks are the same code on both.
 */
export function rerunTransactionsSetting(): string {
  return process.env.AKOKO_TEST_RERUN_TRANSACTIONS ?? (onPostgres() ? "0" : "1");
}

export function testPostgresUrl(database?: string): string | undefined {
  const base = process.env.AKOKO_TEST_POSTGRES;
  if (!onPostgres()) return undefined;
  if (!base) throw new Error("AKOKO_TEST_ENGINE=postgres, but no PostgreSQL server was started (AKOKO_TEST_POSTGRES)");
  return database ? new URL(database, base.endsWith("/") ? base : `${base}/`).toString() : base;
}

let admin: PgSyncClient | undefined;
function adminClient(): PgSyncClient {
  admin ??= new PgSyncClient(testPostgresUrl("postgres")!, { applicationName: "akoko-tests" });
  return admin;
}

/** A new empty database named after `purpose`, or a copy of `template`; its name is returned. */
export function createPostgresDatabase(purpose: string, template?: string): string {
  const name = `akoko_${purpose
    .replace(/[^a-z0-9_]/gi, "_")
    .toLowerCase()
    .slice(0, 40)}_${crypto.randomBytes(4).toString("hex")}`;
  adminClient().exec(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  return name;
}

export function dropPostgresDatabase(name: string): void {
  adminClient().exec(`drop database if exists "${name}" with (force)`);
}

export function postgresDatabaseExists(name: string): boolean {
  return adminClient().query("select 1 from pg_database where datname = $1", [name]).rows.length > 0;
}

/** Renames `from` to `to`; false (and `from` dropped) when `to` exists already. */
export function renamePostgresDatabase(from: string, to: string): boolean {
  try {
    adminClient().exec(`alter database "${from}" rename to "${to}"`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== "42P04") throw error; // duplicate_database
    dropPostgresDatabase(from);
    return false;
  }
}
