// Issue 31: the USSD door. Both gateways' fakes (test/support/fake-ussd-*.ts) drive whole sessions
// over HTTP against the built server as the real gateways do, and check every screen they receive
// (GSM-7, at most 182 characters). The clock of a session is moved through its database row. Money
// moves through the Paystack fake (test/support/fake-paystack.ts); the money sessions themselves,
// with their SMS and email, are in test/ussd-money.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Client } from "./support/client";
import { backdateBatchStart, backdateHoldings, createBatch, createFarm, createInvestor, serverNow, signInAdmin, type Investor } from "./support/factories";
import type { FakeUssdGateway } from "./support/fake-ussd";
import { FakeAfricasTalking } from "./support/fake-ussd-africastalking";
import { FakeHubtelUssd } from "./support/fake-ussd-hubtel";
import { startFakePaystack, type FakePaystack } from "./support/fake-paystack";
import { startServer, type TestServer } from "./support/server";
import { chooseBatch, GATEWAY_NAMES, idleFor, ussdGateways, ussdSessionOf, type GatewayName } from "./support/ussd";

const SECRET = "ussd-test-secret-0123456789";
/** A caller elsewhere: the server believes one proxy (TRUST_PROXY=1), so X-Forwarded-For names the client. */
const ELSEWHERE = { "X-Forwarded-For": "203.0.113.9" };
/** The callers' PIN (4 to 6 digits, no run, no digit repeated). */
const PIN = "4071";

let server: TestServer;
let paystack: FakePaystack;
let admin: Client;
let gateways: ReturnType<typeof ussdGateways>;

beforeAll(async () => {
  paystack = await startFakePaystack();
  server = await startServer({
    USSD_CALLBACK_SECRET: SECRET,
    USSD_ALLOWED_IPS: "127.0.0.1, 10.20.0.0/16",
    TRUST_PROXY: "1",
    WITHHOLDING_TAX_RATE: "0.08",
    REQUEST_LOG: "on",
    LOG_LEVEL: "info",
    PAYMENTS_PROVIDER: "paystack",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
    PAYMENTS_SWEEP_SECONDS: "0",
  });
  admin = (await signInAdmin(server)).api;
  gateways = ussdGateways(server, SECRET);
});
afterAll(async () => {
  for (const line of server?.logs().split("\n") ?? []) if (line.includes("USSD screen failed")) console.log(line.slice(0, 2000));
  await server?.stop();
  await paystack?.close();
});

let phones = 0;
/** A Ghana mobile number no other test uses. */
function newPhone(): string {
  phones += 1;
  return `+23324${String(process.pid % 1000).padStart(3, "0")}${String(phones).padStart(4, "0")}`;
}

