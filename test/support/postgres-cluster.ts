import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL server for a test run, made with Debian's `postgresql` package (initdb and
 * pg_ctl) in the run's temporary directory and removed with it. Durability is off (fsync,
 * synchronous_commit): a test server crashing is not a machine losing power. PostgreSQL refuses to
 * run as root, so as root it runs as the package's `postgres` user.
 */

/** Where initdb and pg_ctl are: on PATH, or in the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string | undefined {
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type PostgresCluster = { url: string; stop: () => void };

export async function startPostgresCluster(binDir: string, parentDir = os.tmpdir()): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(parentDir, "postgres-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    fs.chownSync(dir, postgresUid(), postgresGid());
  }
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? "runuser" : path.join(binDir, command), asRoot ? ["-u", "postgres", "--", path.join(binDir, command), ...args] : args, {
      stdio: ["ignore", "pipe", "pipe"],
      cwd: dir,
    });
  // C collation: text sorts by bytes, as SQLite's does.
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "--locale=C.UTF-8", "--encoding=UTF8"]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=400",
    "-c shared_buffers=64MB",
  ].join(" ");
  run("pg_ctl", ["-D", dataDir, "-l", path.join(dir, "server.log"), "-o", settings, "-w", "-t", "60", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/`,
    stop: () => {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        /* already gone */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUid(): number {
  return Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
}
function postgresGid(): number {
  return Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
}
