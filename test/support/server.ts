import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { PgSyncClient } from "~/lib/pg-sync-client.server";
import { createPostgresDatabase, onPostgres, postgresDatabaseExists, renamePostgresDatabase, rerunTransactionsSetting, testPostgresUrl } from "./postgres";

export const TEST_ADMIN = { email: "admin@akoko.test", password: "test-admin-password" };
export const TEST_INVESTOR = { email: "ama@akoko.test", password: "test-investor-password" };
/** What the test servers sign cookies with (test/support/factories.ts signs session cookies the same way). */
export const TEST_SESSION_SECRET = "test-session-secret-0123456789";
const DAY_MS = 24 * 3600 * 1000;

export type TestServer = {
  url: string;
  /** The server's DATABASE_URL: its SQLite file, or its PostgreSQL database's URL in the PostgreSQL project. */
  dbFile: string;
  /**
   * A direct connection to the server's database (SQLite's WAL lets both read and write). In the
   * PostgreSQL project it is a PgSyncClient, which answers the same `prepare(sql).get/all/run` and `exec`.
   */
  db: () => Database.Database;
  logs: () => string;
  /**
   * The logs once they contain `match` (a string, or a pattern they must match). The server writes a
   * request's log line as its answer leaves, and the line reaches this process a moment after the
   * answer: a test reads the logs after this, never straight after a response. Fails after `timeoutMs`.
   */
  waitForLogs: (match: string | RegExp, timeoutMs?: number) => Promise<string>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  process: ChildProcess;
  /** The server's SESSION_SECRET, for signing session cookies without the login form. */
  sessionSecret: string;
  /** How far the server's clock runs ahead of the real one (AKOKO_CLOCK_OFFSET_DAYS), in ms; 0 normally. */
  clockOffsetMs: number;
};

export type StartOptions = {
  /** Start on this SQLite file (e.g. to restart on another's database) instead of a fresh one. */
  dbFile?: string;
  /**
   * Run the server's clock this many days ahead (negative: behind; fractions allowed), through
   * AKOKO_CLOCK_OFFSET_DAYS. Production refuses a shifted clock, so such a server runs with
   * NODE_ENV=test. Everything the app decides from NODE_ENV is otherwise pinned to what production
   * does here (secure cookies off as always, demo seed on, the same limits and APP_URL), except:
   * production's start-up refusals are skipped, password-reset links are printed to the log (not
   * "no email is sent"), the seed prints its logins, and React and Remix run their development
   * builds (so error details are not sanitised). Tests of those things use a normal server.
   */
  clockOffsetDays?: number;
  /** The script to run: `scripts/start.js` runs the server as `npm start` does (a child with V8's flags). */
  entry?: "scripts/server.js" | "scripts/start.js";
  /** Let the server migrate and seed an empty file itself (tests of start-up), not start from a seeded copy. */
  freshDatabase?: boolean;
  /**
   * Keep an IPC channel to the server, as `npm start` does: the server stops when the test worker's
   * process ends, however it ends (sharedServer's servers outlive the files that use them).
   */
  stopsWithRunner?: boolean;
};

/**
 * Settings that never change what the seed writes: the copy made for one serves any value of them.
 * Besides where the server listens: where the outside systems are and the keys to them (the fakes
 * take a new port each run), limits per address or account, and timings of the background jobs,
 * all read while serving, none while seeding (scripts/seed.js starts no job and calls no provider).
 * And what only a request, a submission or a withdrawal reads, which the seed makes none of: the
 * pseudo-locale, admins' second factor, the tax number on tax documents, the identity verifier, the
 * review threshold for withdrawals, and the payments provider (the seed's deposits are written to
 * the ledger directly). A seed with all six set wrote the same rows as one without.
 * Nor, by the same test one at a time: where uploads are kept (each PostgreSQL server has its own
 * folder, which made every one of them seed a template of its own), the log level, the email and
 * SMS providers and the sender's address (the seed sends nothing), and the cooling-off of new
 * payout destinations (the seed adds none).
 */
