/**
 * Issue 16: messages that reach people. The built server runs with the real adapters (nodemailer
 * over SMTP, Hubtel's SMS API) pointed at fakes on 127.0.0.1 that speak their wire protocols:
 * test/support/fake-smtp.ts (the smtp-server package) and test/support/fake-hubtel.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText, uniqueEmail } from "./support/client";
import { createBatch, createInvestor, createRemittance, serverNow, signInAdmin, type Investor, type SignedIn } from "./support/factories";
import { startFakeHubtel, type FakeHubtel } from "./support/fake-hubtel";
import { linkIn, startFakeSmtp, type FakeSmtp, type ReceivedEmail } from "./support/fake-smtp";
import { messagingEnv as sendingTo } from "./support/messaging";
import { startServer, type TestServer } from "./support/server";

let smtp: FakeSmtp;
let hubtel: FakeHubtel;
let server: TestServer;
let admin: SignedIn;

/** The app's real adapters against the fakes, with short backoffs so retries happen within a test. */
function messagingEnv(extra: Record<string, string> = {}) {
  return sendingTo(smtp, hubtel, { OUTBOX_RETRY_SECONDS: "0.2", OUTBOX_MAX_ATTEMPTS: "3", ...extra });
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  hubtel = await startFakeHubtel();
  server = await startServer(messagingEnv());
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await hubtel?.close();
});

let phoneCounter = 0;
/** A Ghana mobile number no other test uses. */
function newPhone() {
  phoneCounter += 1;
  return `+23324${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter).padStart(4, "0")}`;
}

/** An investor whose email (and phone) are confirmed, written as the confirmation flows leave them. */
async function confirmedInvestor(walletGhs: number, { phone = true } = {}): Promise<Investor & { phone: string | null }> {
  const u = await createInvestor(server, { walletGhs });
  const number = phone ? newPhone() : null;
  const at = serverNow(server).toISOString();
  server
    .db()
    .prepare("update users set email_verified_at = ?, phone = ?, phone_verified_at = ? where id = ?")
    .run(at, number, number ? at : null, u.id);
  return { ...u, phone: number };
}

const outboxRows = (userId: number) =>
  server.db().prepare("select id, channel, kind, category, status, attempts, recipient, last_error from outbox where user_id = ? order by id").all(userId) as Array<{
    id: number;
    channel: string;
    kind: string;
    category: string;
    status: string;
    attempts: number;
    recipient: string;
    last_error: string | null;
  }>;

/**
 * The user's outbox once the worker has recorded every answer. The fake server has a message a moment before
 * the worker writes "sent", so a test that reads the row right after the message arrives would race it.
 */
async function settledOutbox(userId: number, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  let rows = outboxRows(userId);
  while (rows.some((r) => r.status !== "sent" && r.status !== "failed") && Date.now() < deadline) {
    await sleep(50);
    rows = outboxRows(userId);
  }
  return rows;
}

async function waitForEmail(to: string, subject: string, timeoutMs = 10_000): Promise<ReceivedEmail> {
  await smtp.waitFor(() => smtp.to(to).some((m) => m.headers.subject === subject), timeoutMs);
  return smtp.to(to).find((m) => m.headers.subject === subject)!;
}

async function invest(u: SignedIn, batchId: number, units: number, extra: Record<string, unknown> = {}) {
  const res = await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batchId, units, ...extra });
  expect(res.status).toBe(201);
  return res.body;
}

