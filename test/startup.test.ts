import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Runs the built server with the given environment; it must refuse before listening. */
function start(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-startup-"));
  return spawnSync(process.execPath, ["scripts/server.js"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATABASE_URL: path.join(dir, "a.db"), ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("production settings", () => {
  it("refuses to start without SESSION_SECRET and ADMIN_PASSWORD, and says what to set", () => {
    const run = start({});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("SESSION_SECRET");
    expect(run.stderr).toContain("ADMIN_PASSWORD");
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("refuses the demo defaults and a short secret", () => {
    const run = start({ SESSION_SECRET: "short", ADMIN_PASSWORD: "admin-demo-pass" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("SESSION_SECRET");
    expect(run.stderr).toContain("ADMIN_PASSWORD");
  });
});
