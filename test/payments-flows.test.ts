import type { Params } from "~/catalog/format";
import { translate } from "~/catalog/index.server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { call, htmlText, type Client } from "./support/client";
import { createInvestor, signIn, signInAdmin, type Investor, type SignedIn } from "./support/factories";
import { paystackSignature, startFakePaystack, type FakePaystack } from "./support/fake-paystack";
import { startServer, type TestServer } from "./support/server";
import { storedText } from "~/models/stored-message.server";

/**
 * Issue 15, point 8: money in and out through Paystack, against the fake speaking its contract
 * over HTTP (test/support/fake-paystack.ts), with the real built server. Every test ends with the
 * ledger's invariants holding.
 */
let fake: FakePaystack;
let server: TestServer;
let admin: Client;
let adminSignedIn: SignedIn;

const paystackEnv = (extra: Record<string, string> = {}, provider: FakePaystack = fake) => ({
  PAYMENTS_PROVIDER: "paystack",
  PAYSTACK_SECRET_KEY: provider.secretKey,
  PAYSTACK_BASE_URL: provider.url,
  PAYMENTS_SWEEP_SECONDS: "0",
  ...extra,
});

beforeAll(async () => {
  fake = await startFakePaystack();
  server = await startServer(paystackEnv());
  fake.webhookUrl = `${server.url}/webhooks/paystack`;
  adminSignedIn = await signInAdmin(server);
  admin = adminSignedIn.api;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
afterEach(async () => {
  await fake.flushWebhooks();
  expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
});

const walletMinor = (s: TestServer, userId: number) => (s.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { b: number } | undefined)?.b ?? 0;
const pendingPayoutsMinor = (s: TestServer) => (s.db().prepare("select coalesce(sum(balance_minor), 0) b from accounts where kind = 'PAYOUTS_PENDING'").get() as { b: number }).b;
const depositEntries = (s: TestServer, reference: string) => (s.db().prepare("select count(*) n from journal_entries where kind = 'DEPOSIT' and external_ref = ?").get(reference) as { n: number }).n;
/** A deposit's status and its words for the investor in English, as the API reads them (stored as an id and parameters). */
const depositRow = (s: TestServer, id: number) => {
  const row = s.db().prepare("select status, message, message_id, message_params, refund_status from deposits where id = ?").get(id) as {
    status: string;
    message: string | null;
    message_id: string | null;
    message_params: string | null;
    refund_status: string | null;
  };
  return { status: row.status, refund_status: row.refund_status, message: storedText("en", row.message_id, row.message_params, row.message) };
};
const notificationKinds = (s: TestServer, userId: number) => (s.db().prepare("select kind from notifications where user_id = ?").all(userId) as Array<{ kind: string }>).map((n) => n.kind);
const webhookRows = (s: TestServer, reference: string) =>
  s.db().prepare("select event, outcome, deliveries from webhook_events where reference = ?").all(reference) as Array<{ event: string; outcome: string; deliveries: number }>;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let phoneSeq = 0;
/** A fresh MTN-style number per test, so the fake's per-number outcomes never leak between tests. */
const freshPhone = () => `024${String(1_000_000 + ++phoneSeq * 7919).slice(-7)}`;

async function momoDeposit(u: Investor, amount: number, network = "MTN", phone = freshPhone(), key?: string) {
  return call(u.api, "POST", "/api/v1/invest/deposit", { amount, method: "mobile_money", network, phone }, key ? { "Idempotency-Key": key } : {});
}

describe("deposits by mobile money", () => {
  it("approved on the phone: 202 PENDING approve_on_phone, then the signed webhook credits the wallet once", async () => {
    const u = await createInvestor(server);
    const res = await momoDeposit(u, 120);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "PENDING", amount: 120, next_action: "approve_on_phone", reference: expect.stringMatching(/^akoko-deposit-\d{6}$/) });
    expect(walletMinor(server, u.id)).toBe(0);
    fake.approveCharge(res.body.reference);
    await fake.flushWebhooks();
    expect((await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`)).body).toMatchObject({ status: "SUCCEEDED", next_action: null });
    expect(walletMinor(server, u.id)).toBe(12_000);
    expect(depositEntries(server, res.body.reference)).toBe(1);
    expect(webhookRows(server, res.body.reference)).toEqual([{ event: "charge.success", outcome: "processed", deliveries: 1 }]);
    const list = await call(u.api, "GET", "/api/v1/invest/deposits");
    expect(list.body.map((d: { id: number }) => d.id)).toContain(res.body.id);
  });

  it("with an OTP (Telecel): a wrong voucher is refused and can be tried again, the right one credits", async () => {
    const u = await createInvestor(server);
    const res = await momoDeposit(u, 35, "TELECEL", "0201234567");
    expect(res.body).toMatchObject({ status: "PENDING", next_action: "enter_otp" });
    const wrong = await call(u.api, "POST", `/api/v1/invest/deposits/${res.body.id}/otp`, { otp: "000000" });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ status: "PENDING", next_action: "enter_otp", message: "That code did not work. Check it and try again." });
    expect(walletMinor(server, u.id)).toBe(0);
    expect((await call(u.api, "POST", `/api/v1/invest/deposits/${res.body.id}/otp`, { otp: "" })).status).toBe(422);
    const right = await call(u.api, "POST", `/api/v1/invest/deposits/${res.body.id}/otp`, { otp: fake.otp });
    await fake.flushWebhooks();
    expect(["PENDING", "SUCCEEDED"]).toContain(right.body.status);
    await until(async () => (await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`)).body.status === "SUCCEEDED", "the OTP deposit to be credited");
    expect(walletMinor(server, u.id)).toBe(3_500);
  });

  it("with an OTP on the pages, without JavaScript: the status page asks for the code, a wrong one is said so, the right one credits", async () => {
    const [u, stranger] = [await createInvestor(server), await createInvestor(server)];
    const start = await u.page.postForm("/portfolio", { intent: "deposit", amount: "35", method: "mobile_money", network: "TELECEL", phone: "020 123 4567", idempotency_key: randomUUID() });
    expect(start.status).toBe(302);
    const statusPage = start.headers.get("location")!;
    expect(statusPage).toMatch(/^\/portfolio\/deposits\/\d+$/);
    const asking = await u.page.follow(statusPage);
    expect(asking.html).toContain('name="otp"');
    // The network by the name the forms use, never its code.
    expect(htmlText(asking.html)).toContain("Mobile money (Telecel Cash) ···567");
    expect(asking.html).not.toContain("(TELECEL)");
    expect(htmlText(asking.html)).toContain("Enter the code from your phone to finish the deposit (Telecel Cash: dial *110# to get a voucher).");
    // No meta refresh while a code is being typed.
    expect(asking.html).not.toContain('http-equiv="refresh"');
    const empty = await u.page.postForm(statusPage, { otp: "" });
    expect(empty.status).toBe(400);
    expect(htmlText(await empty.text())).toContain("Enter the code from your phone (4 to 12 letters or digits).");
    expect((await u.page.postForm(statusPage, { otp: "000000" })).headers.get("location")).toBe(statusPage);
    expect(htmlText((await u.page.follow(statusPage)).html)).toContain("That code did not work. Check it and try again.");
    expect((await stranger.page.follow(statusPage)).res.status).toBe(404);
    expect((await stranger.page.postForm(statusPage, { otp: fake.otp })).status).toBe(404);
    expect(walletMinor(server, u.id)).toBe(0);
    const right = await u.page.postForm(statusPage, { otp: fake.otp });
    expect(right.status).toBe(302);
    await fake.flushWebhooks();
    await until(() => walletMinor(server, u.id) === 3_500, "the page's OTP deposit to be credited");
    expect(htmlText((await u.page.follow(statusPage)).html)).toContain("Deposit successful");
  });

  it("failed: FAILED with our message, nothing credited", async () => {
    const u = await createInvestor(server);
    const phone = freshPhone();
    fake.setChargeOutcome(phone, "failed");
    const res = await momoDeposit(u, 60, "MTN", phone);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "FAILED", next_action: null });
    expect(res.body.message).not.toMatch(/declined/i);
    // A deposit never takes from the wallet: the payer asks whether they were charged.
    expect(res.body.message).toBe("The payment did not go through, and nothing was charged. Please try again.");
    expect((await call(u.api, "GET", "/api/v1/invest/notifications")).body.map((n: { message: string }) => n.message)).toContain(
      `Your deposit of GH₵60.00 did not go through, and nothing was charged.`,
    );
    expect(walletMinor(server, u.id)).toBe(0);
  });

  it("checks what it is told: bad network, phone or method is 422 with a detail, and nothing is charged", async () => {
    const u = await createInvestor(server);
    const before = fake.requestsTo("POST", "/charge").length;
    for (const body of [
      { amount: 10, method: "mobile_money", network: "GLO", phone: "0241234567" },
      { amount: 10, method: "mobile_money", network: "MTN", phone: "12345" },
      { amount: 10, method: "bitcoin" },
      { amount: 10 },
      { amount: -5, method: "checkout" },
    ]) {
      const res = await call(u.api, "POST", "/api/v1/invest/deposit", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe("string");
    }
    expect(fake.requestsTo("POST", "/charge").length).toBe(before);
  });

  it("replays an Idempotency-Key: the same deposit, one charge at the provider", async () => {
    const u = await createInvestor(server);
    const phone = freshPhone();
    const first = await momoDeposit(u, 44, "MTN", phone, "deposit-key-1");
    const again = await momoDeposit(u, 44, "MTN", phone, "deposit-key-1");
    expect(again.body.id).toBe(first.body.id);
    expect(fake.requestsTo("POST", "/charge").filter((r) => (r.body as { reference?: string }).reference === first.body.reference).length).toBe(1);
    expect((await momoDeposit(u, 45, "MTN", phone, "deposit-key-1")).status).toBe(422);
  });

  it("by card through the hosted checkout: redirect with authorization_url; our verify on reading it credits", async () => {
    const u = await createInvestor(server);
    const res = await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 75, method: "checkout" });
    expect(res.body).toMatchObject({ status: "PENDING", next_action: "redirect", authorization_url: expect.stringContaining(`${fake.url}/checkout/`) });
    const webhookUrl = fake.webhookUrl;
    fake.webhookUrl = null; // the webhook is lost: our own verify must do
    try {
      fake.completeCheckout(res.body.reference);
    } finally {
      fake.webhookUrl = webhookUrl;
    }
    expect((await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`)).body.status).toBe("SUCCEEDED");
    expect(walletMinor(server, u.id)).toBe(7_500);
  });

  it("another investor's deposit is 404", async () => {
    const [a, b] = [await createInvestor(server), await createInvestor(server)];
    const res = await momoDeposit(a, 10);
    expect((await call(b.api, "GET", `/api/v1/invest/deposits/${res.body.id}`)).status).toBe(404);
    expect((await call(b.api, "POST", `/api/v1/invest/deposits/${res.body.id}/otp`, { otp: "123456" })).status).toBe(404);
    fake.approveCharge(res.body.reference);
  });
});

describe("the webhook", () => {
  const chargeData = (reference: string, amount: number, currency = "GHS") => ({
    id: 900_000 + Math.floor(Math.random() * 99_999),
    status: "success",
    reference,
    amount,
    currency,
    channel: "mobile_money",
  });

  it("refuses a bad or missing signature with 401, storing and changing nothing", async () => {
    const u = await createInvestor(server);
    const res = await momoDeposit(u, 20);
    for (const options of [{ badSignature: true }, { noSignature: true }]) {
      const [answer] = await fake.sendWebhook(`${server.url}/webhooks/paystack`, "charge.success", chargeData(res.body.reference, 2_000), options);
      expect(answer.status).toBe(401);
    }
    expect(webhookRows(server, res.body.reference)).toEqual([]);
    expect(walletMinor(server, u.id)).toBe(0);
    fake.approveCharge(res.body.reference);
  });

  it("a signed body that is not an event is a 400 saying so, not a bad signature, and stores nothing", async () => {
    const before = (server.db().prepare("select count(*) n from webhook_events").get() as { n: number }).n;
    for (const raw of ['{"event":"charge.success","data":"x"}', "[1,2]", '{"event":"charge.success"}', "not json"]) {
      const answer = await fetch(`${server.url}/webhooks/paystack`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-paystack-signature": paystackSignature(raw, fake.secretKey) },
        body: raw,
      });
      expect(answer.status, raw).toBe(400);
      expect(await answer.json(), raw).toEqual({ detail: "The body is signed but is not an event: nothing was done." });
    }
    expect((server.db().prepare("select count(*) n from webhook_events").get() as { n: number }).n).toBe(before);
  });

  it("the same event twice (Paystack retries) credits once; both deliveries get 200", async () => {
    const u = await createInvestor(server);
    const res = await momoDeposit(u, 30);
    const answers = await fake.sendWebhook(`${server.url}/webhooks/paystack`, "charge.success", chargeData(res.body.reference, 3_000), { times: 2 });
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(walletMinor(server, u.id)).toBe(3_000);
    expect(depositEntries(server, res.body.reference)).toBe(1);
    expect(webhookRows(server, res.body.reference)).toEqual([{ event: "charge.success", outcome: "processed", deliveries: 2 }]);
  });

  it("a webhook before our own verify, and one after it: each credits once", async () => {
    const u = await createInvestor(server);
    // Before: the webhook lands first; our verify then finds the deposit already SUCCEEDED.
    const first = await momoDeposit(u, 11);
    fake.approveCharge(first.body.reference);
    await fake.flushWebhooks();
    expect((await call(u.api, "GET", `/api/v1/invest/deposits/${first.body.id}`)).body.status).toBe("SUCCEEDED");
    // After: our verify credits first (the webhook was late), then the webhook changes nothing.
    const webhookUrl = fake.webhookUrl;
    fake.webhookUrl = null;
    const second = await momoDeposit(u, 22);
    fake.approveCharge(second.body.reference);
    fake.webhookUrl = webhookUrl;
    expect((await call(u.api, "GET", `/api/v1/invest/deposits/${second.body.id}`)).body.status).toBe("SUCCEEDED");
    const [late] = await fake.sendWebhook(`${server.url}/webhooks/paystack`, "charge.success", chargeData(second.body.reference, 2_200));
    expect(late.status).toBe(200);
    expect(walletMinor(server, u.id)).toBe(3_300);
    expect(depositEntries(server, first.body.reference) + depositEntries(server, second.body.reference)).toBe(2);
  });

  it("a confirmation for another amount is flagged, not credited; an unknown reference is kept and flagged, never a 500", async () => {
    const u = await createInvestor(server);
    const res = await momoDeposit(u, 50);
    const [answer] = await fake.sendWebhook(`${server.url}/webhooks/paystack`, "charge.success", chargeData(res.body.reference, 5_001));
    expect(answer.status).toBe(200);
    expect(walletMinor(server, u.id)).toBe(0);
    expect(webhookRows(server, res.body.reference)[0].outcome).toBe("mismatch");
    // Flagged, with why as a catalog message (rendered when an admin reads it).
    const flag = server.db().prepare("select flag, flag_id id, flag_params params from deposits where id = ?").get(res.body.id) as { flag: string | null; id: string; params: string };
    expect(flag.flag).not.toBeNull();
    expect(translate("en", flag.id, JSON.parse(flag.params) as Params)).toMatch(/amount 5001 instead of 5000/);
    const [unknown] = await fake.sendWebhook(`${server.url}/webhooks/paystack`, "charge.success", chargeData("someone-elses-ref-1", 1_000));
    expect(unknown.status).toBe(200);
    expect(webhookRows(server, "someone-elses-ref-1")).toEqual([{ event: "charge.success", outcome: "unknown_reference", deliveries: 1 }]);
    fake.approveCharge(res.body.reference);
  });
});

describe("withdrawals", () => {
  async function funded(amountGhs: number) {
    const u = await createInvestor(server, { walletGhs: amountGhs, fullName: "Ama Mensah" });
    const dest = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "0241234567", name: "Ama Mensah", password: u.password });
    expect(dest.status).toBe(201);
    return { u, destinationId: dest.body.id as number };
  }
  const transferOf = (reference: string) => [...fake.transfers.values()].find((t) => t.reference === reference)!;

  it("saves destinations (mobile money and bank from the provider's list), lists and removes them; bad ones are 422", async () => {
    const u = await createInvestor(server, { fullName: "Ama Mensah" });
    const momo = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "TELECEL", phone: "020 123 4567", name: "Ama Mensah", password: u.password });
    expect(momo.body).toMatchObject({ kind: "mobile_money", network: "TELECEL", account_number: "+233201234567", label: "Telecel Cash" });
    const bank = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "bank", bank_code: "040100", account_number: "1234567890123", name: "Ama Mensah", password: u.password });
    expect(bank.body).toMatchObject({ kind: "bank", bank_code: "040100", label: "GCB Bank Limited" });
    expect(fake.recipients.size).toBeGreaterThanOrEqual(2);
    for (const body of [
      { kind: "bank", bank_code: "999999", account_number: "1234567890", name: "Ama" },
      { kind: "mobile_money", network: "MTN", phone: "nope", name: "Ama" },
      { kind: "cash", name: "Ama" },
      { kind: "mobile_money", network: "MTN", phone: "0241234567", name: "" },
    ])
      expect((await call(u.api, "POST", "/api/v1/invest/destinations", body)).status, JSON.stringify(body)).toBe(422);
    expect((await call(u.api, "GET", "/api/v1/invest/destinations")).body.map((d: { id: number }) => d.id).sort()).toEqual([momo.body.id, bank.body.id].sort());
    const other = await createInvestor(server);
    expect((await call(other.api, "DELETE", `/api/v1/invest/destinations/${bank.body.id}`)).status).toBe(404);
    expect((await call(u.api, "DELETE", `/api/v1/invest/destinations/${bank.body.id}`)).status).toBe(204);
    expect((await call(u.api, "GET", "/api/v1/invest/destinations")).body.map((d: { id: number }) => d.id)).toEqual([momo.body.id]);
  });

  it("succeeds: 202 PENDING with the money in PAYOUTS_PENDING at once, then transfer.success sends it on", async () => {
    const { u, destinationId } = await funded(100);
    const res = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 40, destination_id: destinationId });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "PENDING", amount: 40, destination_id: destinationId, reference: expect.stringMatching(/^akoko-withdrawal-\d{6}$/) });
    expect(walletMinor(server, u.id)).toBe(6_000);
    expect(pendingPayoutsMinor(server)).toBeGreaterThanOrEqual(4_000);
    fake.settleTransfer(res.body.reference, "success");
    await fake.flushWebhooks();
    expect((await call(u.api, "GET", `/api/v1/invest/withdrawals/${res.body.id}`)).body.status).toBe("SUCCEEDED");
    expect(walletMinor(server, u.id)).toBe(6_000);
    const notes = server.db().prepare("select kind from notifications where user_id = ?").all(u.id) as Array<{ kind: string }>;
    expect(notes.map((n) => n.kind)).toContain("WITHDRAWAL_SENT");
    expect((await call((await createInvestor(server)).api, "GET", `/api/v1/invest/withdrawals/${res.body.id}`)).status).toBe(404);
  });

  it("fails: transfer.failed puts the money back in the wallet", async () => {
    const { u, destinationId } = await funded(100);
    const res = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 25, destination_id: destinationId });
    fake.settleTransfer(res.body.reference, "failed");
    await fake.flushWebhooks();
    expect((await call(u.api, "GET", `/api/v1/invest/withdrawals/${res.body.id}`)).body).toMatchObject({ status: "FAILED" });
    expect(walletMinor(server, u.id)).toBe(10_000);
    expect(notificationKinds(server, u.id)).toContain("WITHDRAWAL_FAILED");
  });

  it("reversed after a success: the money comes back to the wallet", async () => {
    const { u, destinationId } = await funded(100);
    const res = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 30, destination_id: destinationId });
    fake.settleTransfer(res.body.reference, "success");
    await fake.flushWebhooks();
    expect(walletMinor(server, u.id)).toBe(7_000);
    fake.settleTransfer(res.body.reference, "reversed");
    await fake.flushWebhooks();
    expect((await call(u.api, "GET", `/api/v1/invest/withdrawals/${res.body.id}`)).body.status).toBe("REVERSED");
    expect(walletMinor(server, u.id)).toBe(10_000);
    expect(transferOf(res.body.reference).status).toBe("reversed");
    expect(notificationKinds(server, u.id)).toEqual(expect.arrayContaining(["WITHDRAWAL_SENT", "WITHDRAWAL_REVERSED"]));
  });

  it("replays an Idempotency-Key: the same withdrawal, one transfer at the provider, the wallet debited once", async () => {
    const { u, destinationId } = await funded(100);
    const send = () => call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 20, destination_id: destinationId }, { "Idempotency-Key": "withdraw-key-1" });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(fake.requestsTo("POST", "/transfer").filter((r) => (r.body as { reference?: string }).reference === first.body.reference).length).toBe(1);
    expect(walletMinor(server, u.id)).toBe(8_000);
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 21, destination_id: destinationId }, { "Idempotency-Key": "withdraw-key-1" })).status).toBe(422);
    fake.settleTransfer(first.body.reference, "success");
  });

  it("keeps the product's rules first: 'Insufficient balance', and a destination is required", async () => {
    const { u, destinationId } = await funded(10);
    expect(await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 10.01, destination_id: destinationId })).toEqual({ status: 409, body: { detail: "Insufficient balance" } });
    // Above the GH₵1,000,000 cap too: the balance's answer, not the cap's.
    for (const amount of [9_999_999, "9999999", "1,000,000.01"])
      expect(await call(u.api, "POST", "/api/v1/invest/withdraw", { amount, destination_id: destinationId })).toEqual({ status: 409, body: { detail: "Insufficient balance" } });
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 5 })).status).toBe(422);
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 5, destination_id: 999_999 })).status).toBe(404);
    expect(walletMinor(server, u.id)).toBe(1_000);
  });

  it("lists the investor's own withdrawals newest first, as GET /withdrawals/{id} answers each; pages with ?before=", async () => {
    const { u, destinationId } = await funded(100);
    const made = [];
    for (const amount of [1, 2, 3]) made.push((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount, destination_id: destinationId })).body);
    const stranger = await funded(10);
    await call(stranger.u.api, "POST", "/api/v1/invest/withdraw", { amount: 4, destination_id: stranger.destinationId });
    const list = await call(u.api, "GET", "/api/v1/invest/withdrawals");
    expect(list.status).toBe(200);
    expect(list.body.map((w: { id: number }) => w.id)).toEqual(made.map((w) => w.id).reverse());
    for (const w of list.body) {
      const one = (await call(u.api, "GET", `/api/v1/invest/withdrawals/${w.id}`)).body;
      expect(Object.keys(w).sort()).toEqual(Object.keys(one).sort());
      expect(w).toMatchObject({ id: one.id, reference: one.reference, status: one.status, amount: one.amount, destination_id: destinationId, destination: one.destination, message: one.message });
    }
    // The next page: those older than the last one read.
    expect((await call(u.api, "GET", `/api/v1/invest/withdrawals?before=${made[1].id}`)).body.map((w: { id: number }) => w.id)).toEqual([made[0].id]);
    expect((await call(u.api, "GET", `/api/v1/invest/withdrawals?before=${made[0].id}`)).body).toEqual([]);
    const bad = await call(u.api, "GET", "/api/v1/invest/withdrawals?before=1e3");
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain("before");
    // The deposits list pages the same way.
    const deposits = [(await momoDeposit(u, 5)).body.id, (await momoDeposit(u, 6)).body.id];
    expect((await call(u.api, "GET", `/api/v1/invest/deposits?before=${deposits[1]}`)).body.map((d: { id: number }) => d.id)).toEqual([deposits[0]]);
    expect((await call(u.api, "GET", "/api/v1/invest/deposits?before=x")).status).toBe(422);
    expect((await call(u.api, "POST", "/api/v1/invest/withdrawals", {})).status).toBe(405);
    for (const w of [...made, (await call(stranger.u.api, "GET", "/api/v1/invest/withdrawals")).body[0]]) fake.settleTransfer(w.reference, "success");
  });

  it("two withdrawals racing for one balance: one goes out, the other is refused, the wallet never goes below zero", async () => {
    const { u, destinationId } = await funded(50);
    const answers = await Promise.all([1, 2].map(() => call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 50, destination_id: destinationId })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    expect(walletMinor(server, u.id)).toBe(0);
    const sent = answers.find((a) => a.status === 202)!;
    fake.settleTransfer(sent.body.reference, "success");
  });
});

describe("a deposit never paid", () => {
  it("a checkout left unpaid for an hour ends ABANDONED with our message, nothing credited; the sweep finds it", async () => {
    const fakeAlone = await startFakePaystack({ secretKey: fake.secretKey });
    const first = await startServer(paystackEnv({}, fakeAlone));
    let stopped = false;
    try {
      const u = await createInvestor(first);
      const res = await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 33, method: "checkout" });
      expect(res.body).toMatchObject({ status: "PENDING", next_action: "redirect" });
      // Opened and not paid: the provider says "abandoned", which is not final while the customer may still pay.
      expect((await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`)).body.status).toBe("PENDING");
      await first.stop();
      stopped = true;
      // An hour and a bit later (the app's clock runs ahead), the sweep gives up on it.
      const later = await startServer(paystackEnv({ PAYMENTS_SWEEP_SECONDS: "1", PAYMENTS_SWEEP_AFTER_SECONDS: "0" }, fakeAlone), { dbFile: first.dbFile, clockOffsetDays: 0.05 });
      try {
        const row = () => depositRow(later, res.body.id);
        await until(() => row().status === "ABANDONED", "the sweep to abandon the unpaid checkout");
        expect(row().message).toBe("This deposit was not completed, so nothing was credited. Start a new one when you are ready.");
        expect(walletMinor(later, u.id)).toBe(0);
        expect(depositEntries(later, res.body.reference)).toBe(0);
        const adminThere = (await signInAdmin(later)).api;
        expect((await call(adminThere, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
      } finally {
        await later.stop();
      }
    } finally {
      if (!stopped) await first.stop();
      await fakeAlone.close();
    }
  });
});