/** An investor whose phone is confirmed (as after the SMS code), in `locale`, with a PIN unless `pin` is null. */
async function caller(
  walletGhs: number,
  locale: "en" | "ak" | null = null,
  { pin = PIN, tier, fullName }: { pin?: string | null; tier?: "REGISTERED" | "VERIFIED" | "ENHANCED"; fullName?: string } = {},
): Promise<Investor & { phone: string }> {
  const phone = newPhone();
  const investor = await createInvestor(server, { walletGhs, phone, pin: pin ?? undefined, tier, fullName });
  if (locale) server.db().prepare("update users set locale = ? where id = ?").run(locale, investor.id);
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

/** The newest session row of a phone. */
const sessionOf = (phone: string) => ussdSessionOf(server, phone);

describe.each(GATEWAY_NAMES)("the USSD menus through %s", (name: GatewayName) => {
  const gateway = () => gateways[name]();

  it("offers a number no account holds to register here or on the web; one an account holds unconfirmed is sent to that account, and ends", async () => {
    const fake = gateway();
    // Issue 31 changes this screen: a free number may register by USSD (test/ussd-money.test.ts follows it).
    expect(await fake.dial(newPhone())).toBe("This number has no Akoko account yet. Register here, or at akoko.test.\n1. Register\n2. Language");
    expect(fake.ended).toBe(false);
    expect(await fake.send("3")).toBe("Choose one of the numbers shown.\nThis number has no Akoko account yet. Register here, or at akoko.test.\n1. Register\n2. Language");
    // In Twi, as the registration will be.
    await fake.send("2");
    expect(await fake.send("2")).toBe("Akoko akawnt biara nni noma yi so. Bue baako wo ha, anaa wo akoko.test.\n1. Bue akawnt\n2. Kasa");
    // An account with this phone, not confirmed, is still unknown here: it cannot register the number again.
    const unconfirmed = await createInvestor(server);
    const phone = newPhone();
    server.db().prepare("update users set phone = ? where id = ?").run(phone, unconfirmed.id);
    await fake.dial(phone);
    expect(fake.ended).toBe(true);
  });

  it("tells a number an account holds unconfirmed to confirm it on that account, not to make another", async () => {
    const fake = gateway();
    const unconfirmed = await createInvestor(server);
    const phone = newPhone();
    server.db().prepare("update users set phone = ? where id = ?").run(phone, unconfirmed.id);
    expect(await fake.dial(phone)).toBe("This number is on an Akoko account but not confirmed. Confirm this phone on your account page at akoko.test, then dial again.");
    expect(fake.ended).toBe(true);
  });

  it("tells it in the language of the account that holds the number: Twi for an account in Twi", async () => {
    const fake = gateway();
    const unconfirmed = await createInvestor(server);
    const phone = newPhone();
    server.db().prepare("update users set phone = ?, locale = 'ak' where id = ?").run(phone, unconfirmed.id);
    expect(await fake.dial(phone)).toBe("Noma yi wo Akoko akawnt bi so, nanso wonsii so dua. Si fon yi so dua wo w'akawnt krataafa so wo akoko.test, na fre bio.");
    expect(fake.ended).toBe(true);
  });

  it("sends an admin's number to the website, and an account without a PIN to its account page, before any money menu", async () => {
    const fake = gateway();
    const boss = await caller(0);
    server.db().prepare("update users set is_admin = true where id = ?").run(boss.id);
    expect(await fake.dial(boss.phone)).toBe("This is an admin's number. Admins use Akoko at akoko.test, with two-factor sign-in.");
    expect(fake.ended).toBe(true);
    expect(sessionOf(boss.phone)).toMatchObject({ endedAt: expect.any(String) });
    // A web account that has set no PIN: the menus that read, yes; the ones that move money, not before the PIN.
    const ama = await caller(100, null, { pin: null });
    await fake.dial(ama.phone);
    expect(await fake.send("1")).toContain("Wallet: GHS 100.00");
    await fake.send("0");
    for (const key of ["2", "3", "5", "7"]) {
      await fake.dial(ama.phone);
      expect(await fake.send(key), key).toBe("Your account has no PIN yet. Set one on your account page at akoko.test, then dial again.");
      expect(fake.ended).toBe(true);
    }
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
    // Not started: its first month's figure all the same, as /portfolio shows it, in the portfolio's words
    // (10 units at GHS 100 and 1.25%: GHS 12.50, GHS 1.00 withheld).
    expect(all).toContain(`Batch ${batches[4].id} Egg, 10 units: GHS 11.50. Starts when the batch is activated`);
    expect(seen.length).toBeGreaterThan(1);
    expect(await fake.send("0")).toContain("1. Balance");
  });

  it("says what the run pays each of several holdings in one batch, not what each would earn alone", async () => {
    const kofi = await caller(1_000);
    const batch = createBatch(server, { productType: "EGG", unitPrice: 33.33, targetUnits: 100, expectedRoi: 0.0123 });
    await invest(kofi.api, batch.id, 1);
    await invest(kofi.api, batch.id, 1);
    await activate(batch.id);
    const fake = gateway();
    await fake.dial(kofi.phone);
    const screen = await fake.send("4");
    // GHS 0.82 earned on the two units together, GHS 0.07 withheld (0.04 + 0.03): GHS 0.37 and 0.38,
    // as the run pays them; each alone would say GHS 0.38.
    const lines = screen.split("\n").filter((l) => l.startsWith(`Batch ${batch.id} `));
    expect(lines.map((l) => /: GHS ([\d.]+) on /.exec(l)?.[1]).sort()).toEqual(["0.37", "0.38"]);
  });

  it("says a payout past its date is overdue, and by how many days, as the portfolio does (in English and Twi)", async () => {
    const ama = await caller(5_000);
    // Started three months before this one: the hens came into lay last month, whose income was due by its last day and is not paid.
    const startedAt = serverNow(server);
    const startDate = new Date(Date.UTC(startedAt.getUTCFullYear(), startedAt.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 100, expectedRoi: 0.0105, startDate });
    await invest(ama.api, batch.id, 10);
    await activate(batch.id);
    backdateHoldings(server, batch.id, startDate);
    /** The holding's line as it reads at `at`: due by the last day of the month before, late by the days since. */
    const line = (at: Date, locale: "en" | "ak") => {
      const due = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 0)).toISOString().slice(0, 10);
      const days = at.getUTCDate();
      // 10 units at GHS 100 and 1.05%: GHS 10.50 a month, GHS 0.84 withheld.
      return locale === "en"
        ? `Batch ${batch.id} Egg, 10 units: GHS 9.66 due ${due}. Overdue by ${days} ${days === 1 ? "day" : "days"}`
        : `Nkoko kuw ${batch.id} Nkesua, nkyefa 10: GHS 9.66, na ese se eba ${due}. Akye ${days === 1 ? "da" : "nna"} ${days}`;
    };
    for (const locale of ["en", "ak"] as const) {
      server.db().prepare("update users set locale = ? where id = ?").run(locale, ama.id);
      const fake = gateway();
      await fake.dial(ama.phone);
      const before = serverNow(server);
      const screen = await fake.send("4");
      // The server's day is the test's, before or after the request (it may cross midnight).
      const lines = screen.split("\n");
      expect([line(before, locale), line(serverNow(server), locale)], screen).toContain(lines[1]);
      expect(lines[0]).toBe(locale === "en" ? "Next payouts, after tax:" : "Akatua a edi ho, woatwa towa akyi:");
    }
  });

  it("answers a request naming another number with a closing screen, and keeps the session its caller's", async () => {
    const akua = await caller(100, "ak");
    const other = await caller(5);
    const fake = gateway();
    const main = await fake.dial(akua.phone);
    const row = () => server.db().prepare("select * from ussd_sessions where phone = ? order by id desc limit 1").get(akua.phone);
    const before = row();
    const refused = { screen: "This session belongs to another number. Please dial again.", ended: true };
    // The last request again (a gateway's retry), then a new input, each naming the other number; also a number no account holds.
    expect(await fake.sendFrom(other.phone)).toEqual(refused);
    expect(await fake.sendFrom(other.phone, "1")).toEqual(refused);
    expect(await fake.sendFrom(newPhone(), "1")).toEqual(refused);
    if (fake instanceof FakeHubtelUssd) expect(fake.states.at(-1)).toBe("otherNumber");
    // The session was not reached: its row is as it was, and its caller goes on in Twi.
    expect(row()).toEqual(before);
    expect(await fake.repeat()).toBe(main);
    expect(await fake.send("1")).toContain("Sika kotoku: GHS 100.00");
    // An ended session's last screen is its caller's alone too.
    idleFor(server, akua.phone, 200);
    expect(await fake.send("0")).toBe("Wo bere asa. Yesre wo, fre bio.");
    const stranger = newPhone();
    expect(await fake.sendFrom(stranger)).toEqual(refused);
    // Each refusal has a warning; the log never holds a whole number: neither the session's nor the others'.
    const masked = (phone: string) => `+233 *** *** ${phone.slice(-3)}`;
    const logs = await server.waitForLogs(`"caller":"${masked(stranger)}"`);
    const lines = logs.split("\n").filter((l) => l.includes("USSD request refused: another number"));
    const session = (JSON.parse(lines.at(-1)!) as { session: number }).session;
    const mine = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.session === session);
    expect(mine, lines.join("\n")).toHaveLength(4);
    for (const l of mine) expect(l).toMatchObject({ level: "warn", gateway: name, owner: masked(akua.phone) });
    expect(mine.map((l) => l.caller)).toEqual([masked(other.phone), masked(other.phone), expect.stringMatching(/^\+233 \*\*\* \*\*\* \d{3}$/), masked(stranger)]);
    for (const phone of [akua.phone, other.phone, stranger]) expect(logs).not.toContain(phone.slice(4));
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
    // Its number: a list of many batches cuts the farm's name.
    const units = await chooseBatch(fake, `#${batch.id} `);
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
    // Issue 31 changes this step: the PIN, before anything is bought (test/ussd-money.test.ts buys).
    expect(await fake.send("1")).toBe("Enter your PIN to confirm it is you.\n0. Back");
    expect(await fake.send("0")).toBe(confirm);
    // Nothing was bought.
    expect(server.db().prepare("select count(*) n from investments where user_id = ?").get(efua.id)).toEqual({ n: 0 });
    expect(server.db().prepare("select units_placed from batches where id = ?").get(batch.id)).toEqual({ units_placed: 0 });
  });

  it("numbers each batch in the invest list, so that batches of one farm differ, and marks a farm's name it cuts", async () => {
    const farmName = `Nsawam Broiler Growers Association ${name}`;
    const farmId = createFarm(server, { name: farmName }).id;
    const ids = [0, 1, 2].map(() => createBatch(server, { farmId, productType: "CHICKEN", unitPrice: 45, targetUnits: 2000, expectedRoi: 0.12 }).id);
    const kofi = await caller(100);
    const fake = gateway();
    await fake.dial(kofi.phone);
    const lines: string[] = [];
    for (let screen = await fake.send("2"); ; screen = await fake.send("9")) {
      lines.push(...screen.split("\n"));
      if (!screen.includes("9. More")) break;
    }
    for (const id of ids) {
      const line = lines.find((l) => l.includes(`Chicken #${id} `));
      expect(line, lines.join("\n")).toBeDefined();
      // The farm's name whole, or cut with a mark ("Nsawam..."), never cut silently.
      const farm = new RegExp(`^\\d\\. Chicken #${id} (.*) ?GHS 45\\.00 12%/cycle$`).exec(line!)?.[1].trim();
      expect(farm === farmName || farm === "" || (farm!.endsWith("...") && farmName.startsWith(farm!.slice(0, -3))), line).toBe(true);
    }
  });

  it("shows the Twi invest confirmation with five-figure amounts, and a wrong key's words above it, within a screen", async () => {
    // Whole, these lines and a wrong key's words take 183 characters and more (184 from batch 10 on).
    const ama = await caller(69_555.22, "ak", { tier: "ENHANCED" });
    // Six letters: a list never cuts them.
    const farmName = `TwC${name.slice(0, 3)}`;
    const batch = createBatch(server, { farmId: createFarm(server, { name: farmName }).id, productType: "CHICKEN", unitPrice: 4.5, targetUnits: 20_000, expectedRoi: 0.12 });
    const fake = gateway();
    await fake.dial(ama.phone);
    await chooseBatch(fake, farmName);
    const cost = `To nkyefa 15,450 wo nkoko kuw ${batch.id} mu ma GHS 69,525.00.`;
    // GHS 69,525.00 at 12%: GHS 8,343.00, GHS 667.44 withheld.
    expect(await fake.send("15450")).toBe(`${cost}\nOtwa bere: mfasoo GHS 7,675.56, woatwa towa akyi, ne wo GHS 69,525.00 a esan ba.\n1. Si so dua\n0. San ko`);
    const again = await fake.send("5");
    expect(fake.ended).toBe(false);
    expect(again.split("\n").slice(0, 2)).toEqual(["Yi noma a ewo ho no baako.", cost]);
    expect(again).toContain("GHS 7,675.56");
    expect(again.split("\n").slice(-2)).toEqual(["1. Si so dua", "0. San ko"]);
    expect(await fake.send("1")).toBe("Kyerew wo PIN na kyere se wo ara ni.\n0. San ko");
  });

  it("offers no caller their own early-exit units: a batch where only theirs are on sale is not listed, and the units left exclude them", async () => {
    const [ama, kojo] = [await caller(1000), await caller(1000)];
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 5 });
    await invest(ama.api, batch.id, 3);
    await invest(kojo.api, batch.id, 2);
    await activate(batch.id);
    backdateBatchStart(server, batch.id, { months: 2 });
    const offer = async (who: Investor, units: number) => expect((await call(who.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units })).status).toBe(201);
    // The batch is found by its id, as the session keeps each page's: a screen may shorten a farm's name.
    const idsOnPage = (phone: string): number[] => JSON.parse(sessionOf(phone).state).ids;
    /** The batches on every page of the caller's invest list. */
    const listedBatches = async (phone: string) => {
      const fake = gateway();
      await fake.dial(phone);
      await fake.send("2");
      const ids = [...idsOnPage(phone)];
      while (fake.screen.includes("9. More")) {
        await fake.send("9");
        ids.push(...idsOnPage(phone));
      }
      return ids;
    };
    /** The batch's units screen, chosen from the caller's invest list. */
    const unitsScreen = async (phone: string) => {
      const fake = gateway();
      await fake.dial(phone);
      await fake.send("2");
      while (!idsOnPage(phone).includes(batch.id)) {
        expect(fake.screen).toContain("9. More");
        await fake.send("9");
      }
      return fake.send(String(idsOnPage(phone).indexOf(batch.id) + 1));
    };
    await offer(ama, 1);
    expect(await listedBatches(ama.phone)).not.toContain(batch.id);
    expect(await listedBatches(kojo.phone)).toContain(batch.id);
    expect(await unitsScreen(kojo.phone)).toContain("GHS 100.00 a unit, 1 left\n");
    await offer(kojo, 2);
    expect(await unitsScreen(ama.phone)).toContain("GHS 100.00 a unit, 2 left\n");
    expect(await unitsScreen(kojo.phone)).toContain("GHS 100.00 a unit, 1 left\n");
  });

  it("asks a deposit's amount and checks it as the deposit form does", async () => {
    const kwame = await caller(0);
    const fake = gateway();
    await fake.dial(kwame.phone);
    expect(await fake.send("3")).toBe("Enter the amount to deposit, in GHS:\n0. Back");
    expect(await fake.send("abc")).toMatch(/^Enter the amount as a number, e\.g\. 50 or 50\.25\.\n/);
    expect(await fake.send("10.005")).toMatch(/^Use at most 2 decimals for the amount\.\n/);
    expect(await fake.send("9999999999999999")).toMatch(/^The most you can move at once is GHS 1,000,000\.00\.\n/);
    expect(await fake.send("20000")).toMatch(/^Verified accounts can deposit up to GHS 15,000\.00 a day \(GHS 15,000\.00 left today\)\./);
    // The gateway says the caller is on MTN (Africa's Talking's networkCode 62001, Hubtel's Operator mtn).
    const confirm = await fake.send("50");
    expect(confirm).toBe("Deposit GHS 50.00 into your wallet.\nFrom MTN MoMo on this phone: a prompt to approve it will arrive after this screen.\n1. Confirm\n0. Back");
    // Issue 31 changes this step: the PIN, before anything is charged (test/ussd-money.test.ts charges).
    expect(await fake.send("1")).toBe("Enter your PIN to confirm it is you.\n0. Back");
    expect(await fake.send("0")).toBe(confirm);
    expect(server.db().prepare("select count(*) n from deposits where user_id = ?").get(kwame.id)).toEqual({ n: 0 });
  });

  it("keeps the amount prompt under a tier limit's refusal, in English and Twi, so the caller knows to type another", async () => {
    for (const locale of ["en", "ak"] as const) {
      const yaa = await caller(0, locale, { tier: "REGISTERED" });
      const fake = gateway();
      await fake.dial(yaa.phone);
      const prompt = await fake.send("3");
      const refused = (await fake.send("5000")).split("\n");
      expect(refused[0]).toMatch(locale === "en" ? /^Registered accounts can deposit up to GHS 3,000\.00 a day/ : /^Akawnt gyinabea Mfiasee betumi de GHS 3,000\.00 pe ato mu da biara/);
      expect(refused.slice(1).join("\n")).toBe(prompt);
      expect(fake.ended).toBe(false);
    }
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
    // The clock moved through the row: the last input 181 seconds ago.
    idleFor(server, kojo.phone, 181);
    expect(await fake.send("2")).toBe("Your session timed out. Please dial again.");
    expect(fake.ended).toBe(true);
    expect(server.db().prepare("select locale from users where id = ?").get(kojo.id)).toEqual({ locale: null });
    expect(JSON.parse(sessionOf(kojo.phone).state)).toEqual({ at: "language" });
    // The gateway asking again gets the same closing screen.
    expect(await fake.repeat()).toBe("Your session timed out. Please dial again.");
    // Two and a half minutes is still in time.
    await fake.dial(kojo.phone);
    await fake.send("6");
    idleFor(server, kojo.phone, 150);
    expect(await fake.send("1")).toContain("Language: English.");
  });
});

