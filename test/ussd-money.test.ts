/**
 * Issue 31: money on USSD, whole sessions over HTTP through both gateways' fakes against the built
 * server, with the real payment, SMS and email adapters pointed at fakes (Paystack, Hubtel's SMS API,
 * SMTP): registering by phone, a deposit credited only on Paystack's word, an investment, a
 * withdrawal (and one held for an admin), the PIN's lock, changing the PIN, a repeated
 * confirmation, a session that timed out at the PIN. Every test ends with the ledger's invariants.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, type Client } from "./support/client";
import { createBatch, createFarm, createInvestor, serverNow, signInAdmin, type Investor } from "./support/factories";
import { startFakeHubtel, type FakeHubtel } from "./support/fake-hubtel";
import { startFakePaystack, type FakePaystack } from "./support/fake-paystack";
import { startFakeSmtp, type FakeSmtp } from "./support/fake-smtp";
import type { FakeUssdGateway } from "./support/fake-ussd";
import { messagingEnv } from "./support/messaging";
import { sharedServer, startServer, type TestServer } from "./support/server";
import { chooseBatch, GATEWAY_NAMES, idleFor, ussdGateways, ussdSessionOf, type GatewayName } from "./support/ussd";

const SECRET = "ussd-money-secret-0123456789";
/** The callers' PIN: distinctive, so that finding it anywhere (a log, a row) means it leaked. */
const PIN = "582046";

let server: TestServer;
let paystack: FakePaystack;
let sms: FakeHubtel;
let smtp: FakeSmtp;
let admin: Client;
let gateways: ReturnType<typeof ussdGateways>;

beforeAll(async () => {
  [paystack, sms, smtp] = await Promise.all([startFakePaystack(), startFakeHubtel(), startFakeSmtp()]);
  server = await startServer({
    USSD_CALLBACK_SECRET: SECRET,
    PAYMENTS_PROVIDER: "paystack",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
    PAYMENTS_SWEEP_SECONDS: "0",
    ...messagingEnv(smtp, sms),
    // A new destination waits a day before it receives money; withdrawals past GHS 500 in a day wait for an admin.
    DESTINATION_COOLING_OFF_HOURS: "24",
    LARGE_WITHDRAWAL_GHS: "500",
    REQUEST_LOG: "on",
    LOG_LEVEL: "info",
  });
  paystack.webhookUrl = `${server.url}/webhooks/paystack`;
  admin = (await signInAdmin(server)).api;
  gateways = ussdGateways(server, SECRET);
});
afterEach(async () => {
  await paystack.flushWebhooks();
  expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
});
afterAll(async () => {
  for (const line of server?.logs().split("\n") ?? []) if (line.includes("USSD screen failed")) console.log(line.slice(0, 2000));
  await server?.stop();
  await Promise.all([paystack?.close(), sms?.close(), smtp?.close()]);
});

let phones = 0;
/** A Ghana mobile number no other test uses (MTN's 024, as the gateways' fakes say the caller is on MTN). */
function newPhone(): string {
  phones += 1;
  return `+23324${String(process.pid % 1000).padStart(3, "0")}${String(phones).padStart(4, "0")}`;
}

type Caller = Investor & { phone: string };

/** A web account whose phone is confirmed and which has set its PIN on /account. */
async function caller(walletGhs: number, options: { tier?: "REGISTERED" | "VERIFIED"; fullName?: string; pin?: string } = {}): Promise<Caller> {
  const phone = newPhone();
  return { ...(await createInvestor(server, { walletGhs, phone, pin: options.pin ?? PIN, tier: options.tier, fullName: options.fullName })), phone };
}

const walletMinor = (userId: number) => (server.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { b: number } | undefined)?.b ?? 0;
const pinRow = (userId: number) =>
  server.db().prepare(`select pin_failures failures, pin_locked_until as "lockedUntil" from users where id = ?`).get(userId) as { failures: number; lockedUntil: string | null };
