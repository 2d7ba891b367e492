// Issue 31: the USSD door. Both gateways' fakes (test/support/fake-ussd-*.ts) drive whole sessions
// over HTTP against the built server as the real gateways do, and check every screen they receive
// (GSM-7, at most 182 characters). The clock of a session is moved through its database row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Client } from "./support/client";
import { createBatch, createFarm, createInvestor, signInAdmin, type Investor } from "./support/factories";
import type { FakeUssdGateway } from "./support/fake-ussd";
import { FakeAfricasTalking } from "./support/fake-ussd-africastalking";
import { FakeHubtelUssd } from "./support/fake-ussd-hubtel";
import { startServer, type TestServer } from "./support/server";

const SECRET = "ussd-test-secret-0123456789";
/** A caller elsewhere: the server believes one proxy (TRUST_PROXY=1), so X-Forwarded-For names the client. */
const ELSEWHERE = { "X-Forwarded-For": "203.0.113.9" };

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({
    USSD_CALLBACK_SECRET: SECRET,
    USSD_ALLOWED_IPS: "127.0.0.1, 10.20.0.0/16",
    TRUST_PROXY: "1",
    WITHHOLDING_TAX_RATE: "0.08",
    REQUEST_LOG: "on",
    LOG_LEVEL: "info",
  });
  admin = (await signInAdmin(server)).api;
});
afterAll(async () => {
  for (const line of server?.logs().split("\n") ?? []) if (line.includes("USSD screen failed")) console.log(line.slice(0, 2000));
  await server?.stop();
});

const GATEWAYS = {
  africastalking: (headers?: Record<string, string>) => new FakeAfricasTalking(`${server.url}/ussd/africastalking/${SECRET}`, { headers }),
  hubtel: (headers?: Record<string, string>) => new FakeHubtelUssd(`${server.url}/ussd/hubtel/${SECRET}`, { headers }),
} as const;
type GatewayName = keyof typeof GATEWAYS;

let phones = 0;
/** A Ghana mobile number no other test uses. */
function newPhone(): string {
  phones += 1;
  return `+23324${String(process.pid % 1000).padStart(3, "0")}${String(phones).padStart(4, "0")}`;
}

/** An investor whose phone is confirmed (as after the SMS code), in `locale`. */
async function caller(walletGhs: number, locale: "en" | "ak" | null = null): Promise<Investor & { phone: string }> {
  const investor = await createInvestor(server, { walletGhs });
  const phone = newPhone();
  server.db().prepare("update users set phone = ?, phone_verified_at = ?, locale = ? where id = ?").run(phone, new Date().toISOString(), locale, investor.id);
  return { ...investor, phone };
}

