/**
 * Issue 14, the investor's view over HTTP (a browser without JavaScript): auto-reinvest that says
 * only what happens, reinvest and exit dialogs that tell the truth, fragment returns, the empty
 * export, the portfolio's totals and next payouts, and a receipt per investment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLogin, call, Client, htmlText } from "./support/client";
import { firstIncomePeriod } from "~/domain/schedules";
import { createInvestor, createRemittance, startInLay } from "./support/factories";
import { startServer, TEST_ADMIN, type TestServer } from "./support/server";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await apiLogin(server.url, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await server?.stop();
});

/** The checkbox's name, then the rule it switches on (its description). */
const EGG_LABEL =
  /<span>Auto-reinvest at close<\/span><\/label><p id="auto-reinvest-rule"[^>]*>When this batch closes, my principal buys whole units of the next open Egg batch\. The rest, and every monthly income payment, go to my wallet\.<\/p>/;
const CHICKEN_LABEL =
  /<span>Auto-reinvest at harvest<\/span><\/label><p id="auto-reinvest-rule"[^>]*>My harvest proceeds buy whole units of the next open Chicken batch\. The rest goes to my wallet\.<\/p>/;

/** Farm ids by name: made once through the API (a second farm with the same name and location is refused). */
const farmIds = new Map<string, number>();
async function farmNamed(name: string): Promise<number> {
  if (!farmIds.has(name)) {
    const farm = await call(admin, "POST", "/api/v1/admin/farms", { name, location: "Sunyani, Bono", notes: "" });
    expect(farm.status).toBe(201);
    farmIds.set(name, farm.body.id);
  }
  return farmIds.get(name)!;
}