/** An egg batch that started two months ago, activated with the investors' holdings. */
async function activeEggBatch(holders: Array<[SignedIn, number]>) {
  const start = new Date(serverNow(server).getTime() - 62 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 100, expectedRoi: 0.01, startDate: start });
  for (const [u, units] of holders) await invest(u, batch.id, units);
  expect((await call(admin.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);
  return batch;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("notices reach confirmed contacts by email and SMS", () => {
  it("a payout run tells each paid investor in the app, by email (text + HTML, List-Unsubscribe) and by SMS; an unconfirmed investor only in the app", async () => {
    const ama = await confirmedInvestor(1000);
    const kofi = await createInvestor(server, { walletGhs: 1000 });
    const batch = await activeEggBatch([
      [ama, 5],
      [kofi, 5],
    ]);
    createRemittance(server, batch.id);
    const run = await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`);
    expect(run.status).toBe(200);

    const email = await waitForEmail(ama.email, "A payout reached your wallet");
    expect(email.text).toContain(`Payout received: GH₵5.00 from Batch #${batch.id}`);
    expect(email.headers["content-type"]).toMatch(/multipart\/alternative/);
    expect(email.text).toMatch(/text\/html/);
    expect(email.headers["list-unsubscribe"]).toMatch(/^<http:\/\/akoko\.test\/unsubscribe\/\d+\.payouts\.[A-Za-z0-9_-]+>$/);
    expect(email.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(email.headers["message-id"]).toMatch(/^<outbox-\d+@akoko\.test>$/);

    await hubtel.waitFor(() => hubtel.to(ama.phone!).length > 0);
    const sms = hubtel.to(ama.phone!)[0];
    expect(sms.from).toBe("Akoko");
    expect(sms.content).toBe(`Akoko: Payout received: GHS 5.00 from Batch #${batch.id} (income for ${serverNow(server).toISOString().slice(0, 7)}).`);
    expect(sms.content.length).toBeLessThanOrEqual(160);
    // Written in GSM-7 (GHS, not ₵): 160 characters are one segment, not 70.
    expect(/^[A-Za-z0-9 .,:;#()'"\-+/?!@&%*=<>_$]*$/.test(sms.content)).toBe(true);

    // Kofi never confirmed a contact: the notice stays in the app.
    const notes = server.db().prepare("select kind from notifications where user_id = ?").all(kofi.id);
    expect(notes).toEqual([{ kind: "PAYOUT" }]);
    expect(outboxRows(kofi.id)).toEqual([]);
    expect((await settledOutbox(ama.id)).map((r) => [r.channel, r.kind, r.status])).toEqual([
      ["EMAIL", "PAYOUT", "sent"],
      ["SMS", "PAYOUT", "sent"],
    ]);
  });

  it("a Twi reader's payout notice comes in Twi: the email as written, the SMS in GSM-7 (ɛ as e, ɔ as o) in one segment", async () => {
    const yaa = await confirmedInvestor(1000);
    server.db().prepare("update users set locale = 'ak' where id = ?").run(yaa.id);
    const batch = await activeEggBatch([[yaa, 5]]);
    createRemittance(server, batch.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`)).status).toBe(200);
    const period = serverNow(server).toISOString().slice(0, 7);

    const email = await waitForEmail(yaa.email, "Akatua aba wo sika kotoku mu");
    expect(email.text).toContain(`Akatua aba: GH₵5.00 fi nkokɔ kuw #${batch.id} (${period} mfasoɔ).`);
    await hubtel.waitFor(() => hubtel.to(yaa.phone!).length > 0);
    const sms = hubtel.to(yaa.phone!)[0].content;
    expect(sms).toBe(`Akoko: Akatua aba: GHS 5.00 fi nkoko kuw #${batch.id} (${period} mfasoo).`);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(/^[A-Za-z0-9 .,:;#()'"\-+/?!@&%*=<>_$]*$/.test(sms)).toBe(true);
  });

  it("a filled exit, a cancelled exit offer, a close's principal, a harvest and an auto-reinvest each send their notice", async () => {
    const seller = await confirmedInvestor(3000);
    const buyer = await createInvestor(server, { walletGhs: 3000 });
    const egg = await activeEggBatch([[seller, 20]]);
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: egg.id, units: 5 })).status).toBe(201);
    await invest(buyer, egg.id, 5);
    const filled = await waitForEmail(seller.email, "A buyer took your early-exit units");
    expect(filled.text).toContain(`A buyer took 5 of your units in Batch #${egg.id}`);

    // Another offer, then the admin closes the batch: principal back, offer cancelled.
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: egg.id, units: 3 })).status).toBe(201);
    createRemittance(server, egg.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${egg.id}/close`)).status).toBe(200);
    const cancelled = await waitForEmail(seller.email, "Your early-exit offer was cancelled");
    expect(cancelled.text).toContain(`Batch #${egg.id} was cancelled because the batch closed`);
    await smtp.waitFor(() => smtp.to(seller.email).some((m) => m.text.includes("principal returned at close")));

    // A chicken harvest with auto-reinvest into the next open chicken batch.
    const farmer = await confirmedInvestor(1000, { phone: false });
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.1 });
    await invest(farmer, chicken.id, 10, { auto_reinvest: true });
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${chicken.id}/activate`)).status).toBe(200);
    const next = createBatch(server, { productType: "CHICKEN", unitPrice: 50, targetUnits: 1000 });
    createRemittance(server, chicken.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${chicken.id}/execute`)).status).toBe(200);
    await waitForEmail(farmer.email, "A payout reached your wallet");
    const reinvested = await waitForEmail(farmer.email, "Your proceeds were reinvested");
    // What the harvest paid (500.00 + 50.00; no tax on this server), what the units cost and what stayed in the wallet (the exact figures: test/investor-view.test.ts).
    expect(reinvested.text).toMatch(
      new RegExp(
        `Auto-reinvest: your harvest from Batch #${chicken.id} paid GH₵550\\.00 into your wallet; \\d+ units of Batch #\\d+ were bought with it for GH₵[\\d,]+\\.\\d\\d, and GH₵[\\d,]+\\.\\d\\d stayed in your wallet\\.`,
      ),
    );
    // No phone: no SMS rows at all.
    expect(outboxRows(farmer.id).every((r) => r.channel === "EMAIL")).toBe(true);
    void next;
  });

  it("a credited deposit, a failed withdrawal and a KYC decision each send their notice by email and SMS", async () => {
    const u = await confirmedInvestor(6000);
    // A deposit (the demo provider settles it at once) is credited: told by email and SMS.
    expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 10 })).status).toBe(200);
    const credited = await waitForEmail(u.email, "Your deposit is in your wallet");
    expect(credited.text).toContain("Your deposit of GH₵10.00 reached your wallet.");
    expect(credited.headers["list-unsubscribe"]).toMatch(/\/unsubscribe\/\d+\.money\./);
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content.includes("reached your wallet")));

    // A large withdrawal waits for an admin; rejected, it fails and the money comes back: told too.
    const held = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 5500, method: "MOMO", provider: "MTN MoMo", account_number: "0241234567" });
    expect(held.status).toBe(202);
    const approval = server.db().prepare("select id from approvals where action = 'withdrawal.send' and requested_by = ? order by id desc").get(u.id) as { id: number };
    const reason = "We could not confirm it was you.";
    expect((await call(admin.api, "POST", `/api/v1/admin/approvals/${approval.id}/reject`, { reason })).status).toBe(200);
    const failed = await waitForEmail(u.email, "Your withdrawal did not go through");
    expect(failed.text).toContain(reason);
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content.includes("Your withdrawal of GHS 5,500.00")));
    for (const sms of hubtel.to(u.phone!)) expect(sms.content.length).toBeLessThanOrEqual(160);

    // An identity decision: the demo verifier approves at once (and vouches for the phone it checked). It answers
    // the investor's own request: sent though every choice is off, with no unsubscribe, and says what it is about.
    const v = await createInvestor(server, { tier: "REGISTERED" });
    server.db().prepare("update users set email_verified_at = ? where id = ?").run(serverNow(server).toISOString(), v.id);
    const off = await v.page.postForm("/account", { intent: "preferences" });
    expect(off.status).toBe(302);
    const phone = newPhone();
    const fd = new FormData();
    for (const [k, val] of Object.entries({ legal_name: "Kofi Mensah", date_of_birth: "1990-04-25", phone, id_type: "GHANA_CARD", id_number: `GHA-${700000000 + v.id}-1` })) fd.append(k, val);
    fd.append("id_front", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, ...new Array(300).fill(7), 0xff, 0xd9])], { type: "image/jpeg" }), "card.jpg");
    fd.append("selfie", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(300).fill(3)])], { type: "image/png" }), "me.png");
    const kyc = await v.api.request("/api/v1/kyc", { method: "POST", body: fd });
    expect(kyc.status).toBe(201);
    const verified = await waitForEmail(v.email, "Your identity is verified");
    expect(verified.text).toContain("Your identity is verified: your account is now Verified.");
    expect(verified.headers["list-unsubscribe"]).toBeUndefined();
    expect(verified.text).not.toContain("deposits and withdrawals");
    expect(verified.text).not.toContain("/unsubscribe/");
    expect(verified.text).toContain("You get this email because you asked Akoko to verify your identity.");
    await hubtel.waitFor(() => hubtel.to(phone).some((s) => s.content.startsWith("Akoko: Your identity is verified")));
    expect(hubtel.to(phone)[0].content.length).toBeLessThanOrEqual(160);
    expect((await settledOutbox(u.id)).map((r) => [r.channel, r.kind, r.status])).toEqual([
      ["EMAIL", "DEPOSIT_CREDITED", "sent"],
      ["SMS", "DEPOSIT_CREDITED", "sent"],
      // Issue 26: every withdrawal is told when it is asked for, as a security notice.
      ["EMAIL", "WITHDRAWAL_REQUESTED", "sent"],
      ["SMS", "WITHDRAWAL_REQUESTED", "sent"],
      ["EMAIL", "WITHDRAWAL_FAILED", "sent"],
      ["SMS", "WITHDRAWAL_FAILED", "sent"],
    ]);
  });

  it("follows the investor's choices per kind and channel, saved on the account page without JavaScript", async () => {
    const u = await confirmedInvestor(1000);
    const res = await u.page.postForm("/account", { intent: "preferences", payouts_SMS: "on", money_EMAIL: "on", money_SMS: "on", exits_EMAIL: "on", exits_SMS: "on" });
    expect(res.status).toBe(302);
    const page = htmlText(await (await u.page.get("/account")).text());
    expect(page).toContain("Your message choices are saved.");
    expect(page).toMatch(/aria-label="Payouts by Email"(?![^>]*checked)/);
    const batch = await activeEggBatch([[u, 3]]);
    createRemittance(server, batch.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`)).status).toBe(200);
    await hubtel.waitFor(() => hubtel.to(u.phone!).length > 0);
    await sleep(400);
    expect(smtp.to(u.email)).toEqual([]);
    expect(outboxRows(u.id).map((r) => r.channel)).toEqual(["SMS"]);
  });
});

describe("security messages", () => {
  it("cannot be turned off: with every choice unticked, the reset still comes by email and SMS", async () => {
    const u = await confirmedInvestor(0);
    expect((await u.page.postForm("/account", { intent: "preferences", security_EMAIL: "", security_SMS: "" })).status).toBe(302);
    expect(server.db().prepare("select count(*) n from message_preferences where user_id = ? and enabled = true").get(u.id)).toEqual({ n: 0 });
    expect(server.db().prepare("select count(*) n from message_preferences where user_id = ? and category = 'security'").get(u.id)).toEqual({ n: 0 });
    await new Client(server.url).postForm("/reset-password", { email: u.email });
    await waitForEmail(u.email, "Reset your Akoko password");
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content.includes("reset code")));
  });

  it("a new payout destination and every withdrawal are told by email and SMS, with every choice unticked (issue 26)", async () => {
    const u = await confirmedInvestor(100);
    expect((await u.page.postForm("/account", { intent: "preferences" })).status).toBe(302);
    expect(server.db().prepare("select count(*) n from message_preferences where user_id = ? and enabled = true").get(u.id)).toEqual({ n: 0 });
    const dest = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 555 0303", name: u.fullName, password: u.password });
    expect(dest.status).toBe(201);
    const added = "A new payout destination, MTN MoMo ending 303, was added to your account. Not you? Change your password now and contact support.";
    const mail = await waitForEmail(u.email, "A new payout destination was added to your Akoko account");
    expect(mail.text).toContain(added);
    expect(mail.headers["list-unsubscribe"]).toBeUndefined();
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content === `Akoko: ${added}`));

    const withdrawal = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 40, destination_id: dest.body.id });
    expect(withdrawal.body.status).toBe("SUCCEEDED");
    const withdrawn = "A withdrawal of GH₵40.00 to MTN MoMo ending 303 was requested from your account. Not you? Change your password now and contact support.";
    expect((await waitForEmail(u.email, "A withdrawal was requested from your Akoko account")).text).toContain(withdrawn);
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content === `Akoko: ${withdrawn.replace("GH₵", "GHS ")}`));
    const rows = (await settledOutbox(u.id)).filter((r) => r.kind !== "PHONE_CODE");
    expect(rows.map((r) => [r.kind, r.channel, r.category])).toEqual([
      ["DESTINATION_ADDED", "EMAIL", "security"],
      ["DESTINATION_ADDED", "SMS", "security"],
      ["WITHDRAWAL_REQUESTED", "EMAIL", "security"],
      ["WITHDRAWAL_REQUESTED", "SMS", "security"],
    ]);
  });

  it("a withdrawal with no destination named (the demo's plain one) is told without naming one", async () => {
    const u = await confirmedInvestor(10);
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 1 })).body).toMatchObject({ message: "Withdrawal processed" });
    const withdrawn = "A withdrawal of GH₵1.00 was requested from your account. Not you? Change your password now and contact support.";
    expect((await waitForEmail(u.email, "A withdrawal was requested from your Akoko account")).text).toContain(withdrawn);
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content === `Akoko: ${withdrawn.replace("GH₵", "GHS ")}`));
    const notices = await call(u.api, "GET", "/api/v1/invest/notifications?lang=ak");
    expect(notices.body.map((n: { message: string }) => n.message)).toContain("Obi abisa sɛ ɔyi GH₵1.00 fi w'akawnt mu. Ɛnyɛ wo? Sesa wo password seesei na frɛ yɛn.");
    expect(JSON.stringify(notices.body)).not.toContain("Wɔmfaa bi mmaeɛ");
  });
});

describe("delivery", () => {
  it("retries with backoff after the mail server refuses, recording each attempt, and sends once", async () => {
    const u = await confirmedInvestor(1000, { phone: false });
    smtp.refuseNext(2, 451);
    const batch = await activeEggBatch([[u, 2]]);
    createRemittance(server, batch.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`)).status).toBe(200);
    await waitForEmail(u.email, "A payout reached your wallet");
    await sleep(300);
    expect(smtp.to(u.email)).toHaveLength(1);
    const [row] = await settledOutbox(u.id);
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    const attempts = server.db().prepare("select attempt, outcome, error, started_at, finished_at from outbox_attempts where outbox_id = ? order by id").all(row.id) as Array<{
      attempt: number;
      outcome: string;
      error: string | null;
      started_at: string;
    }>;
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, "error"],
      [2, "error"],
      [3, "sent"],
    ]);
    expect(attempts[0].error).toMatch(/SMTP 451/);
    // Backoff: 0.2 s, then 0.4 s.
    expect(Date.parse(attempts[2].started_at) - Date.parse(attempts[0].started_at)).toBeGreaterThanOrEqual(550);
  });

  it("retries an SMS the provider did not take (503), and sends it once", async () => {
    const u = await confirmedInvestor(1000);
    await u.page.postForm("/account", { intent: "preferences", payouts_SMS: "on" });
    hubtel.failNext(1, 503);
    const batch = await activeEggBatch([[u, 2]]);
    createRemittance(server, batch.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`)).status).toBe(200);
    await hubtel.waitFor(() => hubtel.to(u.phone!).length > 0);
    await sleep(300);
    expect(hubtel.to(u.phone!)).toHaveLength(1);
    expect((await settledOutbox(u.id)).find((r) => r.channel === "SMS")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("after the last try marks the message failed, shows it on /admin/outbox, and the Retry button sends it", async () => {
    const u = await confirmedInvestor(1000, { phone: false });
    smtp.refuseNext(3, 451);
    const batch = await activeEggBatch([[u, 2]]);
    createRemittance(server, batch.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (outboxRows(u.id)[0]?.status !== "failed" && Date.now() < deadline) await sleep(50);
    const [row] = outboxRows(u.id);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(smtp.to(u.email)).toEqual([]);

    const page = await admin.page.get("/admin/outbox?status=failed");
    expect(page.status).toBe(200);
    const html = htmlText(await page.text());
    const card = new RegExp(`data-outbox-id="${row.id}"[\\s\\S]*?</form>`).exec(html)?.[0] ?? "";
    expect(card).toContain("A payout reached your wallet");
    expect(card).toContain("SMTP 451");
    expect(card).toContain(`name="id" value="${row.id}"`);
    expect(card).toContain(">Retry</button>");
    // Investors cannot see it.
    expect((await u.page.get("/admin/outbox")).status).toBe(403);

    const retry = await admin.page.postForm("/admin/outbox", { id: String(row.id), status: "failed" });
    expect(retry.status).toBe(302);
    await waitForEmail(u.email, "A payout reached your wallet");
    // The worker records the answer just after the SMTP server took the message.
    expect((await settledOutbox(u.id))[0]).toMatchObject({ status: "sent" });
    // A message that is not failed is not retried.
    const again = await admin.page.postForm("/admin/outbox", { id: String(row.id) });
    expect(again.status).toBe(302);
    await sleep(400);
    expect(smtp.to(u.email)).toHaveLength(1);
  });

  it("a permanent refusal (550) fails at once, without more tries", async () => {
    const u = await confirmedInvestor(1000, { phone: false });
    smtp.refuseNext(1, 550);
    const batch = await activeEggBatch([[u, 2]]);
    createRemittance(server, batch.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (outboxRows(u.id)[0]?.status !== "failed" && Date.now() < deadline) await sleep(50);
    expect(outboxRows(u.id)[0]).toMatchObject({ status: "failed", attempts: 1 });
  });
});

/** Waits until `check` holds (polling), failing with `what` after `timeoutMs`. */
async function until(what: string, check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

type AttemptRow = { attempt: number; outcome: string | null; error: string | null; started_at: string; finished_at: string | null };
const attemptsOf = (db: ReturnType<TestServer["db"]>, outboxId: number) =>
  db.prepare("select attempt, outcome, error, started_at, finished_at from outbox_attempts where outbox_id = ? order by id").all(outboxId) as AttemptRow[];

describe("a mail server that stops answering", () => {
  // A server of its own with a short SMTP timeout (the default is 15 s), so giving up is quick to see,
  // and tries enough that a busy machine's slow answer (one more timeout) cannot use them all.
  let quick: TestServer;
  beforeAll(async () => {
    quick = await startServer(messagingEnv({ SMTP_TIMEOUT_MS: "1000", OUTBOX_MAX_ATTEMPTS: "10" }));
  });
  afterAll(async () => {
    smtp.release();
    await quick?.stop();
  });
  const resetEmail = (userId: number) =>
    quick.db().prepare("select id, status, attempts, last_error from outbox where user_id = ? and channel = 'EMAIL'").get(userId) as
      { id: number; status: string; attempts: number; last_error: string | null } | undefined;

  it("a send stuck before the message is handed over gives up after SMTP_TIMEOUT_MS and is tried again, then sent once", async () => {
    const u = await createInvestor(quick);
    smtp.stallNext(u.email);
    await new Client(quick.url).postForm("/reset-password", { email: u.email });
    await until("the reset email is sent", () => resetEmail(u.id)?.status === "sent");
    const row = resetEmail(u.id)!;
    const attempts = attemptsOf(quick.db(), row.id);
    expect(attempts).toHaveLength(row.attempts);
    expect([attempts[0].attempt, attempts[0].outcome]).toEqual([1, "error"]);
    expect(attempts[0].error).toMatch(/ETIMEDOUT/);
    expect(Date.parse(attempts[0].finished_at!) - Date.parse(attempts[0].started_at)).toBeGreaterThanOrEqual(1000);
    // Then tried again (normally once; a very busy machine may time out once more) and sent.
    expect(attempts.map((a) => a.outcome)).toEqual([...attempts.slice(0, -1).map(() => "error"), "sent"]);
    expect(smtp.to(u.email).filter((m) => m.headers.subject === "Reset your Akoko password")).toHaveLength(1);
  });

  it("a send stuck after the whole message went over gives up after SMTP_TIMEOUT_MS and is failed, never sent again (it may have arrived)", async () => {
    const u = await createInvestor(quick);
    smtp.holdNext(u.email);
    await new Client(quick.url).postForm("/reset-password", { email: u.email });
    await until("the reset email is no longer queued or being sent", () => ["sent", "failed"].includes(resetEmail(u.id)?.status ?? ""));
    const row = resetEmail(u.id)!;
    expect(row.status).toBe("failed");
    expect(row.last_error).toMatch(/ETIMEDOUT after the message was sent \(it may have arrived\)/);
    // Refused for good on the try that handed the message over (normally the first; on a very busy
    // machine an earlier try may have timed out before it).
    const attempts = attemptsOf(quick.db(), row.id);
    expect(attempts.map((a) => a.outcome)).toEqual([...attempts.slice(0, -1).map(() => "error"), "refused"]);
    expect(attempts).toHaveLength(row.attempts);
    expect(smtp.to(u.email)).toHaveLength(1);
  });
});

describe("one slow send holds up no other message", () => {
  it("while an email hangs (default 15 s timeout), an SMS and an email queued after it are sent, and a lost lease is swept", async () => {
    try {
      await hungEmailHoldsUpNothing();
    } finally {
      smtp.release();
    }
  });
});

async function hungEmailHoldsUpNothing() {
  const u = await confirmedInvestor(0, { phone: false });
  const stalledBefore = smtp.stalled;
  smtp.stallNext(u.email);
  await new Client(server.url).postForm("/reset-password", { email: u.email });
  await until("the reset email hangs at the mail server", () => smtp.stalled > stalledBefore);
  const hung = () => server.db().prepare("select id, status from outbox where user_id = ? and kind = 'PASSWORD_RESET'").get(u.id) as { id: number; status: string };
  expect(hung().status).toBe("sending");

  // A row whose worker stopped mid-send: its lease ran out long ago.
  const past = new Date(serverNow(server).getTime() - 3600_000).toISOString();
  const lost = server
    .db()
    .prepare(
      "insert into outbox (channel, kind, category, recipient, subject, body_text, next_attempt_at, status, attempts, lease_owner, lease_until) values ('EMAIL', 'NEWS', 'news', ?, 'Lost', 'Hello', ?, 'sending', 1, 'gone', ?) returning id",
    )
    .get(uniqueEmail("lost"), past, past) as { id: number };

  const v = await confirmedInvestor(0);
  expect((await call(v.api, "POST", "/api/v1/invest/deposit", { amount: 10 })).status).toBe(200);
  await hubtel.waitFor(() => hubtel.to(v.phone!).some((s) => s.content === "Akoko: Your deposit of GHS 10.00 reached your wallet."));
  await waitForEmail(v.email, "Your deposit is in your wallet");
  const lostStatus = () => (server.db().prepare("select status from outbox where id = ?").get(lost.id) as { status: string }).status;
  await until("the lost row is swept", () => lostStatus() === "failed");
  // All of that happened while the reset email still hung.
  expect(hung().status).toBe("sending");
  expect(attemptsOf(server.db(), hung().id).map((a) => [a.attempt, a.finished_at])).toEqual([[1, null]]);

  smtp.release();
  await until("the reset email is sent", () => hung().status === "sent");
  expect(smtp.to(u.email).filter((m) => m.headers.subject === "Reset your Akoko password")).toHaveLength(1);
}

describe("GET /api/v1/admin/outbox", () => {
  type ApiMessage = { id: number; user_id: number | null; channel: string; recipient: string; kind: string; subject: string; text: string; status: string; created_at: string };
  const list = async (query = "") => {
    const res = await call(admin.api, "GET", `/api/v1/admin/outbox${query}`);
    expect(res.status, query).toBe(200);
    return res.body.messages as ApiMessage[];
  };

  it("lists messages newest first with their text, phones masked; a security message's text stays hidden with a real provider", async () => {
    const u = await confirmedInvestor(0);
    expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 10 })).status).toBe(200);
    await new Client(server.url).postForm("/reset-password", { email: u.email });
    const rows = await settledOutbox(u.id);
    expect(rows.map((r) => [r.channel, r.kind])).toEqual([
      ["EMAIL", "DEPOSIT_CREDITED"],
      ["SMS", "DEPOSIT_CREDITED"],
      ["EMAIL", "PASSWORD_RESET"],
      ["SMS", "PASSWORD_RESET"],
    ]);

    const messages = await list(`?user_id=${u.id}`);
    expect(messages.map((m) => m.id)).toEqual(rows.map((r) => r.id).reverse());
    for (const m of messages) expect(Object.keys(m).sort()).toEqual(["channel", "created_at", "id", "kind", "recipient", "status", "subject", "text", "user_id"]);
    const [resetSms, resetEmail, depositSms, depositEmail] = messages;
    expect(depositEmail).toMatchObject({ user_id: u.id, channel: "EMAIL", recipient: u.email, kind: "DEPOSIT_CREDITED", subject: "Your deposit is in your wallet", status: "sent" });
    expect(depositEmail.text).toContain("Your deposit of GH₵10.00 reached your wallet.");
    expect(depositEmail.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(depositSms).toMatchObject({ channel: "SMS", recipient: `+233 *** *** ${u.phone!.slice(-3)}`, subject: "", text: "Akoko: Your deposit of GHS 10.00 reached your wallet." });
    // Mail and SMS leave through real providers here: a reset link or code read from the API could take the account over.
    expect(resetEmail).toMatchObject({ kind: "PASSWORD_RESET", text: "(A security message: its text is not shown here.)" });
    expect(resetSms).toMatchObject({ kind: "PASSWORD_RESET", text: "(A security message: its text is not shown here.)" });
    const body = JSON.stringify(messages);
    expect(body).not.toContain(u.phone!);
    expect(body).not.toContain("/reset-password/");

    // The filters, alone and together.
    expect((await list(`?user_id=${u.id}&kind=PASSWORD_RESET`)).map((m) => m.id)).toEqual([resetSms.id, resetEmail.id]);
    expect((await list(`?user_id=${u.id}&status=sent&kind=DEPOSIT_CREDITED`)).map((m) => m.id)).toEqual([depositSms.id, depositEmail.id]);
    expect(await list(`?user_id=${u.id}&status=failed`)).toEqual([]);
    expect(await list("?kind=NO_SUCH_KIND")).toEqual([]);
    const everyone = await list();
    expect(everyone.map((m) => m.id)).toEqual([...everyone.map((m) => m.id)].sort((a, b) => b - a));
  });

  it("answers the newest 100 only", async () => {
    const u = await createInvestor(server);
    const db = server.db();
    const insert = db.prepare(
      "insert into outbox (user_id, channel, kind, category, recipient, subject, body_text, status, next_attempt_at) values (?, 'EMAIL', 'NEWS', 'news', ?, 'News', ?, 'failed', ?) returning id",
    );
    const ids = db.transaction(() => Array.from({ length: 130 }, (_, i) => (insert.get(u.id, u.email, `Item ${i}`, serverNow(server).toISOString()) as { id: number }).id))();
    const messages = await list(`?user_id=${u.id}`);
    expect(messages.map((m) => m.id)).toEqual(ids.reverse().slice(0, 100));
  });

  it("refuses a bad filter with 400 and {detail}; anonymous 401, an investor 403", async () => {
    for (const query of [
      "?user_id=abc",
      "?user_id=0",
      "?user_id=-3",
      "?user_id=1.5",
      "?user_id=99999999999999999999",
      "?kind=password%20reset",
      "?kind=x%27%3Bdrop",
      `?kind=${"A".repeat(65)}`,
      "?status=maybe",
      "?status=SENT%00",
    ]) {
      const res = await call(admin.api, "GET", `/api/v1/admin/outbox${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body), query).toEqual(["detail"]);
      expect(typeof res.body.detail).toBe("string");
    }
    expect((await call(admin.api, "GET", "/api/v1/admin/outbox?status=maybe")).body).toEqual({ detail: "status must be queued, sending, sent or failed." });
    expect((await call(admin.api, "GET", "/api/v1/admin/outbox?user_id=abc")).body).toEqual({ detail: "user_id must be a user's id, a whole number above 0." });
    expect((await call(admin.api, "GET", "/api/v1/admin/outbox?kind=password%20reset")).body).toEqual({ detail: "kind must be a message kind in capitals, e.g. PASSWORD_RESET." });
    expect((await call(new Client(server.url), "GET", "/api/v1/admin/outbox")).status).toBe(401);
    const investor = await createInvestor(server);
    expect((await call(investor.api, "GET", "/api/v1/admin/outbox")).status).toBe(403);
    expect((await call(admin.api, "POST", "/api/v1/admin/outbox")).status).toBe(405);
  });
});

