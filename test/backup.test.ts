import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { call } from "./support/client";
import { createBatch, createFarm, createInvestor, signInAdmin } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

const root = path.resolve(import.meta.dirname, "..");

function runBackup(dbFile: string, target: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/db-backup.js", target], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATABASE_URL: dbFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe("npm run db:backup", () => {
  it("copies the live database while it takes writes; the restored copy keeps every invariant", async () => {
    const live = await startServer();
    servers.push(live);
    const farm = createFarm(live, { name: "Backup Farm", location: "Techiman, Bono East" });
    const batch = createBatch(live, { farmId: farm.id, productType: "EGG", unitPrice: 1, targetUnits: 1_000_000, expectedRoi: 0.01 });
    const investors = await Promise.all(Array.from({ length: 8 }, () => createInvestor(live)));

    // Write load: deposits and invests from every investor until told to stop.
    let writing = true;
    let writes = 0;
    const load = investors.map(async (u) => {
      while (writing) {
        await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 10 });
        await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 3 });
        writes += 2;
      }
    });
    // Back up once writes are flowing (on a loaded machine the first ones take a while), not after a fixed wait.
    const investedLive = () => (live.db().prepare("select count(*) n from investments where batch_id = ?").get(batch.id) as { n: number }).n;
    const flowingBy = Date.now() + 20_000;
    while (investedLive() < 8 && Date.now() < flowingBy) await new Promise((r) => setTimeout(r, 50));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-backup-"));
    const backupFile = path.join(dir, "backup.db");
    const backup = await runBackup(live.dbFile, backupFile);
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await Promise.all(load);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain("integrity ok");
    expect(writes).toBeGreaterThan(20);

    // Restore as the README says: the backup file becomes the database of a fresh server.
    const restoredFile = path.join(dir, "restored", "akoko.db");
    fs.mkdirSync(path.dirname(restoredFile));
    fs.copyFileSync(backupFile, restoredFile);
    const restored = await startServer({}, { dbFile: restoredFile });
    servers.push(restored);
    const { api: admin2 } = await signInAdmin(restored);
    expect((await call(admin2, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
    const invested = restored.db().prepare("select count(*) n from investments where batch_id = ?").get(batch.id) as { n: number };
    expect(invested.n).toBeGreaterThan(0);
    // The copy is a moment of the live database: never ahead of it.
    const liveCount = live.db().prepare("select count(*) n from investments where batch_id = ?").get(batch.id) as { n: number };
    expect(invested.n).toBeLessThanOrEqual(liveCount.n);
  });

  it("refuses to overwrite an existing file and names a missing database", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-backup-"));
    const missing = await runBackup(path.join(dir, "nope.db"), path.join(dir, "b.db"));
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("No database at");
    fs.writeFileSync(path.join(dir, "exists.db"), "");
    const live = await startServer();
    servers.push(live);
    const clash = await runBackup(live.dbFile, path.join(dir, "exists.db"));
    expect(clash.code).toBe(1);
    expect(clash.output).toContain("already exists");
  });

  it("refuses a PostgreSQL DATABASE_URL, pointing at PostgreSQL's own backups, and writes nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-backup-"));
    const refused = await runBackup("postgres://akoko:not-to-be-printed@127.0.0.1:5432/akoko", path.join(dir, "b.db"));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("docs/scaling.md");
    expect(refused.output).toContain("pg_dump");
    expect(refused.output).not.toContain("not-to-be-printed");
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