describe("Hubtel's own events", () => {
  it("answers a Release and a Timeout with a closing screen, and the session stays ended", async () => {
    const esi = await caller(10);
    const fake = gateways.hubtel();
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
    const fake = gateways.hubtel();
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
    await expect(gateways.hubtel(ELSEWHERE).dial(newPhone())).rejects.toThrow(/Hubtel got 403/);
    await expect(gateways.africastalking(ELSEWHERE).dial(newPhone())).rejects.toThrow(/Africa's Talking got 403/);
    // A range of the list lets its callers in.
    expect((await post(`/ussd/africastalking/${SECRET}`, { "X-Forwarded-For": "10.20.3.4" })).status).toBe(200);
    expect(await server.waitForLogs(/"client_ip":"203\.0\.113\.9".*USSD callback refused/)).toMatch(/"client_ip":"203\.0\.113\.9".*USSD callback refused/);
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

  it("never writes the secret to the log, whatever the path's letter case or slashes (the request lines say [token])", async () => {
    expect((await post(`/ussd/africastalking/${SECRET}`)).status).toBe(200);
    await gateways.hubtel().dial(newPhone());
    // The routes match any letter case; doubled slashes reach no route, but carry the secret all the same.
    const variants = [`/USSD/Hubtel/${SECRET}`, `/ussd//hubtel/${SECRET}`, `/ussd/hubtel//${SECRET}`, `/ussd//africastalking/${SECRET}`];
    const requestIds: string[] = [];
    for (const path of variants) requestIds.push(String((await post(path)).headers.get("x-request-id")));
    // A path no route takes, under the secret: a 404, no error.
    const more = await post(`/ussd/hubtel/${SECRET}/more`);
    expect(more.status).toBe(404);
    // Its request line is the last to come.
    const logs = await server.waitForLogs(/"path":"\/ussd\/hubtel\/\[token\]\/more","status":404/);
    expect(logs).toContain('"path":"/ussd/hubtel/[token]"');
    expect(logs).toContain('"path":"/ussd/africastalking/[token]"');
    // One line each, its request line: no error line.
    const linesOf = (id: string | null) => logs.split("\n").filter((l) => l.includes(`"request_id":"${id}"`));
    for (const [i, id] of requestIds.entries())
      expect(
        linesOf(id).map((l) => (JSON.parse(l) as { path: string }).path),
        variants[i],
      ).toEqual([expect.stringMatching(/^\/ussd\/(hubtel|africastalking)\/\[token\]$/i)]);
    expect(linesOf(more.headers.get("x-request-id")).map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(["request"]);
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
 * they can meet (farm and person names of 120 characters with Twi letters, seven-figure amounts,
 * the rules' longest refusals): the fakes refuse any screen over 182 GSM-7 characters. Hubtel's
 * ClientState names each screen (an END screen that says how something ended by its outcome), so
 * the walk checks it met them all.
 */
describe("every screen, in English and Twi", () => {
  const EVERY_SCREEN = [
    "main",
    "newcomer",
    "sharedNumber",
    "adminNumber",
    "registerName",
    "registerPin",
    "registerPinAgain",
    "balance",
    "holdings",
    "language",
    "investList",
    "investUnits",
    "investConfirm",
    "depositAmount",
    "depositNetwork",
    "depositConfirm",
    "depositVoucher",
    "withdrawList",
    "withdrawAmount",
    "withdrawConfirm",
    "pin",
    "changePinOld",
    "changePinNew",
    "changePinAgain",
    // How things ended.
    "registered",
    "invested",
    "depositStarted",
    "depositDone",
    "withdrawalRequested",
    "pinChanged",
    "pinLocked",
    "noPin",
    "cannotWithdraw",
    "noDestination",
    "refused",
    "timedOut",
    "goodbye",
    "otherNumber",
  ];
  let walks = 0;
  /** A farm name of 120 characters with Twi letters, its first ones unique to this walk and batch. */
  const longName = (n: number) => `W${walks}${n} ${"Ɔbuasi Ɛkyɛm Nkokɔ Afuo ".repeat(6)}`.slice(0, 120);
  /** A person's name of 120 characters with Twi letters. */
  const longPerson = `Ɔkɔɔ ${"Ɛnam Asantewaa-Boateng ".repeat(6)}`.slice(0, 120);

  /** `bare`: the same gateway for a caller whose network it does not name (Glo), so a deposit asks for it. */
  async function walk(fake: FakeUssdGateway, bare: FakeUssdGateway, locale: "en" | "ak") {
    walks += 1;
    const big = [
      createBatch(server, { farmId: createFarm(server, { name: longName(1) }).id, productType: "EGG", unitPrice: 99_999.99, targetUnits: 1_000_000, expectedRoi: 0.0125 }),
      createBatch(server, { farmId: createFarm(server, { name: longName(2) }).id, productType: "CHICKEN", unitPrice: 99_999.99, targetUnits: 1_000_000, expectedRoi: 0.125 }),
      createBatch(server, { farmId: createFarm(server, { name: longName(3) }).id, productType: "EGG", unitPrice: 0.01, targetUnits: 1_000_000, expectedRoi: 0.0133 }),
    ];
    const investor = await caller(9_000_000, locale);
    for (const b of big) await invest(investor.api, b.id, 40);
    await activate(big[0].id);
    // The laying batch started years ago and its first month is not paid: overdue by thousands of days.
    server.db().prepare("update batches set start_date = ? where id = ?").run("2019-01-01", big[0].id);
    backdateHoldings(server, big[0].id, "2019-01-01");
    const choice = locale === "ak" ? "2" : "1";
    // The main menu and a wrong key; the balance; the holdings, every page; the language.
    await fake.dial(investor.phone);
    // A request of this session from another account's number, in the walk's language.
    expect((await fake.sendFrom((await caller(0, locale)).phone, "1")).ended).toBe(true);
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
    // Every page of open batches, then a long-named one: its units, the rules' refusals, the confirmation, a wrong PIN.
    await fake.send("2");
    await fake.send("7");
    while (/^9\. /m.test(fake.screen)) await fake.send("9");
    await fake.send("0");
    // The broiler batch (the egg one is laying, with no units on offer: not for sale).
    expect(await chooseBatch(fake, `#${big[1].id} `)).toContain(String(big[1].id));
    for (const input of ["", "abc", "2.5", "-3", "99999999999", "1000001", "999999"]) await fake.send(input);
    await fake.send("90");
    await fake.send("x");
    await fake.send("1");
    await fake.send("1");
    await fake.send("x");
    await fake.send("0");
    await fake.send("0");
    // The batch sells out, then closes, while the caller looks at it.
    const batchId = JSON.parse(sessionOf(investor.phone).state).batchId as number;
    server.db().prepare("update batches set units_placed = target_units where id = ?").run(batchId);
    await fake.send("5");
    server.db().prepare("update batches set status = 'CLOSED' where id = ?").run(batchId);
    await fake.send("5");
    await fake.send("0");
    await fake.send("0");
    // Nearly a million units of the cheap batch, bought with the PIN.
    await chooseBatch(fake, `#${big[2].id} `);
    await fake.send("999960");
    await fake.send("1");
    expect(await fake.send(PIN)).toContain("AKK-INV-");
    expect(fake.ended).toBe(true);
    // The deposit's amount: each refusal, the tier's limits (this wallet is past the tier's: room for nothing).
    await fake.dial(investor.phone);
    await fake.send("3");
    for (const input of ["", "abc", "1,00.5", "10.005", "0.00", "2000000", "20000", "100"]) await fake.send(input);
    await fake.send("0");
    // No mobile money destination to withdraw to.
    await fake.send("5");
    expect(fake.ended).toBe(true);
    // The PIN changed: a wrong current one, the new one's rules, the two not the same, then done.
    await fake.dial(investor.phone);
    await fake.send("7");
    await fake.send("0");
    await fake.send("7");
    for (const input of ["x", PIN, "1234", PIN, "5820", "5821", "5820", "0", "5820"]) await fake.send(input);
    await fake.send("5820");
    expect(fake.ended).toBe(true);
    // A session timed out.
    await fake.dial(investor.phone);
    await fake.send("1");
    idleFor(server, investor.phone, 200);
    await fake.send("1");
    expect(fake.ended).toBe(true);

    // A Registered account, on a network the gateway does not name: the network asked, Telecel's voucher.
    const newcomer = await caller(0, locale, { tier: "REGISTERED" });
    await bare.dial(newcomer.phone);
    await bare.send("3");
    for (const input of ["3001", "100", "4", "2", "4", "1", "0", "1"]) await bare.send(input);
    expect(await bare.send(PIN)).toContain("*110#");
    await bare.dial(newcomer.phone);
    await bare.send("3");
    await bare.send("1");
    await bare.send("0");
    await bare.send("3");
    for (const input of ["12", "000000"]) await bare.send(input);
    await bare.send(paystack.otp);
    expect(bare.ended).toBe(true);
    // Registered accounts cannot withdraw: the tier's rule says why.
    await fake.dial(newcomer.phone);
    await fake.send("5");
    // The most an Enhanced account deposits in a day, from MTN (named by the gateway).
    const enhanced = await caller(0, locale, { tier: "ENHANCED" });
    await fake.dial(enhanced.phone);
    for (const input of ["3", "25000", "1"]) await fake.send(input);
    expect(await fake.send(PIN)).toContain("akoko-deposit-");

    // A withdrawal large enough for an admin's review, to one of six mobile money destinations.
    const payee = await caller(9_000, locale, { fullName: "Kwame Mensah" });
    for (let i = 0; i < 6; i++) {
      const saved = await call(payee.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "TELECEL", phone: newPhone(), name: "Kwame Mensah", password: payee.password });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    }
    server
      .db()
      .prepare("update payment_destinations set created_at = ? where user_id = ?")
      .run(new Date(Date.now() - 3 * 24 * 3600_000).toISOString(), payee.id);
    await fake.dial(payee.phone);
    for (const input of ["5", "8", "9", "0", "5", "1", "abc", "99999999", "10000", "0", "1", "6000", "4", "1", "0", "0", "6000", "1"]) await fake.send(input);
    expect(await fake.send(PIN)).toContain("akoko-withdrawal-");
    expect(fake.ended).toBe(true);
    // Three wrong PINs lock it; a new session says so at once.
    const careless = await caller(10, locale);
    await fake.dial(careless.phone);
    for (const input of ["7", "1357", "2468"]) await fake.send(input);
    await fake.send("9753");
    expect(fake.ended).toBe(true);
    await fake.dial(careless.phone);
    await fake.send("2");
    // An account made on the web without a PIN.
    await fake.dial((await caller(10, locale, { pin: null })).phone);
    await fake.send("3");

    // A newcomer registers, in the walk's language: a long name, the PIN's rules, the PIN twice.
    await fake.dial(newPhone());
    await fake.send("5");
    await fake.send("2");
    await fake.send("9");
    await fake.send(choice);
    for (const input of ["1", "", "x".repeat(121), "0", "1", longPerson, "12", "1111", "0", longPerson, PIN, "4072", PIN, "0", PIN]) await fake.send(input);
    await fake.send(PIN);
    expect(fake.ended).toBe(true);
    // Another, whose number an account takes while it types its PIN: refused.
    const taken = newPhone();
    await fake.dial(taken);
    if (locale === "ak") for (const input of ["2", "2"]) await fake.send(input);
    for (const input of ["1", "Yaw Boateng", PIN]) await fake.send(input);
    await createInvestor(server, { phone: taken });
    await fake.send(PIN);
    expect(fake.ended).toBe(true);

    // Hubtel's own endings.
    if (fake instanceof FakeHubtelUssd) {
      await fake.dial(investor.phone);
      await fake.release();
    }
    // A number an account in this language holds unconfirmed, one two accounts confirmed, an admin's.
    const unconfirmed = await createInvestor(server);
    const held = newPhone();
    server.db().prepare("update users set phone = ?, locale = ? where id = ?").run(held, locale, unconfirmed.id);
    await fake.dial(held);
    const twin = await caller(0, locale);
    const shared = await createInvestor(server);
    server.db().prepare("update users set phone = ?, phone_verified_at = ? where id = ?").run(twin.phone, new Date().toISOString(), shared.id);
    await fake.dial(twin.phone);
    expect(fake.screen).toContain("akoko.test");
    const boss = await caller(0, locale);
    server.db().prepare("update users set is_admin = true where id = ?").run(boss.id);
    await fake.dial(boss.phone);
  }

  for (const [locale, name] of [
    ["en", "africastalking"],
    ["ak", "hubtel"],
    ["en", "hubtel"],
    ["ak", "africastalking"],
  ] as const) {
    it(`${locale === "en" ? "English" : "Twi"} through ${name}: every screen fits`, async () => {
      const fake = gateways[name]();
      const bare = name === "hubtel" ? gateways.hubtel(undefined, { operator: "glo" }) : gateways.africastalking(undefined, { networkCode: "62007" });
      await walk(fake, bare, locale);
      const screens = [...fake.screens, ...bare.screens];
      expect(screens.length).toBeGreaterThan(100);
      if (fake instanceof FakeHubtelUssd && bare instanceof FakeHubtelUssd) expect([...new Set([...fake.states, ...bare.states])].sort()).toEqual([...EVERY_SCREEN].sort());
      // The Twi screens are Twi (GSM-7 spelled), the English ones English.
      const all = screens.join("\n");
      if (locale === "ak") expect(all).toContain("Sika kotoku: GHS ");
      else expect(all).toContain("Wallet: GHS ");
      // The long overdue payout had its screen.
      expect(all).toMatch(locale === "ak" ? /\. Akye nna \d,\d{3}$/m : /\. Overdue by \d,\d{3} days$/m);
    });
  }
});