async function invest(api: Client, batchId: number, units: number) {
  const res = await call(api, "POST", "/api/v1/invest/create", { batch_id: batchId, units });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function activate(batchId: number) {
  const res = await call(admin, "POST", `/api/v1/admin/batches/${batchId}/activate`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The screen's menu key for the line holding `text`, or null. */
const keyFor = (screen: string, text: string) => /^(\d)\. /.exec(screen.split("\n").find((line) => line.includes(text)) ?? "")?.[1] ?? null;

/** From the main menu: Invest, then "More" until the batch of `farm` shows; chooses it. */
async function chooseBatch(fake: FakeUssdGateway, farm: string): Promise<string> {
  let screen = await fake.send("2");
  for (let pages = 0; pages < 50; pages++) {
    const key = keyFor(screen, farm);
    if (key) return fake.send(key);
    expect(screen).toMatch(/^9\. /m);
    screen = await fake.send("9");
  }
  throw new Error(`No batch of ${farm} in the list`);
}

/** The newest session row of a phone. */
const sessionOf = (phone: string) =>
  server.db().prepare("select id, state, language, ended_at endedAt, updated_at updatedAt from ussd_sessions where phone = ? order by id desc limit 1").get(phone) as {
    id: number;
    state: string;
    language: string;
    endedAt: string | null;
    updatedAt: string;
  };

describe.each(Object.keys(GATEWAYS) as GatewayName[])("the USSD menus through %s", (name) => {
  const gateway = () => GATEWAYS[name]();

  it("tells a number no account holds where to register, and ends", async () => {
    const fake = gateway();
    const screen = await fake.dial(newPhone());
    expect(fake.ended).toBe(true);
    expect(screen).toBe("This number has no confirmed Akoko account. Create one at akoko.test, then confirm this phone on your account page.");
    // An account with this phone, not confirmed, is still unknown here.
    const unconfirmed = await createInvestor(server);
    const phone = newPhone();
    server.db().prepare("update users set phone = ? where id = ?").run(phone, unconfirmed.id);
    await fake.dial(phone);
    expect(fake.screen).toContain("no confirmed Akoko account");
  });

  it("shows the balance: wallet, what is invested and income received after tax", async () => {
    const kofi = await caller(5000);
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 100, expectedRoi: 0.01 });
    await invest(kofi.api, batch.id, 12);
    const fake = gateway();
    const main = await fake.dial(kofi.phone);
    expect(main).toBe("1. Balance\n2. Invest\n3. Deposit\n4. My investments\n5. Withdraw\n6. Language\n7. Change PIN");
    expect(await fake.send("1")).toBe("Wallet: GHS 3,800.00\nInvested: GHS 1,200.00\nIncome received: GHS 0.00 after tax\n0. Back");
    expect(await fake.send("7")).toBe("Choose one of the numbers shown.\nWallet: GHS 3,800.00\nInvested: GHS 1,200.00\nIncome received: GHS 0.00 after tax\n0. Back");
    expect(await fake.send("0")).toBe(main);
    expect(fake.ended).toBe(false);
  });

  it("lists each holding with its next payout after tax and its date, a page at a time", async () => {
    const ama = await caller(20_000);
    const farm = createFarm(server, { name: `Holdings Farm ${name}` });
    const batches = [0.01, 0.02, 0.015, 0.01, 0.0125].map((expectedRoi) => createBatch(server, { farmId: farm.id, productType: "EGG", unitPrice: 100, targetUnits: 100, expectedRoi }));
    for (const b of batches) await invest(ama.api, b.id, 10);
    for (const b of batches.slice(0, 4)) await activate(b.id);
    const chicken = createBatch(server, { farmId: farm.id, productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.12 });
    await invest(ama.api, chicken.id, 4);
    await activate(chicken.id);
    const fake = gateway();
    await fake.dial(ama.phone);
    const first = await fake.send("4");
    expect(first.split("\n")[0]).toBe("Next payouts, after tax:");
    // 10 units at GHS 100 and 1%: GHS 10.00 a month, GHS 0.80 withheld.
    expect(first).toMatch(new RegExp(`Batch ${batches[0].id} Egg, 10 units: GHS 9\\.20 on \\d{4}-\\d{2}-\\d{2}`));
    expect(first).toContain("9. More");
    const seen = [first];
    while (fake.screen.includes("9. More")) seen.push(await fake.send("9"));
    const all = seen.join("\n");
    expect(all).toContain(`Batch ${batches[1].id} Egg, 10 units: GHS 18.40 on `);
    expect(all).toContain(`Batch ${batches[2].id} Egg, 10 units: GHS 13.80 on `);
    // A harvest pays the cost back too (GHS 200.00, and 12%: GHS 24.00, less GHS 1.92 tax).
    expect(all).toContain(`Batch ${chicken.id} Chicken, 4 units: GHS 222.08 on `);
    expect(all).toContain(`Batch ${batches[4].id} Egg, 10 units: starts when the batch is active`);
    expect(seen.length).toBeGreaterThan(1);
    expect(await fake.send("0")).toContain("1. Balance");
  });

  it("switches the language to Twi (kept on the account), then shows every screen in Twi", async () => {
    const yaw = await caller(300);
    const fake = gateway();
    await fake.dial(yaw.phone);
    expect(await fake.send("6")).toBe("Choose your language:\n1. English\n2. Twi\n0. Back");
    const main = await fake.send("2");
    expect(main).toBe("Kasa: Twi.\n1. Sika a aka\n2. Fa sika hye mu\n3. Fa sika to mu\n4. Sika a mede ahye mu\n5. Yi sika\n6. Kasa\n7. Sesa PIN");
    expect(server.db().prepare("select locale from users where id = ?").get(yaw.id)).toEqual({ locale: "ak" });
    expect(await fake.send("1")).toBe("Sika kotoku: GHS 300.00\nSika a wode ahye mu: GHS 0.00\nMfasoo a woanya: GHS 0.00, woatwa towa akyi\n0. San ko");
    expect(sessionOf(yaw.phone).language).toBe("ak");
    // A new session starts in the account's language.
    await fake.dial(yaw.phone);
    expect(fake.screen).toBe("1. Sika a aka\n2. Fa sika hye mu\n3. Fa sika to mu\n4. Sika a mede ahye mu\n5. Yi sika\n6. Kasa\n7. Sesa PIN");
    await fake.send("6");
    expect(await fake.send("1")).toContain("Language: English.");
    expect(server.db().prepare("select locale from users where id = ?").get(yaw.id)).toEqual({ locale: "en" });
  });

  it("invests up to the confirmation: the rules' own messages, then the cost and the income after tax", async () => {
    const efua = await caller(1000);
    const farmName = `Confirm Farm ${name}`;
    const batch = createBatch(server, { farmId: createFarm(server, { name: farmName }).id, productType: "EGG", unitPrice: 100, targetUnits: 20, expectedRoi: 0.01 });
    const fake = gateway();
    await fake.dial(efua.phone);
    const units = await chooseBatch(fake, farmName);
    expect(units).toBe(`Batch ${batch.id}, Egg, ${farmName}\nGHS 100.00 a unit, 20 left\nWallet: GHS 1,000.00\nEnter the units to buy:\n0. Back`);
    expect(await fake.send("abc")).toMatch(/^Enter a positive units amount\.\n/);
    expect(await fake.send("2.5")).toMatch(/^Units must be a whole number\.\n/);
    expect(await fake.send("21")).toMatch(/^Not enough units available\.\n/);
    expect(await fake.send("11")).toMatch(/^Insufficient wallet balance - deposit or reduce units\.\n/);
    expect(fake.screen).toContain("Enter the units to buy:");
    const confirm = await fake.send("3");
    // 3 units at GHS 100 and 1% a month: GHS 3.00, GHS 0.24 withheld.
    expect(confirm).toBe(`Buy 3 units of batch ${batch.id} for GHS 300.00.\nExpected income: GHS 2.76 a month after tax.\n1. Confirm\n0. Back`);
    expect(await fake.send("0")).toBe(units);
    await fake.send("3");
    // The PIN confirmation comes with the PIN work: until then the web.
    expect(await fake.send("1")).toBe("This is not on USSD yet. Please use akoko.test.\n0. Back");
    // Nothing was bought.
    expect(server.db().prepare("select count(*) n from investments where user_id = ?").get(efua.id)).toEqual({ n: 0 });
    expect(server.db().prepare("select units_placed from batches where id = ?").get(batch.id)).toEqual({ units_placed: 0 });
  });

  it("asks a deposit's amount and checks it as the deposit form does", async () => {
    const kwame = await caller(0);
    const fake = gateway();
    await fake.dial(kwame.phone);
    expect(await fake.send("3")).toBe("Enter the amount to deposit, in GHS:\n0. Back");
    expect(await fake.send("abc")).toMatch(/^Enter the amount as a number, e\.g\. 50 or 50\.25\.\n/);
    expect(await fake.send("10.005")).toMatch(/^Use at most 2 decimals for the amount\.\n/);
    expect(await fake.send("20000")).toMatch(/^Verified accounts can deposit up to GHS 15,000\.00 a day \(GHS 15,000\.00 left today\)\./);
    expect(await fake.send("50")).toBe("Deposit GHS 50.00 into your wallet.\n1. Confirm\n0. Back");
    expect(await fake.send("1")).toContain("This is not on USSD yet.");
    expect(server.db().prepare("select count(*) n from deposits where user_id = ?").get(kwame.id)).toEqual({ n: 0 });
  });

  it("gives a repeated request the same screen, and runs it once (also when both copies arrive at once)", async () => {
    const abena = await caller(100);
    const fake = gateway();
    await fake.dial(abena.phone);
    const list = await fake.send("2");
    expect(await fake.repeat()).toBe(list);
    // The list's second page, asked twice at once: one page further, not two.
    if (list.includes("9. More")) {
      const before = JSON.parse(sessionOf(abena.phone).state);
      const [a, b] = await Promise.all([fake.send("9"), fake.post()]);
      expect(b.screen).toBe(a);
      expect(JSON.parse(sessionOf(abena.phone).state).start).toBe(before.start + before.ids.length);
    }
    // Choosing the language twice at once: chosen once, one screen.
    await fake.send("0");
    await fake.send("6");
    const [one, two] = await Promise.all([fake.send("2"), fake.post()]);
    expect(two.screen).toBe(one);
    expect(one).toMatch(/^Kasa: Twi\./);
    expect(await fake.repeat()).toBe(one);
  });

  it("ends a session after 180 s without input with a screen saying so, and starts nothing", async () => {
    const kojo = await caller(100);
    const fake = gateway();
    await fake.dial(kojo.phone);
    await fake.send("6");
    const row = sessionOf(kojo.phone);
    // The clock moved through the row: the last input 181 seconds ago.
    server
      .db()
      .prepare("update ussd_sessions set updated_at = ? where id = ?")
      .run(new Date(Date.now() - 181_000).toISOString(), row.id);
    expect(await fake.send("2")).toBe("Your session timed out. Please dial again.");
    expect(fake.ended).toBe(true);
    expect(server.db().prepare("select locale from users where id = ?").get(kojo.id)).toEqual({ locale: null });
    expect(JSON.parse(sessionOf(kojo.phone).state)).toEqual({ at: "language" });
    // The gateway asking again gets the same closing screen.
    expect(await fake.repeat()).toBe("Your session timed out. Please dial again.");
    // Two and a half minutes is still in time.
    await fake.dial(kojo.phone);
    await fake.send("6");
    server
      .db()
      .prepare("update ussd_sessions set updated_at = ? where id = ?")
      .run(new Date(Date.now() - 150_000).toISOString(), sessionOf(kojo.phone).id);
    expect(await fake.send("1")).toContain("Language: English.");
  });
});

describe("Hubtel's own events", () => {
  it("answers a Release and a Timeout with a closing screen, and the session stays ended", async () => {
    const esi = await caller(10);
    const fake = GATEWAYS.hubtel();
    await fake.dial(esi.phone);
    expect(fake.last?.ClientState).toBe("main");
    await fake.send("1");
    expect(fake.last?.ClientState).toBe("balance");
    expect(await fake.release()).toBe("Thank you for using Akoko.");
    expect(fake.ended).toBe(true);
    expect(sessionOf(esi.phone).endedAt).not.toBeNull();
    await fake.dial(esi.phone);
    expect(await fake.timeout()).toBe("Your session timed out. Please dial again.");
    expect(fake.last).toMatchObject({ Type: "release", DataType: "display" });
  });

  it("asks for units with a number keyboard and an amount with a decimal one", async () => {
    const fake = GATEWAYS.hubtel();
    await fake.dial((await caller(10)).phone);
    expect(fake.last?.FieldType).toBe("text");
    await fake.send("3");
    expect(fake.last).toMatchObject({ Type: "response", DataType: "input", FieldType: "decimal", ClientState: "depositAmount" });
  });
});

describe("the door", () => {
  const post = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: "sessionId=x1&phoneNumber=%2B233241234567&text=" });

  it("answers 404 to a wrong or missing secret, in constant time, and 405 to anything but POST", async () => {
    for (const path of [`/ussd/africastalking/${SECRET}x`, `/ussd/hubtel/${SECRET.slice(0, -1)}`, "/ussd/hubtel/x", `/ussd/africastalking/${SECRET.toUpperCase()}`]) {
      const res = await post(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ detail: "Not found." });
    }
    expect((await post(`/ussd/africastalking/${SECRET}`)).status).toBe(200);
    const get = await fetch(`${server.url}/ussd/hubtel/${SECRET}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await fetch(`${server.url}/ussd/hubtel/wrong-secret-0123456789`)).status).toBe(404);
    // What each gateway meets with a wrong secret registered.
    await expect(new FakeAfricasTalking(`${server.url}/ussd/africastalking/${SECRET}-old`).dial(newPhone())).rejects.toThrow(/Africa's Talking got 404/);
    await expect(new FakeHubtelUssd(`${server.url}/ussd/hubtel/${SECRET}-old`).dial(newPhone())).rejects.toThrow(/Hubtel got 404/);
  });

  it("refuses a caller outside USSD_ALLOWED_IPS with 403 (404 without the secret), and names the address in the log", async () => {
    const res = await post(`/ussd/africastalking/${SECRET}`, ELSEWHERE);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "Requests from this address are not accepted here." });
    expect((await post(`/ussd/africastalking/${SECRET}x`, ELSEWHERE)).status).toBe(404);
    await expect(GATEWAYS.hubtel(ELSEWHERE).dial(newPhone())).rejects.toThrow(/Hubtel got 403/);
    await expect(GATEWAYS.africastalking(ELSEWHERE).dial(newPhone())).rejects.toThrow(/Africa's Talking got 403/);
    // A range of the list lets its callers in.
    expect((await post(`/ussd/africastalking/${SECRET}`, { "X-Forwarded-For": "10.20.3.4" })).status).toBe(200);
    expect(server.logs()).toMatch(/"client_ip":"203\.0\.113\.9".*USSD callback refused/);
  });

  it("answers a malformed gateway request with a 400 and its detail", async () => {
    const at = await post(`/ussd/africastalking/${SECRET}`.replace("africastalking", "hubtel"));
    expect(at.status).toBe(415);
    const hubtel = await fetch(`${server.url}/ussd/hubtel/${SECRET}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Type: "Dance", SessionId: "s", Mobile: "233241234567", Sequence: 1 }),
    });
    expect(hubtel.status).toBe(400);
    expect(await hubtel.json()).toEqual({ detail: "Missing or invalid field: Type." });
    const noSession = await fetch(`${server.url}/ussd/africastalking/${SECRET}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "phoneNumber=%2B233241234567",
    });
    expect(noSession.status).toBe(400);
  });

  it("never writes the secret to the log (the request lines say [token])", async () => {
    expect((await post(`/ussd/africastalking/${SECRET}`)).status).toBe(200);
    await GATEWAYS.hubtel().dial(newPhone());
    // A path no route takes, under the secret: the error log names the path too.
    await post(`/ussd/hubtel/${SECRET}/more`);
    const logs = server.logs();
    expect(logs).toContain('"path":"/ussd/hubtel/[token]"');
    expect(logs).toContain('"path":"/ussd/africastalking/[token]"');
    // The error log's line for the unmatched path.
    expect(logs).toMatch(/"path":"\/ussd\/hubtel\/\[token\]\/more".*"msg":"request failed"/);
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toContain(SECRET.slice(0, -1));
  });

  it("answers 404 on both paths when USSD_CALLBACK_SECRET is not set", async () => {
    const bare = await startServer({});
    try {
      for (const path of ["/ussd/africastalking/", "/ussd/hubtel/"]) {
        const res = await fetch(`${bare.url}${path}${SECRET}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
        expect(res.status, path).toBe(404);
      }
    } finally {
      await bare.stop();
    }
  });
});

