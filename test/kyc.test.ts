/**
 * Issue 17's tiers through the real server: each limit at its edge (one pesewa over is refused whole
 * and changes nothing), withdrawals refused below Verified after the product's 'Insufficient balance',
 * GET /api/v1/kyc, and the portfolio's line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createInvestor, serverNow, signInAdmin } from "./support/factories";
import { sharedServer, type TestServer } from "./support/server";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await sharedServer();
  admin = (await signInAdmin(server)).api;
});
afterAll(async () => {
  await server?.stop();
});

/** Everything a refused deposit or withdrawal must leave as it was. */
function snapshot() {
  const db = server.db();
  return JSON.stringify([
    db.prepare("select id, balance_minor from accounts order by id").all(),
    db.prepare("select count(*) n from postings").get(),
    db.prepare("select count(*) n from deposits").get(),
    db.prepare("select count(*) n from withdrawals").get(),
    db.prepare("select count(*) n from idempotency_keys").get(),
  ]);
}

async function expectRefusedWhole(client: Client, path: string, body: unknown, detail: string | RegExp) {
  const before = snapshot();
  const res = await call(client, "POST", path, body);
  expect(res.status).toBe(409);
  if (typeof detail === "string") expect(res.body).toEqual({ detail });
  else expect(res.body.detail).toMatch(detail);
  expect(snapshot()).toBe(before);
}

async function expectInvariants() {
  expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
}

const DEPOSIT = "/api/v1/invest/deposit";
const WITHDRAW = "/api/v1/invest/withdraw";

describe("deposit limits at their edges", () => {
  it("Registered: up to GH₵3,000.00 a day, then one pesewa more is refused whole", async () => {
    const { api } = await createInvestor(server, { tier: "REGISTERED" });
    expect((await call(api, "POST", DEPOSIT, { amount: "2999.99" })).body).toMatchObject({ message: "Deposit successful", balance: 2999.99 });
    await expectRefusedWhole(api, DEPOSIT, { amount: "0.02" }, "Registered accounts can deposit up to GH₵3,000.00 a day (GH₵0.01 left today). Verify your identity on the KYC page to raise it.");
    expect((await call(api, "POST", DEPOSIT, { amount: "0.01" })).body).toMatchObject({ message: "Deposit successful", balance: 3000 });
    await expectRefusedWhole(api, DEPOSIT, { amount: "0.01" }, /^Registered accounts can deposit up to GH₵3,000\.00 a day \(GH₵0\.00 left today\)/);
    await expectInvariants();
  });

  it("an idempotent replay of a deposit that reached the limit answers as the first time, not refused", async () => {
    const { api } = await createInvestor(server, { tier: "REGISTERED" });
    const headers = { "Idempotency-Key": "kyc-dep-1" };
    const first = await call(api, "POST", DEPOSIT, { amount: "3000" }, headers);
    expect(first.body).toMatchObject({ message: "Deposit successful", balance: 3000 });
    const again = await call(api, "POST", DEPOSIT, { amount: "3000" }, headers);
    expect(again.status).toBe(first.status);
    expect(again.body).toMatchObject({ message: "Deposit successful", balance: 3000 });
  });

  // On the 1st, "earlier this month" is today: the daily limit would answer first.
  it.skipIf(new Date().getUTCDate() === 1)("Registered: GH₵10,000.00 a month, counting earlier days' deposits", async () => {
    const investor = await createInvestor(server, { tier: "REGISTERED" });
    // Earlier this month (the 1st): GH₵9,000 already deposited and since spent.
    const monthStart = `${serverNow(server).toISOString().slice(0, 7)}-01T08:00:00.000Z`;
    server
      .db()
      .prepare("insert into deposits (user_id, reference, amount_minor, method, status, created_at, updated_at) values (?, ?, ?, 'checkout', 'SUCCEEDED', ?, ?)")
      .run(investor.id, `akoko-deposit-kyc-month-${investor.id}`, 900_000, monthStart, monthStart);
    await expectRefusedWhole(
      investor.api,
      DEPOSIT,
      { amount: "1000.01" },
      "Registered accounts can deposit up to GH₵10,000.00 a month (GH₵1,000.00 left this month). Verify your identity on the KYC page to raise it.",
    );
    expect((await call(investor.api, "POST", DEPOSIT, { amount: "1000" })).body).toMatchObject({ message: "Deposit successful", balance: 1000 });
    // A failed or abandoned deposit does not count.
    expect((await call(investor.api, "GET", "/api/v1/kyc")).body.remaining).toEqual({ today: 2000, this_month: 0, wallet_room: 4000 });
  });

  it("Registered: the wallet may hold GH₵5,000.00 after a deposit", async () => {
    const { api } = await createInvestor(server, { tier: "REGISTERED", walletGhs: 4000 });
    await expectRefusedWhole(
      api,
      DEPOSIT,
      { amount: "1000.01" },
      "Registered accounts can hold up to GH₵5,000.00 in the wallet (room for GH₵1,000.00 more). Verify your identity on the KYC page to raise it.",
    );
    expect((await call(api, "POST", DEPOSIT, { amount: "1000" })).body).toMatchObject({ message: "Deposit successful", balance: 5000 });
  });

  it("Verified: GH₵15,000.00 a day and GH₵40,000.00 in the wallet; no monthly limit", async () => {
    const daily = await createInvestor(server);
    expect((await call(daily.api, "POST", DEPOSIT, { amount: "15000" })).body).toMatchObject({ message: "Deposit successful" });
    await expectRefusedWhole(daily.api, DEPOSIT, { amount: "0.01" }, "Verified accounts can deposit up to GH₵15,000.00 a day (GH₵0.00 left today). Add proof of address on the KYC page to raise it.");
    const full = await createInvestor(server, { walletGhs: 39_000 });
    await expectRefusedWhole(
      full.api,
      DEPOSIT,
      { amount: "1000.01" },
      "Verified accounts can hold up to GH₵40,000.00 in the wallet (room for GH₵1,000.00 more). Add proof of address on the KYC page to raise it.",
    );
    expect((await call(full.api, "POST", DEPOSIT, { amount: "1000" })).body).toMatchObject({ balance: 40_000 });
  });

  it("Enhanced: GH₵25,000.00 a day", async () => {
    const { api } = await createInvestor(server, { tier: "ENHANCED" });
    await expectRefusedWhole(api, DEPOSIT, { amount: "25000.01" }, "Enhanced accounts can deposit up to GH₵25,000.00 a day (GH₵25,000.00 left today). This is the highest tier's limit.");
    expect((await call(api, "POST", DEPOSIT, { amount: "25000" })).body).toMatchObject({ balance: 25_000 });
  });

  it("the product's own amount rules still come first", async () => {
    const { api } = await createInvestor(server, { tier: "REGISTERED", walletGhs: 5000 });
    expect((await call(api, "POST", DEPOSIT, { amount: "10.005" })).status).toBe(422);
  });

  it("the page refuses the same way, beside the amount, and changes nothing", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    const before = snapshot();
    const res = await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "3000.01", idempotency_key: "kyc-page-1" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(htmlText(await res.text())).toContain("Registered accounts can deposit up to GH₵3,000.00 a day (GH₵3,000.00 left today). Verify your identity on the KYC page to raise it.");
    expect(snapshot()).toBe(before);
  });
});

