/**
 * The investor's own pages in the pseudo-locale: the portfolio with its dialogs, the payment pages,
 * receipts, tax statements, identity checks and account settings render every word from the catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Client } from "./support/client";
import { createBatch, createInvestor, createPhoneInvestor, signIn, type Investor } from "./support/factories";
import { startFakePaystack, type FakePaystack } from "./support/fake-paystack";
import { wordsOutsideCatalog } from "./support/pseudo";
import { startServer, TEST_INVESTOR, type TestServer } from "./support/server";

let fake: FakePaystack;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakePaystack();
  server = await startServer({ PSEUDO_LOCALE: "true", PAYMENTS_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url, PAYMENTS_SWEEP_SECONDS: "0" });
  fake.webhookUrl = `${server.url}/webhooks/paystack`;
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** Data, not words: people's and farms' names, what the ledger and notices stored, the money core's messages. */
function dataOf(server: TestServer): string[] {
  const db = server.db();
  const rows = (sql: string) => (db.prepare(sql).all() as Array<Record<string, string | null>>).flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === "string" && v !== "");
  return [
    ...rows("select name, location from farms"),
    ...rows("select full_name, email from users"),
    ...rows("select memo from journal_entries"),
    ...rows("select message, reference from deposits"),
    ...rows("select 'AKK-INV-' || id from investments"), // a receipt's reference
    ...rows("select label, name from payment_destinations"),
    // The banks' and networks' own names.
    "Absa Bank Ghana Ltd",
    "GCB Bank Limited",
    "Ecobank Ghana Limited",
    "Fidelity Bank Ghana",
    "MTN MoMo",
    "Telecel Cash",
    "AT Money",
  ];
}

const MOMENT = /^\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\s*$/;

async function findings(client: Client, pages: string[]): Promise<string[]> {
  client.setCookie("lang", "pseudo");
  const found: string[] = [];
  const data = dataOf(server);
  for (const page of pages) {
    const { html } = await client.follow(page);
    const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";
    expect(main, page).toContain("⟦");
    // A moment is shown as "2026-11-22 03:40 UTC" in every language.
    for (const word of wordsOutsideCatalog(main, data)) if (!MOMENT.test(word)) found.push(`${page}: ${word}`);
  }
  return [...new Set(found)];
}

describe("the investor's pages in the pseudo-locale", () => {
  let payer: Investor;
  let depositId: number;

  beforeAll(async () => {
    // A holding, a deposit waiting for the phone's approval, a withdrawal on its way.
    payer = await createInvestor(server, { walletGhs: 500, fullName: "Ama Mensah" });
    const batch = createBatch(server, { productType: "EGG", status: "OPEN" });
    expect((await call(payer.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 2 })).status).toBe(201);
    const deposit = await call(payer.api, "POST", "/api/v1/invest/deposit", { amount: 120, method: "mobile_money", network: "MTN", phone: "0241112223" });
    expect(deposit.status).toBe(202);
    depositId = deposit.body.id;
    const dest = await call(payer.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "0241234567", name: "Ama Mensah", password: payer.password });
    expect(dest.status).toBe(201);
    const withdrawal = await call(payer.api, "POST", "/api/v1/invest/withdraw", { amount: 40, destination_id: dest.body.id });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBeLessThan(300);
  });

  it("brackets every word of the portfolio and its dialogs", async () => {
    const holding = (server.db().prepare("select id from investments where user_id = ? order by id limit 1").get(payer.id) as { id: number }).id;
    const pages = [
      "/portfolio",
      "/portfolio?dialog=deposit",
      "/portfolio?dialog=withdraw",
      `/portfolio?dialog=details&id=${holding}`,
      `/portfolio?dialog=reinvest&id=${holding}`,
      "/portfolio?q=no-such&min=abc&to=yesterday",
    ];
    expect(await findings(payer.page, pages)).toEqual([]);
  });

  it("brackets every word of the deposit's page and the destinations page", async () => {
    expect(await findings(payer.page, [`/portfolio/deposits/${depositId}`, "/portfolio/destinations"])).toEqual([]);
  });

  it("brackets every word of the identity page, for a new account and a verified one", async () => {
    const fresh = await createInvestor(server, { tier: "REGISTERED" });
    expect(await findings(fresh.page, ["/kyc"])).toEqual([]);
    expect(await findings(payer.page, ["/kyc"])).toEqual([]);
  });

  it("brackets every word of the account page, two-factor sign-in and the close-account step", async () => {
    expect(await findings(payer.page, ["/account", "/account/two-factor"])).toEqual([]);
    // Without JavaScript, closing asks on a page of its own (the answer to the first post).
    const fresh = await createInvestor(server);
    fresh.page.setCookie("lang", "pseudo");
    const ask = await fresh.page.postForm("/account", { intent: "close", password: fresh.password });
    const main = /<main[\s\S]*?<\/main>/.exec(await ask.text())?.[0] ?? "";
    expect(main).toContain('data-testid="close-prompt"');
    expect(wordsOutsideCatalog(main, dataOf(server)).filter((w) => !MOMENT.test(w))).toEqual([]);
  });

  it("brackets every word of the account page of an account registered by phone (issue 31), and of its PIN's refusals", async () => {
    const yaa = await createPhoneInvestor(server, { pin: "4071" });
    expect(await findings(yaa.page, ["/account"])).toEqual([]);
    const wrong = await yaa.page.postForm("/account", { intent: "pin", current_pin: "9999", new_pin: "5802", confirm_pin: "5802" });
    const weak = await yaa.page.postForm("/account", { intent: "pin", current_pin: "4071", new_pin: "1234", confirm_pin: "1234" });
    for (const res of [wrong, weak]) {
      const main = /<main[\s\S]*?<\/main>/.exec(await res.text())?.[0] ?? "";
      expect(main).toContain('role="alert"');
      expect(wordsOutsideCatalog(main, dataOf(server)).filter((w) => !MOMENT.test(w))).toEqual([]);
    }
  });

  it("brackets every word of the seeded investor's portfolio (payouts, exits, notifications)", async () => {
    const ama = await signIn(server, TEST_INVESTOR.email);
    const held = server.db().prepare("select id from investments where user_id = ? order by id").all(ama.id) as Array<{ id: number }>;
    const pages = ["/portfolio", ...held.slice(0, 3).flatMap((h) => [`/portfolio?dialog=details&id=${h.id}`, `/portfolio?dialog=reinvest&id=${h.id}`, `/portfolio/investments/${h.id}/receipt`])];
    expect(await findings(ama.page, pages)).toEqual([]);
  });

  it("brackets every word of the tax statements and a month's certificate", async () => {
    const ama = await signIn(server, TEST_INVESTOR.email);
    const paid = server.db().prepare("select substr(p.created_at, 1, 7) as month from payouts p join investments i on i.id = p.investment_id where i.user_id = ? order by p.id limit 1").get(ama.id) as
      { month: string } | undefined;
    expect(paid, "the seeded investor was paid income").toBeTruthy();
    const pages = [
      "/portfolio/statements",
      `/portfolio/statements?year=${paid!.month.slice(0, 4)}`,
      "/portfolio/statements?year=abc",
      `/portfolio/statements/${paid!.month}`,
      "/portfolio/statements/2020-01",
    ];
    expect(await findings(ama.page, pages)).toEqual([]);
  });
});
