import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createInvestor, serverNow, signInAdmin, type Investor, type SignedIn } from "./support/factories";
import { startFakePaystack, type FakePaystack } from "./support/fake-paystack";
import { startServer, type TestServer } from "./support/server";

/**
 * Issue 15, points 6 (admin), 7 and 9: the admin's payments page (filters, Stuck after 30 minutes,
 * flagged mismatches, webhook events, nothing sensitive shown), the reconciliation report on a page
 * and as JSON, and `npm run reconcile` against a fake Paystack.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const MIN = 60_000;

/** The server's settings for Paystack at the fake; the sweep is off so rows stay as a test writes them. */
const paystackEnv = (fake: FakePaystack) => ({ PAYMENTS_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url, PAYMENTS_SWEEP_SECONDS: "0" });

/** A transaction the provider has and we never asked for (created `at`, by the fake's clock). */
async function plantCharge(fake: FakePaystack, reference: string, at: Date, amount = 12_345) {
  fake.setTime(at);
  fake.nextChargeOutcome("success");
  try {
    const res = await fetch(`${fake.url}/charge`, {
      method: "POST",
      headers: { Authorization: `Bearer ${fake.secretKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "stranger@example.com", amount, currency: "GHS", reference, mobile_money: { phone: "0209998887", provider: "mtn" } }),
    });
    expect(res.status).toBe(200);
  } finally {
    fake.setTime(null);
  }
}

describe("the admin's payments page and the reconciliation report", () => {
  let fake: FakePaystack;
  let server: TestServer;
  let admin: SignedIn;
  let investor: Investor;
  let now: Date;
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  beforeAll(async () => {
    fake = await startFakePaystack();
    server = await startServer(paystackEnv(fake));
    admin = await signInAdmin(server);
    investor = await createInvestor(server, { fullName: "Abena Stuck", email: `abena.stuck.${process.pid}@example.com` });
    now = serverNow(server);
    const db = server.db();
    const deposit = db.prepare(
      "insert into deposits (user_id, reference, amount_minor, method, network, phone_hint, status, next_action, flag, provider_amount_minor, created_at, updated_at) values (?, ?, ?, 'mobile_money', 'MTN', '567', ?, ?, ?, ?, ?, ?)",
    );
    deposit.run(investor.id, "akoko-deposit-test-stuck", 5_000, "PENDING", "approve_on_phone", null, null, ago(45 * MIN), ago(45 * MIN));
    deposit.run(investor.id, "akoko-deposit-test-fresh", 6_000, "PENDING", "approve_on_phone", null, null, ago(5 * MIN), ago(5 * MIN));
    deposit.run(investor.id, "akoko-deposit-test-flagged", 7_000, "PENDING", null, "The provider confirmed amount 4000 instead of 7000 (pesewas).", 4_000, ago(10 * MIN), ago(MIN));
    deposit.run(investor.id, "akoko-deposit-test-done", 8_000, "SUCCEEDED", null, null, null, ago(3 * 60 * MIN), ago(3 * 60 * MIN));
    const entryId = (db.prepare("select min(id) id from journal_entries").get() as { id: number }).id;
    db.prepare(
      "insert into withdrawals (user_id, entry_id, amount_minor, method, provider, account_number, status, reference, created_at, updated_at) values (?, ?, 2500, 'MOMO', 'MTN MoMo', '+233241234567', 'PENDING', 'akoko-withdrawal-test-stuck', ?, ?)",
    ).run(investor.id, entryId, ago(2 * 60 * MIN), ago(2 * 60 * MIN));
    const event = db.prepare("insert into webhook_events (provider, event_id, event, reference, outcome, detail, payload, received_at) values ('paystack', ?, ?, ?, ?, ?, ?, ?)");
    const payload = JSON.stringify({
      event: "charge.success",
      data: { reference: "someone-elses-ref", amount: 5000, authorization: { mobile_money_number: "0241234567" }, customer: { phone: "+233 24 123 4567" } },
    });
    event.run("charge.success:someone-elses-ref", "charge.success", "someone-elses-ref", "unknown_reference", "No deposit has this reference.", payload, ago(20 * MIN));
    event.run(
      "charge.success:akoko-deposit-test-done",
      "charge.success",
      "akoko-deposit-test-done",
      "processed",
      "credited",
      JSON.stringify({ event: "charge.success", data: { reference: "akoko-deposit-test-done" } }),
      ago(60 * MIN),
    );
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  const get = async (path: string, client: Client = admin.page, init: RequestInit = {}) => {
    const res = await client.get(path, init);
    return { status: res.status, html: htmlText(await res.text()), location: res.headers.get("Location") };
  };
  // A Twi reader's browser (a `?lang=ak` link would keep Twi on this client for the tests after).
  const TWI = { headers: { "Accept-Language": "ak" } };
  /** The table row (<tr ...>...</tr>) that holds `text`, or undefined. */
  const rowWith = (html: string, text: string) => html.split("<tr").find((r) => r.includes(text));
  const attention = (html: string, kind: string) => Number(new RegExp(`data-attention="${kind}" data-count="(\\d+)"`).exec(html)?.[1]);

  it("lists deposits newest first with labelled GET filters, a Stuck marker past 30 minutes and the counts at the top", async () => {
    const { status, html } = await get("/admin/payments");
    expect(status).toBe(200);
    expect(html).toContain('<nav aria-label="Admin"');
    expect(html).toMatch(/<a[^>]*href="\/admin\/payments"[^>]*>Payments<\/a>/);
    // Filters: a GET form, every field labelled.
    expect(html).toMatch(/<form method="get"/);
    for (const [id, label] of [
      ["payments-status", "Status"],
      ["payments-q", "Investor email or reference"],
      ["payments-from", "From"],
      ["payments-to", "To"],
    ])
      expect(html).toContain(`<label for="${id}" class="field-label">${label}</label>`);
    expect(html).toContain("Stuck only (pending over 30 minutes)");
    // Counts: one stuck deposit and one stuck withdrawal; one flagged deposit; one webhook event to check.
    expect(attention(html, "stuck")).toBe(2);
    expect(attention(html, "flagged")).toBe(1);
    expect(attention(html, "events")).toBe(1);
    // Newest first; only the one pending for over 30 minutes is marked.
    const order = ["akoko-deposit-test-fresh", "akoko-deposit-test-flagged", "akoko-deposit-test-stuck", "akoko-deposit-test-done"].map((r) => html.indexOf(r));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(rowWith(html, "akoko-deposit-test-stuck")).toContain(">Stuck</span>");
    expect(rowWith(html, "akoko-deposit-test-fresh")).not.toContain(">Stuck</span>");
    expect(rowWith(html, "akoko-deposit-test-done")).not.toContain(">Stuck</span>");
    const flagged = rowWith(html, "akoko-deposit-test-flagged")!;
    expect(flagged).toContain(">Flagged</span>");
    expect(flagged).toContain("The provider confirmed amount 4000 instead of 7000 (pesewas).");
    expect(rowWith(html, "akoko-deposit-test-stuck")).toContain(investor.email);
    // The network and the step it waits on in the catalog's words, never their codes.
    expect(rowWith(html, "akoko-deposit-test-stuck")).toContain("Mobile money (MTN MoMo)");
    expect(rowWith(html, "akoko-deposit-test-stuck")).toContain("Waiting for approval on the phone");
    for (const ref of ["akoko-deposit-test-stuck", "akoko-deposit-test-fresh"]) {
      expect(rowWith(html, ref)).not.toContain("(MTN)");
      expect(rowWith(html, ref)).not.toContain("approve_on_phone");
    }
    const twiRow = rowWith((await get("/admin/payments", admin.page, TWI)).html, "akoko-deposit-test-stuck")!;
    expect(twiRow).toContain("MTN MoMo");
    expect(twiRow).not.toContain("approve_on_phone");
    // The table scrolls inside its own box on a narrow screen.
    expect(html).toContain('class="relative mt-3 overflow-x-auto" role="region" aria-label="Deposits table" tabindex="0"');
  });

  it("filters by stuck, flag, status, investor email or reference, and dates; a bad date is named, not a 500", async () => {
    const stuck = (await get("/admin/payments?list=deposits&stuck=1")).html;
    expect(stuck).toContain("akoko-deposit-test-stuck");
    expect(stuck).not.toContain("akoko-deposit-test-fresh");
    expect(stuck).toContain("1 deposit.");

    const flagged = (await get("/admin/payments?list=deposits&flagged=1")).html;
    expect(flagged).toContain("akoko-deposit-test-flagged");
    expect(flagged).not.toContain("akoko-deposit-test-stuck");

    const succeeded = (await get("/admin/payments?list=deposits&status=SUCCEEDED")).html;
    expect(succeeded).toContain("akoko-deposit-test-done");
    expect(succeeded).not.toContain("akoko-deposit-test-fresh");

    const byEmail = (await get(`/admin/payments?list=deposits&q=${encodeURIComponent(investor.email.toUpperCase())}`)).html;
    expect(byEmail).toContain("4 deposits.");
    const byRef = (await get("/admin/payments?list=deposits&q=test-fresh")).html;
    expect(byRef).toContain("akoko-deposit-test-fresh");
    expect(byRef).toContain("1 deposit.");
    // % is taken literally, not as "anything".
    expect((await get("/admin/payments?list=deposits&q=%25")).html).toContain("No deposits match.");

    const stuckDay = ago(45 * MIN).slice(0, 10);
    const thatDay = (await get(`/admin/payments?list=deposits&q=test-&from=${stuckDay}&to=${stuckDay}`)).html;
    expect(thatDay).toContain("akoko-deposit-test-stuck");
    expect(thatDay).toMatch(/[1-4] deposits?\./);
    expect((await get("/admin/payments?list=deposits&q=test-&from=2001-01-01&to=2001-01-31")).html).toContain("No deposits match.");

    const bad = await get("/admin/payments?list=deposits&from=2026-13-01");
    expect(bad.status).toBe(200);
    expect(bad.html).toContain("From: Enter a date as YYYY-MM-DD.");
    expect(bad.html).toContain('aria-invalid="true"');
    const backwards = await get("/admin/payments?list=deposits&from=2026-03-01&to=2026-02-01");
    expect(backwards.html).toContain("The end date must be on or after the start date.");
    // Nonsense in the query string is ignored, never an error.
    expect((await get("/admin/payments?list=nope&status=%3Cscript%3E&page=-3")).status).toBe(200);
  });

  it("shows withdrawals with the number masked to its last 3 digits, stuck ones marked", async () => {
    const { html } = await get("/admin/payments?list=withdrawals");
    const row = rowWith(html, "akoko-withdrawal-test-stuck")!;
    expect(row).toContain(">Stuck</span>");
    expect(row).toContain("MTN MoMo •••••••••567");
    // Not in the table, and not in the page's hydration data either.
    expect(html).not.toMatch(/241234567|24 123 4567/);
    expect(attention(html, "stuck")).toBe(2);
    expect((await get("/admin/payments?list=withdrawals&stuck=1")).html).toContain("1 withdrawal.");
  });

  it("shows webhook events, flags unknown references, and keeps the payload behind a disclosure with phone numbers masked", async () => {
    const { html } = await get("/admin/payments?list=events");
    expect(html).toContain('<label for="payments-status" class="field-label">Outcome</label>');
    expect(html).not.toContain("Stuck only");
    const unknown = rowWith(html, "someone-elses-ref")!;
    expect(unknown).toMatch(/data-flagged="true">unknown_reference<\/span>/);
    expect(unknown).toContain("<details>");
    expect(unknown).toContain("Show payload");
    expect(unknown).toContain("•••••••567");
    expect(html).not.toMatch(/0241234567|24 123 4567|233241234567/);
    const problems = (await get("/admin/payments?list=events&flagged=1")).html;
    expect(problems).toContain("someone-elses-ref");
    expect(problems).not.toContain("akoko-deposit-test-done");
    expect((await get("/admin/payments?list=events&status=processed")).html).toContain("1 webhook event.");
  });

  it("pages through a long list, newest first, keeping the filters", async () => {
    const db = server.db();
    const insert = db.prepare("insert into deposits (user_id, reference, amount_minor, method, status, created_at) values (?, ?, 100, 'checkout', 'FAILED', ?)");
    db.transaction(() => {
      for (let i = 0; i < 60; i++) insert.run(investor.id, `akoko-deposit-bulk-${String(i).padStart(3, "0")}`, new Date(Date.parse("2025-06-01T00:00:00Z") + i * MIN).toISOString());
    }).immediate();
    const first = (await get("/admin/payments?list=deposits&q=bulk")).html;
    expect(first).toContain("60 deposits, page 1 of 2.");
    expect(first).toContain("akoko-deposit-bulk-059");
    expect(first).not.toContain("akoko-deposit-bulk-009");
    expect(first).toContain('href="/admin/payments?list=deposits&q=bulk&page=2"');
    const second = (await get("/admin/payments?list=deposits&q=bulk&page=2")).html;
    expect(second).toContain("akoko-deposit-bulk-009");
    expect(second).not.toContain("akoko-deposit-bulk-010");
  });

  it("is for admins only: anonymous visitors log in first, investors get a 403, the API a 401/403", async () => {
    for (const p of ["/admin/payments", "/admin/payments?list=events", "/admin/payments/reconciliation"]) {
      const anon = await get(p, new Client(server.url));
      expect(anon.status, p).toBe(302);
      expect(anon.location).toMatch(/^\/login\?redirectTo=/);
      const mine = await get(p, investor.page);
      expect(mine.status, p).toBe(403);
      expect(mine.html).not.toContain("akoko-deposit-test-stuck");
    }
    expect((await call(new Client(server.url), "GET", "/api/v1/admin/reconciliation?date=2026-01-01")).status).toBe(401);
    const forbidden = await call(investor.api, "GET", "/api/v1/admin/reconciliation?date=2026-01-01");
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ detail: "Admin access required." });
  });

  it("answers the day's reconciliation as JSON: a clean day, a planted difference, a bad date (422), a provider down (503)", async () => {
    const clean = await call(admin.api, "GET", "/api/v1/admin/reconciliation?date=2020-01-01");
    expect(clean.status).toBe(200);
    expect(clean.body).toEqual({ date: "2020-01-01", provider: "paystack", checked: { deposits: 0, withdrawals: 0 }, differences: [] });

    await plantCharge(fake, "planted-json-0001", new Date("2024-03-05T10:00:00Z"));
    const planted = await call(admin.api, "GET", "/api/v1/admin/reconciliation?date=2024-03-05");
    expect(planted.status).toBe(200);
    expect(planted.body.differences).toEqual([
      { kind: "deposit", reference: "planted-json-0001", problem: "missing_in_ledger", detail: "The provider has a succeeded deposit of GH₵123.45 that we have no record of." },
    ]);

    for (const date of ["2026-02-30", "yesterday", "2026-1-5"]) {
      const bad = await call(admin.api, "GET", `/api/v1/admin/reconciliation?date=${date}`);
      expect(bad.status, date).toBe(422);
      expect(bad.body).toEqual({ detail: "Give a date as YYYY-MM-DD." });
    }

    fake.failNext({ status: 500, times: 3, path: "/transaction" });
    const down = await call(admin.api, "GET", "/api/v1/admin/reconciliation?date=2020-01-02");
    expect(down.status).toBe(503);
    expect(down.body.detail).toBe("We could not get the payment provider's list for this day. Please try again in a minute.");
  });

  it("shows the same report on a page: yesterday by default, every difference, or No differences", async () => {
    const yesterday = new Date(now.getTime() - 24 * 60 * MIN).toISOString().slice(0, 10);
    const first = await get("/admin/payments/reconciliation");
    expect(first.status).toBe(200);
    expect(first.html).toContain('<label for="reconcile-date" class="field-label">Day (UTC)</label>');
    expect(first.html).toMatch(new RegExp(`id="reconcile-date" name="date" type="date"[^>]*value="${yesterday}"`));

    await plantCharge(fake, "planted-page-0001", new Date("2024-04-09T08:00:00Z"), 777);
    const planted = await get("/admin/payments/reconciliation?date=2024-04-09");
    expect(planted.html).toContain('data-provider="paystack"');
    expect(planted.html).toContain('data-differences="1"');
    const row = rowWith(planted.html, "planted-page-0001")!;
    expect(row).toContain("Missing in our ledger");
    expect(row).toContain("The provider has a succeeded deposit of GH₵7.77 that we have no record of.");
    // In Twi: the amount as money, the state and the kind by their Twi names.
    const twi = rowWith((await get("/admin/payments/reconciliation?date=2024-04-09", admin.page, TWI)).html, "planted-page-0001")!.split("</tr>")[0];
    expect(twi).toContain("Tua adwumakuo no wɔ sika a wode too mu a ɛyɛ awie a ne dodoɔ yɛ GH₵7.77, nanso yɛnni ho kyerɛwtohɔ biara.");
    expect(twi).not.toMatch(/pesewa|deposit|succeeded/);

    expect((await get("/admin/payments/reconciliation?date=2020-01-01")).html).toContain("No differences");
    const bad = await get("/admin/payments/reconciliation?date=2026-02-30");
    expect(bad.status).toBe(200);
    expect(bad.html).toContain("Give a date as YYYY-MM-DD.");
  });
});

/** Runs `node scripts/reconcile.js ...` (asynchronously: the fake answers from this process). */
function reconcileCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const childEnv = { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv;
    execFile(process.execPath, ["scripts/reconcile.js", ...args], { cwd: ROOT, env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

describe("npm run reconcile", () => {
  let fake: FakePaystack;
  let server: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakePaystack();
    server = await startServer(paystackEnv(fake));
    env = { DATABASE_URL: server.dbFile, ...paystackEnv(fake) };
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it("exits 0 with No differences on a day whose deposit the provider and the ledger agree on", async () => {
    const kofi = await createInvestor(server);
    const started = await call(kofi.api, "POST", "/api/v1/invest/deposit", { amount: 50, method: "mobile_money", network: "MTN", phone: "024 123 4567" }, { "Idempotency-Key": "cli-clean-day-1" });
    expect(started.status).toBe(202);
    expect(started.body.next_action).toBe("approve_on_phone");
    fake.approveCharge(started.body.reference);
    const credited = await call(kofi.api, "GET", `/api/v1/invest/deposits/${started.body.id}`);
    expect(credited.body.status).toBe("SUCCEEDED");

    // The day the deposit was made (UTC), as the provider and our row both have it.
    const today = String(started.body.created_at).slice(0, 10);
    const run = await reconcileCli(["--date", today], env);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(`Reconciliation of ${today} (UTC) with paystack: checked 1 deposit and 0 withdrawals.`);
    expect(run.stdout).toContain("No differences.");
    expect(run.code).toBe(0);
  });

  it("prints a planted difference, one per line, and exits 1", async () => {
    await plantCharge(fake, "planted-cli-0001", new Date("2024-03-05T10:00:00Z"), 4_200);
    const run = await reconcileCli(["--date=2024-03-05"], env);
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toContain("DIFFERENCE deposit planted-cli-0001 missing_in_ledger: The provider has a succeeded deposit of GH₵42.00 that we have no record of.");
    expect(lines.at(-1)).toBe("1 difference found.");
  });

  it("exits 2 with a clear message on a missing or impossible --date", async () => {
    const missing = await reconcileCli([], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Missing --date.");
    expect(missing.stderr).toContain("Usage: npm run reconcile -- --date YYYY-MM-DD");
    const impossible = await reconcileCli(["--date", "2026-02-30"], env);
    expect(impossible.code).toBe(2);
    expect(impossible.stderr).toContain('Not a date: "2026-02-30"');
  });
});