/**
 * Every screen the menus have, in English and in Twi, through both gateways, with the longest data
 * they can meet (farm names of 120 characters with Twi letters, seven-figure amounts): the fakes
 * refuse any screen over 182 GSM-7 characters. Hubtel's ClientState names each screen, so the
 * walk checks it met them all.
 */
describe("every screen, in English and Twi", () => {
  const EVERY_SCREEN = [
    "main",
    "newcomer",
    "sharedNumber",
    "balance",
    "holdings",
    "language",
    "investList",
    "investUnits",
    "investConfirm",
    "depositAmount",
    "depositConfirm",
    "notYet",
    "timedOut",
    "goodbye",
  ];
  let walks = 0;
  /** A farm name of 120 characters with Twi letters, its first ones unique to this walk and batch. */
  const longName = (n: number) => `W${walks}${n} ${"Ɔbuasi Ɛkyɛm Nkokɔ Afuo ".repeat(6)}`.slice(0, 120);
  async function walk(fake: FakeUssdGateway, locale: "en" | "ak") {
    walks += 1;
    const big = [
      createBatch(server, { farmId: createFarm(server, { name: longName(1) }).id, productType: "EGG", unitPrice: 99_999.99, targetUnits: 1_000_000, expectedRoi: 0.0125 }),
      createBatch(server, { farmId: createFarm(server, { name: longName(2) }).id, productType: "CHICKEN", unitPrice: 99_999.99, targetUnits: 1_000_000, expectedRoi: 0.125 }),
      createBatch(server, { farmId: createFarm(server, { name: longName(3) }).id, productType: "EGG", unitPrice: 0.01, targetUnits: 1_000_000, expectedRoi: 0.0133 }),
    ];
    const investor = await caller(9_000_000, locale);
    for (const b of big) await invest(investor.api, b.id, 40);
    await activate(big[0].id);
    const choice = locale === "ak" ? "2" : "1";
    // The main menu and a wrong key; the balance; the holdings, every page; the language.
    await fake.dial(investor.phone);
    await fake.send("8");
    await fake.send("1");
    await fake.send("5");
    await fake.send("0");
    await fake.send("4");
    while (/^9\. /m.test(fake.screen)) await fake.send("9");
    await fake.send("7");
    await fake.send("0");
    await fake.send("6");
    await fake.send("4");
    await fake.send(choice);
    // Every page of open batches, then a long-named one: its units, the rules' refusals, the confirmation.
    await fake.send("2");
    await fake.send("7");
    while (/^9\. /m.test(fake.screen)) await fake.send("9");
    await fake.send("0");
    // The broiler batch (the egg one is laying, with no units on offer: not for sale).
    expect(await chooseBatch(fake, `W${walks}2`)).toContain(String(big[1].id));
    for (const input of ["", "abc", "2.5", "-3", "99999999999", "1000001", "999999"]) await fake.send(input);
    await fake.send("90");
    await fake.send("x");
    await fake.send("1");
    await fake.send("0");
    // The batch sells out, then closes, while the caller looks at it.
    const batchId = JSON.parse(sessionOf(investor.phone).state).batchId as number;
    server.db().prepare("update batches set units_placed = target_units where id = ?").run(batchId);
    await fake.send("5");
    server.db().prepare("update batches set status = 'CLOSED' where id = ?").run(batchId);
    await fake.send("5");
    await fake.send("0");
    await fake.send("0");
    // The deposit's amount: each refusal, the tier's limits (this wallet is past the tier's: room for nothing).
    await fake.send("3");
    for (const input of ["", "abc", "1,00.5", "10.005", "0.00", "2000000", "20000", "100"]) await fake.send(input);
    await fake.send("0");
    await fake.send("5");
    await fake.send("0");
    await fake.send("7");
    await fake.send("0");
    // A session timed out.
    server
      .db()
      .prepare("update ussd_sessions set updated_at = ? where id = ?")
      .run(new Date(Date.now() - 200_000).toISOString(), sessionOf(investor.phone).id);
    await fake.send("1");
    expect(fake.ended).toBe(true);
    // A deposit confirmed by someone with room in the wallet (a Registered account: its own limits).
    const newcomer = await caller(0, locale);
    server.db().prepare("update users set kyc_tier = 'REGISTERED' where id = ?").run(newcomer.id);
    await fake.dial(newcomer.phone);
    await fake.send("3");
    for (const input of ["3001", "100"]) await fake.send(input);
    await fake.send("4");
    await fake.send("1");
    await fake.send("0");
    // Hubtel's own endings.
    if (fake instanceof FakeHubtelUssd) {
      await fake.dial(investor.phone);
      await fake.release();
    }
    // A number no account holds (English), and one two accounts confirmed.
    await fake.dial(newPhone());
    const twin = await caller(0, locale);
    const shared = await createInvestor(server);
    server.db().prepare("update users set phone = ?, phone_verified_at = ? where id = ?").run(twin.phone, new Date().toISOString(), shared.id);
    await fake.dial(twin.phone);
    expect(fake.screen).toContain("akoko.test");
  }

  for (const [locale, name] of [
    ["en", "africastalking"],
    ["ak", "hubtel"],
    ["en", "hubtel"],
    ["ak", "africastalking"],
  ] as const) {
    it(`${locale === "en" ? "English" : "Twi"} through ${name}: every screen fits`, async () => {
      const fake = GATEWAYS[name]();
      await walk(fake, locale);
      expect(fake.screens.length).toBeGreaterThan(45);
      if (fake instanceof FakeHubtelUssd) expect([...new Set(fake.states)].sort()).toEqual([...EVERY_SCREEN].sort());
      // The Twi screens are Twi (GSM-7 spelled), the English ones English.
      const all = fake.screens.join("\n");
      if (locale === "ak") expect(all).toContain("Sika kotoku: GHS ");
      else expect(all).toContain("Wallet: GHS ");
    });
  }
});
