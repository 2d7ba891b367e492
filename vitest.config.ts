import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./test/support/longest-first-sequencer";
import { postgresBinDir } from "./scripts/lib/postgres-cluster.js";

/**
 * The files that run a second time on PostgreSQL (the second engine): the models and commands with a
 * database of their own, and the HTTP tests of money, concurrency, crashes and the money API. (The
 * sign-in, account and message tests ran green on PostgreSQL too, and stay SQLite's for the suite's time.) The browser
 * tests run on SQLite only; test/db-copy.test.ts (SQLite into PostgreSQL) and
 * app/lib/pg-sync-client.server.test.ts do something on PostgreSQL only. They run where PostgreSQL is installed (Debian's `postgresql`), unless
 * AKOKO_TEST_POSTGRES=off.
 */
const POSTGRES_FILES = [
  "app/models/*.test.ts",
  "app/commands/*.test.ts",
  "app/lib/db.server.test.ts",
  "app/lib/pg-sync-client.server.test.ts",
  "app/lib/rate-limit.server.test.ts",
  "app/lib/sql-dialect.server.test.ts",
  "test/two-hosts.test.ts",
  "test/crash-safety.test.ts",
  "test/db-copy.test.ts",
  "test/money-api.test.ts",
  "test/idempotency.test.ts",
  "test/workers.test.ts",
  "test/payments-flows.test.ts",
  "test/four-eyes.test.ts",
  "test/remittances.test.ts",
  "test/tax-statements.test.ts",
  "test/ussd-money.test.ts",
  "test/kyc-destinations.test.ts",
  "test/nul-characters.test.ts",
];
const postgresBin = process.env.AKOKO_TEST_POSTGRES === "off" ? undefined : postgresBinDir();
if (postgresBin) process.env.AKOKO_TEST_POSTGRES_BIN = postgresBin;

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/catalog-setup.ts", "test/support/uncompressed-fetch.ts", "test/support/playwright-stacks.ts"],
    // A browser test takes up to about 20 s on a busy 2-core machine (both cores shared by four
    // workers, their servers and Chromium); a host half as fast again must not time it out.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each integration file starts its own server (a child process) on its own SQLite file, and
    // browser files drive Chromium (more processes): a worker waits on them much of the time, so
    // more workers than cores keep a 2-core machine busier. Whole runs here: two workers 393 s,
    // three 308 s (both at an earlier size of the suite); later three 499 s, four 461 s.
    maxWorkers: 4,
    fileParallelism: true,
    // A worker runs its files one after another in one process and keeps the modules it loaded:
    // about 0.4 s of start-up a file. Each file still has its own server, database and browser;
    // unit files that move the app to a database of their own say so (test/support/unit-database.ts).
    isolate: false,
    reporters: ["default", "./test/support/slowest-files-reporter.ts"],
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Each project names its own files: a project that extends the root adds its include to the root's.
      { extends: true, test: { name: "sqlite", include: ["app/**/*.test.ts", "test/**/*.test.ts"] } },
      ...(postgresBin ? [{ extends: true as const, test: { name: "postgres", include: POSTGRES_FILES, env: { AKOKO_TEST_ENGINE: "postgres" }, setupFiles: ["test/support/postgres-setup.ts"] } }] : []),
    ],
  },
});