describe("password reset in production", () => {
  it("emails a one-hour link (same answer for unknown addresses); using it ends every session, and a 'password was changed' email follows", async () => {
    const u = await createInvestor(server, { password: "old-password-1" });
    const anon = new Client(server.url);
    const form = htmlText(await (await anon.get("/reset-password")).text());
    expect(form).toContain("Send reset link");
    const real = await anon.postForm("/reset-password", { email: u.email });
    const nobody = uniqueEmail("nobody");
    const fake = await anon.postForm("/reset-password", { email: nobody });
    expect(real.status).toBe(200);
    const realText = htmlText(await real.text());
    expect(realText).toContain("If an account exists for that email, a link to reset the password is on its way.");
    const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0];
    expect(main(htmlText(await fake.text()))).toBe(main(realText));

    // Security mail goes to the unconfirmed address too, and never carries an unsubscribe link.
    const email = await waitForEmail(u.email, "Reset your Akoko password");
    expect(email.headers["list-unsubscribe"]).toBeUndefined();
    const link = linkIn(email, "http://akoko.test/reset-password/");
    const path = new URL(link).pathname;
    expect(htmlText(await (await anon.get(path)).text())).toContain("Set new password");
    const set = await anon.postForm(path, { password: "new-password-1", confirm: "new-password-1" });
    expect(set.status).toBe(302);
    expect((await call(u.api, "GET", "/api/v1/auth/me")).status).toBe(401);
    expect((await u.page.get("/account")).status).toBe(302);
    expect(htmlText(await (await anon.get(path)).text())).toContain("This reset link has expired or was already used.");
    const changed = await waitForEmail(u.email, "Your Akoko password was changed");
    expect(changed.text).toContain("every other device signed in was logged out");
    const res = await new Client(server.url).request("/api/v1/auth/login", { method: "POST", body: new URLSearchParams({ username: u.email, password: "new-password-1" }) });
    expect(res.status).toBe(200);
    await sleep(300);
    expect(smtp.to(nobody)).toEqual([]);
  });

  it("with a confirmed phone also texts a code; a wrong code is refused and counted, the right one sets the password", async () => {
    const u = await confirmedInvestor(0);
    const anon = new Client(server.url);
    await anon.postForm("/reset-password", { email: u.email });
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content.includes("reset code")));
    const code = /\b(\d{6})\b/.exec(hubtel.to(u.phone!).find((s) => s.content.includes("reset code"))!.content)![1];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const bad = await anon.postForm("/reset-password/code", { email: u.email, code: wrong, password: "sms-password-1", confirm: "sms-password-1" });
    expect(bad.status).toBe(400);
    expect(htmlText(await bad.text())).toContain("That code is not right, has expired or was used too many times.");
    const good = await anon.postForm("/reset-password/code", { email: u.email, code, password: "sms-password-1", confirm: "sms-password-1" });
    expect(good.status).toBe(302);
    const res = await new Client(server.url).request("/api/v1/auth/login", { method: "POST", body: new URLSearchParams({ username: u.email, password: "sms-password-1" }) });
    expect(res.status).toBe(200);
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content.includes("password was changed")));
  });
});