describe("the deposit status page, reloaded", () => {
  it("asks the provider at most once per deposit every 5 seconds, however many reloads come at once or after", async () => {
    const fakeAlone = await startFakePaystack({ secretKey: fake.secretKey });
    // Two workers: reloads at once land in two processes, which share nothing but the database.
    const first = await startServer(paystackEnv({ WEB_CONCURRENCY: "2" }, fakeAlone));
    let current = first;
    try {
      const u = await createInvestor(first);
      const res = await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 40, method: "checkout" });
      expect(res.body).toMatchObject({ status: "PENDING", next_action: "redirect" });
      const statusPage = `/portfolio/deposits/${res.body.id}`;
      // Paystack sends the customer back to the status page with ?trxref=&reference=.
      const returnPage = `${statusPage}?trxref=${res.body.reference}&reference=${res.body.reference}`;
      const verifies = () => fakeAlone.requestsTo("GET", `/transaction/verify/${res.body.reference}`).length;
      /** 24 reloads at once (the return page, the page, the API) and 8 one after another; how long they took. */
      const reload = async () => {
        const started = Date.now();
        const once = (i: number) => (i % 3 === 0 ? u.page.get(returnPage) : i % 3 === 1 ? u.page.get(statusPage) : u.api.get(`/api/v1/invest/deposits/${res.body.id}`));
        const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => once(i)));
        for (let i = 0; i < 8; i++) answers.push(await once(i));
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
        return Date.now() - started;
      };
      const before = verifies();
      const took = await reload();
      // One check; a machine slow enough to need more than 5 s may make one more per 5 s, never one per reload.
      expect(verifies() - before).toBeGreaterThanOrEqual(1);
      expect(verifies() - before).toBeLessThanOrEqual(1 + Math.floor(took / 5_000));
      // 6 seconds later (the server's clock moved, not a wait), the next reloads ask once again.
      await first.stop();
      current = await startServer(paystackEnv({ WEB_CONCURRENCY: "2" }, fakeAlone), { dbFile: first.dbFile, clockOffsetDays: 6 / 86_400 });
      u.page.baseUrl = u.api.baseUrl = current.url;
      const again = verifies();
      const tookAgain = await reload();
      expect(verifies() - again).toBeGreaterThanOrEqual(1);
      expect(verifies() - again).toBeLessThanOrEqual(1 + Math.floor(tookAgain / 5_000));
      expect(current.db().prepare("select status from deposits where id = ?").get(res.body.id)).toEqual({ status: "PENDING" });
    } finally {
      await current.stop();
      if (current !== first) await first.stop();
      await fakeAlone.close();
    }
    // Two starts of three processes each (a primary and two workers) and 64 reloads: on a loaded
    // 2-core machine that took more than the 30 s default; its checks allow for however long it takes.
  }, 90_000);
});

