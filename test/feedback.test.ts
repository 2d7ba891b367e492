/**
 * Issue 29 points 8-11 without JavaScript: the exit dialog says what an exit costs before anything is
 * sent, Exit is offered only where allowed, money messages carry a reference and a link, and the words an
 * investor meets are explained where they meet them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { backdateBatchStart, createBatch, createFarm, createInvestor, signInAdmin, type Investor } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  // Withdrawals above GH₵100 are held for an admin's review (with two admins: four eyes).
  server = await startServer({ LARGE_WITHDRAWAL_GHS: "100" });
  admin = (await signInAdmin(server)).api;
});
afterAll(async () => {
  await server?.stop();
});

const RUN = `${process.pid}${Date.now() % 100000}`;
const db = () => server.db();

async function text(client: Client, url: string) {
  const res = await client.get(url);
  expect(res.status, url).toBe(200);
  return htmlText(await res.text());
}
/** The markup of one card of a list (its opening tag to the next card). */
function card(page: string, id: number) {
  const html = page.replace(/<script[\s\S]*?<\/script>/g, "");
  const start = html.search(new RegExp(`<li class="card[^"]*" data-batch="${id}"`));
  if (start < 0) return "";
  const next = html.slice(start + 10).search(/<li class="card[^"]*" data-batch="\d+"/);
  return next < 0 ? html.slice(start) : html.slice(start, start + 10 + next);
}
/** The open dialog's markup (the words shipped for the browser are no part of it). */
function dialogOf(html: string) {
  const page = html.replace(/<script[\s\S]*?<\/script>/g, "");
  return page.slice(page.indexOf('role="dialog"'));
}
const money = (html: string, testId: string) => new RegExp(`data-testid="${testId}">([^<]+)<`).exec(html)?.[1].replace(/\s/g, "");

/** An ACTIVE egg batch of 40 units at GH₵10 the investor holds whole, started `months` ago. */
async function heldEggBatch(name: string, months: number): Promise<{ batch: number; seller: Investor }> {
  const farm = createFarm(server, { name: `${name} ${RUN}` }).id;
  const batch = createBatch(server, { farmId: farm, productType: "EGG", unitPrice: 10, targetUnits: 40 }).id;
  const seller = await createInvestor(server, { walletGhs: 400 });
  expect((await seller.page.postForm(`/invest/eggs?dialog=invest&batch=${batch}`, { intent: "invest", batch_id: batch, units: 40, terms: "on" })).status).toBe(302);
  expect((await call(admin, "POST", `/api/v1/admin/batches/${batch}/activate`)).status).toBe(200);
  if (months > 0) backdateBatchStart(server, batch, { months });
  return { batch, seller };
}