describe("password reset, the form sent twice", () => {
  it("a second tap without JavaScript (the same form, its key) makes one reset: one email, one SMS, and the code sent works", async () => {
    const u = await confirmedInvestor(0);
    const anon = new Client(server.url);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(await (await anon.get("/reset-password")).text())?.[1];
    expect(key).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      const res = await anon.postForm("/reset-password", { idempotency_key: key!, email: u.email });
      expect(res.status).toBe(200);
      expect(htmlText(await res.text())).toContain("If an account exists for that email, a link to reset the password is on its way.");
    }
    expect(server.db().prepare("select count(*) n from password_resets where user_id = ?").get(u.id)).toEqual({ n: 1 });
    expect(outboxRows(u.id).map((r) => r.channel)).toEqual(["EMAIL", "SMS"]);
    await hubtel.waitFor(() => hubtel.to(u.phone!).some((s) => s.content.includes("reset code")));
    const code = /\b(\d{6})\b/.exec(hubtel.to(u.phone!).find((s) => s.content.includes("reset code"))!.content)![1];
    const good = await anon.postForm("/reset-password/code", { email: u.email, code, password: "twice-password-1", confirm: "twice-password-1" });
    expect(good.status).toBe(302);
    // Asking again later (a new page, a new key) sends again.
    const next = /name="idempotency_key" value="([^"]+)"/.exec(await (await anon.get("/reset-password")).text())?.[1];
    expect(next).not.toBe(key);
    expect((await anon.postForm("/reset-password", { idempotency_key: next!, email: u.email })).status).toBe(200);
    expect(server.db().prepare("select count(*) n from password_resets where user_id = ?").get(u.id)).toEqual({ n: 2 });
  });
});