const NOT_SEED_SETTINGS = new Set([
  "PATH",
  "PORT",
  "HOST",
  "DATABASE_URL",
  "SQLITE_SYNCHRONOUS",
  "WEB_CONCURRENCY",
  "NODE_OPTIONS",
  "REQUEST_LOG",
  "METRICS_TOKEN",
  "USSD_CALLBACK_SECRET",
  "USSD_ALLOWED_IPS",
  "TRUST_PROXY",
  "COOKIE_SECURE",
  "PAYSTACK_BASE_URL",
  "PAYSTACK_SECRET_KEY",
  "SMTP_URL",
  "HUBTEL_CLIENT_ID",
  "HUBTEL_CLIENT_SECRET",
  "HUBTEL_SMS_URL",
  "AUTH_RATE_LIMIT",
  "LOGIN_FAILURES_PER_ADDRESS",
  "REGISTRATIONS_PER_ADDRESS",
  "CONTACT_MESSAGES_PER_ADDRESS",
  "RESET_REQUESTS_PER_ADDRESS",
  "RESET_REQUESTS_PER_EMAIL",
  "DEVICE_POSTS_PER_WINDOW",
  "PAYMENTS_SWEEP_SECONDS",
  "PAYMENTS_SWEEP_AFTER_SECONDS",
  "OUTBOX_POLL_MS",
  "OUTBOX_RETRY_SECONDS",
  "OUTBOX_MAX_ATTEMPTS",
  "OUTBOX_LEASE_SECONDS",
  "PSEUDO_LOCALE",
  "ADMIN_TWO_FACTOR",
  "TAX_PAYER_TIN",
  "KYC_PROVIDER",
  "LARGE_WITHDRAWAL_GHS",
  "PAYMENTS_PROVIDER",
  "UPLOADS_DIR",
  "LOG_LEVEL",
  "EMAIL_PROVIDER",
  "MAIL_FROM",
  "SMS_PROVIDER",
  "DESTINATION_COOLING_OFF_HOURS",
]);

/** The templates this process has made or is making, by engine and settings. */
const templates = new Map<string, Promise<string>>();

/**
 * A database file migrated and seeded by `npm run seed` (scripts/seed.js, the server's own start-up
 * code without the server) under these settings, made once per test run and settings, and shared by
 * the test files through the run's temporary directory. The first worker to need it seeds it while
 * the others wait (`oneSeeder`): three workers used to seed the same one at once when a run began.
 */
function seededTemplate(childEnv: Record<string, string | undefined>): Promise<string> {
  const settings = Object.entries(childEnv)
    .filter(([k, v]) => v !== undefined && !NOT_SEED_SETTINGS.has(k))
    .sort(([a], [b]) => a.localeCompare(b));
  const key = createHash("sha256").update(JSON.stringify(settings)).digest("hex").slice(0, 16);
  const name = onPostgres() ? `postgres-${key}` : key;
  let made = templates.get(name);
  if (!made) {
    made = oneSeeder(name, () => (onPostgres() ? seededPostgresTemplate(childEnv, key) : seededSqliteTemplate(childEnv, key)));
    templates.set(name, made);
    // Settings the start-up refuses make no template; the next server with them tries again.
    made.catch(() => templates.delete(name));
  }
  return made;
}

const TEMPLATE_DIR = () => path.join(os.tmpdir(), "akoko-seeded-templates");
/** A seed runs for seconds; a lock this old was left by a worker that died holding it. */
const STALE_LOCK_MS = 120_000;

/**
 * Runs `make` holding the run's lock file for the template `name`, so one worker at a time makes
 * it: one that waited finds it made (`make` looks first). The lock is a file created only if absent
 * (O_EXCL), which every worker of the run sees in its temporary directory.
 */
