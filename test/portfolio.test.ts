import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, createRemittance, signInAdmin, startInLay } from "./support/factories";
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

const BOM = "\uFEFF";
/** The body exactly as sent: Response.text() would silently drop the byte-order mark. */
async function rawText(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** An OPEN egg batch at GHS 10 a unit, 2% a month, room for 10,000 units. */
const newBatch = (options: { unitPrice?: number; targetUnits?: number; expectedRoi?: number; startDate?: string } = {}) =>
  createBatch(server, { productType: "EGG", unitPrice: 10, targetUnits: 10_000, expectedRoi: 0.02, ...options }).id;

const investor = (walletGhs = 0) => createInvestor(server, { fullName: "Efua Owusu", walletGhs });

async function invest(api: Client, batchId: number, units: number) {
  const res = await call(api, "POST", "/api/v1/invest/create", { batch_id: batchId, units });
  expect(res.status).toBe(201);
  return res.body.investment.id as number;
}

const balanceMinor = (userId: number) => (server.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { b: number } | undefined)?.b ?? 0;

const investmentCountOf = (userId: number) => (server.db().prepare("select count(*) n from investments where user_id = ?").get(userId) as { n: number }).n;

const rowIds = (html: string) => [...html.matchAll(/data-investment-id="(\d+)"/g)].map((m) => Number(m[1]));
const pageLabel = (html: string) => /Page \d+ of \d+/.exec(htmlText(html))?.[0];
const formValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

async function page(client: Client, path: string) {
  const res = await client.get(path);
  return { status: res.status, html: await res.text(), res };
}

describe("access", () => {
  it("asks an anonymous visitor to log in and brings them back", async () => {
    const anon = new Client(server.url);
    const res = await anon.get("/portfolio?status=PAID");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/portfolio?status=PAID" })}`);
    for (const path of ["/portfolio/export.csv", "/portfolio/statement.csv", "/portfolio/payouts/1.csv"]) {
      expect((await anon.get(path)).status).toBe(302);
    }
    const u = await createInvestor(server);
    const back = await anon.postForm("/login", { email: u.email, password: u.password, redirectTo: "/portfolio?status=PAID" });
    expect(back.headers.get("Location")).toBe("/portfolio?status=PAID");
    const { status, html } = await page(anon, "/portfolio?status=PAID");
    expect(status).toBe(200);
    const text = htmlText(html);
    expect(text).toContain("Your Portfolio");
    expect(text).toContain("You have no investments yet.");
    expect(text).toContain("Auto-Reinvest");
    expect(text).toContain("Page 1 of 1");
  });
});

describe("the investment list: filters, sort and paging on the server", () => {
  let ids: number[] = [];
  let pageClient: Client;
  let batchA: number;
  let batchB: number;

  beforeAll(async () => {
    batchA = newBatch();
    batchB = newBatch();
    const u = await investor(10_000);
    pageClient = u.page;
    // Amounts 50, 300, 120, 120, 900, 20 GHS (unit price 10), on known days and with known statuses.
    const plan: Array<[number, number, string, string, boolean]> = [
      [batchA, 5, "2026-01-05T09:00:00.000Z", "ACTIVE", false],
      [batchA, 30, "2026-02-10T09:00:00.000Z", "PAID", false],
      [batchB, 12, "2026-03-15T09:00:00.000Z", "EXITED", false],
      [batchB, 12, "2026-03-16T09:00:00.000Z", "ACTIVE", true],
      [batchB, 90, "2026-04-01T09:00:00.000Z", "ACTIVE", false],
      [batchA, 2, "2026-04-20T09:00:00.000Z", "PAID", true],
    ];
    ids = [];
    for (const [batch, units] of plan) ids.push(await invest(u.api, batch, units));
    const db = server.db();
    plan.forEach(([, , createdAt, status, auto], n) => {
      db.prepare("update investments set created_at = ?, status = ?, auto_reinvest = ? where id = ?").run(createdAt, status, auto ? 1 : 0, ids[n]);
    });
  });

  const list = async (qs: string) => {
    const { status, html } = await page(pageClient, `/portfolio${qs}`);
    expect(status).toBe(200);
    return { rows: rowIds(html), label: pageLabel(html), html };
  };
  const I = (...n: number[]) => n.map((k) => ids[k]);

  it("shows the cards: balance with its date, count, Auto-Reinvest On (an ACTIVE holding reinvests), the chart", async () => {
    const { html } = await list("");
    const text = htmlText(html);
    expect(text).toMatch(/data-testid="wallet-balance">GH₵\s?8,490\.00</);
    expect(text).toMatch(/Updated \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain('data-testid="investment-count">6<');
    expect(text).toContain('data-testid="auto-reinvest">On<');
    expect(html).toContain("<title>Amounts of your last 12 investments, in GHS</title>");
    expect(html).toMatch(/<svg[^>]*viewBox/);
    expect(html).not.toContain("@nivo");
    expect(text).toContain(`href="/portfolio/export.csv"`);
  });

  it("Auto-Reinvest is Off when only PAID holdings reinvest", async () => {
    server.db().prepare("update investments set auto_reinvest = false where id = ?").run(ids[3]);
    const { html } = await list("");
    expect(html).toContain('data-testid="auto-reinvest">Off<');
    server.db().prepare("update investments set auto_reinvest = true where id = ?").run(ids[3]);
  });

  it("sorts newest first by default, then by amount both ways", async () => {
    expect((await list("")).rows).toEqual(I(5, 4, 3, 2, 1, 0));
    expect((await list("?sort=newest")).rows).toEqual(I(5, 4, 3, 2, 1, 0));
    expect((await list("?sort=amount_desc")).rows).toEqual(I(4, 1, 3, 2, 0, 5));
    expect((await list("?sort=amount_asc")).rows).toEqual(I(5, 0, 3, 2, 1, 4));
  });

  it("filters by status", async () => {
    expect((await list("?status=ACTIVE")).rows).toEqual(I(4, 3, 0));
    expect((await list("?status=PAID")).rows).toEqual(I(5, 1));
    expect((await list("?status=EXITED")).rows).toEqual(I(2));
    expect((await list("?status=")).rows).toHaveLength(6);
  });

  it("searches by investment id and by batch id", async () => {
    const byId = await list(`?q=${ids[2]}`);
    expect(byId.rows).toContain(ids[2]);
    expect(byId.rows.every((id) => String(id).includes(String(ids[2])) || [batchA, batchB].some((b) => String(b).includes(String(ids[2]))))).toBe(true);
    const byBatch = await list(`?q=%23${batchB}`);
    expect(byBatch.rows).toEqual(expect.arrayContaining(I(4, 3, 2)));
    expect(byBatch.rows).not.toContain(ids[1]);
    const none = await list("?q=999999");
    expect(none.rows).toEqual([]);
    expect(htmlText(none.html)).toContain("No investments match these filters.");
  });

  it("filters by amount min and max (GHS, inclusive)", async () => {
    expect((await list("?min=120")).rows).toEqual(I(4, 3, 2, 1));
    expect((await list("?max=120")).rows).toEqual(I(5, 3, 2, 0));
    expect((await list("?min=100&max=300")).rows).toEqual(I(3, 2, 1));
    const bad = await list("?min=lots");
    expect(bad.rows).toHaveLength(6);
    expect(htmlText(bad.html)).toContain("Enter an amount like 100 or 99.50.");
  });

  it("filters by date from and to (inclusive days)", async () => {
    expect((await list("?from=2026-03-15")).rows).toEqual(I(5, 4, 3, 2));
    expect((await list("?to=2026-03-15")).rows).toEqual(I(2, 1, 0));
    expect((await list("?from=2026-02-01&to=2026-03-31&status=ACTIVE")).rows).toEqual(I(3));
  });

  it("pages with 5, 10 or 25 per page; a page past the end shows the last page", async () => {
    const p1 = await list("?per=5");
    expect(p1.rows).toEqual(I(5, 4, 3, 2, 1));
    expect(p1.label).toBe("Page 1 of 2");
    expect(p1.html).toContain('href="/portfolio?per=5&amp;page=2"');
    const p2 = await list("?per=5&page=2");
    expect(p2.rows).toEqual(I(0));
    expect(p2.label).toBe("Page 2 of 2");
    const past = await list("?per=5&page=9");
    expect(past.rows).toEqual(I(0));
    expect(past.label).toBe("Page 2 of 2");
    expect((await list("?per=10")).label).toBe("Page 1 of 1");
    expect((await list("?per=25&page=3")).label).toBe("Page 1 of 1");
    expect((await list("?per=7")).rows).toHaveLength(6); // unknown size -> default 10
    expect((await list("?page=abc")).label).toBe("Page 1 of 1");
  });

  it("exports the filtered list as CSV: BOM, SPEC's headers, CRLF, every page", async () => {
    const all = await pageClient.get("/portfolio/export.csv?per=5&page=2");
    expect(all.status).toBe(200);
    expect(all.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(all.headers.get("Content-Disposition")).toBe('attachment; filename="investments.csv"');
    const body = await rawText(all);
    expect(body.startsWith(BOM)).toBe(true);
    const lines = body.slice(1).split("\r\n");
    expect(lines[0]).toBe("Investment ID,Batch ID,Units,Amount (GHS),Status,Created At,Units Held,Cost Held (GHS),Units Exited");
    expect(lines).toHaveLength(8); // header, 6 rows, and the empty string after the last CRLF
    expect(lines[1]).toBe(`${ids[5]},${batchA},2,20.00,PAID,2026-04-20T09:00:00.000Z,2,20.00,0`);
    const paid = await rawText(await pageClient.get("/portfolio/export.csv?status=PAID&sort=amount_desc"));
    expect(paid.slice(1).split("\r\n").slice(1, -1)).toEqual([
      `${ids[1]},${batchA},30,300.00,PAID,2026-02-10T09:00:00.000Z,30,300.00,0`,
      `${ids[5]},${batchA},2,20.00,PAID,2026-04-20T09:00:00.000Z,2,20.00,0`,
    ]);
    // Nothing to export: back to the portfolio with the message (issue 14.10).
    const empty = await pageClient.get("/portfolio/export.csv?q=999999");
    expect(empty.status).toBe(302);
    expect(empty.headers.get("Location")).toBe("/portfolio?q=999999");
    expect(htmlText((await pageClient.follow("/portfolio?q=999999")).html)).toContain("No records to export");
  });

  it("the Export link carries the current filters", async () => {
    const { html } = await list("?status=PAID&min=10&per=5&page=1");
    expect(html).toContain('href="/portfolio/export.csv?status=PAID&amp;min=10&amp;per=5"');
  });
});

describe("details, payouts CSV and another investor's data", () => {
  it("lists payouts with a CSV, says when there are none, and answers 404 for another investor", async () => {
    const batch = newBatch({ unitPrice: 100, expectedRoi: 0.03 });
    const owner = await investor(5_000);
    const paidId = await invest(owner.api, batch, 10);
    const other = newBatch();
    const unpaidId = await invest(owner.api, other, 1);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${batch}/activate`)).status).toBe(200);
    startInLay(server, batch);
    createRemittance(server, batch);
    const run = await call(admin, "POST", `/api/v1/admin/payouts/${batch}/execute`);
    expect(run.status).toBe(200);

    const details = htmlText((await page(owner.page, `/portfolio?dialog=details&id=${paidId}`)).html);
    expect(details).toContain(`Investment #${paidId}`);
    expect(details).toMatch(/GH₵\s?30\.00/);
    expect(details).toContain("MONTHLY");
    expect(details).toContain(`href="/portfolio/payouts/${paidId}.csv"`);
    const notes = htmlText((await page(owner.page, "/portfolio")).html);
    expect(notes).toMatch(/Payout received: GH₵\s?30\.00 from Batch #\d+/);

    const csv = await owner.page.get(`/portfolio/payouts/${paidId}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="payouts-investment-${paidId}.csv"`);
    const lines = (await rawText(csv)).split("\r\n");
    expect(lines[0]).toBe(`${BOM}Payout ID,Amount,Kind,Date,Tax withheld (GHS),Net after tax (GHS)`);
    expect(lines[1]).toMatch(/^\d+,30\.00,MONTHLY,\d{4}-\d{2}-\d{2}T[^,]*,0\.00,30\.00$/);
    // Read in Twi: the headers and the kind in the reader's words; the id, amounts and date as they are.
    const twiLines = (await rawText(await owner.page.get(`/portfolio/payouts/${paidId}.csv`, { headers: { "Accept-Language": "ak" } }))).split("\r\n");
    expect(twiLines[0]).toBe(`${BOM}Akatua ID,Sika,Ɛyɛ dɛn,Da,Towa a wɔtwa fi mu (GHS),Deɛ aka wɔ towa akyi (GHS)`);
    expect(twiLines[1]).toMatch(/^\d+,30\.00,BOSOME,\d{4}-\d{2}-\d{2}T[^,]*,0\.00,30\.00$/);

    const none = htmlText((await page(owner.page, `/portfolio?dialog=details&id=${unpaidId}`)).html);
    expect(none).toContain("No payouts yet for this investment.");
    const emptyCsv = await owner.page.get(`/portfolio/payouts/${unpaidId}.csv`);
    expect(emptyCsv.status).toBe(302);
    expect(emptyCsv.headers.get("Location")).toBe(`/portfolio#investment-${unpaidId}`);
    expect(htmlText((await owner.page.follow("/portfolio")).html)).toContain("No records to export");

    const stranger = await investor(0);
    for (const path of [`/portfolio?dialog=details&id=${paidId}`, `/portfolio?dialog=reinvest&id=${paidId}`, `/portfolio/payouts/${paidId}.csv`, "/portfolio?dialog=details&id=99999999"]) {
      const res = await page(stranger.page, path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain("Investment not found.");
      expect(res.html).not.toContain("30.00");
    }
    expect((await page(stranger.page, "/portfolio/payouts/abc.csv")).status).toBe(404);
    // The stranger cannot reinvest through someone else's holding either.
    const steal = await stranger.page.postForm("/portfolio", { intent: "reinvest", investment_id: paidId, units: 1 });
    expect(steal.status).toBe(404);
    expect(htmlText(await steal.text())).toContain("Investment not found.");
  });
});

describe("money through the page forms", () => {
  it("deposits, shows the flash, and a double submit with the same key deposits once", async () => {
    const u = await investor(0);
    const open = await page(u.page, "/portfolio?dialog=deposit");
    const text = htmlText(open.html);
    expect(text).toContain("Deposits are simulated in this demo");
    expect(open.html).toMatch(/name="amount"[^>]*value="50"/);
    for (const a of ["50", "100", "500"]) expect(open.html).toContain(`href="/portfolio?dialog=deposit&amp;amount=${a}"`);
    expect((await page(u.page, "/portfolio?dialog=deposit&amount=500")).html).toMatch(/name="amount"[^>]*value="500"/);
    const key = formValue(open.html, "idempotency_key")!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    const first = await u.page.postForm("/portfolio?dialog=deposit&status=ACTIVE", { intent: "deposit", amount: "120.50", idempotency_key: key });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/portfolio?status=ACTIVE");
    const again = await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "120.50", idempotency_key: key });
    expect(again.status).toBe(302);
    expect(balanceMinor(u.id)).toBe(12050);
    const after = await u.page.follow("/portfolio");
    expect(htmlText(after.html)).toContain("Deposit successful");

    const bad = await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "10.005", idempotency_key: "k-bad" });
    expect(bad.status).toBe(400);
    const badText = htmlText(await bad.text());
    expect(badText).toContain("Use at most 2 decimals for the amount.");
    expect(badText).toMatch(/name="amount"[^>]*value="10.005"/);
    expect(balanceMinor(u.id)).toBe(12050);
    // Too large at any length: the cap's message, not the format's.
    for (const amount of ["9999999", "9999999999999999"]) {
      const huge = await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount, idempotency_key: `k-huge-${amount}` });
      expect(huge.status, amount).toBe(400);
      expect(htmlText(await huge.text())).toContain("The most you can move at once is GH₵1,000,000.00.");
    }
    expect(balanceMinor(u.id)).toBe(12050);
  });

  it("withdraws after a server-rendered confirm step, records the destination, and answers 'Insufficient balance'", async () => {
    const u = await investor(100);
    const open = htmlText((await page(u.page, "/portfolio?dialog=withdraw")).html);
    expect(open).toMatch(/Available balance: <strong[^>]*>GH₵\s?100\.00</);
    const fields = { intent: "withdraw", amount: "40", method: "MOMO", momo_provider: "Telecel Cash", bank_name: "", account_number: "020 123 4567", idempotency_key: "wd-1" };

    const ask = await u.page.postForm("/portfolio?dialog=withdraw", fields);
    expect(ask.status).toBe(200);
    const askHtml = htmlText(await ask.text());
    expect(askHtml).toContain("Withdraw GHS 40.00?");
    expect(askHtml).toContain('name="confirmed" value="1"');
    expect(askHtml).toContain("Confirm");
    expect(balanceMinor(u.id)).toBe(10000);
    const confirmKey = formValue(askHtml, "idempotency_key")!;

    const done = await u.page.postForm("/portfolio?dialog=withdraw", { ...fields, confirmed: "1", idempotency_key: confirmKey });
    expect(done.status).toBe(302);
    const twice = await u.page.postForm("/portfolio?dialog=withdraw", { ...fields, confirmed: "1", idempotency_key: confirmKey });
    expect(twice.status).toBe(302);
    expect(balanceMinor(u.id)).toBe(6000);
    expect(htmlText((await u.page.follow("/portfolio")).html)).toContain("Withdrawal processed");
    expect(server.db().prepare("select method, provider, account_number, amount_minor from withdrawals where user_id = ?").all(u.id)).toEqual([
      { method: "MOMO", provider: "Telecel Cash", account_number: "0201234567", amount_minor: 4000 },
    ]);

    // Above the balance, and also above the GH₵1,000,000 cap: still 'Insufficient balance', the balance's rule first.
    for (const amount of ["60.01", "9999999", "9999999999999999"])
      for (const confirmed of ["", "1"]) {
        const tooMuch = await u.page.postForm("/portfolio?dialog=withdraw", { ...fields, amount, confirmed, idempotency_key: `wd-big-${amount}-${confirmed}` });
        expect(tooMuch.status, `${amount} ${confirmed}`).toBe(400);
        const tooMuchText = htmlText(await tooMuch.text());
        expect(tooMuchText).toContain("Insufficient balance");
        expect(tooMuchText).not.toContain("The most you can move at once");
      }
    const bank = await u.page.postForm("/portfolio?dialog=withdraw", { ...fields, method: "BANK", bank_name: "", account_number: "12", idempotency_key: "wd-bank" });
    expect(bank.status).toBe(400);
    const bankText = htmlText(await bank.text());
    expect(bankText).toContain("Enter the bank&#x27;s name.".replace("&#x27;", "'"));
    expect(bankText).toContain("Enter the bank account number (6 to 20 digits).");
    const viaBank = await u.page.postForm("/portfolio", {
      ...fields,
      method: "BANK",
      bank_name: "GCB Bank",
      account_number: "1234567890123",
      confirmed: "1",
      amount: "10",
      idempotency_key: "wd-bank-ok",
    });
    expect(viaBank.status).toBe(302);
    expect(balanceMinor(u.id)).toBe(5000);

    const statement = await u.page.get("/portfolio/statement.csv");
    expect(statement.status).toBe(200);
    const lines = (await rawText(statement)).split("\r\n");
    expect(lines[0]).toBe(`${BOM}Date,Kind,Description,Amount (GHS),Balance After (GHS)`);
    expect(lines[1]).toMatch(/,WITHDRAW,Withdrawal to GCB Bank,-10\.00,50\.00$/);
    expect(lines[3]).toMatch(/,DEPOSIT,Wallet deposit \(demo\),100\.00,100\.00$/);
    // Read in Twi: each entry's kind in the reader's words, as the page names it.
    const twi = (await rawText(await u.page.get("/portfolio/statement.csv", { headers: { "Accept-Language": "ak" } }))).split("\r\n");
    expect(twi[0]).toBe(`${BOM}Da,Ɛyɛ dɛn,Ho nsɛm,Sika (GHS),Nea aka akyire (GHS)`);
    expect(twi[1]).toMatch(/,Yi sika,[^,]+,-10\.00,50\.00$/);
    expect(twi[3]).toMatch(/,Sika to mu,[^,]+,100\.00,100\.00$/);
    expect(twi.join("\n")).not.toMatch(/,(WITHDRAW|DEPOSIT),/);
    const statementPage = htmlText((await page(u.page, "/portfolio")).html);
    expect(statementPage).toContain("Wallet statement");
    expect(statementPage).toContain("Withdrawal to GCB Bank");
  });

  it("a withdrawal that names no destination (the API's plain one) reads as a withdrawal, never 'to Not given'", async () => {
    const u = await investor(20);
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 1 })).status).toBe(200);
    const lines = (await rawText(await u.page.get("/portfolio/statement.csv"))).split("\r\n");
    expect(lines[1]).toMatch(/,WITHDRAW,Withdrawal,-1\.00,19\.00$/);
    const portfolio = htmlText((await page(u.page, "/portfolio")).html);
    expect(portfolio).toMatch(/WITHDRAW<span class="block text-xs text-stone-500">Withdrawal<\/span>/);
    expect(portfolio).not.toContain("Not given");
  });

  it("reinvests into the same batch through the same rules and messages", async () => {
    const batch = newBatch({ unitPrice: 25 });
    const u = await investor(100);
    const first = await invest(u.api, batch, 1);
    const open = htmlText((await page(u.page, `/portfolio?dialog=reinvest&id=${first}`)).html);
    expect(open).toContain(`Reinvest into Batch #${batch}`);
    const key = formValue(open, "idempotency_key")!;

    const zero = await u.page.postForm(`/portfolio?dialog=reinvest&id=${first}`, { intent: "reinvest", investment_id: first, units: "0", terms: "on", idempotency_key: key });
    expect(zero.status).toBe(400);
    expect(htmlText(await zero.text())).toContain("Enter a positive units amount.");
    const broke = await u.page.postForm(`/portfolio?dialog=reinvest&id=${first}`, { intent: "reinvest", investment_id: first, units: "4", terms: "on", idempotency_key: key });
    expect(broke.status).toBe(400);
    expect(htmlText(await broke.text())).toContain("Insufficient wallet balance — deposit or reduce units.");

    const ok = await u.page.postForm(`/portfolio?dialog=reinvest&id=${first}`, { intent: "reinvest", investment_id: first, units: "2", terms: "on", idempotency_key: key });
    expect(ok.status).toBe(302);
    const dup = await u.page.postForm(`/portfolio?dialog=reinvest&id=${first}`, { intent: "reinvest", investment_id: first, units: "2", terms: "on", idempotency_key: key });
    expect(dup.status).toBe(302);
    expect(balanceMinor(u.id)).toBe(2500);
    const my = await call(u.api, "GET", "/api/v1/invest/my");
    expect(my.body.map((i: any) => [i.batch_id, i.units])).toEqual([
      [batch, 2],
      [batch, 1],
    ]);
    expect(htmlText((await u.page.follow("/portfolio")).html)).toContain("Reinvest successful, refreshing...");

    expect((await call(admin, "POST", `/api/v1/admin/batches/${batch}/activate`)).status).toBe(200);
    server.db().prepare("update batches set product_type = 'CHICKEN' where id = ?").run(batch);
    const closed = await u.page.postForm("/portfolio", { intent: "reinvest", investment_id: first, units: "1", idempotency_key: "ri-closed" });
    expect(closed.status).toBe(400);
    expect(htmlText(await closed.text())).toContain("This batch is no longer open for investment.");
  });

  it("the reinvest dialog says the cost, income, dates, way out and risk, for the units typed (?units=), keeping the portfolio's query", async () => {
    // GHS 100 a unit, 1% a month (the test server withholds no tax): 3 units cost GHS 300 and earn GHS 3.00 a month.
    const egg = newBatch({ unitPrice: 100, expectedRoi: 0.01 });
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 100, targetUnits: 1000, expectedRoi: 0.1 }).id;
    const u = await investor(500);
    const inEgg = await invest(u.api, egg, 1);
    const inChicken = await invest(u.api, chicken, 1);
    const dialogFor = async (id: number, query = "") => htmlText((await page(u.page, `/portfolio?status=ACTIVE&dialog=reinvest&id=${id}${query}`)).html);

    const plain = await dialogFor(inEgg);
    // The default 10 units' figures, and the units they are for.
    expect(plain).toMatch(/name="units"[^>]*value="10"/);
    expect(plain).toMatch(/name="shown_units" value="10"/);
    expect(plain).toMatch(/data-testid="invest-cost">GH₵\s?1,000\.00/);
    expect(plain).toMatch(/data-testid="invest-net-income">GH₵\s?10\.00/);
    expect(plain).toContain("a month after withholding tax.");
    expect(plain).toContain("First payout about 3 months after the batch starts");
    expect(plain).toContain("Getting your money out: from one month after the batch starts you may request an early exit");
    expect(plain).toContain("Capital is not guaranteed: you could lose some or all of the money you invest.");
    // The terms box, unticked, in the invest dialog's words.
    expect(plain).toMatch(/<input type="checkbox" name="terms" id="invest-terms"(?![^>]*checked)[^>]*>/);
    expect(plain).toContain("I accept the Terms and the Risk Disclosure.");
    // "Check the cost" asks the portfolio again by GET, its query and the dialog kept.
    expect(plain).toMatch(/<button type="submit" formMethod="get" formAction="\/portfolio"[^>]*>Check the cost<\/button>/i);
    for (const [name, value] of [
      ["status", "ACTIVE"],
      ["dialog", "reinvest"],
      ["id", String(inEgg)],
    ])
      expect(plain).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);

    const three = await dialogFor(inEgg, "&units=3&terms=on");
    expect(three).toMatch(/name="units"[^>]*value="3"/);
    expect(three).toMatch(/name="shown_units" value="3"/);
    expect(three).toMatch(/data-testid="invest-cost">GH₵\s?300\.00/);
    expect(three).toMatch(/data-testid="invest-net-income">GH₵\s?3\.00/);
    expect(three).toMatch(/name="terms" id="invest-terms"[^>]*checked=""/);
    // The rule's answer to the units typed, before anything is sent.
    expect(await dialogFor(inEgg, "&units=6")).toContain("Insufficient wallet balance — deposit or reduce units.");
    expect(await dialogFor(inEgg, "&units=abc")).toContain("Enter a positive units amount.");

    // Chicken: the harvest's income, its way out and its own terms words.
    const harvest = await dialogFor(inChicken, "&units=2");
    expect(harvest).toMatch(/data-testid="invest-cost">GH₵\s?200\.00/);
    expect(harvest).toMatch(/Expected at harvest: <strong data-testid="invest-net-income">GH₵\s?20\.00<\/strong> earned after withholding tax, with your GH₵\s?200\.00 back\./);
    expect(harvest).toContain("Getting your money out: Chicken Notes are locked until harvest");
    expect(harvest).toContain("I acknowledge the investment terms: Terms and the Risk Disclosure; capital is not guaranteed.");

    // In Twi, from the catalog.
    const twi = await dialogFor(inEgg, "&lang=ak");
    expect(twi).toContain("Yɛnhyɛ bɔ sɛ wo sika titiriw bɛsan aba");
    expect(twi).toContain("Mepene Mmara no ne Asiane ho nkaeɛ no so.");
    expect(twi).toContain("Hwɛ ne ka");
    expect(investmentCountOf(u.id)).toBe(2);
  });

  it("reinvest asks for the terms box and buys no units whose figures were not shown", async () => {
    const egg = newBatch({ unitPrice: 100, expectedRoi: 0.01 });
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 100, targetUnits: 1000, expectedRoi: 0.1 }).id;
    const u = await investor(1000);
    const inEgg = await invest(u.api, egg, 1);
    const inChicken = await invest(u.api, chicken, 1);
    const url = `/portfolio?dialog=reinvest&id=${inEgg}`;
    const fields = { intent: "reinvest", investment_id: inEgg, idempotency_key: `ri-seen-${inEgg}` };

    // No tick: refused with the product's own words, beside the box; nothing bought.
    const unticked = await u.page.postForm(url, { ...fields, units: 3, shown_units: 3 });
    expect(unticked.status).toBe(400);
    expect(htmlText(await unticked.text())).toMatch(/id="invest-terms-error"[^>]*>Please accept terms & risk disclosure\./);
    const chickenUnticked = await u.page.postForm(`/portfolio?dialog=reinvest&id=${inChicken}`, {
      intent: "reinvest",
      investment_id: inChicken,
      units: 1,
      shown_units: 1,
      idempotency_key: `ri-seen-${inChicken}`,
    });
    expect(htmlText(await chickenUnticked.text())).toContain("You must acknowledge the investment terms.");
    expect(investmentCountOf(u.id)).toBe(2);

    // 3 typed over the 10 shown, without "Check the cost": the figures come back for 3 and nothing is bought.
    const unseen = await u.page.postForm(url, { ...fields, units: 3, shown_units: 10, terms: "on" });
    expect(unseen.status).toBe(400);
    const shown = htmlText(await unseen.text());
    expect(shown).toContain("The figures above are now for the 3 units you typed: read them, then press the button again.");
    expect(shown).toMatch(/data-testid="invest-cost">GH₵\s?300\.00/);
    expect(shown).toMatch(/data-testid="invest-net-income">GH₵\s?3\.00/);
    expect(shown).toMatch(/name="shown_units" value="3"/);
    expect(investmentCountOf(u.id)).toBe(2);

    // Pressed again, the 3 it showed are bought.
    const done = await u.page.postForm(url, { ...fields, units: 3, shown_units: 3, terms: "on" });
    expect(done.status).toBe(302);
    expect(server.db().prepare("select units, amount_minor a from investments where user_id = ? and id > ?").all(u.id, inChicken)).toEqual([{ units: 3, a: 30000 }]);
    expect(balanceMinor(u.id)).toBe(100000 - 20000 - 30000);
  });

  it("lists open early-exit requests and cancels one", async () => {
    // Started long ago (activation keeps the date): early exit is open.
    const batch = newBatch({ unitPrice: 10, startDate: "2025-01-01" });
    const u = await investor(100);
    await invest(u.api, batch, 5);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${batch}/activate`)).status).toBe(200);
    const exit = await call(u.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch, units: 3 });
    expect(exit.status).toBe(201);
    const exitId = exit.body.requests[0].id as number;
    const html = htmlText((await page(u.page, "/portfolio")).html);
    expect(html).toContain("3 of 3 units waiting for a buyer");
    const cancel = await u.page.postForm("/portfolio", { intent: "cancel_exit", exit_id: exitId, idempotency_key: "cx-1" });
    expect(cancel.status).toBe(302);
    expect(server.db().prepare("select status from exit_requests where id = ?").get(exitId)).toEqual({ status: "CANCELLED" });
    const after = htmlText((await u.page.follow("/portfolio")).html);
    expect(after).toContain("Early exit request cancelled.");
    expect(after).toContain("No open early-exit requests.");
    const someoneElse = await investor(0);
    const refused = await someoneElse.page.postForm("/portfolio", { intent: "cancel_exit", exit_id: exitId, idempotency_key: "cx-2" });
    expect(refused.status).toBe(404);
    expect(htmlText(await refused.text())).toContain("Exit request not found.");
  });

  it("a failed load shows 'Failed to load portfolio. Please check your network or login.'", async () => {
    const u = await investor(0);
    const db = server.db();
    db.exec("alter table notifications rename to notifications_away");
    try {
      const { status, html } = await page(u.page, "/portfolio");
      expect(status).toBe(500);
      expect(htmlText(html)).toContain("Failed to load portfolio. Please check your network or login.");
      expect(html).toContain('href="/portfolio"');
    } finally {
      db.exec("alter table notifications_away rename to notifications");
    }
    expect((await page(u.page, "/portfolio")).status).toBe(200);
  });

  it("refuses unreadable forms and cross-site posts without changing money", async () => {
    const u = await investor(10);
    const junk = await u.page.postForm("/portfolio", { intent: "steal" });
    expect(junk.status).toBe(400);
    const cross = await u.page.postForm("/portfolio", { intent: "deposit", amount: "5" }, { Origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(balanceMinor(u.id)).toBe(1000);
    const ledger = await call(admin, "GET", "/api/v1/admin/invariants");
    expect(ledger.body).toEqual({ ok: true, problems: [] });
  });
});

describe("after a partial early exit", () => {
  it("the table, its CSV and the API show the units held and their cost, and the exited part", async () => {
    const batchId = newBatch({ unitPrice: 150, targetUnits: 40, startDate: "2025-06-15" });
    const seller = await investor(3000);
    const buyer = await investor(1000);
    const investmentId = await invest(seller.api, batchId, 20);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${batchId}/activate`)).status).toBe(200);
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batchId, units: 5 })).status).toBe(201);
    expect((await call(buyer.api, "POST", "/api/v1/invest/create", { batch_id: batchId, units: 5 })).status).toBe(201);

    const mine = (await call(seller.api, "GET", "/api/v1/invest/my")).body.find((i: any) => i.id === investmentId);
    expect(mine).toMatchObject({ units: 20, amount: 3000, units_held: 15, amount_held: 2250, units_exited: 5, amount_exited: 750, status: "ACTIVE" });

    const { html } = await page(seller.page, `/portfolio?q=${investmentId}`);
    const row = /<tr[^>]*data-investment-id="\d+"[\s\S]*?<\/tr>/.exec(html)?.[0] ?? "";
    const text = htmlText(row);
    expect(text).toContain("15");
    expect(text).toContain("of 20 bought, 5 exited");
    expect(text).toContain("GH₵2,250.00");
    expect(text).toContain("GH₵750.00 exited");
    expect(text).not.toContain("GH₵3,000.00");

    const csv = (await rawText(await seller.page.get(`/portfolio/export.csv?q=${investmentId}`))).replace(BOM, "").trim().split(/\r?\n/);
    expect(csv[0]).toBe("Investment ID,Batch ID,Units,Amount (GHS),Status,Created At,Units Held,Cost Held (GHS),Units Exited");
    expect(csv[1]).toMatch(new RegExp(`^${investmentId},${batchId},20,3000\\.00,ACTIVE,[^,]+,15,2250\\.00,5$`));
    const twiCsv = (await rawText(await seller.page.get(`/portfolio/export.csv?q=${investmentId}`, { headers: { "Accept-Language": "ak" } }))).replace(BOM, "").trim().split(/\r?\n/);
    expect(twiCsv[0]).toBe("Sikahyɛ ID,Nkokɔ kuw ID,Kyɛfa,Sika (GHS),Tebea,Da,Kyɛfa a wowɔ,Ne bo (GHS),Kyɛfa a woafi mu");
    expect(twiCsv[1]).toMatch(new RegExp(`^${investmentId},${batchId},20,3000\\.00,ƐREKƆ SO,[^,]+,15,2250\\.00,5$`));
  });
});