const investmentsOf = (userId: number) => server.db().prepare(`select id, batch_id as "batchId", units, amount_minor as "amountMinor" from investments where user_id = ?`).all(userId);
const receiptsOf = (userId: number) =>
  server.db().prepare(`select channel, recipient, message_id as "messageId" from outbox where user_id = ? and kind = 'RECEIPT' order by id`).all(userId) as Array<{
    channel: string;
    recipient: string;
    messageId: string;
  }>;

/** Waits for an SMS to the phone whose text holds `part`, and gives it. */
async function smsTo(phone: string, part: string): Promise<string> {
  await sms.waitFor(() => sms.to(phone).some((s) => s.content.includes(part)));
  return sms.to(phone).find((s) => s.content.includes(part))!.content;
}

/** What is kept of the session (its rows) and said of it (the server's log) holds no PIN as typed. */
function expectNoPinKept(phone: string, pins: string[]) {
  const rows = JSON.stringify(server.db().prepare("select state, last_request, last_answer from ussd_sessions where phone = ?").all(phone));
  const keys = JSON.stringify(server.db().prepare("select key from idempotency_keys").all());
  for (const pin of pins) {
    expect(rows).not.toContain(pin);
    expect(keys).not.toContain(pin);
    expect(server.logs()).not.toContain(pin);
  }
}

let farms = 0;
/**
 * An open egg batch at GHS 100 a unit, 1% a month, on a farm of its own, and the farm's name: six
 * characters, which a list of five batches never cuts (chooseBatch finds the batch by it).
 */
function openBatch() {
  farms += 1;
  const farm = `F${String(farms).padStart(5, "0")}`;
  return { farm, batch: createBatch(server, { farmId: createFarm(server, { name: farm }).id, productType: "EGG", unitPrice: 100, targetUnits: 50, expectedRoi: 0.01 }) };
}

/** From the main menu: the batch of `farm`, `units` of it, Confirm: the PIN screen. */
async function toInvestPin(fake: FakeUssdGateway, farm: string, units: number) {
  await chooseBatch(fake, farm);
  await fake.send(String(units));
  expect(await fake.send("1")).toBe("Enter your PIN to confirm it is you.\n0. Back");
}