async function oneSeeder<T>(name: string, make: () => Promise<T>): Promise<T> {
  fs.mkdirSync(TEMPLATE_DIR(), { recursive: true });
  const lock = path.join(TEMPLATE_DIR(), `${name}.lock`);
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const heldSince = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
    if (heldSince !== undefined && Date.now() - heldSince > STALE_LOCK_MS) fs.rmSync(lock, { force: true });
    // Polled, as startServer polls for the port: a seed takes one to three seconds.
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    return await make();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** The SQLite template: seeded into a draft, then published whole by renaming, so nobody copies half a file. */
async function seededSqliteTemplate(childEnv: Record<string, string | undefined>, key: string): Promise<string> {
  const file = path.join(TEMPLATE_DIR(), `${key}.db`);
  if (fs.existsSync(file)) return file;
  const draft = path.join(TEMPLATE_DIR(), `${key}.${process.pid}.${randomBytes(4).toString("hex")}.db`);
  await seed(childEnv, draft);
  // One file, whole: whatever the write-ahead log still holds goes into the database first.
  const db = new Database(draft);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.pragma("journal_mode = DELETE");
  db.close();
  fs.renameSync(draft, file);
  return file;
}

/** `npm run seed` into `databaseUrl`, under the server's settings. */
function seed(childEnv: Record<string, string | undefined>, databaseUrl: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/seed.js"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...childEnv, DATABASE_URL: databaseUrl } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout!.on("data", (c) => (text += c));
    child.stderr!.on("data", (c) => (text += c));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`Seeding a template database failed (${code}):\n${text}`))));
  });
}

/**
 * The PostgreSQL template: a database seeded once per settings, which each server's database is
 * then created from (CREATE DATABASE ... TEMPLATE). Seeded under a draft name and renamed, so a
 * worker never copies one half seeded; should another have made it meanwhile, the draft is dropped.
 */
async function seededPostgresTemplate(childEnv: Record<string, string | undefined>, key: string): Promise<string> {
  const name = `akoko_template_${key}`;
  if (postgresDatabaseExists(name)) return name;
  const draft = createPostgresDatabase(`draft_${key}`);
  await seed(childEnv, testPostgresUrl(draft)!);
  if (!renamePostgresDatabase(draft, name)) return name;
  return name;
}
/**
 * Starts the built server (`remix build` output) in production mode on its own
 * SQLite file, so each test file has a real server and a database of its own.
 */