describe("point 8: the exit dialog shows what an exit costs, and Exit shows only where allowed", () => {
  it("the fee rate, the fee, what one receives, the units one can still offer, for the units typed", async () => {
    const { batch, seller } = await heldEggBatch("Exitcost Farm", 2);
    const url = `/invest/eggs?dialog=exit&batch=${batch}`;
    const open = dialogOf(await text(seller.page, url));
    expect(open).toContain("You can still offer 40 of your 40 units (0 already offered).");
    // The default of 10 units: GH₵100.00 at par, the 5% fee, GH₵95.00 to the investor.
    expect(open).toContain("If a buyer takes 10 units");
    expect(open).toContain("Administrative fee (5%)");
    expect(money(open, "exit-price")).toBe("GH₵100.00");
    expect(money(open, "exit-fee")).toBe("-GH₵5.00");
    expect(money(open, "exit-net")).toBe("GH₵95.00");
    expect(open).toContain("Your offer fills only when a buyer takes it.");
    // "Check the cost" asks the same page by GET, keeping the dialog open.
    expect(open).toMatch(/<button type="submit" formmethod="get" formaction="\/invest\/eggs"[^>]*>Check the cost</i);
    expect(open).toContain('type="hidden" name="dialog" value="exit"');
    expect(open).toContain(`type="hidden" name="batch" value="${batch}"`);

    const three = dialogOf(await text(seller.page, `${url}&units=3`));
    expect(three).toMatch(/name="units"[^>]*value="3"/);
    expect(three).toContain("If a buyer takes 3 units");
    expect(money(three, "exit-fee")).toBe("-GH₵1.50");
    expect(money(three, "exit-net")).toBe("GH₵28.50");
    // The rule's own answer to units one cannot offer, before anything is sent.
    expect(dialogOf(await text(seller.page, `${url}&units=41`))).toContain("You can offer at most 40 units for early exit.");
    const none = dialogOf(await text(seller.page, `${url}&units=abc`));
    expect(none).toContain("Enter units");
    expect(none).not.toContain('data-testid="exit-preview"');

    // What is already offered counts.
    expect((await seller.page.postForm(url, { intent: "exit", batch_id: batch, units: 15 })).status).toBe(302);
    expect(dialogOf(await text(seller.page, url))).toContain("You can still offer 25 of your 40 units (15 already offered).");
    // The preview changed nothing.
    expect((db().prepare("select coalesce(sum(units), 0) n from exit_requests where batch_id = ?").get(batch) as { n: number }).n).toBe(15);
  });

  it("cards offer Exit only for an ACTIVE egg batch a month after its start, and say why elsewhere", async () => {
    const farm = createFarm(server, { name: `Exitgate Farm ${RUN}` }).id;
    const open = createBatch(server, { farmId: farm, productType: "EGG" }).id;
    const { batch: young } = await heldEggBatch("Exitgate Farm", 0);
    const { batch: ready } = await heldEggBatch("Exitgate Farm", 2);
    const chicken = createBatch(server, { farmId: farm, productType: "CHICKEN" }).id;
    const eggs = await text(new Client(server.url), `/invest/eggs?q=${encodeURIComponent(`Exitgate Farm ${RUN}`)}`);
    expect(card(eggs, ready)).toContain(`dialog=exit&batch=${ready}`);
    expect(card(eggs, ready)).not.toContain('data-testid="exit-why"');
    expect(card(eggs, open)).not.toContain("dialog=exit");
    expect(card(eggs, open)).toContain('data-testid="exit-why">Early exit is only possible while the batch is active.<');
    expect(card(eggs, young)).not.toContain("dialog=exit");
    expect(card(eggs, young)).toMatch(/data-testid="exit-why">Early exit opens one month after the batch starts, on \d{4}-\d{2}-\d{2}\.</);
    const chickens = await text(new Client(server.url), `/invest/chicken?q=${encodeURIComponent(`Exitgate Farm ${RUN}`)}`);
    expect(card(chickens, chicken)).toContain('data-testid="exit-why">Chicken Notes are locked until harvest.<');
  });

  it("logged out, Exit asks to log in to request an exit", async () => {
    const { batch } = await heldEggBatch("Exitlogin Farm", 2);
    const open = dialogOf(await text(new Client(server.url), `/invest/eggs?dialog=exit&batch=${batch}`));
    expect(open).toContain("Please log in to request an exit.");
    expect(open).not.toContain("Please log in to invest.");
    expect(open).toContain(`href="/login?${new URLSearchParams({ redirectTo: `/invest/eggs?dialog=exit&batch=${batch}` })}"`.replace(/&/g, "&amp;"));
  });
});

describe("point 9: money buttons without JavaScript", () => {
  it("submit normally, and the page that follows says what happened", async () => {
    const u = await createInvestor(server);
    const html = await text(u.page, "/portfolio?dialog=deposit");
    expect(html).toMatch(/<button type="submit" class="btn-primary w-full">Deposit<\/button>/);
    const done = await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "20", idempotency_key: `fb-dep-${RUN}` });
    expect(done.status).toBe(302);
    expect(htmlText((await u.page.follow(done.headers.get("Location")!)).html)).toContain("Deposit successful");
  });
});