async function newBatch(fields: Record<string, unknown> = {}, farmName = "View Farm") {
  const res = await call(admin, "POST", "/api/v1/admin/batches", {
    farm_id: await farmNamed(farmName),
    product_type: "EGG",
    unit_price: 10,
    target_units: 1000,
    feed_price: 6,
    mortality_rate: 0.05,
    expected_roi: 0.02,
    id: 0,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const investor = (depositGhs = 0) => createInvestor(server, { fullName: "Akosua Darko", walletGhs: depositGhs });

async function invest(api: Client, batchId: number, units: number, autoReinvest = false) {
  const res = await call(api, "POST", "/api/v1/invest/create", { batch_id: batchId, units, auto_reinvest: autoReinvest });
  expect(res.status).toBe(201);
  return res.body.investment.id as number;
}

/** Activates the batch and records the farm's remittance its payouts will be paid from (issue 18). */
async function activate(batchId: number) {
  expect((await call(admin, "POST", `/api/v1/admin/batches/${batchId}/activate`)).status).toBe(200);
  createRemittance(server, batchId);
}

/** Leaves `keep` the only OPEN batches of a type, so "the next open batch" is known. */
async function onlyOpen(type: "EGG" | "CHICKEN", keep: number[]) {
  const open = server.db().prepare("select id from batches where product_type = ? and status = 'OPEN'").all(type) as Array<{ id: number }>;
  for (const { id } of open) if (!keep.includes(id)) await activate(id);
}

const balanceMinor = (userId: number) => (server.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { b: number } | undefined)?.b ?? 0;
const holdings = (userId: number) => server.db().prepare(`select batch_id as "batchId", units, auto_reinvest auto, status from investments where user_id = ? order by id`).all(userId);

async function page(client: Client, path: string) {
  const res = await client.get(path);
  return { status: res.status, html: htmlText(await res.text()), res };
}
/** One investment's table row (a card below 640 px). */
const row = (html: string, id: number) => new RegExp(`<tr[^>]*data-investment-id="${id}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";
const dialog = (html: string) => /<div[^>]*role="dialog"[\s\S]*$/.exec(html)?.[0] ?? "";
/** A message in the page's flow: a marker, then the message whose Dismiss link targets that marker. */
const DISMISSABLE =
  /<span id="(dismissed[^"]+)" data-dismiss-marker="true" class="[^"]*"><\/span><div role="(?:status|alert)"[^>]*data-toast="[a-z]+">[\s\S]*?<a href="#\1" aria-label="Dismiss message"/;
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const monthEnd = (monthsAhead: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead + 1, 0)).toISOString().slice(0, 10);
};

describe("1. auto-reinvest says only what happens", () => {
  it("both invest dialogs offer it with a label that says exactly what happens, and the chicken form keeps it", async () => {
    const egg = await newBatch();
    const chicken = await newBatch({ product_type: "CHICKEN", unit_price: 20 });
    const u = await investor(100);
    const eggDialog = (await page(u.page, `/invest/eggs?dialog=invest&batch=${egg}`)).html;
    expect(eggDialog).toContain('name="auto_reinvest"');
    expect(eggDialog).toMatch(EGG_LABEL);
    expect(eggDialog).toMatch(/name="auto_reinvest"[^>]*aria-describedby="auto-reinvest-rule"/);
    expect(eggDialog).not.toContain("Auto-reinvest my payouts");
    const chickenDialog = (await page(u.page, `/invest/chicken?dialog=invest&batch=${chicken}`)).html;
    expect(chickenDialog).toContain('name="auto_reinvest"');
    expect(chickenDialog).toMatch(CHICKEN_LABEL);

    const res = await u.page.postForm(`/invest/chicken?dialog=invest&batch=${chicken}`, { intent: "invest", batch_id: chicken, units: 2, terms: "on", auto_reinvest: "on" });
    expect(res.status).toBe(302);
    expect(holdings(u.id)).toEqual([{ batchId: chicken, units: 2, auto: 1, status: "ACTIVE" }]);
    await invest(u.api, egg, 1, true);
    await invest(u.api, egg, 2, false);

    const portfolio = (await page(u.page, "/portfolio")).html;
    expect(portfolio).toContain('data-testid="auto-reinvest">On<');
    expect(portfolio).toContain(`Batch #${chicken} (Chicken): harvest proceeds buy units of the next open Chicken batch`);
    expect(portfolio).toContain(`Batch #${egg} (Egg): principal at close buys units of the next open Egg batch; monthly income goes to your wallet`);
    expect(portfolio).toContain(`Batch #${egg} (Egg): every payout goes to your wallet`);
  });

  it("an egg close buys whole units of the next open Egg batch and leaves the rest in the wallet; monthly income is never reinvested", async () => {
    const a = await newBatch({ unit_price: 10, expected_roi: 0.02 });
    const u = await investor(1000);
    const bought = await u.page.postForm(`/invest/eggs?dialog=invest&batch=${a}`, { intent: "invest", batch_id: a, units: 33, terms: "on", auto_reinvest: "on" });
    expect(bought.status).toBe(302);
    await activate(a);
    startInLay(server, a);
    const b = await newBatch({ unit_price: 40 });

    // The month's income (330.00 x 2% = 6.60) reaches the wallet, with an open Egg batch waiting.
    const month = await call(admin, "POST", `/api/v1/admin/payouts/${a}/execute`);
    expect(month.status).toBe(200);
    expect(month.body.reinvested).toBe(0);
    expect(holdings(u.id)).toHaveLength(1);
    expect(balanceMinor(u.id)).toBe(100_000 - 33_000 + 660);

    // The close returns 330.00: 8 units of B (320.00) are bought, 10.00 stays.
    await onlyOpen("EGG", [b]);
    const close = await call(admin, "POST", `/api/v1/admin/batches/${a}/close`);
    expect(close.status).toBe(200);
    expect(close.body.reinvested).toBe(1);
    expect(holdings(u.id)).toEqual([
      { batchId: a, units: 33, auto: 1, status: "PAID" },
      { batchId: b, units: 8, auto: 1, status: "ACTIVE" },
    ]);
    expect(balanceMinor(u.id)).toBe(100_000 - 33_000 + 660 + 33_000 - 32_000);
    const notes = await call(u.api, "GET", "/api/v1/invest/notifications");
    expect(JSON.stringify(notes.body)).toContain(
      `Auto-reinvest: your principal from Batch #${a} paid GH₵330.00 into your wallet; 8 units of Batch #${b} were bought with it for GH₵320.00, and GH₵10.00 stayed in your wallet.`,
    );
    expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
  });

  it("switching it off (the API or the portfolio's form) stops it; an ended holding cannot be switched", async () => {
    const c = await newBatch({ unit_price: 10 });
    const x = await investor(500);
    const y = await investor(500);
    const xi = await invest(x.api, c, 20, true);
    const yi = await invest(y.api, c, 20, true);

    const on = await call(x.api, "POST", `/api/v1/invest/${xi}/auto-reinvest`, { auto_reinvest: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: xi, auto_reinvest: true });
    const off = await call(x.api, "POST", `/api/v1/invest/${xi}/auto-reinvest`, { auto_reinvest: false });
    expect(off).toMatchObject({ status: 200, body: { id: xi, auto_reinvest: false } });
    expect(await call(x.api, "POST", `/api/v1/invest/${xi}/auto-reinvest`, { auto_reinvest: "maybe" })).toEqual({ status: 422, body: { detail: "Give auto_reinvest as true or false." } });
    expect(await call(x.api, "POST", `/api/v1/invest/${xi}/auto-reinvest`, {})).toEqual({ status: 422, body: { detail: "Give auto_reinvest as true or false." } });
    expect(await call(x.api, "POST", `/api/v1/invest/${yi}/auto-reinvest`, { auto_reinvest: false })).toEqual({ status: 404, body: { detail: "Investment not found." } });
    expect((await call(x.api, "GET", `/api/v1/invest/${xi}/auto-reinvest`)).status).toBe(405);

    // The portfolio's form, one per holding, works without JavaScript and returns to that holding.
    const before = (await page(y.page, "/portfolio")).html;
    expect(before).toMatch(new RegExp(`id="auto-${yi}"`));
    expect(before).toContain(`aria-label="Turn off auto-reinvest for investment #${yi}"`);
    const form = await y.page.postForm("/portfolio", { intent: "auto_reinvest", investment_id: yi, auto_reinvest: "off", idempotency_key: `ar-${yi}` });
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe(`/portfolio#auto-${yi}`);
    const after = htmlText((await y.page.follow("/portfolio")).html);
    expect(after).toContain(`Auto-reinvest is off for investment #${yi}.`);
    expect(after).toContain('data-testid="auto-reinvest">Off<');
    expect(after).toContain(`aria-label="Turn on auto-reinvest for investment #${yi}"`);
    // Another investor's holding is not found.
    const steal = await x.page.postForm("/portfolio", { intent: "auto_reinvest", investment_id: yi, auto_reinvest: "on", idempotency_key: "ar-steal" });
    expect(steal.status).toBe(404);
    expect(htmlText(await steal.text())).toContain('role="alert">Investment not found.<');

    await activate(c);
    const d = await newBatch({ unit_price: 10 });
    await onlyOpen("EGG", [d]);
    const close = await call(admin, "POST", `/api/v1/admin/batches/${c}/close`);
    expect(close.status).toBe(200);
    expect(close.body.reinvested).toBe(0);
    for (const u of [x, y]) {
      expect(holdings(u.id)).toEqual([{ batchId: c, units: 20, auto: 0, status: "PAID" }]);
      expect(balanceMinor(u.id)).toBe(50_000);
    }
    expect(await call(x.api, "POST", `/api/v1/invest/${xi}/auto-reinvest`, { auto_reinvest: true })).toEqual({
      status: 409,
      body: { detail: `Investment #${xi} has ended; auto-reinvest applies to active holdings only.` },
    });
  });

  it("auto-reinvest is JSON true or false (or the text of either) when investing and switching; anything else is a 422 and changes nothing", async () => {
    const c = await newBatch({ unit_price: 10 });
    const u = await investor(500);
    const refused = { status: 422, body: { detail: "Give auto_reinvest as true or false." } };
    const create = (auto_reinvest: unknown, query = "") => call(u.api, "POST", `/api/v1/invest/create${query}`, { batch_id: c, units: 2, auto_reinvest });
    for (const loose of ["yes", "on", "1", "maybe", 5, 1, 0, [true], {}, ""]) expect(await create(loose)).toEqual(refused);
    expect(await create("yes", "?lang=ak")).toEqual({ status: 422, body: { detail: "Fa auto_reinvest bra sɛ true anaa false." } });
    expect(holdings(u.id)).toEqual([]);
    expect(balanceMinor(u.id)).toBe(50_000);
    // An id is a JSON number or a string of digits: a list is not one.
    expect(await call(u.api, "POST", "/api/v1/invest/create", { batch_id: [c], units: 2 })).toEqual({ status: 422, body: { detail: "Give the batch_id of the batch to invest in." } });

    const on = await create("true");
    expect(on.status).toBe(201);
    expect(on.body.investment).toMatchObject({ auto_reinvest: true });
    const id = on.body.investment.id as number;
    expect((await create(null)).body.investment).toMatchObject({ auto_reinvest: false });
    expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: String(c), units: 1 })).body.investment).toMatchObject({ auto_reinvest: false });
    expect(await call(u.api, "POST", `/api/v1/invest/${id}/auto-reinvest`, { auto_reinvest: 5 })).toEqual(refused);
    expect(await call(u.api, "POST", `/api/v1/invest/${id}/auto-reinvest?lang=ak`, { auto_reinvest: "yes" })).toEqual({ status: 422, body: { detail: "Fa auto_reinvest bra sɛ true anaa false." } });
    expect(await call(u.api, "POST", `/api/v1/invest/${id}/auto-reinvest`, { auto_reinvest: "false" })).toMatchObject({ status: 200, body: { id, auto_reinvest: false } });
  });
});