describe("a server stopped between the provider's confirmation and ours", () => {
  it("after a restart the sweep credits the deposit once; the webhook replayed later changes nothing", async () => {
    const fakeAlone = await startFakePaystack({ secretKey: fake.secretKey });
    const first = await startServer(paystackEnv({}, fakeAlone));
    let killed = false;
    try {
      const u = await createInvestor(first);
      const res = await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 90, method: "mobile_money", network: "MTN", phone: "0549876543" });
      expect(res.body.status).toBe("PENDING");
      // The customer approves; the webhook would come now, but the server dies before anything reaches it.
      fakeAlone.approveCharge(res.body.reference);
      expect(await first.stop("SIGKILL")).toBe(null);
      killed = true;
      const restarted = await startServer(paystackEnv({ PAYMENTS_SWEEP_SECONDS: "1", PAYMENTS_SWEEP_AFTER_SECONDS: "0" }, fakeAlone), { dbFile: first.dbFile });
      try {
        await until(() => walletMinor(restarted, u.id) === 9_000, "the sweep to credit the deposit");
        const [replayed] = await fakeAlone.sendWebhook(`${restarted.url}/webhooks/paystack`, "charge.success", {
          id: 77,
          status: "success",
          reference: res.body.reference,
          amount: 9_000,
          currency: "GHS",
        });
        expect(replayed.status).toBe(200);
        await new Promise((r) => setTimeout(r, 1_500)); // another sweep or two
        expect(walletMinor(restarted, u.id)).toBe(9_000);
        expect(depositEntries(restarted, res.body.reference)).toBe(1);
        const adminThere = (await signInAdmin(restarted)).api;
        expect((await call(adminThere, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
      } finally {
        await restarted.stop();
      }
    } finally {
      if (!killed) await first.stop();
      await fakeAlone.close();
    }
  });
});

describe("reconciliation", () => {
  it("finds a difference planted on our side: a credited deposit the ledger does not show", async () => {
    const u = await createInvestor(server);
    const res = await momoDeposit(u, 15);
    fake.approveCharge(res.body.reference);
    await fake.flushWebhooks();
    const today = new Date().toISOString().slice(0, 10);
    const clean = await call(admin, "GET", `/api/v1/admin/reconciliation?date=${today}`);
    expect(clean.status).toBe(200);
    expect(clean.body.differences.filter((d: { reference: string }) => d.reference === res.body.reference)).toEqual([]);
    // Planted: the provider says this charge failed (a chargeback the ledger never heard of).
    fake.transactions.get(res.body.reference)!.status = "failed";
    const found = await call(admin, "GET", `/api/v1/admin/reconciliation?date=${today}`);
    expect(found.body.differences).toContainEqual(expect.objectContaining({ kind: "deposit", reference: res.body.reference, problem: "status" }));
    fake.transactions.get(res.body.reference)!.status = "success";
  });

  it("leaves out a withdrawal held for an admin's review (never sent), and never writes -GH₵0.00", async () => {
    const u = await createInvestor(server, { walletGhs: 6_000, fullName: "Ama Mensah" });
    const dest = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "0241234567", name: "Ama Mensah", password: u.password });
    // Above LARGE_WITHDRAWAL_GHS (5,000): reserved and held for /admin/approvals, nothing sent to Paystack.
    const held = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 5_500, destination_id: dest.body.id });
    expect(held).toMatchObject({ status: 202, body: { status: "PENDING" } });
    expect([...fake.transfers.values()].some((t) => t.reference === held.body.reference)).toBe(false);
    // A deposit the provider says succeeded, which the ledger has not moved yet (still PENDING here).
    const pending = await momoDeposit(u, 12);
    fake.transactions.get(pending.body.reference)!.status = "success";
    try {
      const today = new Date().toISOString().slice(0, 10);
      const report = await call(admin, "GET", `/api/v1/admin/reconciliation?date=${today}`);
      expect(report.status).toBe(200);
      expect(report.body.differences.filter((d: { reference: string }) => d.reference === held.body.reference)).toEqual([]);
      const amount = report.body.differences.find((d: { reference: string; problem: string }) => d.reference === pending.body.reference && d.problem === "amount");
      expect(amount.detail).toContain("GH₵0.00");
      expect(JSON.stringify(report.body)).not.toContain("-GH₵0.00");
    } finally {
      fake.approveCharge(pending.body.reference);
    }
  });
});