describe("verified contacts", () => {
  it("registration emails a confirmation link (24 hours, once); until it is used only security mail goes there", async () => {
    const client = new Client(server.url);
    const email = uniqueEmail("newcomer");
    const res = await client.postForm("/register", { full_name: "Esi Newcomer", email, password: "goodpassword" });
    expect(res.status).toBe(302);
    // English, the default, is not kept as a choice (a language chosen on another device stays there at sign-in).
    expect(server.db().prepare("select locale from users where email = ?").get(email)).toEqual({ locale: null });
    const account = htmlText(await (await client.get("/account")).text());
    expect(/data-testid="email-status"[\s\S]*?Not confirmed/.test(account)).toBe(true);
    const mail = await waitForEmail(email, "Confirm your email address");
    expect(mail.headers["list-unsubscribe"]).toBeUndefined();
    const path = new URL(linkIn(mail, "http://akoko.test/confirm-email/")).pathname;
    // Opening the link asks; a link scanner's GET spends nothing. Works without being logged in.
    const anon = new Client(server.url);
    expect(htmlText(await (await anon.get(path)).text())).toContain("Confirm my email");
    const done = await anon.postForm(path, {});
    expect(done.status).toBe(200);
    expect(htmlText(await done.text())).toContain("Your email address is confirmed.");
    expect(/data-testid="email-status"[\s\S]*?Confirmed/.test(htmlText(await (await client.get("/account")).text()))).toBe(true);
    const again = await anon.postForm(path, {});
    expect(htmlText(await again.text())).toContain("This confirmation link has expired or was already used.");
  });

  it("a reader who registers in Twi is written to in Twi, and the email's link opens in Twi in a browser that never chose", async () => {
    // No cookie: the registration page was read in Twi by its link (?lang=ak).
    const client = new Client(server.url);
    const email = uniqueEmail("twi-newcomer");
    expect((await client.postForm("/register?lang=ak", { full_name: "Kofi Twi", email, password: "goodpassword" })).status).toBe(302);
    const row = server.db().prepare("select locale from users where email = ?").get(email);
    expect(row).toEqual({ locale: "ak" });
    const mail = await waitForEmail(email, "Si wo email address so dua");
    const link = new URL(linkIn(mail, "http://akoko.test/confirm-email/"));
    expect(link.searchParams.get("lang")).toBe("ak");
    // A phone's mail app opens it in a browser of its own: Twi, and Twi still on the page it goes on to.
    const fresh = new Client(server.url);
    const opened = await fresh.get(link.pathname + link.search);
    expect(htmlText(await opened.text())).toContain("Si me email so dua");
    expect(await (await fresh.get("/")).text()).toContain('<html lang="ak"');
    // The API registers in the language the request reads in too (Accept-Language here).
    const apiEmail = uniqueEmail("twi-api");
    const api = await fetch(`${server.url}/api/v1/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "ak" },
      body: JSON.stringify({ full_name: "Akua Twi", email: apiEmail, password: "goodpassword" }),
    });
    expect(api.status).toBe(201);
    expect(server.db().prepare("select locale from users where email = ?").get(apiEmail)).toEqual({ locale: "ak" });
    await waitForEmail(apiEmail, "Si wo email address so dua");
  });

  it("a link older than 24 hours confirms nothing", async () => {
    const u = await createInvestor(server);
    expect((await u.page.postForm("/account", { intent: "send-email-link" })).status).toBe(302);
    const mail = await waitForEmail(u.email, "Confirm your email address");
    const path = new URL(linkIn(mail, "http://akoko.test/confirm-email/")).pathname;
    const row = server.db().prepare("select expires_at, created_at from contact_confirmations where user_id = ? and channel = 'EMAIL'").get(u.id) as { expires_at: string; created_at: string };
    expect((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 3600_000).toBeCloseTo(24, 1);
    server
      .db()
      .prepare("update contact_confirmations set expires_at = ? where user_id = ?")
      .run(new Date(Date.now() - 1000).toISOString(), u.id);
    const res = await new Client(server.url).postForm(path, {});
    expect(htmlText(await res.text())).toContain("This confirmation link has expired or was already used.");
    expect(server.db().prepare("select email_verified_at from users where id = ?").get(u.id)).toEqual({ email_verified_at: null });
  });

  it("the phone is confirmed with the 6-digit SMS code: a wrong code is refused with the tries left, five wrong spend it, a new code works", async () => {
    const u = await createInvestor(server);
    const phone = newPhone();
    expect((await u.page.postForm("/account", { intent: "profile", full_name: u.fullName, phone: phone.replace("+233", "0") })).status).toBe(302);
    expect((await u.page.postForm("/account", { intent: "send-phone-code" })).status).toBe(302);
    await hubtel.waitFor(() => hubtel.to(phone).length === 1);
    const sms = hubtel.to(phone)[0].content;
    expect(sms.length).toBeLessThanOrEqual(160);
    const code = /\b(\d{6})\b/.exec(sms)![1];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    const bad = await u.page.postForm("/account", { intent: "confirm-phone", code: wrong });
    expect(bad.status).toBe(400);
    expect(htmlText(await bad.text())).toContain("That code is not right. 4 tries left.");
    for (let i = 0; i < 4; i++) await u.page.postForm("/account", { intent: "confirm-phone", code: wrong });
    // Five wrong: even the right code is refused now.
    const spent = await u.page.postForm("/account", { intent: "confirm-phone", code });
    expect(htmlText(await spent.text())).toContain("That code has expired or was used too many times. Ask for a new one.");

    expect((await u.page.postForm("/account", { intent: "send-phone-code" })).status).toBe(302);
    await hubtel.waitFor(() => hubtel.to(phone).length === 2);
    const fresh = /\b(\d{6})\b/.exec(hubtel.to(phone)[1].content)![1];
    const ok = await u.page.postForm("/account", { intent: "confirm-phone", code: fresh });
    expect(ok.status).toBe(302);
    const page = htmlText(await (await u.page.get("/account")).text());
    expect(/data-testid="phone-status"[\s\S]*?Confirmed/.test(page)).toBe(true);
    // A new number must be confirmed again.
    await u.page.postForm("/account", { intent: "profile", full_name: u.fullName, phone: newPhone() });
    expect(server.db().prepare("select phone_verified_at from users where id = ?").get(u.id)).toEqual({ phone_verified_at: null });
  });

  it("a phone code older than 10 minutes confirms nothing, even the right one", async () => {
    const u = await createInvestor(server);
    const phone = newPhone();
    // Typed the Ghana way, kept as +233.
    await u.page.postForm("/account", { intent: "profile", full_name: u.fullName, phone: `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}` });
    expect(server.db().prepare("select phone from users where id = ?").get(u.id)).toEqual({ phone });
    expect((await u.page.postForm("/account", { intent: "send-phone-code" })).status).toBe(302);
    await hubtel.waitFor(() => hubtel.to(phone).length === 1);
    const code = /\b(\d{6})\b/.exec(hubtel.to(phone)[0].content)![1];
    const row = server.db().prepare("select expires_at, created_at from contact_confirmations where user_id = ? and channel = 'SMS'").get(u.id) as { expires_at: string; created_at: string };
    expect((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 60_000).toBeCloseTo(10, 1);
    server
      .db()
      .prepare("update contact_confirmations set expires_at = ? where user_id = ? and channel = 'SMS'")
      .run(new Date(serverNow(server).getTime() - 1000).toISOString(), u.id);
    const late = await u.page.postForm("/account", { intent: "confirm-phone", code });
    expect(late.status).toBe(400);
    expect(htmlText(await late.text())).toContain("That code has expired or was used too many times. Ask for a new one.");
    expect(server.db().prepare("select phone_verified_at from users where id = ?").get(u.id)).toEqual({ phone_verified_at: null });
  });

  it("a 'Send code' or 'Send link' form sent twice (a second tap, back and resend) sends once: the code sent still works", async () => {
    const u = await createInvestor(server);
    const phone = newPhone();
    await u.page.postForm("/account", { intent: "profile", full_name: u.fullName, phone });
    const sent = (channel: string) => (server.db().prepare("select count(*) n from contact_confirmations where user_id = ? and channel = ?").get(u.id, channel) as { n: number }).n;
    for (let i = 0; i < 2; i++) {
      const res = await u.page.postForm("/account", { intent: "send-phone-code", idempotency_key: `code-${u.id}` });
      expect({ status: res.status, location: res.headers.get("Location") }).toEqual({ status: 302, location: "/account#messages" });
      expect(await u.page.postForm("/account", { intent: "send-email-link", idempotency_key: `link-${u.id}` }).then((r) => r.status)).toBe(302);
    }
    expect({ sms: sent("SMS"), email: sent("EMAIL") }).toEqual({ sms: 1, email: 1 });
    await hubtel.waitFor(() => hubtel.to(phone).length === 1);
    const code = /\b(\d{6})\b/.exec(hubtel.to(phone)[0].content)![1];
    expect((await u.page.postForm("/account", { intent: "confirm-phone", code })).status).toBe(302);
    expect(hubtel.to(phone)).toHaveLength(1);
    // The page's two forms carry their keys (a new one on each page: asking again later sends again).
    await u.page.postForm("/account", { intent: "profile", full_name: u.fullName, phone: newPhone() });
    const html = await (await u.page.get("/account")).text();
    expect([...html.matchAll(/name="intent" value="(send-[a-z-]+)"\/><input type="hidden" name="idempotency_key" value="[^"]+"/g)].map((m) => m[1])).toEqual(["send-email-link", "send-phone-code"]);
  });

  it("limits how many codes one account may ask for", async () => {
    const u = await createInvestor(server);
    await u.page.postForm("/account", { intent: "profile", full_name: u.fullName, phone: newPhone() });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await u.page.postForm("/account", { intent: "send-phone-code" })).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
  });

  it("limits how many codes one number is sent, whichever accounts ask", async () => {
    const victim = await confirmedInvestor(0);
    const number = victim.phone!;
    const first = await createInvestor(server);
    const second = await createInvestor(server);
    const statuses: Record<string, number[]> = { first: [], second: [] };
    for (const [name, u] of [
      ["first", first],
      ["second", second],
    ] as const) {
      expect((await u.page.postForm("/account", { intent: "profile", full_name: u.fullName, phone: number })).status).toBe(302);
      for (let i = 0; i < 3; i++) statuses[name].push((await u.page.postForm("/account", { intent: "send-phone-code" })).status);
    }
    expect(statuses).toEqual({ first: [302, 302, 302], second: [302, 302, 429] });
    const refused = await second.page.postForm("/account", { intent: "send-phone-code" });
    expect(refused.status).toBe(429);
    expect(htmlText(await refused.text())).toContain("Too many attempts. Please try again later.");
    expect(server.db().prepare("select count(*) n from outbox where kind = 'PHONE_CODE' and recipient = ?").get(number)).toEqual({ n: 5 });
  });

  it("a number another account confirmed is not confirmed again, even with the right code: its owner keeps USSD and phone sign-in", async () => {
    const owner = await confirmedInvestor(0);
    const number = owner.phone!;
    const other = await createInvestor(server);
    expect((await other.page.postForm("/account", { intent: "profile", full_name: other.fullName, phone: number })).status).toBe(302);
    expect((await other.page.postForm("/account", { intent: "send-phone-code" })).status).toBe(302);
    await hubtel.waitFor(() => hubtel.to(number).length === 1);
    const code = /\b(\d{6})\b/.exec(hubtel.to(number)[0].content)![1];
    const refused = await other.page.postForm("/account", { intent: "confirm-phone", code });
    expect(refused.status).toBe(400);
    expect(htmlText(await refused.text())).toContain("This phone number is already on an Akoko account. Confirm it on that account's page, or contact us.");
    const twi = await other.page.postForm("/account", { intent: "confirm-phone", code }, { "Accept-Language": "ak" });
    expect(htmlText(await twi.text())).toContain("Fon nɔma yi wɔ Akoko akawnt bi so dada.");
    const confirmed = server.db().prepare("select id from users where phone = ? and phone_verified_at is not null").all(number);
    expect(confirmed).toEqual([{ id: owner.id }]);
  });
});

describe("unsubscribe", () => {
  it("the notice's one-click link works without logging in or JavaScript; security mail still comes", async () => {
    const u = await confirmedInvestor(1000, { phone: false });
    const batch = await activeEggBatch([[u, 2]]);
    createRemittance(server, batch.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`)).status).toBe(200);
    const mail = await waitForEmail(u.email, "A payout reached your wallet");
    const url = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"])![1];
    const path = new URL(url).pathname;
    const anon = new Client(server.url);
    const ask = htmlText(await (await anon.get(path)).text());
    expect(ask).toContain("Stop emails about payouts?");
    expect(server.db().prepare("select count(*) n from message_preferences where user_id = ?").get(u.id)).toEqual({ n: 0 });
    // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click, no cookie, no Origin.
    const res = await fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click", redirect: "manual" });
    expect(res.status).toBe(200);
    expect(htmlText(await res.text())).toContain("You will no longer get emails about payouts.");
    expect(server.db().prepare("select category, channel, cast(enabled as integer) as enabled from message_preferences where user_id = ?").all(u.id)).toEqual([
      { category: "payouts", channel: "EMAIL", enabled: 0 },
    ]);
    // A forged token does nothing.
    const forged = await fetch(`${server.url}${path.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(404);

    const next = await activeEggBatch([[u, 2]]);
    createRemittance(server, next.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${next.id}/execute`)).status).toBe(200);
    await anon.postForm("/reset-password", { email: u.email });
    await waitForEmail(u.email, "Reset your Akoko password");
    expect(smtp.to(u.email).filter((m) => m.headers.subject === "A payout reached your wallet")).toHaveLength(1);
  });
});