describe("9. reinvest, exit and invest dialogs say what can be done", () => {
  it("reinvest is offered only where the batch still takes money, and otherwise says why", async () => {
    const open = await newBatch({ unit_price: 10, target_units: 100 });
    const shut = await newBatch({ product_type: "CHICKEN", unit_price: 10, target_units: 10 });
    const full = await newBatch({ unit_price: 10, target_units: 5 });
    const u = await investor(200);
    const inOpen = await invest(u.api, open, 1);
    const inShut = await invest(u.api, shut, 2);
    const inFull = await invest(u.api, full, 5);
    await activate(shut);

    const html = (await page(u.page, "/portfolio")).html;
    expect(row(html, inOpen)).toContain(`Reinvest into Batch #${open}`);
    expect(row(html, inShut)).not.toContain("dialog=reinvest");
    expect(row(html, inShut)).toContain("Closed to new money");
    expect(row(html, inFull)).not.toContain("dialog=reinvest");
    expect(row(html, inFull)).toContain("Sold out");

    const shutDialog = dialog((await page(u.page, `/portfolio?dialog=reinvest&id=${inShut}`)).html);
    expect(shutDialog).toContain(`Batch #${shut} is no longer open for investment.`);
    expect(shutDialog).not.toContain('name="units"');
    const fullDialog = dialog((await page(u.page, `/portfolio?dialog=reinvest&id=${inFull}`)).html);
    expect(fullDialog).toContain(`Batch #${full} is sold out: no units are available right now.`);
    expect(fullDialog).not.toContain('name="units"');
    expect(dialog((await page(u.page, `/portfolio?dialog=reinvest&id=${inOpen}`)).html)).toContain('name="units"');
  });

  it("a direct link to a sold-out batch's invest dialog says it is sold out", async () => {
    const full = await newBatch({ unit_price: 10, target_units: 3 });
    const u = await investor(100);
    await invest(u.api, full, 3);
    const html = dialog((await page(u.page, `/invest/eggs?dialog=invest&batch=${full}`)).html);
    expect(html).toContain(`Batch #${full} is sold out: no units are available right now.`);
    expect(html).not.toContain("Between 1 and 1");
    expect(html).not.toContain('name="units"');
  });

  it("the exit dialog defaults to the units the investor can offer (at most 10)", async () => {
    const egg = await newBatch({ unit_price: 10, target_units: 100 });
    const small = await investor(100);
    const big = await investor(1000);
    await invest(small.api, egg, 3);
    await invest(big.api, egg, 40);
    await activate(egg);
    const twoMonthsAgo = new Date();
    twoMonthsAgo.setUTCMonth(twoMonthsAgo.getUTCMonth() - 2);
    server.db().prepare("update batches set start_date = ? where id = ?").run(twoMonthsAgo.toISOString().slice(0, 10), egg);
    const url = `/invest/eggs?dialog=exit&batch=${egg}`;
    expect((await page(small.page, url)).html).toMatch(/name="units"[^>]*value="3"/);
    expect((await page(big.page, url)).html).toMatch(/name="units"[^>]*value="10"/);
    expect((await call(big.api, "POST", "/api/v1/invest/early-exit", { batch_id: egg, units: 35 })).status).toBe(201);
    expect((await page(big.page, url)).html).toMatch(/name="units"[^>]*value="5"/);
  });
});

