import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll } from "vitest";
import { engineOf } from "~/lib/database-url.server";
import { PgSyncClient, type SqlClient } from "~/lib/pg-sync-client.server";
import { closeDb, getDb } from "~/lib/db.server";
import { forgetEnv } from "~/lib/env.server";
import { createPostgresDatabase, dropPostgresDatabase, rerunTransactionsSetting, testPostgresUrl } from "./postgres";

/**
 * A unit test file's own database, migrated like the server's, so nothing in the app is mocked:
 * DATABASE_URL points at it before the file's first test; it is closed and removed after the last.
 * It is a SQLite file, or a PostgreSQL database of its own when the run is on PostgreSQL
 * (test/support/postgres.ts). On SQLite, write transactions run twice there, as on the test servers
 * (rerunTransactionsSetting). The unit files share a process per worker (`isolate: false`), so the
 * app reads its environment afresh for each file.
 */
export function useUnitDatabase(name: string): void {
  let dir = "";
  let pgDatabase = "";
  const rerunAsSet = process.env.AKOKO_TEST_RERUN_TRANSACTIONS;
  beforeAll(() => {
    closeDb();
    if (testPostgresUrl()) {
      pgDatabase = createPostgresDatabase(`unit_${name}`);
      process.env.DATABASE_URL = testPostgresUrl(pgDatabase);
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), `akoko-${name}-`));
      process.env.DATABASE_URL = path.join(dir, `${name}.db`);
    }
    // As on the test servers: on SQLite every write transaction runs twice, the first run rolled back.
    process.env.AKOKO_TEST_RERUN_TRANSACTIONS = rerunTransactionsSetting();
    forgetEnv();
    getDb();
  });
  afterAll(() => {
    closeDb();
    if (pgDatabase) dropPostgresDatabase(pgDatabase);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (rerunAsSet === undefined) delete process.env.AKOKO_TEST_RERUN_TRANSACTIONS;
  });
}

/** A second connection to the database at `databaseUrl`, as another worker process would hold: better-sqlite3 or PgSyncClient. */
export function anotherConnection(databaseUrl: string): SqlClient {
  return engineOf(databaseUrl) === "postgres" ? new PgSyncClient(databaseUrl, { applicationName: "akoko-test" }) : (new Database(databaseUrl) as unknown as SqlClient);
}