describe.each(GATEWAY_NAMES)("money on USSD through %s", (name: GatewayName) => {
  const gateway = () => gateways[name]();

  it("registers a number no account holds: a name and a PIN twice, one account however often the last request comes", async () => {
    const fake = gateway();
    const phone = newPhone();
    await fake.dial(phone);
    expect(await fake.send("1")).toBe("Enter your full name:\n0. Back");
    expect(await fake.send("Yaa Asantewaa")).toBe("Choose a PIN of 4 to 6 digits to confirm money actions (not your mobile money PIN):\n0. Back");
    expect(await fake.send("1234")).toBe(
      "Your PIN cannot be digits in a row, like 1234 or 9876: choose one that is harder to guess.\nChoose a PIN of 4 to 6 digits to confirm money actions (not your mobile money PIN):\n0. Back",
    );
    expect(await fake.send(PIN)).toBe("Enter the PIN again:\n0. Back");
    expect(await fake.send("582064")).toBe("The two PINs are not the same.\nChoose a PIN of 4 to 6 digits to confirm money actions (not your mobile money PIN):\n0. Back");
    await fake.send(PIN);
    const done = "Your Akoko account is ready. To add money, dial again and choose Deposit.";
    // The last request twice at once, then again: one account.
    const [first, second] = await Promise.all([fake.send(PIN), fake.post()]);
    expect([first, second.screen]).toEqual([done, done]);
    expect(await fake.repeat()).toBe(done);
    expect(fake.ended).toBe(true);
    const made = server.db().prepare("select id, email, password_hash, full_name, phone_verified_at, pin_hash, kyc_tier, locale from users where phone = ?").all(phone) as Array<
      Record<string, unknown>
    >;
    expect(made).toEqual([
      {
        id: expect.any(Number),
        email: null,
        password_hash: null,
        full_name: "Yaa Asantewaa",
        phone_verified_at: expect.any(String),
        pin_hash: expect.stringMatching(/^scrypt\$/),
        kyc_tier: "REGISTERED",
        locale: "en",
      },
    ]);
    // The number now names the account: the next call is its menu, and the PIN is the one chosen.
    await fake.dial(phone);
    expect(fake.screen).toContain("1. Balance");
    expect(await fake.send("7")).toBe("Enter your current PIN:\n0. Back");
    expect(await fake.send(PIN)).toBe("Enter your new PIN, 4 to 6 digits:\n0. Back");
    expectNoPinKept(phone, [PIN, "582064"]);
  });

  it("deposits mobile money from the phone that dials, on its network: credited only on Paystack's word, with an SMS receipt", async () => {
    const ama = await caller(0);
    const fake = gateway();
    await fake.dial(ama.phone);
    await fake.send("3");
    expect(await fake.send("50")).toBe("Deposit GHS 50.00 into your wallet.\nFrom MTN MoMo on this phone: a prompt to approve it will arrive after this screen.\n1. Confirm\n0. Back");
    await fake.send("1");
    const end = await fake.send(PIN);
    const reference = /Reference: (akoko-deposit-\d{6})\./.exec(end)?.[1];
    expect(end).toBe(`Deposit of GHS 50.00 started. Reference: ${reference}. Approve the prompt on your phone: your wallet is credited once your network confirms it.`);
    expect(fake.ended).toBe(true);
    // The charge is this caller's number on MTN, for the amount confirmed; nothing is credited yet.
    expect(paystack.transactions.get(reference!)).toMatchObject({ amount: 5000, channel: "mobile_money", provider: "mtn", phone: `0${ama.phone.slice(4)}`, status: "ongoing" });
    expect(walletMinor(ama.id)).toBe(0);
    expect(await smsTo(ama.phone, reference!)).toBe(`Akoko: Deposit ${reference} of GHS 50.00 started. It reaches your wallet once your network confirms the payment.`);
    // The caller approves on the phone: Paystack's signed webhook credits the wallet, once.
    paystack.approveCharge(reference!);
    await paystack.flushWebhooks();
    expect(walletMinor(ama.id)).toBe(5000);
    await smsTo(ama.phone, "Your deposit of GHS 50.00 reached your wallet.");
    expect(receiptsOf(ama.id)).toEqual([{ channel: "SMS", recipient: ama.phone, messageId: "notices.receiptDeposit" }]);
  });

  it("invests after the PIN: the reference and the cost on the END screen and by SMS; the balance and holdings show it", async () => {
    const kofi = await caller(1000);
    const { farm, batch } = openBatch();
    const fake = gateway();
    await fake.dial(kofi.phone);
    await toInvestPin(fake, farm, 3);
    await fake.send(PIN);
    const [investment] = investmentsOf(kofi.id) as Array<{ id: number }>;
    expect(fake.screen).toBe(`Investment confirmed: 3 units of Batch #${batch.id} for GHS 300.00.\nReference: AKK-INV-${investment.id}.`);
    expect(investmentsOf(kofi.id)).toEqual([{ id: investment.id, batchId: batch.id, units: 3, amountMinor: 30_000 }]);
    expect(walletMinor(kofi.id)).toBe(70_000);
    expect(await smsTo(kofi.phone, "Receipt")).toBe(`Akoko: Receipt AKK-INV-${investment.id}: 3 units of Batch #${batch.id} bought for GHS 300.00.`);
    await fake.dial(kofi.phone);
    expect(await fake.send("1")).toBe("Wallet: GHS 700.00\nInvested: GHS 300.00\nIncome received: GHS 0.00 after tax\n0. Back");
    await fake.send("0");
    // Not started: the first month's figure (3 units at GHS 100 and 1%; no tax withheld on this server), in the portfolio's words.
    expect(await fake.send("4")).toContain(`Batch ${batch.id} Egg, 3 units: GHS 3.00. Starts when the batch is activated`);
  });

  it("moves money once for a repeated confirmation: two copies at once and a retry get one screen", async () => {
    const yaw = await caller(1000);
    const { farm } = openBatch();
    const fake = gateway();
    await fake.dial(yaw.phone);
    await toInvestPin(fake, farm, 2);
    const [one, two] = await Promise.all([fake.send(PIN), fake.post()]);
    expect(two.screen).toBe(one);
    expect(await fake.repeat()).toBe(one);
    expect(one).toMatch(/^Investment confirmed: 2 units/);
    expect(investmentsOf(yaw.id)).toHaveLength(1);
    expect(walletMinor(yaw.id)).toBe(80_000);
    expect(receiptsOf(yaw.id)).toHaveLength(1);
    // The PIN was checked once: no try counted against it.
    expect(pinRow(yaw.id).failures).toBe(0);
  });
});