describe("10. without JavaScript: back to the row or card, the empty export, messages", () => {
  it("portfolio dialogs open and close on the investment's row, and an action returns there", async () => {
    const egg = await newBatch({ unit_price: 10 });
    const u = await investor(100);
    const id = await invest(u.api, egg, 1);
    const html = (await page(u.page, "/portfolio")).html;
    expect(row(html, id)).toContain(`id="investment-${id}"`);
    expect(row(html, id)).toContain(`href="/portfolio?dialog=details&id=${id}#investment-${id}"`);
    expect(row(html, id)).toContain(`href="/portfolio?dialog=reinvest&id=${id}#investment-${id}"`);
    for (const kind of ["details", "reinvest"]) {
      const open = dialog((await page(u.page, `/portfolio?status=ACTIVE&dialog=${kind}&id=${id}`)).html);
      expect(open).toMatch(new RegExp(`aria-label="Close"[^>]*href="/portfolio\\?status=ACTIVE#investment-${id}"`));
    }
    const done = await u.page.postForm(`/portfolio?dialog=reinvest&id=${id}`, { intent: "reinvest", investment_id: id, units: 2, terms: "on", idempotency_key: `ri-${id}` });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/portfolio#investment-${id}`);
    const back = htmlText((await u.page.follow(done.headers.get("Location")!)).html);
    // The message is shown on the row the investor returns to, with a control to dismiss it.
    const flashRow = new RegExp(`id="investment-${id}"[\\s\\S]*?</tr>\\s*<tr[^>]*>[\\s\\S]*?Reinvest successful, refreshing\\.\\.\\.`);
    expect(back).toMatch(flashRow);
    expect(back).toMatch(DISMISSABLE);
  });

  it("invest dialogs open and close on the batch's card, and an investment returns there", async () => {
    const egg = await newBatch({ unit_price: 10 }, "Fragment Farm");
    const u = await investor(100);
    const list = (await page(u.page, "/invest/eggs?q=Fragment+Farm")).html;
    expect(list).toContain(`id="batch-${egg}"`);
    expect(list).toContain(`href="/invest/eggs?q=Fragment+Farm&dialog=invest&batch=${egg}#batch-${egg}"`);
    const open = dialog((await page(u.page, `/invest/eggs?q=Fragment+Farm&dialog=invest&batch=${egg}`)).html);
    expect(open).toMatch(new RegExp(`aria-label="Close"[^>]*href="/invest/eggs\\?q=Fragment\\+Farm#batch-${egg}"`));
    const done = await u.page.postForm(`/invest/eggs?q=Fragment+Farm&dialog=invest&batch=${egg}`, { intent: "invest", batch_id: egg, units: 2, terms: "on", idempotency_key: `inv-${egg}` });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/invest/eggs?q=Fragment+Farm#batch-${egg}`);
    const back = htmlText((await u.page.follow(done.headers.get("Location")!)).html);
    expect(back).toMatch(new RegExp(`id="batch-${egg}"[\\s\\S]*?Investment confirmed: 2 units of Batch #${egg}`));
  });

  it("an empty export returns to the portfolio with 'No records to export'", async () => {
    const u = await investor(0);
    const res = await u.page.get("/portfolio/export.csv?q=999999&status=PAID");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/portfolio?q=999999&status=PAID");
    const back = htmlText((await u.page.follow(res.headers.get("Location")!)).html);
    expect(back).toMatch(/data-toast="error"[^>]*>[\s\S]*?No records to export/);
    expect(back).toMatch(DISMISSABLE);
    // Dismissing without JavaScript: the link targets the marker before the message, which the stylesheet then hides.
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(back)?.[1];
    expect(await (await u.page.get(css!)).text()).toContain("[data-dismiss-marker]:target+[data-toast]{display:none}");
    const statement = await u.page.get("/portfolio/statement.csv");
    expect(statement.status).toBe(302);
    expect(statement.headers.get("Location")).toBe("/portfolio");
  });
});