describe("unsubscribe from a mail client", () => {
  it("the one-click POST is taken even when the mail client sends it from its own site (Origin, Sec-Fetch-Site: cross-site)", async () => {
    const u = await confirmedInvestor(0, { phone: false });
    expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 10 })).status).toBe(200);
    const mail = await waitForEmail(u.email, "Your deposit is in your wallet");
    const path = new URL(/^<(.+)>$/.exec(mail.headers["list-unsubscribe"])![1]).pathname;
    // A webmail or desktop client may make the RFC 8058 POST itself: the signed link is all it needs.
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://webmail.example", "Sec-Fetch-Site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(server.db().prepare("select category, channel, cast(enabled as integer) as enabled from message_preferences where user_id = ?").all(u.id)).toEqual([
      { category: "money", channel: "EMAIL", enabled: 0 },
    ]);
    // Only the signed link is let through: other pages still refuse another site's form posts.
    const other = await fetch(`${server.url}/reset-password`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://webmail.example" },
      body: `email=${encodeURIComponent(u.email)}`,
      redirect: "manual",
    });
    expect(other.status).toBe(403);
  });
});

describe("configuration", () => {
  it("production refuses to start with a real mailer or SMS provider missing its keys, and says what to set", async () => {
    await expect(startServer({ EMAIL_PROVIDER: "smtp" })).rejects.toThrow(/Refusing to start in production[\s\S]*SMTP_URL/);
    await expect(startServer({ SMS_PROVIDER: "hubtel" })).rejects.toThrow(/HUBTEL_CLIENT_ID and HUBTEL_CLIENT_SECRET/);
  });
});

