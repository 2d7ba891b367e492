/**
 * Issue 17, point 4, through the real server: withdrawals go only to destinations held in the
 * verified person's name (the provider's resolved name beats what was typed), and a new
 * destination receives money only after DESTINATION_COOLING_OFF_HOURS (default 24). Issue 26: adding one
 * asks for the password again (and a code with two factors on), and a typed name is the verified name's
 * own words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, htmlText, type Client } from "./support/client";
import { createInvestor, signIn } from "./support/factories";
import { enrolTwoFactor } from "./support/totp";
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
    const res = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 111 2233", name: "Efua Mensah", password: u.password });
    expect(res).toEqual({
      status: 422,
      body: { detail: "Withdrawals go only to accounts in your own name, as on your verified ID (Kwame Asante Mensah). This account is in the name of Efua Mensah." },
    });
    expect(destinationCount(server, u.id)).toBe(0);
    // Issue 26: a typed name is the verified name's own words, in any order and case (the initials and
    // shortenings networks use are for the name the provider resolves, below).
    const initials = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 111 2233", name: "MENSAH KWAME A.", password: u.password });
    expect(initials.status).toBe(422);
    const ok = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 111 2233", name: "MENSAH asante KWAME", password: u.password });
    expect(ok.status).toBe(201);
  });

  it("a new destination waits 24 hours (shown on the page and in the API), then receives money", async () => {
    const u = await createInvestor(server, { fullName: "Abena Owusu", walletGhs: 500 });
    const saved = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 222 3344", name: "Abena Owusu", password: u.password });
    expect(saved.status).toBe(201);
    // 24 hours on, rounded up to the whole minute the page names.
    const usableFrom = new Date(Math.ceil((Date.parse(saved.body.created_at) + 24 * 3600 * 1000) / 60_000) * 60_000).toISOString();
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
    // Another investor cannot remove it: not found (404), as the API says, and it stays.
    const stranger = await createInvestor(server);
    const removed = await stranger.page.postForm("/portfolio/destinations", { intent: "remove", destination_id: saved.body.id });
    expect(removed.status).toBe(404);
    expect(htmlText(await removed.text())).toContain("Destination not found.");
    expect(destinationCount(server, u.id)).toBe(1);

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

  it("says after saving from when the new destination can receive money, as the list does, in English and Twi", async () => {
    const shownFor = (userId: number) => {
      const { created_at } = server.db().prepare("select created_at from payment_destinations where user_id = ? order by id desc limit 1").get(userId) as { created_at: string };
      const usableFrom = new Date(Math.ceil((Date.parse(created_at) + 24 * 3600 * 1000) / 60_000) * 60_000).toISOString();
      return `${usableFrom.slice(0, 10)} ${usableFrom.slice(11, 16)} UTC`;
    };
    const kofi = await createInvestor(server, { fullName: "Kofi Mensah" });
    const key = /name="idempotency_key" value="([^"]+)"/.exec((await kofi.page.follow("/portfolio/destinations")).html)?.[1];
    const added = await kofi.page.postForm("/portfolio/destinations", {
      intent: "add",
      idempotency_key: key!,
      kind: "mobile_money",
      network: "MTN",
      phone: "024 123 4567",
      name: "Kofi Mensah",
      password: kofi.password,
    });
    expect(added.status).toBe(302);
    const page = await kofi.page.follow(added.headers.get("Location")!);
    expect(page.html).toContain(`Destination saved. It can receive money from ${shownFor(kofi.id)}.`);
    expect(page.html).not.toContain("You can now withdraw to it.");

    const yaa = await createInvestor(server, { fullName: "Yaa Asantewaa" });
    yaa.page.setCookie("lang", "ak");
    const twi = await yaa.page.postForm("/portfolio/destinations", { intent: "add", kind: "mobile_money", network: "MTN", phone: "024 765 4321", name: "Yaa Asantewaa", password: yaa.password });
    expect(twi.status).toBe(302);
    const twiPage = await yaa.page.follow(twi.headers.get("Location")!);
    expect(twiPage.html).toContain(`Yɛakora baabi no. Ɛbɛtumi anya sika efi ${shownFor(yaa.id)}.`);
    expect(twiPage.html).not.toContain("Seesei wobɛtumi ayi sika akɔ hɔ");
  });

  it("checks the name again at withdrawal: a destination saved before the identity was verified, in someone else's name, is refused", async () => {
    const u = await createInvestor(server, { fullName: "Yaw Darko", walletGhs: 300, tier: "REGISTERED" });
    // Issue 26: a Registered account has no verified name to hold a destination to, so it adds none.
    const refused = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 333 4455", name: "Kojo Owusu", password: u.password });
    expect(refused).toEqual({ status: 409, body: { detail: "Verify your identity on the KYC page first: withdrawals go only to accounts in the name on your verified ID." } });
    expect(destinationCount(server, u.id)).toBe(0);
    // One saved while Registered before that rule (written as it was then), then the account is verified as Yaw Darko.
    const saved = {
      body: server
        .db()
        .prepare(
          "insert into payment_destinations (user_id, kind, network, label, account_number, name, recipient_code, created_at) values (?, 'mobile_money', 'MTN', 'MTN MoMo', '+233243334455', 'Kojo Owusu', 'RCP_demo_old', '2020-01-01T00:00:00.000Z') returning id",
        )
        .get(u.id) as { id: number },
    };
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 50, destination_id: saved.body.id })).body.detail).toMatch(/^Registered accounts cannot withdraw yet/);
    server.db().prepare("update users set kyc_tier = 'VERIFIED' where id = ?").run(u.id);
    const refusedAtWithdrawal = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 50, destination_id: saved.body.id });
    expect(refusedAtWithdrawal).toEqual({
      status: 409,
      body: { detail: "Withdrawals go only to accounts in your own name, as on your verified ID (Yaw Darko). This account is in the name of Kojo Owusu." },
    });
    expect(walletMinor(server, u.id)).toBe(300_00);
  });

  it("asks for the password again, and a current code when two factors are on; nothing is saved without them (issue 26)", async () => {
    const u = await createInvestor(server, { fullName: "Alice Tester" });
    const momo = { kind: "mobile_money", network: "MTN", phone: "024 555 0101", name: "Alice Tester" };
    expect(await call(u.api, "POST", "/api/v1/invest/destinations", momo)).toEqual({ status: 422, body: { detail: "Enter your password to confirm it is you." } });
    expect(await call(u.api, "POST", "/api/v1/invest/destinations", { ...momo, password: "not-my-password" })).toEqual({ status: 403, body: { detail: "That is not your current password." } });
    const form = await u.page.follow("/portfolio/destinations");
    expect(form.html).toMatch(/<input[^>]*name="password"[^>]*type="password"|<input[^>]*type="password"[^>]*name="password"/);
    expect(form.html).not.toMatch(/name="code"/);
    const wrong = await u.page.postForm("/portfolio/destinations", { intent: "add", ...momo, password: "not-my-password" });
    expect(wrong.status).toBe(400);
    const shown = htmlText(await wrong.text());
    expect(shown).toContain("That is not your current password.");
    // What was typed comes back, never the password.
    expect(shown).toContain('value="024 555 0101"');
    expect(shown).not.toContain("not-my-password");
    expect(destinationCount(server, u.id)).toBe(0);
    expect((await u.page.postForm("/portfolio/destinations", { intent: "add", ...momo, password: u.password })).status).toBe(302);
    expect(destinationCount(server, u.id)).toBe(1);

    // Two factors on: the password alone is not enough, on the page or the API.
    const { recovery } = await enrolTwoFactor(u.api);
    const bank = { kind: "bank", bank_code: "DEMO01", account_number: "1234567890", name: "Alice Tester", password: u.password };
    expect(await call(u.api, "POST", "/api/v1/invest/destinations", bank)).toEqual({
      status: 422,
      body: { detail: "Enter the code your authenticator app shows now, or one of your recovery codes." },
    });
    expect(await call(u.api, "POST", "/api/v1/invest/destinations", { ...bank, code: "000000" })).toEqual({
      status: 422,
      body: { detail: "That code is not right. Enter the code your authenticator app shows now, or one of your recovery codes." },
    });
    const page = (await signIn(server, u.id)).page;
    expect((await page.follow("/portfolio/destinations")).html).toMatch(/name="code"/);
    const noCode = await page.postForm("/portfolio/destinations", { intent: "add", ...bank });
    expect(noCode.status).toBe(400);
    expect(htmlText(await noCode.text())).toContain("Enter the code your authenticator app shows now, or one of your recovery codes.");
    expect(destinationCount(server, u.id)).toBe(1);
    expect((await call(u.api, "POST", "/api/v1/invest/destinations", { ...bank, code: recovery[0] })).status).toBe(201);
    expect(destinationCount(server, u.id)).toBe(2);
  });

  it("takes only the verified name's own words, in any order and case: extra words are refused (issue 26)", async () => {
    const u = await createInvestor(server, { fullName: "Alice Tester" });
    const add = (name: string) => call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 555 0202", name, password: u.password });
    expect(await add("Alice X Tester Mallory Thief")).toEqual({
      status: 422,
      body: { detail: "Withdrawals go only to accounts in your own name, as on your verified ID (Alice Tester). This account is in the name of Alice X Tester Mallory Thief." },
    });
    expect((await add("Alice")).status).toBe(422);
    const page = await u.page.postForm("/portfolio/destinations", { intent: "add", kind: "mobile_money", network: "MTN", phone: "024 555 0202", name: "Alice Tester Mallory", password: u.password });
    expect(page.status).toBe(400);
    expect(htmlText(await page.text())).toContain("Withdrawals go only to accounts in your own name, as on your verified ID (Alice Tester).");
    expect(destinationCount(server, u.id)).toBe(0);
    const ok = await add("  TESTER   alice ");
    expect(ok.status).toBe(201);
  });

  it("refuses another person's number when the provider names its holder: the demo knows 024 499 9999 as someone else's (issue 26)", async () => {
    const u = await createInvestor(server, { fullName: "Alice Tester" });
    const theirs = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 499 9999", name: "Alice Tester", password: u.password });
    expect(theirs).toEqual({
      status: 422,
      body: { detail: "The bank or network has this account under another name. Withdrawals go only to accounts in your own name, as on your verified ID (Alice Tester)." },
    });
    expect(destinationCount(server, u.id)).toBe(0);
  });
});

describe("saving a destination once (no cooling-off)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const told = (userId: number) => ({
    destinations: destinationCount(server, userId),
    notices: (server.db().prepare("select count(*) n from notifications where user_id = ? and kind = 'DESTINATION_ADDED'").get(userId) as { n: number }).n,
  });

  it("the same request again (its Idempotency-Key) answers the destination it saved: one row, one security notice", async () => {
    const u = await createInvestor(server, { fullName: "Kofi Mensah" });
    const body = { kind: "mobile_money", network: "MTN", phone: "0241234567", name: "Kofi Mensah", password: u.password };
    const first = await call(u.api, "POST", "/api/v1/invest/destinations", body, { "Idempotency-Key": "dest-k-1" });
    expect(first.status).toBe(201);
    expect(await call(u.api, "POST", "/api/v1/invest/destinations", body, { "Idempotency-Key": "dest-k-1" })).toEqual(first);
    expect(told(u.id)).toEqual({ destinations: 1, notices: 1 });
    const other = await call(u.api, "POST", "/api/v1/invest/destinations", { ...body, phone: "0241234568" }, { "Idempotency-Key": "dest-k-1" });
    expect(other).toEqual({ status: 422, body: { detail: "This idempotency key was already used for a different request." } });
    expect(told(u.id)).toEqual({ destinations: 1, notices: 1 });
  });

  it("the page's add form carries a key: sent twice (JavaScript off) it saves one destination and tells once", async () => {
    const u = await createInvestor(server, { fullName: "Kofi Mensah" });
    const key = /name="intent" value="add"\/><input type="hidden" name="idempotency_key" value="([^"]+)"/.exec((await u.page.follow("/portfolio/destinations")).html)?.[1];
    expect(key).toBeTruthy();
    const form = { intent: "add", idempotency_key: key!, kind: "mobile_money", network: "TELECEL", phone: "050 123 4321", name: "Kofi Mensah", password: u.password };
    for (let i = 0; i < 2; i++) {
      const res = await u.page.postForm("/portfolio/destinations", form);
      expect({ status: res.status, location: res.headers.get("Location") }).toEqual({ status: 302, location: "/portfolio/destinations" });
    }
    expect(told(u.id)).toEqual({ destinations: 1, notices: 1 });
    // With no cooling-off the destination receives money at once, and the message says so.
    expect((await u.page.follow("/portfolio/destinations")).html).toContain("Destination saved. You can now withdraw to it.");
  });

  it("removing one twice with its key (the page's form sent again, a retried DELETE) answers as the first time, not 404", async () => {
    const u = await createInvestor(server, { fullName: "Kofi Mensah" });
    const body = { kind: "mobile_money", network: "MTN", phone: "0241112222", name: "Kofi Mensah", password: u.password };
    const viaPage = (await call(u.api, "POST", "/api/v1/invest/destinations", body)).body.id as number;
    const viaApi = (await call(u.api, "POST", "/api/v1/invest/destinations", { ...body, phone: "0241113333" })).body.id as number;
    const html = (await u.page.follow("/portfolio/destinations")).html;
    const key = new RegExp(`name="destination_id" value="${viaPage}"/><input type="hidden" name="idempotency_key" value="([^"]+)"`).exec(html)?.[1];
    expect(key).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      const res = await u.page.postForm("/portfolio/destinations", { intent: "remove", destination_id: String(viaPage), idempotency_key: key! });
      expect({ status: res.status, location: res.headers.get("Location") }).toEqual({ status: 302, location: "/portfolio/destinations" });
      expect((await u.page.follow("/portfolio/destinations")).html).toContain("Destination removed.");
    }
    for (let i = 0; i < 2; i++) expect((await call(u.api, "DELETE", `/api/v1/invest/destinations/${viaApi}`, undefined, { "Idempotency-Key": "remove-k-1" })).status).toBe(204);
    const left = server.db().prepare("select count(*) n from payment_destinations where user_id = ? and removed_at is null").get(u.id) as { n: number };
    expect(left.n).toBe(0);
    // Without a key, or with another, a removed destination is not found.
    expect((await call(u.api, "DELETE", `/api/v1/invest/destinations/${viaApi}`)).status).toBe(404);
    expect((await call(u.api, "DELETE", `/api/v1/invest/destinations/${viaApi}`, undefined, { "Idempotency-Key": "remove-k-2" })).status).toBe(404);
  });

  it("refuses a destination the investor has already saved (the same network and number, or bank and account), in English and Twi; a removed one may be saved again", async () => {
    const u = await createInvestor(server, { fullName: "Kofi Mensah" });
    const momo = { kind: "mobile_money", network: "MTN", phone: "024 123 4567", name: "Kofi Mensah", password: u.password };
    const saved = await call(u.api, "POST", "/api/v1/invest/destinations", momo);
    expect(saved.status).toBe(201);
    // The same number however it is spelled, with another key or none.
    expect(await call(u.api, "POST", "/api/v1/invest/destinations", { ...momo, phone: "+233 24 123 4567" }, { "Idempotency-Key": "dest-again" })).toEqual({
      status: 409,
      body: { detail: "You have already saved MTN MoMo ending 567." },
    });
    expect(await call(u.api, "POST", "/api/v1/invest/destinations", momo, { "Accept-Language": "ak" })).toEqual({ status: 409, body: { detail: "Woakora MTN MoMo a ne to yɛ 567 dedaw." } });
    const page = await u.page.postForm("/portfolio/destinations", { intent: "add", ...momo });
    expect(page.status).toBe(400);
    expect(htmlText(await page.text())).toContain("You have already saved MTN MoMo ending 567.");
    const bank = { kind: "bank", bank_code: "DEMO01", account_number: "1234567890", name: "Kofi Mensah", password: u.password };
    expect((await call(u.api, "POST", "/api/v1/invest/destinations", bank)).status).toBe(201);
    expect((await call(u.api, "POST", "/api/v1/invest/destinations", { ...bank, account_number: "1234 567 890" })).status).toBe(409);
    expect(told(u.id)).toEqual({ destinations: 2, notices: 2 });
    // Removed, it may be saved again (a new row, with its own cooling-off).
    expect((await call(u.api, "DELETE", `/api/v1/invest/destinations/${saved.body.id}`)).status).toBeLessThan(300);
    expect((await call(u.api, "POST", "/api/v1/invest/destinations", momo)).status).toBe(201);
    expect(told(u.id)).toEqual({ destinations: 3, notices: 3 });
  });
});

describe("the provider's resolved account name (Paystack)", () => {
  let fake: FakePaystack;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakePaystack();
    // The default 24 hours of cooling-off (the test servers' 0 undone): the withdraw dialog's choice below.
    server = await startServer({
      PAYMENTS_PROVIDER: "paystack",
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_BASE_URL: fake.url,
      PAYMENTS_SWEEP_SECONDS: "0",
      DESTINATION_COOLING_OFF_HOURS: undefined,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it("stores the bank's name for the account, and refuses an account the bank says is someone else's", async () => {
    const u = await createInvestor(server, { fullName: "Akosua Asante" });
    fake.accountNames.set("1234567890123", "AKOSUA B. ASANTE");
    const mine = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "bank", bank_code: "040100", account_number: "1234567890123", name: "Akosua Asante", password: u.password });
    expect(mine.status).toBe(201);
    expect(mine.body.name).toBe("AKOSUA B. ASANTE");

    fake.accountNames.set("9876543210", "KWAME BOATENG");
    const theirs = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "bank", bank_code: "040100", account_number: "9876543210", name: "Akosua Asante", password: u.password });
    // Refused without saying whose it is: the form is no way to look up who owns a number.
    expect(theirs).toEqual({
      status: 422,
      body: { detail: "The bank or network has this account under another name. Withdrawals go only to accounts in your own name, as on your verified ID (Akosua Asante)." },
    });
    expect((await call(u.api, "GET", "/api/v1/invest/destinations")).body.map((d: { name: string }) => d.name)).toEqual(["AKOSUA B. ASANTE"]);
  });

  it("refuses a mobile money number the network says is someone else's, even when the typed name is right (issue 26)", async () => {
    const u = await createInvestor(server, { fullName: "Alice Tester" });
    fake.accountNames.set("0244445566", "MALLORY THIEF");
    const theirs = await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "024 444 5566", name: "Alice Tester", password: u.password });
    expect(theirs).toEqual({
      status: 422,
      body: { detail: "The bank or network has this account under another name. Withdrawals go only to accounts in your own name, as on your verified ID (Alice Tester)." },
    });
    expect((await call(u.api, "GET", "/api/v1/invest/destinations")).body).toEqual([]);
  });

  it("the withdraw dialog pre-selects a destination that can receive money now, never one still cooling off, and says when that one opens", async () => {
    /** The "Send to" choices as served (what a browser shows without JavaScript, and hydrates with it). */
    const sendTo = async (client: Client, init: RequestInit = {}) => {
      const html = (await client.follow("/portfolio?dialog=withdraw", init)).html;
      const select = /<select[^>]*name="destination_id"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1];
      return [...select.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map(([, attrs, label]) => ({ value: /value="([^"]*)"/.exec(attrs)![1], selected: /\bselected\b/.test(attrs), label }));
    };
    const u = await createInvestor(server, { fullName: "Kofi Boateng", walletGhs: 100 });
    const add = async (phone: string) =>
      (await call(u.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone, name: "Kofi Boateng", password: u.password })).body as {
        id: number;
        usable_from: string;
      };
    // Only a new one: nothing chosen for the investor, the new one named with when it can receive money.
    const first = await add("024 666 7781");
    const shown = `${first.usable_from.slice(0, 10)} ${first.usable_from.slice(11, 16)} UTC`;
    let options = await sendTo(u.page);
    expect(options.filter((o) => o.selected).map((o) => o.value)).toEqual([""]);
    expect(options.find((o) => o.value === String(first.id))!.label).toBe(`MTN MoMo ···781 (Kofi Boateng) · can receive money from ${shown}`);
    // The first one past its cooling-off hours, and a newer one saved since: the usable one is chosen, though listed last.
    server.db().prepare("update payment_destinations set created_at = '2020-01-01T00:00:00.000Z' where id = ?").run(first.id);
    const second = await add("024 666 7782");
    options = await sendTo(u.page);
    expect(options.map((o) => o.value)).toEqual([String(second.id), String(first.id)]);
    expect(options.filter((o) => o.selected).map((o) => o.value)).toEqual([String(first.id)]);
    expect(options[0].label).toContain("MTN MoMo ···782 (Kofi Boateng) · can receive money from");
    expect(options[1].label).toBe("MTN MoMo ···781 (Kofi Boateng)");
    // In Twi the same choice, the new one marked in Twi.
    const twi = await sendTo(u.page, { headers: { "Accept-Language": "ak" } });
    expect(twi.filter((o) => o.selected).map((o) => o.value)).toEqual([String(first.id)]);
    expect(twi[0].label).toContain("MTN MoMo ···782 (Kofi Boateng) · ɛbɛtumi anya sika efi");
  });
});