describe("11. the portfolio's totals and next payouts", () => {
  it("invested at cost, income, principal returned, fees paid, and each active holding's next payout with an overdue flag", async () => {
    const egg = await newBatch({ unit_price: 10, expected_roi: 0.02 });
    const harvested = await newBatch({ product_type: "CHICKEN", unit_price: 20, expected_roi: 0.1 });
    const late = await newBatch({ product_type: "CHICKEN", unit_price: 10, expected_roi: 0.1 });
    const u = await investor(1000);
    const buyer = await investor(1000);
    const eggId = await invest(u.api, egg, 50);
    await invest(u.api, harvested, 5);
    const lateId = await invest(u.api, late, 3);
    for (const b of [egg, harvested, late]) await activate(b);
    // Started 70 days ago: in lay by this month, and open to early exit.
    server.db().prepare("update batches set start_date = ? where id = ?").run(isoDay(-70), egg);
    // This month's egg income: 500.00 x 2% = 10.00.
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${egg}/execute`)).status).toBe(200);
    // 10 units leave by early exit: 100.00 at par, 5.00 fee.
    expect((await call(u.api, "POST", "/api/v1/invest/early-exit", { batch_id: egg, units: 10 })).status).toBe(201);
    await invest(buyer.api, egg, 10);
    // The harvest: 100.00 back and 10.00 earned.
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${harvested}/execute`)).status).toBe(200);
    // This broiler batch started 60 days ago: its harvest was expected 4 days ago.
    server.db().prepare("update batches set start_date = ? where id = ?").run(isoDay(-60), late);

    const html = (await page(u.page, "/portfolio")).html;
    expect(html).toMatch(/data-testid="total-invested">GH₵\s?430\.00</);
    expect(html).toMatch(/data-testid="total-income">GH₵\s?20\.00</);
    expect(html).toMatch(/data-testid="total-principal">GH₵\s?200\.00</);
    expect(html).toMatch(/data-testid="total-fees">GH₵\s?5\.00</);
    const next = (id: number) => new RegExp(`<li[^>]*data-next-payout="${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? "";
    // The egg holding: next month's income on the 40 units still held (400.00 x 2% = 8.00).
    expect(next(eggId)).toMatch(/GH₵\s?8\.00/);
    expect(next(eggId)).toContain(monthEnd(1));
    expect(next(eggId)).not.toContain("Overdue");
    // The late broiler holding: principal and return (30.00 + 3.00), overdue by 4 days.
    expect(next(lateId)).toMatch(/GH₵\s?33\.00/);
    expect(next(lateId)).toContain(isoDay(-4));
    expect(next(lateId)).toContain("Overdue by 4 days");
    expect(html.match(/data-next-payout="/g)).toHaveLength(2);
  });
});

describe("11b. a month's income belongs to its holders at its record date", () => {
  it("a buyer of offered units is told of the month it bought in; the seller of the units it held at the overdue month's end", async () => {
    const egg = await newBatch({ unit_price: 10, expected_roi: 0.02 });
    const seller = await investor(1000);
    const buyer = await investor(1000);
    const sellerId = await invest(seller.api, egg, 20);
    await activate(egg);
    // Started 100 days ago: its first month in lay ended weeks ago, unpaid (overdue).
    const start = isoDay(-100);
    server.db().prepare("update batches set start_date = ? where id = ?").run(start, egg);
    // The seller bought before the start.
    server
      .db()
      .prepare("update investments set created_at = ? where id = ?")
      .run(`${isoDay(-101)}T09:00:00.000Z`, sellerId);
    const overdue = firstIncomePeriod(start);
    // The seller offers 5 units after that month's end, and the buyer takes them.
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: egg, units: 5 })).status).toBe(201);
    const buyerId = await invest(buyer.api, egg, 5);
    const next = async (who: typeof seller, id: number) => new RegExp(`<li[^>]*data-next-payout="${id}"[\\s\\S]*?</li>`).exec((await page(who.page, "/portfolio")).html)?.[0] ?? "";
    // The buyer: this month's income on its 5 units (50.00 x 2% = 1.00), not the overdue month, which is not its.
    const bought = await next(buyer, buyerId);
    expect(bought).toContain(monthEnd(0));
    expect(bought).toMatch(/GH₵\s?1\.00/);
    expect(bought).not.toContain("Overdue");
    // The seller: the overdue month on the 20 units it held then (200.00 x 2% = 4.00), as the run pays it.
    const sold = await next(seller, sellerId);
    expect(sold).toContain(`${overdue}`);
    expect(sold).toMatch(/GH₵\s?4\.00/);
    expect(sold).toContain("Overdue by");
    // The run agrees: the overdue month pays the seller 4.00 and the buyer nothing.
    createRemittance(server, egg, { period: overdue });
    const run = await call(admin, "POST", `/api/v1/admin/payouts/${egg}/execute`, { period: overdue });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const paid = server.db().prepare("select investment_id i, amount_minor a from payouts where kind = 'MONTHLY' and period = ? and investment_id in (?, ?)").all(overdue, sellerId, buyerId);
    expect(paid).toEqual([{ i: sellerId, a: 400 }]);
  });
});

describe("12. a receipt for each investment", () => {
  it("a printable page with batch, farm, units, price, amount, date and references; linked from the row and details; another investor's is 404", async () => {
    const egg = await newBatch({ unit_price: 12.5 }, "Receipt Farm");
    const u = await investor(100);
    const id = await invest(u.api, egg, 4);
    const entry = server.db().prepare("select id from journal_entries where external_ref = ?").get(`AKK-INV-${id}`) as { id: number } | undefined;
    expect(entry).toBeDefined();
    const createdAt = (server.db().prepare("select created_at c from investments where id = ?").get(id) as { c: string }).c;

    const url = `/portfolio/investments/${id}/receipt`;
    const { status, html } = await page(u.page, url);
    expect(status).toBe(200);
    expect(html).toContain(`Receipt for investment #${id}`);
    expect(html).toContain(`Batch #${egg} (Egg Note)`);
    expect(html).toContain("Receipt Farm");
    expect(html).toMatch(/data-testid="receipt-units">4</);
    expect(html).toMatch(/data-testid="receipt-unit-price">GH₵\s?12\.50</);
    expect(html).toMatch(/data-testid="receipt-amount">GH₵\s?50\.00</);
    expect(html).toContain(createdAt.slice(0, 10));
    expect(html).toContain(`AKK-INV-${id}`);
    expect(html).toContain(`Ledger entry #${entry!.id}`);
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    expect(await (await u.page.get(css!)).text()).toContain("@media print");

    const portfolio = (await page(u.page, "/portfolio")).html;
    expect(row(portfolio, id)).toContain(`href="${url}"`);
    expect(dialog((await page(u.page, `/portfolio?dialog=details&id=${id}`)).html)).toContain(`href="${url}"`);

    const stranger = await investor(0);
    const theirs = await page(stranger.page, url);
    expect(theirs.status).toBe(404);
    expect(theirs.html).toContain("Investment not found.");
    expect(theirs.html).not.toContain("Receipt Farm");
    expect((await page(stranger.page, "/portfolio/investments/abc/receipt")).status).toBe(404);
    const anon = await new Client(server.url).get(url);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: url })}`);
  });

  it("a holding bought from an early exit lists the ledger entries that paid for it", async () => {
    const egg = await newBatch({ unit_price: 10, target_units: 20 });
    const seller = await investor(500);
    const buyer = await investor(500);
    await invest(seller.api, egg, 20);
    await activate(egg);
    server.db().prepare("update batches set start_date = ? where id = ?").run(isoDay(-70), egg);
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: egg, units: 5 })).status).toBe(201);
    const id = await invest(buyer.api, egg, 5);
    const fills = server.db().prepare("select id, kind from journal_entries where external_ref = ?").all(`AKK-INV-${id}`) as Array<{ id: number; kind: string }>;
    expect(fills.map((f) => f.kind)).toEqual(["EXIT_FILL"]);
    const { status, html } = await page(buyer.page, `/portfolio/investments/${id}/receipt`);
    expect(status).toBe(200);
    expect(html).toContain(`Ledger entry #${fills[0].id}`);
    expect(html).toContain("bought from another investor's early exit");
  });
});
