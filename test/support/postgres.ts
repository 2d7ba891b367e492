import crypto from "node:crypto";
import { PgSyncClient } from "~/lib/pg-sync-client.server";

/**
 * The PostgreSQL server a test run uses, when it runs on PostgreSQL: AKOKO_TEST_POSTGRES holds its
 * base URL (postgres://user@host:port/), set by test/support/global-setup.ts for the PostgreSQL
 * run. Each test file or server gets a database of its own, made and dropped here.
 */
export function testPostgresUrl(database?: string): string | undefined {
  const base = process.env.AKOKO_TEST_POSTGRES;
  if (!base) return undefined;
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