describe("closing the account", () => {
  it("stops what is still queued and removes the address and text of every message", async () => {
    const u = await confirmedInvestor(0);
    // The reset email is parked before the close: while it waits its turn and no try is under way,
    // its next try is moved far ahead (tries until then are refused). After the close it is due at
    // once again, so a message the close did not stop goes out within the 0.6 s waited below.
    smtp.refuseNext(1_000, 451);
    await new Client(server.url).postForm("/reset-password", { email: u.email });
    const park = server
      .db()
      .prepare(
        "update outbox set next_attempt_at = '9999-01-01T00:00:00.000Z' where user_id = ? and channel = 'EMAIL' and status = 'queued' and not exists (select 1 from outbox_attempts a where a.outbox_id = outbox.id and a.finished_at is null)",
      );
    const deadline = Date.now() + 10_000;
    while (park.run(u.id).changes === 0 && Date.now() < deadline) await sleep(20);
    const closed = await call(u.api, "POST", "/api/v1/auth/close-account", { password: u.password });
    expect(closed.status).toBe(204);
    smtp.refuseNext(0);
    server.db().prepare("update outbox set next_attempt_at = ? where user_id = ? and channel = 'EMAIL' and status = 'queued'").run(new Date(0).toISOString(), u.id);
    expect(server.db().prepare("select status, last_error from outbox where user_id = ? and channel = 'EMAIL' and kind = 'PASSWORD_RESET'").all(u.id)).toEqual([
      { status: "failed", last_error: "The account was closed before it was sent." },
    ]);
    await sleep(600);
    const rows = server.db().prepare("select recipient, body_text, status from outbox where user_id = ?").all(u.id) as Array<{ recipient: string; body_text: string; status: string }>;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ recipient: "(closed account)", body_text: "(removed when the account was closed)" });
    expect(JSON.stringify(server.db().prepare("select * from outbox where user_id = ?").all(u.id))).not.toContain(u.email);
    expect(smtp.to(u.email).filter((m) => m.headers.subject === "Reset your Akoko password")).toHaveLength(0);
  });
});