describe("a success that arrives after the deposit ended (tier limits hold)", () => {
  const confirmContacts = (userId: number) =>
    server.db().prepare("update users set email_verified_at = ?, phone = ?, phone_verified_at = ? where id = ?").run(new Date().toISOString(), "+233241112233", new Date().toISOString(), userId);
  const deposit = (id: number) => depositRow(server, id);
  const creditedToday = (userId: number) => (server.db().prepare("select coalesce(sum(amount_minor), 0) n from deposits where user_id = ? and status = 'SUCCEEDED'").get(userId) as { n: number }).n;

  it("one that would pass the day's limit is refunded through the provider, never credited; the investor is told by email and SMS", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" }); // GHS 3,000 a day, 5,000 held
    confirmContacts(u.id);
    const phone = freshPhone();
    fake.setChargeOutcome(phone, "failed");
    const failed = await momoDeposit(u, 2500, "MTN", phone);
    expect(failed.body).toMatchObject({ status: "FAILED" });
    // The failed one no longer counts, so a second one fits and is credited.
    const second = await momoDeposit(u, 2500);
    fake.approveCharge(second.body.reference);
    await fake.flushWebhooks();
    expect(walletMinor(server, u.id)).toBe(250_000);

    // Then the provider's word on the first changes: success, after all (a late charge.success).
    fake.settleCharge(failed.body.reference, "success");
    await fake.flushWebhooks();
    expect(walletMinor(server, u.id)).toBe(250_000);
    expect(creditedToday(u.id)).toBe(250_000);
    expect(depositEntries(server, failed.body.reference)).toBe(0);
    await until(() => fake.requestsTo("POST", "/refund").some((r) => (r.body as { transaction?: string }).transaction === failed.body.reference), "the refund request");
    const refundCalls = fake.requestsTo("POST", "/refund").filter((r) => (r.body as { transaction?: string }).transaction === failed.body.reference);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0].body).toMatchObject({ transaction: failed.body.reference, amount: 250_000 });

    const row = deposit(failed.body.id);
    expect(row.status).toBe("REFUNDED");
    expect(row.message).toContain("Registered accounts can deposit up to GH₵3,000.00 a day");
    expect(row.message).toContain("sending it back");
    const api = await call(u.api, "GET", `/api/v1/invest/deposits/${failed.body.id}`);
    expect(api.body).toMatchObject({ status: "REFUNDED", message: row.message });
    expect(htmlText(await (await u.page.get(`/portfolio/deposits/${failed.body.id}`)).text())).toContain("Registered accounts can deposit up to GH₵3,000.00 a day");
    const told = server.db().prepare("select channel from outbox where user_id = ? and kind = 'DEPOSIT_REFUNDED' order by channel").all(u.id) as Array<{ channel: string }>;
    expect(told.map((m) => m.channel)).toEqual(["EMAIL", "SMS"]);
    expect(notificationKinds(server, u.id)).toContain("DEPOSIT_REFUNDED");

    // Paystack reports the refund; replays of the old success change nothing and refund nothing twice.
    fake.settleRefund(failed.body.reference, "processed");
    await fake.flushWebhooks();
    expect(deposit(failed.body.id)).toMatchObject({ status: "REFUNDED", refund_status: "PROCESSED" });
    await fake.sendWebhook(`${server.url}/webhooks/paystack`, "charge.success", { reference: failed.body.reference, amount: 250_000, currency: "GHS", status: "success", id: 42 });
    expect((await call(u.api, "GET", `/api/v1/invest/deposits/${failed.body.id}`)).body.status).toBe("REFUNDED");
    expect(walletMinor(server, u.id)).toBe(250_000);
    expect(fake.requestsTo("POST", "/refund").filter((r) => (r.body as { transaction?: string }).transaction === failed.body.reference)).toHaveLength(1);
  });

  it("a refund the provider did not answer is asked for again when the status page is read (the sweep asks too)", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED", walletGhs: 4850 });
    const late = await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 100, method: "checkout" });
    fake.settleCharge(late.body.reference, "failed");
    await call(u.api, "GET", `/api/v1/invest/deposits/${late.body.id}`);
    const top = await momoDeposit(u, 100);
    fake.approveCharge(top.body.reference);
    await fake.flushWebhooks();
    fake.failNext({ status: 503, times: 3, path: "/refund" });
    fake.settleCharge(late.body.reference, "success");
    await fake.flushWebhooks();
    await until(() => deposit(late.body.id).refund_status === "TO_SEND", "the unanswered refund to wait for another try");
    expect(deposit(late.body.id).status).toBe("REFUNDED");
    await call(u.api, "GET", `/api/v1/invest/deposits/${late.body.id}`);
    expect(deposit(late.body.id).refund_status).toBe("PENDING");
    expect(fake.refunds.get(late.body.reference)).toMatchObject({ amount: 10_000, status: "pending" });
    expect(walletMinor(server, u.id)).toBe(495_000);
  });

  it("one that would take the wallet past its balance limit is refunded; a late success that fits is credited", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED", walletGhs: 4000 });
    const checkout = await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 900, method: "checkout" });
    const small = await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 100, method: "checkout" });
    // Both given up on (the provider failed them), then both paid late.
    fake.settleCharge(checkout.body.reference, "failed");
    fake.settleCharge(small.body.reference, "failed");
    await call(u.api, "GET", `/api/v1/invest/deposits/${checkout.body.id}`);
    await call(u.api, "GET", `/api/v1/invest/deposits/${small.body.id}`);
    expect(deposit(checkout.body.id).status).toBe("FAILED");
    // Meanwhile the wallet grew to 4,500: 900 more would pass 5,000; 100 fits.
    const top = await momoDeposit(u, 500);
    fake.approveCharge(top.body.reference);
    await fake.flushWebhooks();
    expect(walletMinor(server, u.id)).toBe(450_000);
    fake.settleCharge(checkout.body.reference, "success");
    fake.settleCharge(small.body.reference, "success");
    await fake.flushWebhooks();
    expect(deposit(checkout.body.id).status).toBe("REFUNDED");
    expect(deposit(checkout.body.id).message).toContain("Registered accounts can hold up to GH₵5,000.00 in the wallet");
    expect(deposit(small.body.id).status).toBe("SUCCEEDED");
    expect(walletMinor(server, u.id)).toBe(460_000);
  });
});

