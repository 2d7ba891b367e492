// A throwaway PostgreSQL server, made with Debian's `postgresql` package (initdb and pg_ctl) in a
// temporary directory and removed with it: the PostgreSQL test project's server
// (test/support/global-setup.ts) and `BENCH_ENGINE=postgres npm run bench`'s. For tests durability
// is off (fsync, synchronous_commit): a test server crashing is not a machine losing power. PostgreSQL
// refuses to run as root, so as root it runs as the package's `postgres` user.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Where initdb and pg_ctl are: on PATH, or in the newest /usr/lib/postgresql/<version>/bin.
 * @returns {string | undefined}
 */
export function postgresBinDir() {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, "pg_ctl")) && fs.existsSync(path.join(dir, "initdb"))) return dir;
  }
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * @typedef {{ url: string, stop: () => void }} PostgresCluster
 * `url` is the server's base URL (postgres://postgres@127.0.0.1:<port>/); `stop` is synchronous, so
 * it may run in a process's "exit" handler.
 */

/**
 * `durable`: PostgreSQL's own defaults (every commit waits for its WAL on disk), for measuring
 * against SQLite's synchronous=FULL; otherwise durability is off, as a test server needs.
 * @param {string} binDir
 * @param {string} [parentDir]
 * @param {{ durable?: boolean }} [options]
 * @returns {Promise<PostgresCluster>}
 */
export async function startPostgresCluster(binDir, parentDir = os.tmpdir(), { durable = false } = {}) {
  const dir = fs.mkdtempSync(path.join(parentDir, "postgres-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    fs.chownSync(dir, postgresUid(), postgresGid());
  }
  /** @param {string} command @param {string[]} args */
  const run = (command, args) =>
    execFileSync(asRoot ? "runuser" : path.join(binDir, command), asRoot ? ["-u", "postgres", "--", path.join(binDir, command), ...args] : args, {
      stdio: ["ignore", "pipe", "pipe"],
      cwd: dir,
    });
  /** Stops the server (if it runs) and removes its directory: synchronous, for an "exit" handler too. */
  const stop = () => {
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch {
      /* not running, or already gone */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  let port = 0;
  try {
    // C collation: text sorts by bytes, as SQLite's does.
    run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "--locale=C.UTF-8", "--encoding=UTF8"]);
    port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      ...(durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
      "-c max_connections=400",
      "-c shared_buffers=64MB",
    ].join(" ");
    run("pg_ctl", ["-D", dataDir, "-l", path.join(dir, "server.log"), "-o", settings, "-w", "-t", "60", "start"]);
  } catch (error) {
    // A server that did not start (or not in time) leaves nothing behind.
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/`, stop };
}

function postgresUid() {
  return Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
}
function postgresGid() {
  return Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
}
