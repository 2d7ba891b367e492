/**
 * Issue 29 points 8-11 in the pseudo-locale: the exit dialog's cost, the cards' reasons and
 * explanations, and the money messages with their references and links render every word from the catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client } from "./support/client";
import { backdateBatchStart, createBatch, createFarm, createInvestor, signInAdmin, type Investor } from "./support/factories";
import { wordsOutsideCatalog } from "./support/pseudo";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ PSEUDO_LOCALE: "true" });
});
afterAll(async () => {
  await server?.stop();
});

/** Data, not words: names, references, what the ledger stored. */
function dataOf(): string[] {
  const db = server.db();
  const rows = (sql: string) => (db.prepare(sql).all() as Array<Record<string, string | null>>).flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === "string" && v !== "");
  return [
    ...rows("select name, location from farms"),
    ...rows("select full_name, email from users"),
    ...rows("select memo from journal_entries"),
    ...rows("select reference from deposits"),
    ...rows("select reference, provider from withdrawals where reference is not null"),
    ...rows("select 'AKK-INV-' || id from investments"),
  ];
}

const MOMENT = /^\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\s*$/;

/** The words of a page's <main> outside the catalog (with the flash a redirect left, when `html` is its answer). */
function findingsIn(page: string, html: string): string[] {
  const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";
  expect(main, page).toContain("⟦");
  return wordsOutsideCatalog(main, dataOf())
    .filter((w) => !MOMENT.test(w))
    .map((w) => `${page}: ${w}`);
}

async function findings(client: Client, pages: string[]): Promise<string[]> {
  client.setCookie("lang", "pseudo");
  const found: string[] = [];
  for (const page of pages) found.push(...findingsIn(page, (await client.follow(page)).html));
  return found;
}

describe("issue 29's words in the pseudo-locale", () => {
  let seller: Investor;
  let ready: number, young: number, open: number;
  const farmName = `Pseudo Exit Farm ${process.pid}`;

  beforeAll(async () => {
    const admin = (await signInAdmin(server)).api;
    const farm = createFarm(server, { name: farmName }).id;
    seller = await createInvestor(server, { walletGhs: 900 });
    const held = async () => {
      const id = createBatch(server, { farmId: farm, productType: "EGG", unitPrice: 10, targetUnits: 40 }).id;
      expect((await call(seller.api, "POST", "/api/v1/invest/create", { batch_id: id, units: 40 })).status).toBe(201);
      expect((await call(admin, "POST", `/api/v1/admin/batches/${id}/activate`)).status).toBe(200);
      return id;
    };
    ready = await held();
    backdateBatchStart(server, ready, { months: 5 });
    young = await held();
    open = createBatch(server, { farmId: farm, productType: "EGG" }).id;
    createBatch(server, { farmId: farm, productType: "CHICKEN" });
  });

  it("the exit dialog with its cost, the rule's answers, the cards' reasons and explanations", async () => {
    const q = encodeURIComponent(farmName);
    const pages = [
      `/invest/eggs?q=${q}`,
      `/invest/chicken?q=${q}`,
      `/invest/eggs?q=${q}&dialog=exit&batch=${ready}`,
      `/invest/eggs?q=${q}&dialog=exit&batch=${ready}&units=1`,
      `/invest/eggs?q=${q}&dialog=exit&batch=${ready}&units=41`,
      `/invest/eggs?q=${q}&dialog=exit&batch=${ready}&units=abc`,
      `/invest/eggs?q=${q}&dialog=exit&batch=${young}`,
      // Audit's page: the risk score and an overdue payout explained.
      `/batches/${ready}`,
    ];
    expect(await findings(seller.page, pages)).toEqual([]);
    // Logged out: the prompt to log in to request an exit.
    expect(await findings(new Client(server.url), [`/invest/eggs?q=${q}&dialog=exit&batch=${ready}`])).toEqual([]);
  });

  it("the messages after investing, depositing and withdrawing, with their references and links", async () => {
    const u = await createInvestor(server, { walletGhs: 200 });
    u.page.setCookie("lang", "pseudo");
    const after = async (label: string, res: Response) => {
      expect(res.status, label).toBe(302);
      const { html } = await u.page.follow(res.headers.get("Location")!);
      expect(html, label).toContain('data-testid="flash-link"');
      return findingsIn(label, html);
    };
    const found = [
      ...(await after("invest", await u.page.postForm(`/invest/eggs?dialog=invest&batch=${open}`, { intent: "invest", batch_id: open, units: 1, terms: "on" }))),
      ...(await after("deposit", await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "20", idempotency_key: "pseudo-dep" }))),
      ...(await after(
        "withdraw",
        await u.page.postForm("/portfolio?dialog=withdraw", {
          intent: "withdraw",
          amount: "20",
          method: "MOMO",
          momo_provider: "MTN MoMo",
          bank_name: "",
          account_number: "024 123 4567",
          confirmed: "1",
          idempotency_key: "pseudo-wd",
        }),
      )),
    ];
    expect(found).toEqual([]);
  });
});