/** `env` overrides the defaults below; a key set to undefined is left out (the app's own default applies). */
export async function startServer(env: Record<string, string | undefined> = {}, options: StartOptions = {}): Promise<TestServer> {
  const postgres = onPostgres();
  const dir = options.dbFile && !postgres ? path.dirname(options.dbFile) : fs.mkdtempSync(path.join(os.tmpdir(), "akoko-test-"));
  let dbFile = options.dbFile ?? path.join(dir, "akoko.db");
  let output = "";
  const shifted = options.clockOffsetDays === undefined ? {} : { NODE_ENV: "test", AKOKO_CLOCK_OFFSET_DAYS: String(options.clockOffsetDays) };
  const childEnv: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    // Port 0: the server takes a free port itself and says which, so two test files can never race for one.
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: dbFile,
    // Beside the database file on SQLite; PostgreSQL has no file to be beside.
    ...(postgres ? { UPLOADS_DIR: path.join(dir, "uploads") } : {}),
    SESSION_SECRET: TEST_SESSION_SECRET,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DEMO_INVESTOR_EMAIL: TEST_INVESTOR.email,
    DEMO_INVESTOR_PASSWORD: TEST_INVESTOR.password,
    COOKIE_SECURE: "false",
    // Production refuses to start without it; reset links are built from it, never from the request.
    APP_URL: "http://akoko.test",
    // Production refuses to start without it (identity numbers are encrypted with it).
    KYC_ENCRYPTION_KEY: "aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233",
    // Like `npm start`: a well-formed identity submission is approved at once (production defaults to manual review).
    KYC_PROVIDER: "demo",
    // Production requires admins to sign in with two factors; test/two-factor.test.ts tests it, the rest sign in directly.
    ADMIN_TWO_FACTOR: "optional",
    // Every test file talks from 127.0.0.1: the limits are raised so that only the files testing them meet them.
    AUTH_RATE_LIMIT: "1000",
    LOGIN_FAILURES_PER_ADDRESS: "100000",
    REGISTRATIONS_PER_ADDRESS: "100000",
    CONTACT_MESSAGES_PER_ADDRESS: "100000",
    RESET_REQUESTS_PER_ADDRESS: "100000",
    RESET_REQUESTS_PER_EMAIL: "100000",
    REQUEST_LOG: "off",
    // One process per test server (production's default is one per core); test/workers.test.ts runs several.
    WEB_CONCURRENCY: "1",
    // Production mode seeds no demo data by default; the tests want the demo platform.
    SEED_DEMO_DATA: "true",
    // Payout amounts reach the wallet whole; the tests of withholding tax set their rate.
    WITHHOLDING_TAX_RATE: "0",
    // New payout destinations receive money at once; test/kyc-destinations.test.ts tests the wait.
    DESTINATION_COOLING_OFF_HOURS: "0",
    // Commits are not fsynced one by one (a crash of the process still loses nothing, one of the
    // machine may): each fsync of a shared disk held a test for milliseconds while its CPU sat idle.
    // test/crash-safety.test.ts runs with the production default, FULL.
    SQLITE_SYNCHRONOUS: "NORMAL",
    // On SQLite every write transaction runs twice, the first run rolled back, as PostgreSQL's retry
    // would: a callback that acts outside the database shows it (docs/transactions.md). It costs
    // about 3% of a file's time. AKOKO_TEST_RERUN_TRANSACTIONS in the runner's environment overrides it.
    AKOKO_TEST_RERUN_TRANSACTIONS: rerunTransactionsSetting(),
    ...shifted,
    ...env,
  };
  // A new database starts as a copy of one migrated and seeded once for these settings (the server
  // then finds it ready), instead of migrating and seeding for every test file.
  // Settings the start-up refuses make no copy: the server then says why itself, on the empty file.
  if (postgres && !options.dbFile) {
    const template = options.freshDatabase ? null : await seededTemplate(childEnv).catch(() => null);
    childEnv.DATABASE_URL = dbFile = testPostgresUrl(createPostgresDatabase("server", template ?? undefined))!;
  } else if (!options.dbFile && !options.freshDatabase) {
    const template = await seededTemplate(childEnv).catch(() => null);
    if (template) fs.copyFileSync(template, dbFile);
  }
  const child = spawn(process.execPath, [options.entry ?? "scripts/server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: childEnv as NodeJS.ProcessEnv,
    stdio: options.stopsWithRunner ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  // The channel alone must not keep the worker's process alive; its end is what stops the server.
  child.channel?.unref();
  const outputListeners = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    output += chunk;
    for (const listener of outputListeners) listener();
  };
  child.stdout!.on("data", onOutput);
  child.stderr!.on("data", onOutput);
  const deadline = Date.now() + 30_000;
  let url = "";
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited (${child.exitCode}):\n${output}`);
    const port = /running at http:\/\/localhost:(\d+) /.exec(output)?.[1];
    if (port) {
      url = `http://127.0.0.1:${port}`;
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        /* not answering yet */
      }
    }
    if (Date.now() > deadline) throw new Error(`Server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const connection = directConnection(dbFile);
  const server: TestServer = {
    url,
    dbFile,
    process: child,
    sessionSecret: childEnv.SESSION_SECRET ?? "",
    clockOffsetMs: childEnv.NODE_ENV !== "production" && childEnv.AKOKO_CLOCK_OFFSET_DAYS ? Math.round(Number(childEnv.AKOKO_CLOCK_OFFSET_DAYS) * DAY_MS) : 0,
    logs: () => output,
    waitForLogs: logsWaiter(() => output, outputListeners),
    db: connection.open,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        connection.close();
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill(signal);
      }),
  };
  outputListenersOf.set(server, outputListeners);
  return server;
}

/** Who hears each server's output as it comes (sharedServer's waitForLogs listens to its server's). */
const outputListenersOf = new WeakMap<TestServer, Set<() => void>>();

/** TestServer.waitForLogs over `logs`, checked again each time the server writes (`listeners`). */
function logsWaiter(logs: () => string, listeners: Set<() => void>) {
  return (match: string | RegExp, timeoutMs = 10_000): Promise<string> =>
    new Promise((resolve, reject) => {
      const matches = () => (typeof match === "string" ? logs().includes(match) : match.test(logs()));
      if (matches()) return resolve(logs());
      const check = () => {
        if (!matches()) return;
        done();
        resolve(logs());
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`The server's logs never showed ${String(match)}; they end:\n${logs().slice(-2000)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
    });
}