describe("withdrawals on USSD", () => {
  /** A mobile money destination saved on the web (the password again), `hoursAgo` hours ago. */
  async function destination(who: Caller, phone: string, hoursAgo: number, kind: "mobile_money" | "bank" = "mobile_money") {
    const body = kind === "bank" ? { kind, bank_code: "040100", account_number: "1234567890123" } : { kind, network: "MTN", phone };
    const saved = await call(who.api, "POST", "/api/v1/invest/destinations", { ...body, name: who.fullName, password: who.password });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    server
      .db()
      .prepare("update payment_destinations set created_at = ? where id = ?")
      .run(new Date(serverNow(server).getTime() - hoursAgo * 3600_000).toISOString(), saved.body.id);
    return saved.body.id as number;
  }

  it("sends money to a saved mobile money destination past its cooling-off day, with every rule of the web's", async () => {
    const kwame = await caller(8000, { fullName: "Kwame Mensah" });
    const payout = newPhone();
    await destination(kwame, payout, 25);
    // Not offered: one saved an hour ago (cooling off), and a bank account.
    await destination(kwame, newPhone(), 1);
    await destination(kwame, "", 48, "bank");
    const fake = gateways.africastalking();
    await fake.dial(kwame.phone);
    const last3 = payout.slice(-3);
    expect(await fake.send("5")).toBe(`Withdraw to:\n1. MTN MoMo ending ${last3}\n0. Back`);
    expect(await fake.send("1")).toBe("Wallet: GHS 8,000.00\nEnter the amount to withdraw, in GHS:\n0. Back");
    expect(await fake.send("9000")).toBe("Insufficient balance\nWallet: GHS 8,000.00\nEnter the amount to withdraw, in GHS:\n0. Back");
    // Above the balance and the GHS 1,000,000 cap alike: the balance is what stops it.
    expect(await fake.send("9999999")).toBe("Insufficient balance\nWallet: GHS 8,000.00\nEnter the amount to withdraw, in GHS:\n0. Back");
    expect(await fake.send("9999999999999999")).toBe("Insufficient balance\nWallet: GHS 8,000.00\nEnter the amount to withdraw, in GHS:\n0. Back");
    // The amount in the money format of every other screen (GHS 5,500.00, not 5500.00).
    expect(await fake.send("5500")).toBe(`Withdraw GHS 5,500.00?\nTo MTN MoMo ending ${last3}.\n1. Confirm\n0. Back`);
    expect(await fake.send("0")).toBe("Wallet: GHS 8,000.00\nEnter the amount to withdraw, in GHS:\n0. Back");
    expect(await fake.send("50")).toBe(`Withdraw GHS 50.00?\nTo MTN MoMo ending ${last3}.\n1. Confirm\n0. Back`);
    expect(await fake.send("1")).toBe("Enter your PIN to confirm it is you.\n0. Back");
    const end = await fake.send(PIN);
    const reference = /Reference: (akoko-withdrawal-\d{6})\./.exec(end)?.[1];
    expect(end).toBe(`Withdrawal of GHS 50.00 requested: it is on its way. Reference: ${reference}. Mobile money usually arrives within minutes.`);
    expect(walletMinor(kwame.id)).toBe(795_000);
    expect(paystack.transfers.get(reference!)).toMatchObject({ amount: 5000, status: "pending" });
    // The receipt, and the security notice every withdrawal sends.
    expect(await smsTo(kwame.phone, "Withdrawal akoko")).toBe(`Akoko: Withdrawal ${reference} of GHS 50.00 to MTN MoMo ending ${last3} requested. Mobile money usually arrives within minutes.`);
    await smsTo(kwame.phone, "A withdrawal of GHS 50.00 to MTN MoMo ending");
    // Past GHS 500 in a day: held for an admin, said so; nothing goes to Paystack.
    await fake.dial(kwame.phone);
    for (const input of ["5", "1", "600", "1"]) await fake.send(input);
    const held = await fake.send(PIN);
    const heldReference = /Reference: (akoko-withdrawal-\d{6})\./.exec(held)?.[1];
    expect(held).toBe(`Withdrawal of GHS 600.00 requested. Reference: ${heldReference}. An admin reviews large withdrawals within 24 hours; if no one does, the money goes back to your wallet.`);
    expect(paystack.transfers.has(heldReference!)).toBe(false);
    expect(server.db().prepare("select status from approvals where action = 'withdrawal.send' and requested_by = ?").all(kwame.id)).toEqual([{ status: "PENDING" }]);
    expect(await smsTo(kwame.phone, heldReference!)).toContain("An admin reviews it within 24 hours.");
  });

  it("says a withdrawal the provider pays at once is processed, with its reference and when mobile money arrives", async () => {
    // The demo provider pays at once (Paystack's transfers are pending until its webhook).
    const demo = await sharedServer({ USSD_CALLBACK_SECRET: SECRET });
    try {
      const phone = newPhone();
      const kofi = await createInvestor(demo, { walletGhs: 100, phone, pin: PIN, fullName: "Kofi Boateng" });
      const saved = await call(kofi.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: newPhone(), name: kofi.fullName, password: kofi.password });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const fake = ussdGateways(demo, SECRET).hubtel();
      await fake.dial(phone);
      for (const input of ["5", "1", "20", "1"]) await fake.send(input);
      const paid = await fake.send(PIN);
      const reference = /Reference: (akoko-withdrawal-\d{6})\./.exec(paid)?.[1];
      expect(paid).toBe(`Withdrawal processed\nReference: ${reference}. Mobile money usually arrives within minutes.`);
    } finally {
      await demo.stop();
    }
  });

  it("tells a Registered account why it cannot withdraw, and an account whose only destination cools off until when", async () => {
    const fake = gateways.hubtel();
    const esi = await caller(100, { tier: "REGISTERED" });
    await fake.dial(esi.phone);
    expect(await fake.send("5")).toBe("Registered accounts cannot withdraw yet. Verify your identity on the KYC page to withdraw to your own mobile money or bank account.");
    expect(fake.ended).toBe(true);
    const kojo = await caller(100, { fullName: "Kojo Owusu" });
    await fake.dial(kojo.phone);
    expect(await fake.send("5")).toBe("You have no mobile money account to withdraw to. Add one on your destinations page at akoko.test.");
    const waiting = await destination(kojo, newPhone(), 2);
    // A day after it was saved, rounded up to the minute: the minute named is one it can.
    const { savedAt } = server.db().prepare(`select created_at as "savedAt" from payment_destinations where id = ?`).get(waiting) as { savedAt: string };
    const from = new Date(Math.ceil((Date.parse(savedAt) + 24 * 3600_000) / 60_000) * 60_000).toISOString();
    await fake.dial(kojo.phone);
    expect(await fake.send("5")).toBe(`Your new mobile money account can receive money from ${from.slice(0, 10)} ${from.slice(11, 16)} UTC. Please dial again then.`);
  });
});

