// The built server in a child process on 127.0.0.1, a free port and a temp SQLite file (or a
// PostgreSQL database it is given): what `npm run bench`, `npm run load` and `npm run weight` measure.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ADMIN = { email: "admin@akoko.test", password: "bench-admin-password" };
export const INVESTOR = { email: "ama@akoko.test", password: "bench-investor-password" };

/**
 * The V8 flags the server runs with (`npm start` and every measurement). A young generation of
 * 64 MB semi-spaces instead of V8's 16: a page allocates about 1.4 MB, almost all of it garbage
 * before the next page, so with 16 MB V8 scavenged every ten pages or so and promoted whatever the
 * pages in flight still held to the old generation, whose marking then ran on the GC helper threads.
 * Measured by `npm run bench` (docs/performance.md, docs/decisions/005-young-generation-64mb.md): about 6% more pages/s at one worker and 14% more
 * at two, for about 80 MB more resident memory per worker. An operator's own
 * `--max-semi-space-size` in NODE_OPTIONS wins (a small instance may prefer the memory).
 */
export function serverNodeFlags(env = process.env) {
  return /--max-semi-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : ["--max-semi-space-size=64"];
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs `remix build` when the build is missing or older than the sources (as `npm start` does). */
export function ensureBuild() {
  const buildFile = path.join(ROOT, "build/index.js");
  const built = fs.existsSync(buildFile) ? fs.statSync(buildFile).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(ROOT, "app")), fs.statSync(path.join(ROOT, "remix.config.js")).mtimeMs);
  if (built >= sources && fs.existsSync(path.join(ROOT, "public/build"))) return;
  console.log("Building the app (remix build)...");
  const result = spawnSync("npx", ["--no-install", "remix", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The built app's server module (build/index.js), as scripts/seed.js loads it: what a script uses of
 * the app itself (its database client, `openSqlClient`). Run ensureBuild first.
 */
export async function importBuild() {
  return (await import(pathToFileURL(path.join(ROOT, "build/index.js")).href)).entry.module;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}

/**
 * Starts `scripts/server.js` in production mode on its own temp SQLite file, or on `databaseUrl`
 * (a PostgreSQL database), migrated and seeded with the demo data, its admin and demo investor.
 * Resolves once /healthz answers; `databaseUrl` of the result is the server's DATABASE_URL.
 * @param {{ env?: Record<string, string>, nodeArgs?: string[], databaseUrl?: string }} [options]
 */
export async function startBuiltServer({ env = {}, nodeArgs = [], databaseUrl } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-measure-"));
  const serverDatabaseUrl = databaseUrl ?? path.join(dir, "akoko.db");
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [...serverNodeFlags(), ...nodeArgs, "scripts/server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: serverDatabaseUrl,
      SESSION_SECRET: "measure-session-secret-0123456789",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_INVESTOR_EMAIL: INVESTOR.email,
      DEMO_INVESTOR_PASSWORD: INVESTOR.password,
      COOKIE_SECURE: "false",
      APP_URL: `http://localhost:${port}`,
      KYC_ENCRYPTION_KEY: "aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233",
      // Like `npm start`: a well-formed identity submission is approved at once (production defaults to manual review).
      KYC_PROVIDER: "demo",
      // Production requires admins to sign in with two factors; test/two-factor.test.ts tests it, the rest sign in directly.
      ADMIN_TWO_FACTOR: "optional",
      AUTH_RATE_LIMIT: "1000",
      LOGIN_FAILURES_PER_ADDRESS: "100000",
      REGISTRATIONS_PER_ADDRESS: "100000",
      CONTACT_MESSAGES_PER_ADDRESS: "100000",
      RESET_REQUESTS_PER_ADDRESS: "100000",
      REQUEST_LOG: "off",
      // Production mode seeds no demo data by default; the measurements use the demo platform.
      SEED_DEMO_DATA: "true",
      // One process unless a measurement asks for workers (production's default is one per core).
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A server outlives no run: a script ending on an error or Ctrl-C takes its server and its folder too.
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const killOnExit = () => {
    child.kill("SIGKILL");
    removeDir();
  };
  process.once("exit", killOnExit);
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      process.off("exit", killOnExit);
      removeDir();
      throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      process.off("exit", killOnExit);
      killOnExit();
      throw new Error(`The server did not start in 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    databaseUrl: serverDatabaseUrl,
    pid: child.pid,
    logs: () => output,
    /** SIGTERM (the server finishes in-flight requests), then removes the temp folder. */
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          process.off("exit", killOnExit);
          removeDir();
          resolve(undefined);
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}