/** A test's own connection to a server's database, opened when first asked for (TestServer.db). */
function directConnection(dbFile: string) {
  let connection: Database.Database | undefined;
  let pgConnection: PgSyncClient | undefined;
  return {
    open: (): Database.Database => {
      if (onPostgres()) return (pgConnection ??= new PgSyncClient(dbFile, { applicationName: "akoko-test" })) as unknown as Database.Database;
      connection ??= new Database(dbFile);
      connection.pragma("busy_timeout = 5000");
      // What a test writes needs no fsync of its own (the server's commits are what is tested).
      connection.pragma("synchronous = NORMAL");
      return connection;
    },
    close: () => {
      connection?.close();
      connection = undefined;
      pgConnection?.close();
      pgConnection = undefined;
    },
  };
}

/** The servers this worker shares, by engine and settings (sharedServer). */
const sharedServers = new Map<string, Promise<TestServer>>();

/**
 * A server this test worker shares between the test files that ask for the same settings, started
 * by the first (vitest runs a worker's files one after another in one process: `isolate: false`).
 * A server start costs about 0.9 s of CPU (loading the build, then warming up on the first
 * pages), which most files spent on a server whose database they need only a few rows of.
 *
 * Only for a file that needs neither a database of its own nor a server of its own: everything it
 * asserts is about rows it made itself (its own users, batches, farms; counts scoped to them, or
 * taken before and after in one test), it changes nothing another file reads, and it never restarts
 * or stops the server. What files sharing a server in a shuffled order tripped on: the How It Works
 * page edited, a user made admin (approvals then want a second admin), every other OPEN batch
 * activated, the platform reserve funded, the admin pages read in Twi while other files' mail
 * was queued in English. Such files keep startServer.
 *
 * The file gets the server as startServer gives it, except: `logs()` holds what the server wrote
 * since the file took it, `db()` is the file's own connection, and `stop()` closes that connection
 * and leaves the server running for the worker's next file. The server stops when the worker does.
 */
export async function sharedServer(env: Record<string, string | undefined> = {}): Promise<TestServer> {
  const key = JSON.stringify([
    onPostgres(),
    Object.entries(env)
      .map(([k, v]) => [k, v ?? null])
      .sort(),
  ]);
  let started = sharedServers.get(key);
  if (started && (await started.catch(() => null))?.process.exitCode !== null) started = undefined;
  if (!started) {
    started = startServer(env, { stopsWithRunner: true });
    sharedServers.set(key, started);
  }
  const server = await started;
  const logsFrom = server.logs().length;
  const connection = directConnection(server.dbFile);
  return {
    ...server,
    logs: () => server.logs().slice(logsFrom),
    waitForLogs: logsWaiter(() => server.logs().slice(logsFrom), outputListenersOf.get(server)!),
    db: connection.open,
    stop: async () => {
      connection.close();
      return null;
    },
  };
}