describe("flagged payments and failed refunds, resolved on Paystack's word", () => {
  const confirmContacts = (userId: number) =>
    server.db().prepare("update users set email_verified_at = ?, phone = ?, phone_verified_at = ? where id = ?").run(new Date().toISOString(), "+233241112233", new Date().toISOString(), userId);
  const told = (userId: number, kind: string) =>
    (server.db().prepare("select channel from outbox where user_id = ? and kind = ? order by channel").all(userId, kind) as Array<{ channel: string }>).map((m) => m.channel);
  const noticeTexts = (userId: number) =>
    (
      server.db().prepare("select message_id, message_params, message from notifications where user_id = ? order by id").all(userId) as Array<{
        message_id: string | null;
        message_params: string | null;
        message: string;
      }>
    ).map((n) => storedText("en", n.message_id, n.message_params, n.message));
  const flagOf = (table: "deposits" | "withdrawals", id: number) => (server.db().prepare(`select flag from ${table} where id = ?`).get(id) as { flag: string | null }).flag;
  const audited = (action: string) => (server.db().prepare("select detail from audit_log where action = ? order by id").all(action) as Array<{ detail: string }>).map((a) => a.detail);
  const kycRoom = async (u: Investor) => (await call(u.api, "GET", "/api/v1/kyc")).body.remaining.wallet_room as number;

  /** Webhooks off for a test: what Paystack does then reaches us only when we ask (a lost webhook, or a dashboard action). */
  async function quietly<T>(run: () => Promise<T>): Promise<T> {
    const url = fake.webhookUrl;
    fake.webhookUrl = null;
    try {
      return await run();
    } finally {
      fake.webhookUrl = url;
    }
  }

  async function otpWithdrawal(amountGhs: number) {
    const u = await createInvestor(server, { walletGhs: 100, fullName: "Kofi Boateng" });
    confirmContacts(u.id);
    const dest = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "0241234567", name: "Kofi Boateng", password: u.password });
    expect(dest.status).toBe(201);
    server
      .db()
      .prepare("update payment_destinations set created_at = ? where id = ?")
      .run(new Date(Date.now() - 48 * 3600_000).toISOString(), dest.body.id);
    fake.setTransferOutcome("otp");
    try {
      const res = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: amountGhs, destination_id: dest.body.id });
      expect(res.status).toBe(202);
      expect(flagOf("withdrawals", res.body.id)).not.toBeNull();
      return { u, w: res.body as { id: number; reference: string } };
    } finally {
      fake.setTransferOutcome("pending");
    }
  }

  it("a transfer held for an OTP, finalised in Paystack's dashboard: asking Paystack again settles it, clears the flag and tells the investor", async () => {
    const { u, w } = await otpWithdrawal(8);
    expect(walletMinor(server, u.id)).toBe(9_200);
    // Still held: asking changes nothing and says what Paystack says.
    const still = await call(admin, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/recheck`, {});
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({ outcome: "unchanged", provider_status: "otp", withdrawal: { status: "PENDING", flagged: true } });
    expect(still.body.detail).toBe("Paystack says: otp. Nothing changed yet; ask again later.");
    await quietly(async () => {
      fake.settleTransfer(w.reference, "success");
      const res = await call(admin, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/recheck`, {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ outcome: "settled", withdrawal: { status: "SUCCEEDED", flagged: false } });
    });
    expect(flagOf("withdrawals", w.id)).toBeNull();
    expect(walletMinor(server, u.id)).toBe(9_200);
    expect(notificationKinds(server, u.id)).toContain("WITHDRAWAL_SENT");
    expect(audited("withdrawal.recheck").at(-1)).toBe(`${w.reference}: asked Paystack again; it says succeeded`);
    // Nothing left to resolve: a second ask is refused, and another investor's admin door is not theirs.
    expect((await call(admin, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/recheck`, {})).status).toBe(409);
    expect((await call(u.api, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/recheck`, {})).status).toBe(403);
  });

  it("a held transfer that Paystack then failed: asking again returns the money to the wallet", async () => {
    const { u, w } = await otpWithdrawal(8);
    await quietly(async () => {
      fake.settleTransfer(w.reference, "failed");
      const res = await call(admin, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/recheck`, {});
      expect(res.body).toMatchObject({ outcome: "returned", withdrawal: { status: "FAILED", flagged: false } });
    });
    expect(walletMinor(server, u.id)).toBe(10_000);
    expect(told(u.id, "WITHDRAWAL_FAILED")).toEqual(["EMAIL", "SMS"]);
  });

  it("a held transfer Paystack no longer has: never sent again on its own; an admin returns the money (four eyes with two admins), on the page without JavaScript", async () => {
    const { u, w } = await otpWithdrawal(8);
    fake.transfers.delete(w.reference);
    const transfersBefore = fake.requestsTo("POST", "/transfer").length;
    const asked = await call(admin, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/recheck`, {});
    expect(asked.body).toMatchObject({ outcome: "unchanged", provider_status: "not_found", detail: "Paystack has no such transfer: you may return the money to the wallet." });
    expect(fake.requestsTo("POST", "/transfer").length).toBe(transfersBefore);
    // The page offers both resolutions on the flagged row.
    const page = await adminSignedIn.page.follow("/admin/payments?list=withdrawals&flagged=1");
    const row = page.html.split("<tr").find((r) => r.includes(w.reference))!;
    expect(row).toContain('name="intent" value="recheck"');
    expect(htmlText(row)).toContain("Check with Paystack again");
    expect(htmlText(row)).toContain("Return the money to the wallet");
    const key = /name="idempotency_key" value="([^"]+)"/.exec(row)![1];
    // A second admin: the return waits for them.
    const other = await createInvestor(server, { fullName: "Esi Admin" });
    server.db().prepare("update users set is_admin = ? where id = ?").run(1, other.id);
    try {
      const second = await signIn(server, other.id);
      const posted = await adminSignedIn.page.postForm("/admin/payments?index", { kind: "withdrawal", id: String(w.id), intent: "return", idempotency_key: key });
      expect(posted.status).toBe(302);
      const back = posted.headers.get("location")!;
      expect(back).toBe(`/admin/payments?list=withdrawals&q=${w.reference}`);
      expect(htmlText((await adminSignedIn.page.follow(back)).html)).toContain("Sent for approval: a second admin must approve it on /admin/approvals.");
      expect(walletMinor(server, u.id)).toBe(9_200);
      const approvalRow = server.db().prepare("select id, status from approvals where action = 'withdrawal.return' order by id desc").get() as { id: number; status: string };
      expect(approvalRow.status).toBe("PENDING");
      const approved = await call(second.api, "POST", `/api/v1/admin/approvals/${approvalRow.id}/approve`, {});
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: "FAILED", flagged: false, approval: { status: "APPROVED" } });
    } finally {
      server.db().prepare("update users set is_admin = ? where id = ?").run(0, other.id);
    }
    expect(walletMinor(server, u.id)).toBe(10_000);
    expect(flagOf("withdrawals", w.id)).toBeNull();
    expect(notificationKinds(server, u.id)).toContain("WITHDRAWAL_FAILED");
    expect(audited("withdrawal.return").at(-1)).toBe(`${w.reference}: GH₵8.00 returned to the wallet`);
    // Once returned there is nothing to return again.
    expect((await call(admin, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/return`, {}, { "Idempotency-Key": "return-again" })).status).toBe(409);
  });

  it("a return is refused while Paystack may still pay the transfer out", async () => {
    const { u, w } = await otpWithdrawal(8);
    const res = await call(admin, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/return`, {});
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/^Paystack does not say this transfer failed or never reached it/);
    expect(walletMinor(server, u.id)).toBe(9_200);
    await quietly(async () => {
      fake.settleTransfer(w.reference, "success");
      await call(admin, "POST", `/api/v1/admin/payments/withdrawals/${w.id}/recheck`, {});
    });
  });

  it("a checkout paid for another amount: no payment page offered again; it stays flagged when asked again, and is refunded through Paystack for what Paystack took", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    confirmContacts(u.id);
    const roomBefore = await kycRoom(u);
    const res = await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 1000.5, method: "checkout" });
    expect(res.body).toMatchObject({ next_action: "redirect", authorization_url: expect.any(String) });
    fake.completeCheckout(res.body.reference, { amount: 50_000 });
    await fake.flushWebhooks();
    const flagged = await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`);
    expect(flagged.body).toMatchObject({ status: "PENDING", next_action: null, refund_status: null });
    expect(flagged.body.authorization_url).toBeUndefined();
    const statusPage = await (await u.page.get(`/portfolio/deposits/${res.body.id}`)).text();
    expect(statusPage).not.toContain(">Continue to the payment page</a>");
    expect(statusPage).not.toContain(res.body.authorization_url);
    expect(await kycRoom(u)).toBe(roomBefore - 1000.5);

    const again = await call(admin, "POST", `/api/v1/admin/payments/deposits/${res.body.id}/recheck`, {});
    expect(again.body).toMatchObject({ outcome: "flagged", deposit: { status: "PENDING", flagged: true, provider_amount: 500 } });
    expect(walletMinor(server, u.id)).toBe(0);

    const refunded = await call(admin, "POST", `/api/v1/admin/payments/deposits/${res.body.id}/refund`, {}, { "Idempotency-Key": "refund-mismatch-1" });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: "REFUNDED", flagged: false, provider_amount: 500 });
    const replay = await call(admin, "POST", `/api/v1/admin/payments/deposits/${res.body.id}/refund`, {}, { "Idempotency-Key": "refund-mismatch-1" });
    expect(replay.status).toBe(200);
    await fake.flushWebhooks();
    const refundCalls = fake.requestsTo("POST", "/refund").filter((r) => (r.body as { transaction?: string }).transaction === res.body.reference);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0].body).toMatchObject({ amount: 50_000 });
    const after = await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`);
    expect(after.body).toMatchObject({ status: "REFUNDED", refund_status: "PENDING", next_action: null });
    expect(after.body.message).toBe(
      "The payment we received (GH₵500.00) does not match this deposit (GH₵1,000.50), so nothing was added to your wallet. We are sending it back to you the way you paid; it can take a few working days to reach you.",
    );
    expect(walletMinor(server, u.id)).toBe(0);
    expect(flagOf("deposits", res.body.id)).toBeNull();
    expect(told(u.id, "DEPOSIT_REFUNDED")).toEqual(["EMAIL", "SMS"]);
    expect(await kycRoom(u)).toBe(roomBefore);
    expect(audited("deposit.refund").at(-1)).toBe(`${res.body.reference}: GH₵500.00 refunded through Paystack`);

    // B: Paystack's refund fails. The investor is told, the API and the page say so, an admin asks again.
    fake.settleRefund(res.body.reference, "failed");
    await fake.flushWebhooks();
    const failed = await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`);
    const failedWords = "We could not send this payment (GH₵500.00) back to you: the refund failed. Our team will send it to you by hand and contact you. Nothing was added to your wallet.";
    expect(failed.body).toMatchObject({ status: "REFUNDED", refund_status: "FAILED", message: failedWords });
    expect((await call(u.api, "GET", "/api/v1/invest/deposits")).body.find((d: { id: number }) => d.id === res.body.id)).toMatchObject({ refund_status: "FAILED" });
    expect(htmlText(await (await u.page.get(`/portfolio/deposits/${res.body.id}`)).text())).toContain(failedWords);
    expect(told(u.id, "DEPOSIT_REFUND_FAILED")).toEqual(["EMAIL", "SMS"]);
    expect(noticeTexts(u.id)).toContain("We could not send back your payment of GH₵500.00: the refund failed. Our team will send it to you by hand and contact you.");
    expect(flagOf("deposits", res.body.id)).not.toBeNull();
    const page = await adminSignedIn.page.follow(`/admin/payments?list=deposits&q=${res.body.reference}`);
    expect(htmlText(page.html)).toContain("Ask Paystack to refund again");

    const retried = await call(admin, "POST", `/api/v1/admin/payments/deposits/${res.body.id}/retry-refund`, {}, { "Idempotency-Key": "retry-refund-1" });
    expect(retried.status).toBe(200);
    await fake.flushWebhooks();
    expect(fake.refunds.get(res.body.reference)).toMatchObject({ status: "pending", amount: 50_000 });
    expect((await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`)).body).toMatchObject({ refund_status: "PENDING" });
    expect(noticeTexts(u.id)).toContain("We are sending back your payment of GH₵500.00 again, the way you paid. It can take a few working days to reach you.");
    fake.settleRefund(res.body.reference, "processed");
    await fake.flushWebhooks();
    expect((await call(u.api, "GET", `/api/v1/invest/deposits/${res.body.id}`)).body).toMatchObject({ status: "REFUNDED", refund_status: "PROCESSED" });
    expect(flagOf("deposits", res.body.id)).toBeNull();
    expect((await call(admin, "POST", `/api/v1/admin/payments/deposits/${res.body.id}/retry-refund`, {}, { "Idempotency-Key": "retry-refund-2" })).status).toBe(409);
  });

  it("a flagged deposit Paystack now confirms as asked: asking again credits it; a refund is refused", async () => {
    const u = await createInvestor(server);
    const res = await momoDeposit(u, 50);
    await fake.sendWebhook(`${server.url}/webhooks/paystack`, "charge.success", { reference: res.body.reference, amount: 5_001, currency: "GHS", status: "success", id: 99 });
    expect(flagOf("deposits", res.body.id)).not.toBeNull();
    await quietly(async () => {
      fake.approveCharge(res.body.reference);
      const refuse = await call(admin, "POST", `/api/v1/admin/payments/deposits/${res.body.id}/refund`, {});
      expect(refuse.status).toBe(409);
      expect(refuse.body.detail).toBe("Paystack now confirms the amount asked for: check with Paystack again to credit it.");
      const form = await adminSignedIn.page.postForm("/admin/payments?index", { kind: "deposit", id: String(res.body.id), intent: "recheck" });
      expect(form.status).toBe(302);
      expect(htmlText((await adminSignedIn.page.follow(form.headers.get("location")!)).html)).toContain("Paystack confirms the payment as asked: the deposit is credited and the investor told.");
    });
    expect(walletMinor(server, u.id)).toBe(5_000);
    expect(flagOf("deposits", res.body.id)).toBeNull();
    expect(notificationKinds(server, u.id)).toContain("DEPOSIT_CREDITED");
  });
});