describe("point 10: what a money message carries", () => {
  it("investing: the reference and a link to the receipt", async () => {
    const farm = createFarm(server, { name: `Flashfarm ${RUN}` }).id;
    const batch = createBatch(server, { farmId: farm, productType: "EGG", unitPrice: 10, targetUnits: 40 }).id;
    const u = await createInvestor(server, { walletGhs: 100 });
    const res = await u.page.postForm(`/invest/eggs?dialog=invest&batch=${batch}`, { intent: "invest", batch_id: batch, units: 2, terms: "on" });
    expect(res.status).toBe(302);
    const id = (db().prepare("select id from investments where user_id = ?").get(u.id) as { id: number }).id;
    const back = htmlText((await u.page.follow(res.headers.get("Location")!)).html);
    expect(back).toContain(`Investment confirmed: 2 units of Batch #${batch} for`);
    expect(back).toContain(`Reference: AKK-INV-${id}.`);
    expect(back).toMatch(new RegExp(`href="/portfolio/investments/${id}/receipt"[^>]*>View the receipt<`));
    expect((await u.page.get(`/portfolio/investments/${id}/receipt`)).status).toBe(200);
  });

  it("reinvesting: the new holding's reference and receipt", async () => {
    const farm = createFarm(server, { name: `Refarm ${RUN}` }).id;
    const batch = createBatch(server, { farmId: farm, productType: "EGG", unitPrice: 10, targetUnits: 40 }).id;
    const u = await createInvestor(server, { walletGhs: 100 });
    await u.page.postForm(`/invest/eggs?dialog=invest&batch=${batch}`, { intent: "invest", batch_id: batch, units: 1, terms: "on" });
    const first = (db().prepare("select id from investments where user_id = ?").get(u.id) as { id: number }).id;
    const dialog = await text(u.page, `/portfolio?dialog=reinvest&id=${first}`);
    expect(dialog).toContain("Reinvest buys more units of the same batch with money from your wallet.");
    const res = await u.page.postForm(`/portfolio?dialog=reinvest&id=${first}`, { intent: "reinvest", investment_id: first, units: 2, terms: "on", idempotency_key: `fb-re-${RUN}` });
    expect(res.status).toBe(302);
    const second = (db().prepare("select max(id) id from investments where user_id = ?").get(u.id) as { id: number }).id;
    const back = htmlText((await u.page.follow(res.headers.get("Location")!)).html);
    expect(back).toContain("Reinvest successful, refreshing...");
    expect(back).toContain(`Reference: AKK-INV-${second}.`);
    expect(back).toContain(`href="/portfolio/investments/${second}/receipt"`);
  });

  it("depositing: the reference and a link to its line on the statement", async () => {
    const u = await createInvestor(server);
    const res = await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "25", idempotency_key: `fb-dep2-${RUN}` });
    const row = db().prepare(`select reference, entry_id as "entryId" from deposits where user_id = ?`).get(u.id) as { reference: string; entryId: number };
    const back = htmlText((await u.page.follow(res.headers.get("Location")!)).html);
    expect(back).toContain(`Deposit successful Reference: ${row.reference}.`);
    expect(back).toMatch(new RegExp(`href="/portfolio#entry-${row.entryId}"[^>]*>See it on your statement<`));
    expect(back).toContain(`id="entry-${row.entryId}"`);
  });

  it("withdrawing: the reference, when it arrives, and its statement line; a held one says an admin reviews it within 24 hours", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    const fields = { intent: "withdraw", amount: "40", method: "MOMO", momo_provider: "MTN MoMo", bank_name: "", account_number: "024 123 4567", confirmed: "1" };
    const res = await u.page.postForm("/portfolio?dialog=withdraw", { ...fields, idempotency_key: `fb-wd-${RUN}` });
    expect(res.status).toBe(302);
    const sent = db().prepare(`select reference, entry_id as "entryId" from withdrawals where user_id = ?`).get(u.id) as { reference: string; entryId: number };
    const back = htmlText((await u.page.follow(res.headers.get("Location")!)).html);
    expect(back).toContain(`Withdrawal processed Reference: ${sent.reference}. Mobile money usually arrives within minutes.`);
    expect(back).toContain(`href="/portfolio#entry-${sent.entryId}"`);

    // A second admin: large withdrawals wait for one.
    const second = await createInvestor(server);
    db().prepare("update users set is_admin = true where id = ?").run(second.id);
    try {
      const held = await u.page.postForm("/portfolio?dialog=withdraw", { ...fields, amount: "300", idempotency_key: `fb-wd-held-${RUN}` });
      expect(held.status).toBe(302);
      const row = db().prepare(`select reference, entry_id as "entryId" from withdrawals where user_id = ? order by id desc`).get(u.id) as { reference: string; entryId: number };
      const page = htmlText((await u.page.follow(held.headers.get("Location")!)).html);
      expect(page).toContain("Waiting for a security check: an admin reviews large withdrawals before they are sent.");
      expect(page).toContain(`Reference: ${row.reference}. An admin reviews it within 24 hours; if no one does, the money goes back to your wallet.`);
      expect(page).toContain(`href="/portfolio#entry-${row.entryId}"`);
    } finally {
      db().prepare("update users set is_admin = false where id = ?").run(second.id);
    }
  });
});

describe("point 11: words explained where they are met", () => {
  it("cards: the risk score and Audit; the portfolio: Overdue by N days and Reinvest", async () => {
    const { batch, seller } = await heldEggBatch("Explainfarm", 5);
    const eggs = card(await text(seller.page, `/invest/eggs?q=${encodeURIComponent(`Explainfarm ${RUN}`)}`), batch);
    expect(eggs).toMatch(/data-testid="risk-explain">Risk score [\d.]+ of 100, higher is riskier: it adds up the expected mortality/);
    expect(eggs).toContain("Audit opens the batch's own page: the farm's daily logs, sensor readings and the money the farm sent.");
    const portfolio = await text(seller.page, "/portfolio");
    expect(portfolio).toMatch(/Overdue by \d+ days/);
    expect(portfolio).toContain("The farm has not yet sent the money for this payout. It is paid once the money arrives");
    expect(portfolio).toContain("Reinvest buys more units of the same batch with money from your wallet.");
    // Audit's page: the risk score and the overdue payout explained there too.
    const audit = await text(seller.page, `/batches/${batch}`);
    expect(audit).toMatch(/data-testid="risk-explain">Risk score [\d.]+ of 100, higher is riskier/);
    expect(audit).toMatch(/data-testid="overdue-explain">The farm has not yet sent the money for this payout\./);
  });
});