describe("at most once, across restarts and several workers", () => {
  // Two server starts, a lease swept and one cut short: more than the default 30 s on a busy machine.
  it("a worker killed mid-send never sends that message again; it is marked failed for an admin to retry", async () => {
    // A short lease, so the next server sweeps it soon. A five-second lease gives a send 4.5 s: the
    // SMTP timeout must be shorter (or start-up is refused), and longer than the kill below takes.
    const env = messagingEnv({ OUTBOX_LEASE_SECONDS: "5", SMTP_TIMEOUT_MS: "4000" });
    const first = await startServer(env);
    let killed = false;
    try {
      const u = await createInvestor(first);
      smtp.holdNext();
      await new Client(first.url).postForm("/reset-password", { email: u.email });
      // The server has sent the whole message and waits for the SMTP server's answer: kill it now.
      await smtp.waitFor(() => smtp.to(u.email).length === 1);
      await first.stop("SIGKILL");
      killed = true;
      smtp.release();
      const second = await startServer(env, { dbFile: first.dbFile });
      try {
        const deadline = Date.now() + 10_000;
        const row = () =>
          second.db().prepare("select id, status, attempts, last_error from outbox where user_id = ?").get(u.id) as { id: number; status: string; attempts: number; last_error: string };
        while (row().status !== "failed" && Date.now() < deadline) await sleep(100);
        expect(row()).toMatchObject({ status: "failed", attempts: 1 });
        expect(row().last_error).toContain("stopped while sending");
        expect(second.db().prepare("select outcome from outbox_attempts where outbox_id = ?").all(row().id)).toEqual([{ outcome: "lost" }]);
        await sleep(1000);
        expect(smtp.to(u.email)).toHaveLength(1);
        const secondAdmin = await signInAdmin(second);
        const html = htmlText(await (await secondAdmin.page.get("/admin/outbox?status=failed")).text());
        expect(html).toContain(`data-outbox-id="${row().id}"`);

        // A live send never outlasts its lease: an SMS the gateway took but never answers (Hubtel's own
        // timeout is 10 s) is given up at 4.5 s of its 5 s lease, failed as one that may have gone
        // out, by the worker sending it: not swept as a stopped worker's ("lost").
        const phone = "+233241230987";
        hubtel.holdNext();
        const sms = second
          .db()
          .prepare("insert into outbox (channel, kind, category, recipient, subject, body_text, next_attempt_at) values ('SMS', 'NEWS', 'news', ?, '', 'Akoko: held', ?) returning id")
          .get(phone, serverNow(second).toISOString()) as { id: number };
        const smsRow = () => second.db().prepare("select status, last_error from outbox where id = ?").get(sms.id) as { status: string; last_error: string | null };
        try {
          await until("the held SMS is given up", () => smsRow().status === "failed", 10_000);
        } finally {
          hubtel.release();
        }
        expect(smsRow().last_error).toBe("Hubtel did not answer before the outbox's lease ran out (it may have sent the message)");
        expect(second.db().prepare("select outcome from outbox_attempts where outbox_id = ?").all(sms.id)).toEqual([{ outcome: "refused" }]);
        expect(hubtel.to(phone)).toHaveLength(1);
      } finally {
        await second.stop();
      }
    } finally {
      if (!killed) await first.stop();
    }
  }, 60_000);

  it("two server processes on one database deliver each of 40 messages exactly once", async () => {
    const env = messagingEnv();
    const other = await startServer(env, { dbFile: server.dbFile });
    try {
      const db = server.db();
      const now = serverNow(server).toISOString();
      const insert = db.prepare("insert into outbox (channel, kind, category, recipient, subject, body_text, next_attempt_at) values ('EMAIL', 'NEWS', 'news', ?, ?, 'Hello', ?)");
      const to = uniqueEmail("crowd");
      db.transaction(() => {
        for (let i = 0; i < 40; i++) insert.run(to, `Crowd ${i}`, now);
      }).immediate();
      await smtp.waitFor(() => smtp.to(to).length >= 40, 20_000);
      await sleep(500);
      const subjects = smtp.to(to).map((m) => m.headers.subject);
      expect(subjects).toHaveLength(40);
      expect(new Set(subjects).size).toBe(40);
      const workers = db.prepare("select count(distinct a.worker) n from outbox_attempts a join outbox o on o.id = a.outbox_id where o.recipient = ?").get(to) as { n: number };
      expect(workers.n).toBeGreaterThanOrEqual(1);
    } finally {
      await other.stop();
    }
  });
});