describe("notices: every one can be read, on the page and the API, and read_at says which the investor marked read", () => {
  /** `count` notices, oldest first (as old rows are stored: their English text), their ids returned. */
  function addNotices(userId: number, count: number, from = 1): number[] {
    const insert = server.db().prepare("insert into notifications (user_id, kind, message, created_at) values (?, 'NEWS', ?, ?) returning id");
    return Array.from({ length: count }, (_, i) => (insert.get(userId, `Notice number ${from + i}.`, new Date(Date.UTC(2026, 0, 1, 0, from + i)).toISOString()) as { id: number }).id);
  }
  const shownIds = (html: string) => [...html.matchAll(/data-notice-id="(\d+)"/g)].map((m) => Number(m[1]));
  const unreadIds = (html: string) => [...html.matchAll(/data-notice-id="(\d+)" data-unread="true"/g)].map((m) => Number(m[1]));
  const olderHref = (html: string) => /href="(\/portfolio\/notices\?before=\d+)"[^>]*>Older notifications</.exec(html)?.[1];

  it("the portfolio shows the newest ten and links to older ones, fifty a page, without JavaScript; the API pages with ?before=", async () => {
    const u = await investor();
    const ids = addNotices(u.id, 63);
    const newestFirst = [...ids].reverse();
    const { html } = await page(u.page, "/portfolio");
    expect(shownIds(html)).toEqual(newestFirst.slice(0, 10));
    expect(unreadIds(html)).toEqual(newestFirst.slice(0, 10));
    expect(html).toContain(">63 new<");
    expect(olderHref(html)).toBe(`/portfolio/notices?before=${newestFirst[9]}`);

    const second = await page(u.page, olderHref(html)!);
    expect(second.status).toBe(200);
    expect(shownIds(second.html)).toEqual(newestFirst.slice(10, 60));
    expect(htmlText(second.html)).toContain("Your notifications");
    expect(second.html).toContain('href="/portfolio/notices"');
    const last = await page(u.page, olderHref(second.html)!);
    expect(shownIds(last.html)).toEqual(newestFirst.slice(60));
    expect(htmlText(last.html)).toContain("Notice number 1.");
    expect(olderHref(last.html)).toBeUndefined();
    // The first page of the notices page, and one past the oldest.
    expect(shownIds((await page(u.page, "/portfolio/notices")).html)).toEqual(newestFirst.slice(0, 50));
    expect(htmlText((await page(u.page, `/portfolio/notices?before=${ids[0]}`)).html)).toContain("No older notifications.");

    const api = await call(u.api, "GET", "/api/v1/invest/notifications");
    expect(api.body.map((n: { id: number }) => n.id)).toEqual(newestFirst.slice(0, 50));
    expect(api.body[0]).toEqual({ id: newestFirst[0], kind: "NEWS", message: "Notice number 63.", read_at: null, created_at: expect.any(String) });
    const older = await call(u.api, "GET", `/api/v1/invest/notifications?before=${newestFirst[49]}`);
    expect(older.body.map((n: { id: number }) => n.id)).toEqual(newestFirst.slice(50));
    expect(await call(u.api, "GET", "/api/v1/invest/notifications?before=soon")).toEqual({
      status: 422,
      body: { detail: "Give before as the id of the oldest item you have: the list goes on with those older than it." },
    });
    // Another investor's list holds none of them.
    expect((await call((await investor()).api, "GET", "/api/v1/invest/notifications")).body).toEqual([]);
  });

  it("'Mark all as read' (a form, sent twice without JavaScript; the API with its key) sets read_at up to the newest notice shown, once", async () => {
    const u = await investor();
    const ids = addNotices(u.id, 12);
    const { html } = await page(u.page, "/portfolio");
    const form = /<form[^>]*>(?:(?!<\/form>).)*name="intent" value="notices_read"(?:(?!<\/form>).)*<\/form>/s.exec(html)?.[0];
    expect(form).toBeTruthy();
    const fields = { intent: "notices_read", up_to: formValue(form!, "up_to")!, idempotency_key: formValue(form!, "idempotency_key")! };
    expect(fields.up_to).toBe(String(ids[11]));
    // A notice that arrives after the page was drawn stays unread.
    const [later] = addNotices(u.id, 1, 13);
    for (let i = 0; i < 2; i++) {
      const res = await u.page.postForm("/portfolio", fields);
      expect({ status: res.status, location: res.headers.get("Location") }).toEqual({ status: 302, location: "/portfolio#notices" });
    }
    const readAt = () => server.db().prepare("select id, read_at from notifications where user_id = ? order by id").all(u.id) as Array<{ id: number; read_at: string | null }>;
    const firstRead = readAt();
    expect(firstRead.filter((n) => n.read_at !== null).map((n) => n.id)).toEqual(ids);
    expect(firstRead.find((n) => n.id === later)!.read_at).toBeNull();
    const after = await u.page.follow("/portfolio");
    expect(htmlText(after.html)).toContain("Notifications marked as read.");
    expect(unreadIds(after.html)).toEqual([later]);
    expect(after.html).toContain(">1 new<");
    const listed = (await call(u.api, "GET", "/api/v1/invest/notifications")).body as Array<{ id: number; read_at: string | null }>;
    expect(listed.map((n) => [n.id, n.read_at !== null])).toEqual([[later, false], ...[...ids].reverse().map((id) => [id, true])]);

    // The API: the same command. up_to marks up to it; the same key again answers the first answer.
    expect(await call(u.api, "POST", "/api/v1/invest/notifications/read", { up_to: "soon" })).toEqual({
      status: 422,
      body: { detail: "Give up_to as the id of the newest notice you have read: every notice up to it is marked read." },
    });
    for (let i = 0; i < 2; i++)
      expect(await call(u.api, "POST", "/api/v1/invest/notifications/read", { up_to: later }, { "Idempotency-Key": "read-k-1" })).toEqual({ status: 200, body: { marked: 1, unread: 0 } });
    // A notice read earlier keeps the time it was first read.
    expect(readAt().filter((n) => n.id !== later)).toEqual(firstRead.filter((n) => n.id !== later));
    // Without up_to, every notice; nothing left to mark is no error.
    addNotices(u.id, 2, 14);
    expect(await call(u.api, "POST", "/api/v1/invest/notifications/read")).toEqual({ status: 200, body: { marked: 2, unread: 0 } });
    expect(await call(u.api, "POST", "/api/v1/invest/notifications/read", {})).toEqual({ status: 200, body: { marked: 0, unread: 0 } });
    const { html: calm } = await page(u.page, "/portfolio");
    expect(calm).not.toContain('value="notices_read"');
    expect(unreadIds(calm)).toEqual([]);
  });
});
