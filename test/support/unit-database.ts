import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { closeDb, getDb } from "~/lib/db.server";
import { forgetEnv } from "~/lib/env.server";

/**
 * A unit test file's own SQLite file, migrated like the server's, so nothing in the app is mocked:
 * DATABASE_URL points at it before the file's first test; it is closed and removed after the last.
 * The unit files share a process per worker (`isolate: false`), so the app reads its environment
 * afresh for each file.
 */
export function useUnitDatabase(name: string): void {
  let dir = "";
  beforeAll(() => {
    closeDb();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `akoko-${name}-`));
    process.env.DATABASE_URL = path.join(dir, `${name}.db`);
    forgetEnv();
    getDb();
  });
  afterAll(() => {
    closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  });
}
