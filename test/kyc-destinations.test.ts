/**
 * Issue 17, point 4, through the real server: withdrawals go only to destinations held in the
 * verified person's name (the provider's resolved name beats what was typed), and a new
 * destination receives money only after DESTINATION_COOLING_OFF_HOURS (default 24).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./support/client";
import { createInvestor, signIn } from "./support/factories";
import { startFakePaystack, type FakePaystack } from "./support/fake-paystack";
import { startServer, type TestServer } from "./support/server";

const walletMinor = (s: TestServer, userId: number) => (s.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { b: number }).b;
const destinationCount = (s: TestServer, userId: number) => (s.db().prepare("select count(*) n from payment_destinations where user_id = ?").get(userId) as { n: number }).n;

describe("the cooling-off period and the holder's name (demo provider, default 24 hours)", () => {
  let server: TestServer;
  beforeAll(async () => {
    // The default wait: undo the test servers' 0.
    server = await startServer({ DESTINATION_COOLING_OFF_HOURS: undefined });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses a destination in another person's name at once, and stores nothing", async () => {
    const u = await createInvestor(server, { fullName: "Kwame Asante Mensah" });
    const res = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 111 2233", name: "Efua Mensah" });
    expect(res).toEqual({ status: 422, body: { detail: "Withdrawals go only to accounts in your own name, as on your verified ID (Kwame Asante Mensah). This account is in the name of Efua Mensah." } });
    expect(destinationCount(server, u.id)).toBe(0);
    // Initials and order as networks write them are the same person.
    const ok = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 111 2233", name: "MENSAH KWAME A." });
    expect(ok.status).toBe(201);
  });

  it("a new destination waits 24 hours (shown on the page and in the API), then receives money", async () => {
    const u = await createInvestor(server, { fullName: "Abena Owusu", walletGhs: 500 });
    const saved = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 222 3344", name: "Abena Owusu" });
    expect(saved.status).toBe(201);
    const usableFrom = new Date(Date.parse(saved.body.created_at) + 24 * 3600 * 1000).toISOString();
    expect(saved.body.usable_from).toBe(usableFrom);
    const shown = `${usableFrom.slice(0, 10)} ${usableFrom.slice(11, 16)} UTC`;

    const before = walletMinor(server, u.id);
    const refused = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 100, destination_id: saved.body.id });
    expect(refused).toEqual({ status: 409, body: { detail: `New destinations can receive money 24 hours after they are added, to protect your account. This one can from ${shown}.` } });
    expect(walletMinor(server, u.id)).toBe(before);
    // 'Insufficient balance' still comes first.
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 501, destination_id: saved.body.id })).body).toEqual({ detail: "Insufficient balance" });

    const page = await u.page.follow("/portfolio/destinations");
    expect(page.html).toContain("A new one can receive money 24 hours after you add it");
    expect(page.html).toContain(`can receive money from ${shown}`);

    // A day and a bit later (the same database under a later clock), it receives money.
    const dbFile = server.dbFile;
    await server.stop();
    server = await startServer({ DESTINATION_COOLING_OFF_HOURS: undefined }, { dbFile, clockOffsetDays: 1.1 });
    const again = await signIn(server, u.id);
    const paid = await call(again.api, "POST", "/api/v1/invest/withdraw", { amount: 100, destination_id: saved.body.id });
    expect(paid.status).toBeLessThan(300);
    expect(walletMinor(server, u.id)).toBe(400_00);
    expect((await again.page.follow("/portfolio/destinations")).html).not.toContain("can receive money from");
  });

  it("checks the name again at withdrawal: a destination saved before the identity was verified, in someone else's name, is refused", async () => {
    const u = await createInvestor(server, { fullName: "Yaw Darko", walletGhs: 300, tier: "REGISTERED" });
    // Saved while Registered (no verified name yet), then the account is verified as Yaw Darko.
    const saved = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 333 4455", name: "Kojo Owusu" });
    expect(saved.status).toBe(201);
    server.db().prepare("update payment_destinations set created_at = '2020-01-01T00:00:00.000Z' where id = ?").run(saved.body.id);
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 50, destination_id: saved.body.id })).body.detail).toMatch(/^Registered accounts cannot withdraw yet/);
    server.db().prepare("update users set kyc_tier = 'VERIFIED' where id = ?").run(u.id);
    const refused = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 50, destination_id: saved.body.id });
    expect(refused).toEqual({ status: 409, body: { detail: "Withdrawals go only to accounts in your own name, as on your verified ID (Yaw Darko). This account is in the name of Kojo Owusu." } });
    expect(walletMinor(server, u.id)).toBe(300_00);
  });
});

describe("the provider's resolved account name (Paystack)", () => {
  let fake: FakePaystack;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakePaystack();
    server = await startServer({ PAYMENTS_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url, PAYMENTS_SWEEP_SECONDS: "0" });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it("stores the bank's name for the account, and refuses an account the bank says is someone else's", async () => {
    const u = await createInvestor(server, { fullName: "Akosua Asante" });
    fake.accountNames.set("1234567890123", "AKOSUA B. ASANTE");
    const mine = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "bank", bank_code: "040100", account_number: "1234567890123", name: "Akosua Asante" });
    expect(mine.status).toBe(201);
    expect(mine.body.name).toBe("AKOSUA B. ASANTE");

    fake.accountNames.set("9876543210", "KWAME BOATENG");
    const theirs = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "bank", bank_code: "040100", account_number: "9876543210", name: "Akosua Asante" });
    // Refused without saying whose it is: the form is no way to look up who owns a number.
    expect(theirs).toEqual({ status: 422, body: { detail: "The bank or network has this account under another name. Withdrawals go only to accounts in your own name, as on your verified ID (Akosua Asante)." } });
    expect((await call(u.api, "GET", "/api/v1/invest/destinations")).body.map((d: { name: string }) => d.name)).toEqual(["AKOSUA B. ASANTE"]);
  });
});
