import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

export const TEST_ADMIN = { email: "admin@akoko.test", password: "test-admin-password" };
export const TEST_INVESTOR = { email: "ama@akoko.test", password: "test-investor-password" };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type TestServer = {
  url: string;
  dbFile: string;
  /** A direct connection to the server's SQLite file (WAL lets both read and write). */
  db: () => Database.Database;
  logs: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  process: ChildProcess;
};

/**
 * Starts the built server (`remix build` output) in production mode on its own
 * SQLite file, so each test file has a real server and a database of its own.
 */
export async function startServer(env: Record<string, string> = {}, options: { dbFile?: string } = {}): Promise<TestServer> {
  const dir = options.dbFile ? path.dirname(options.dbFile) : fs.mkdtempSync(path.join(os.tmpdir(), "akoko-test-"));
  const dbFile = options.dbFile ?? path.join(dir, "akoko.db");
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["scripts/server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: dbFile,
      SESSION_SECRET: "test-session-secret-0123456789",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DEMO_INVESTOR_EMAIL: TEST_INVESTOR.email,
      DEMO_INVESTOR_PASSWORD: TEST_INVESTOR.password,
      COOKIE_SECURE: "false",
      AUTH_RATE_LIMIT: "1000",
      REQUEST_LOG: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      // Only our own child's answer counts: another test file's server may have taken the port
      // between freePort() and listen() (ours then exits with EADDRINUSE), and answer /healthz.
      if (res.ok && output.includes(`running at http://localhost:${port} `)) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`Server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  let connection: Database.Database | undefined;
  return {
    url,
    dbFile,
    process: child,
    logs: () => output,
    db: () => {
      connection ??= new Database(dbFile);
      connection.pragma("busy_timeout = 5000");
      return connection;
    },
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        connection?.close();
        connection = undefined;
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
