import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPostgresCluster } from "../../scripts/lib/postgres-cluster.js";

/**
 * One temporary directory per test run. Every test database, backup, upload and browser profile is made
 * under it (os.tmpdir() follows TMPDIR, which the test workers inherit), and it is removed when the run
 * ends, so a run leaves nothing behind however its files clean up after themselves.
 *
 * When the run includes the PostgreSQL project (vitest.config.ts, where PostgreSQL is installed), a
 * PostgreSQL server starts here too, and AKOKO_TEST_POSTGRES tells the workers where it is.
 */
export default async function setup() {
  // Each project (vitest.config.ts) runs this; the first sets the run up for all of them.
  if (process.env.AKOKO_TEST_RUN_DIR) return () => {};
  // PostgreSQL's own user must reach its directory: it lives beside the run's, not inside it.
  const cluster = process.env.AKOKO_TEST_POSTGRES_BIN ? await startPostgresCluster(process.env.AKOKO_TEST_POSTGRES_BIN, os.tmpdir()) : undefined;
  if (cluster) process.env.AKOKO_TEST_POSTGRES = cluster.url;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-tests-"));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  process.env.AKOKO_TEST_RUN_DIR = runDir;
  return () => {
    cluster?.stop();
    delete process.env.AKOKO_TEST_POSTGRES;
    delete process.env.AKOKO_TEST_RUN_DIR;
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