describe("withdrawals by tier", () => {
  it("Registered may not withdraw; 'Insufficient balance' still comes first", async () => {
    const { api } = await createInvestor(server, { tier: "REGISTERED", walletGhs: 100 });
    const target = { method: "MOMO", provider: "MTN MoMo", account_number: "024 123 4567" };
    await expectRefusedWhole(api, WITHDRAW, { amount: 100.01, ...target }, "Insufficient balance");
    await expectRefusedWhole(api, WITHDRAW, { amount: 50, ...target }, /^Registered accounts cannot withdraw yet\. Verify your identity on the KYC page/);
  });

  it("Verified withdraws", async () => {
    const { api } = await createInvestor(server, { walletGhs: 100 });
    expect((await call(api, "POST", WITHDRAW, { amount: 50, method: "MOMO", provider: "MTN MoMo", account_number: "024 123 4567" })).body).toMatchObject({
      message: "Withdrawal processed",
      balance: 50,
    });
  });
});

describe("GET /api/v1/kyc and the portfolio", () => {
  it("answers status, tier, limits and what is left", async () => {
    const { api } = await createInvestor(server, { tier: "REGISTERED" });
    await call(api, "POST", DEPOSIT, { amount: "500" });
    expect((await call(api, "GET", "/api/v1/kyc")).body).toEqual({
      status: "NONE",
      tier: "REGISTERED",
      limits: { wallet_balance: 5000, deposits_per_day: 3000, deposits_per_month: 10000, withdrawals: false },
      remaining: { today: 2500, this_month: 9500, wallet_room: 4500 },
      submission: null,
    });
    const verified = await createInvestor(server);
    expect((await call(verified.api, "GET", "/api/v1/kyc")).body).toMatchObject({
      tier: "VERIFIED",
      limits: { deposits_per_month: null, withdrawals: true },
      remaining: { today: 15000, this_month: null },
    });
    expect((await new Client(server.url).request("/api/v1/kyc")).status).toBe(401);
  });

  it("a new registration starts Registered", async () => {
    const email = `kyc.${Date.now()}@example.com`;
    const res = await call(new Client(server.url), "POST", "/api/v1/auth/register", { email, password: "correct-horse-battery", full_name: "Abena Owusu" });
    expect(res.status).toBeLessThan(300);
    expect(server.db().prepare("select kyc_tier from users where email = ?").get(email)).toEqual({ kyc_tier: "REGISTERED" });
  });

  it("the portfolio shows the tier, what may still be deposited, and a link to /kyc", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    await call(u.api, "POST", DEPOSIT, { amount: "1000" });
    const page = await u.page.follow("/portfolio");
    // The line's words, tags taken out.
    const text = htmlText(page.html).replace(/<[^>]+>/g, "");
    expect(text).toContain("Account tier Registered");
    expect(text).toContain("You can still deposit GH₵2,000.00 today and GH₵9,000.00 this month; withdrawals need a verified identity.");
    expect(page.html).toMatch(/<a[^>]*href="\/kyc"[^>]*>Raise your limits<\/a>/);
  });
});
