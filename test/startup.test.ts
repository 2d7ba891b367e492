import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
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
  it("refuses to start without SESSION_SECRET, ADMIN_PASSWORD and APP_URL, and says what to set", () => {
    const run = start({});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("SESSION_SECRET");
    expect(run.stderr).toContain("ADMIN_PASSWORD");
    expect(run.stderr).toContain("APP_URL");
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("refuses to start without APP_URL even when the secrets are set: reset links are built from it", () => {
    const run = start({ SESSION_SECRET: "a-real-secret-0123456789", ADMIN_PASSWORD: "a-real-admin-password" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("APP_URL");
    expect(run.stderr).not.toContain("SESSION_SECRET");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("names a provider address that would send its key in the clear, without a stack trace", () => {
    const run = start({
      SESSION_SECRET: "a-real-secret-0123456789",
      ADMIN_PASSWORD: "a-real-admin-password",
      APP_URL: "https://akoko.example",
      KYC_ENCRYPTION_KEY: "aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233",
      PAYMENTS_PROVIDER: "paystack",
      PAYSTACK_SECRET_KEY: "sk_test_0123456789",
      PAYSTACK_BASE_URL: "http://api.paystack.co",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("PAYSTACK_BASE_URL: give the API's https:// address");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses an SMTP timeout that the outbox lease would cut short, names both settings, without a stack trace", () => {
    const ready = {
      SESSION_SECRET: "a-real-secret-0123456789",
      ADMIN_PASSWORD: "a-real-admin-password",
      APP_URL: "https://akoko.example",
      KYC_ENCRYPTION_KEY: "aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233",
      EMAIL_PROVIDER: "smtp",
      SMTP_URL: "smtp://127.0.0.1:1",
      MAIL_FROM: "Akoko <no-reply@akoko.example>",
    };
    // 15 s per step (the default) against a 12 s lease: a send may go on after its lease ran out.
    const run = start({ ...ready, OUTBOX_LEASE_SECONDS: "12" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("SMTP_TIMEOUT_MS (15000 ms) must be shorter than the time the outbox gives one send, 10800 ms for OUTBOX_LEASE_SECONDS=12");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    // Equal to the send's limit is refused too (115 s of the default 120 s lease).
    expect(start({ ...ready, SMTP_TIMEOUT_MS: "115000" }).stderr).toContain("SMTP_TIMEOUT_MS (115000 ms) must be shorter");
  });

  it("refuses the demo defaults and a short secret", () => {
    const run = start({ SESSION_SECRET: "short", ADMIN_PASSWORD: "admin-demo-pass" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("SESSION_SECRET");
    expect(run.stderr).toContain("ADMIN_PASSWORD");
  });

  it("refuses the demo seed while the demo investor's password is the published default, and names DEMO_INVESTOR_PASSWORD", () => {
    const run = start({
      SESSION_SECRET: "a-real-secret-0123456789",
      ADMIN_PASSWORD: "a-real-admin-password",
      APP_URL: "https://akoko.example",
      KYC_ENCRYPTION_KEY: "aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233",
      SEED_DEMO_DATA: "true",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Refusing to start in production");
    expect(run.stderr).toContain("DEMO_INVESTOR_PASSWORD");
    expect(run.stderr).not.toContain("SESSION_SECRET");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("seeds only the admin into an empty production database: no made-up investors or money", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-startup-"));
    const dbFile = path.join(dir, "prod.db");
    const child = spawn(process.execPath, ["scripts/server.js"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: dbFile,
        SESSION_SECRET: "a-real-secret-0123456789",
        ADMIN_EMAIL: "ops@akoko.test",
        ADMIN_PASSWORD: "a-real-admin-password",
        APP_URL: "https://akoko.example",
        KYC_ENCRYPTION_KEY: "aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233",
        REQUEST_LOG: "off",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (c) => (output += c));
    child.stderr!.on("data", (c) => (output += c));
    try {
      for (let i = 0; i < 200 && !output.includes("running at"); i++) await new Promise((r) => setTimeout(r, 50));
      expect(output).toContain("running at");
      const db = new Database(dbFile, { readonly: true });
      expect(db.prepare("select email, is_admin from users").all()).toEqual([{ email: "ops@akoko.test", is_admin: 1 }]);
      expect(db.prepare("select count(*) n from batches").get()).toEqual({ n: 0 });
      expect(db.prepare("select count(*) n from postings").get()).toEqual({ n: 0 });
      db.close();
    } finally {
      child.kill("SIGTERM");
    }
  });
});
