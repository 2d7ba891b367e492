import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { startServer } from "./support/server";

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)])
    .toString()
    .trim();
  return out ? out.split(/\s+/).map(Number) : [];
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, ok: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("npm start (scripts/start.js)", () => {
  it("runs the server with 64 MB semi-spaces, passes SIGTERM on and exits 0 once the server has drained", async () => {
    const server = await startServer({}, { entry: "scripts/start.js" });
    const [child] = childrenOf(server.process.pid!);
    const commandLine = fs.readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0");
    expect(commandLine).toContain("--max-semi-space-size=64");
    expect(commandLine.at(-2)).toMatch(/scripts\/server\.js$/);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.logs()).toContain("SIGTERM received: finishing in-flight requests, then closing the database.");
    expect(isAlive(child)).toBe(false);
  });

  it("leaves V8's young generation to an operator who sets it in NODE_OPTIONS", async () => {
    const server = await startServer({ NODE_OPTIONS: "--max-semi-space-size=8" }, { entry: "scripts/start.js" });
    const [child] = childrenOf(server.process.pid!);
    expect(fs.readFileSync(`/proc/${child}/cmdline`, "utf8")).not.toContain("--max-semi-space-size=64");
    expect(await server.stop()).toBe(0);
  });

  it("stops every server process when it is killed outright, rather than leave them holding the port", async () => {
    const server = await startServer({ WEB_CONCURRENCY: "2" }, { entry: "scripts/start.js" });
    const [primary] = childrenOf(server.process.pid!);
    await until("two workers", () => childrenOf(primary).length === 2);
    const workers = childrenOf(primary);
    server.process.kill("SIGKILL");
    await until("the primary and its workers to exit", () => ![primary, ...workers].some(isAlive));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