describe("the PIN on USSD", () => {
  it("registers in the language the newcomer chose first: the account keeps it", async () => {
    const fake = gateways.hubtel();
    const phone = newPhone();
    await fake.dial(phone);
    expect(await fake.send("2")).toBe("Choose your language:\n1. English\n2. Twi\n0. Back");
    expect(await fake.send("2")).toBe("Akoko akawnt biara nni noma yi so. Bue baako wo ha, anaa wo akoko.test.\n1. Bue akawnt\n2. Kasa");
    for (const input of ["1", "Kwabena Ɔfori", PIN]) await fake.send(input);
    expect(await fake.send(PIN)).toBe("W'Akoko akawnt aye krado. Se wope se wode sika to mu a, fre bio na yi Fa sika to mu.");
    expect(server.db().prepare(`select full_name as "fullName", locale from users where phone = ?`).get(phone)).toEqual({ fullName: "Kwabena Ɔfori", locale: "ak" });
  });

  it("locks after three wrong PINs in a row: the END screen says until when, SMS and email tell the owner, nothing is bought", async () => {
    const efua = await caller(1000);
    const email = `efua.${Date.now()}@example.com`;
    server.db().prepare("update users set email = ?, email_verified_at = ? where id = ?").run(email, serverNow(server).toISOString(), efua.id);
    const { farm } = openBatch();
    const fake = gateways.hubtel();
    await fake.dial(efua.phone);
    await toInvestPin(fake, farm, 1);
    expect(await fake.send("1357")).toBe("That PIN is not right. 2 tries left, then your PIN is locked for 30 minutes.\nEnter your PIN to confirm it is you.\n0. Back");
    expect(await fake.send("2468")).toBe("That PIN is not right. 1 try left, then your PIN is locked for 30 minutes.\nEnter your PIN to confirm it is you.\n0. Back");
    const locked = await fake.send("9753");
    expect(fake.ended).toBe(true);
    const until = `${pinRow(efua.id).lockedUntil!.slice(0, 16).replace("T", " ")} UTC`;
    expect(locked).toBe(`Your PIN is locked after 3 wrong tries. Try again after ${until}.`);
    expect(await smsTo(efua.phone, "Your PIN was entered wrong")).toBe(`Akoko: Your PIN was entered wrong 3 times in a row and is locked until ${until}. Not you? Contact us at once.`);
    await smtp.waitFor(() => smtp.to(email).some((m) => m.headers.subject === "Your Akoko PIN is locked"));
    // A new session is told at once, before any money menu; nothing was bought.
    await fake.dial(efua.phone);
    expect(await fake.send("2")).toBe(locked);
    expect(investmentsOf(efua.id)).toEqual([]);
    expect(walletMinor(efua.id)).toBe(100_000);
  });

  it("refuses an empty send or letters at a PIN screen as not a PIN, without counting it toward the lock", async () => {
    const yaw = await caller(1000);
    const { farm } = openBatch();
    const fake = gateways.hubtel();
    await fake.dial(yaw.phone);
    await toInvestPin(fake, farm, 1);
    for (const slip of ["", "abc", "12", "1234567"]) {
      expect(await fake.send(slip), JSON.stringify(slip)).toBe("Your PIN must be 4 to 6 digits.\nEnter your PIN to confirm it is you.\n0. Back");
      expect(pinRow(yaw.id)).toEqual({ failures: 0, lockedUntil: null });
    }
    // A wrong PIN still counts; the slips before it did not.
    expect(await fake.send("1357")).toMatch(/^That PIN is not right\. 2 tries left/);
    // Change PIN's current PIN too (Africa's Talking: an empty send is a trailing "*").
    const at = gateways.africastalking();
    await at.dial(yaw.phone);
    await at.send("7");
    for (const slip of ["", "pin"]) expect(await at.send(slip), JSON.stringify(slip)).toBe("Your PIN must be 4 to 6 digits.\nEnter your current PIN:\n0. Back");
    expect(pinRow(yaw.id)).toEqual({ failures: 1, lockedUntil: null });
    expect(await at.send(PIN)).toBe("Enter your new PIN, 4 to 6 digits:\n0. Back");
    expect(pinRow(yaw.id).failures).toBe(0);
  });

  it("changes the PIN: the current one first (a wrong one counts toward the lock), the new one twice; the old one no longer works", async () => {
    const kofi = await caller(1000);
    const { farm } = openBatch();
    const fake = gateways.africastalking();
    await fake.dial(kofi.phone);
    expect(await fake.send("7")).toBe("Enter your current PIN:\n0. Back");
    expect(await fake.send("1357")).toBe("That PIN is not right. 2 tries left, then your PIN is locked for 30 minutes.\nEnter your current PIN:\n0. Back");
    expect(pinRow(kofi.id).failures).toBe(1);
    expect(await fake.send(PIN)).toBe("Enter your new PIN, 4 to 6 digits:\n0. Back");
    expect(pinRow(kofi.id).failures).toBe(0);
    expect(await fake.send("7777")).toBe("Your PIN cannot be one digit repeated, like 1111: choose one that is harder to guess.\nEnter your new PIN, 4 to 6 digits:\n0. Back");
    expect(await fake.send("730519")).toBe("Enter the PIN again:\n0. Back");
    expect(await fake.send("730518")).toBe("The two PINs are not the same.\nEnter your new PIN, 4 to 6 digits:\n0. Back");
    await fake.send("730519");
    expect(await fake.send("730519")).toBe("Your PIN is changed. Use the new one from now on.");
    expectNoPinKept(kofi.phone, [PIN, "730519", "730518"]);
    await fake.dial(kofi.phone);
    await toInvestPin(fake, farm, 1);
    expect(await fake.send(PIN)).toMatch(/^That PIN is not right\. 2 tries left/);
    expect(await fake.send("730519")).toMatch(/^Investment confirmed: 1 unit of Batch #\d+ for GHS 100\.00\./);
  });

  it("moves nothing when the session timed out at the PIN", async () => {
    const abena = await caller(1000);
    const { farm } = openBatch();
    const fake = gateways.africastalking();
    await fake.dial(abena.phone);
    await toInvestPin(fake, farm, 1);
    idleFor(server, abena.phone, 181);
    expect(await fake.send(PIN)).toBe("Your session timed out. Please dial again.");
    expect(investmentsOf(abena.id)).toEqual([]);
    expect(pinRow(abena.id)).toEqual({ failures: 0, lockedUntil: null });
    expect(JSON.parse(ussdSessionOf(server, abena.phone).state)).toMatchObject({ at: "pin" });
  });
});

describe("a Telecel Cash deposit on USSD", () => {
  it("asks for the voucher on the next Deposit, and the right one credits the wallet on Paystack's word", async () => {
    const yaa = await caller(0);
    const fake = gateways.hubtel(undefined, { operator: "vodafone" });
    await fake.dial(yaa.phone);
    await fake.send("3");
    expect(await fake.send("35")).toBe("Deposit GHS 35.00 into your wallet.\nFrom Telecel Cash on this phone: you will need a voucher from *110#.\n1. Confirm\n0. Back");
    await fake.send("1");
    const end = await fake.send(PIN);
    const reference = /Reference: (akoko-deposit-\d{6})\./.exec(end)?.[1];
    expect(end).toBe(`Deposit of GHS 35.00 started. Reference: ${reference}. Dial *110# for a Telecel Cash voucher, then dial us again and choose Deposit to enter it.`);
    expect(paystack.transactions.get(reference!)).toMatchObject({ provider: "vod", step: "send_otp" });
    await fake.dial(yaa.phone);
    expect(await fake.send("3")).toBe(`Deposit ${reference} of GHS 35.00 waits for its Telecel Cash voucher (dial *110# for one). Enter it:\n1. A new deposit\n0. Back`);
    expect(await fake.send("000000")).toBe("That code did not work. Check it and try again.\nEnter the Telecel Cash voucher:\n1. A new deposit\n0. Back");
    expect(walletMinor(yaa.id)).toBe(0);
    expect(await fake.send(paystack.otp)).toBe(`Deposit successful\nReference: ${reference}.`);
    await paystack.flushWebhooks();
    expect(walletMinor(yaa.id)).toBe(3500);
  });
});
