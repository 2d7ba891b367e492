import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { BROWSER_BUILD, browserChunks } from "./support/bundles";
import { backdateBatchStart, createBatch, createFarm, createInvestor, createRemittance, serverNow, signInAdmin, type BatchOptions } from "./support/factories";
import { sharedServer, startServer, type TestServer } from "./support/server";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await sharedServer();
  admin = (await signInAdmin(server)).api;
});
afterAll(async () => {
  await server?.stop();
});

const RUN = `${process.pid}${Date.now() % 100000}`;

const newFarm = (name: string, location = "Techiman, Bono East") => createFarm(server, { name, location }).id;
/** An OPEN egg batch of the farm: 50 units at GHS 100, 1% a month. */
const newBatch = (farmId: number, options: BatchOptions = {}) =>
  createBatch(server, { farmId, productType: "EGG", unitPrice: 100, targetUnits: 50, expectedRoi: 0.01, mortalityRate: 0.05, ...options }).id;
const investor = (walletGhs = 0) => createInvestor(server, { fullName: "Abena Asante", walletGhs });

async function get(client: Client, url: string, headers: Record<string, string> = {}) {
  const res = await client.get(url, { headers });
  return { status: res.status, html: htmlText(await res.text()), res };
}

const cardIds = (html: string) => [...html.matchAll(/<li class="card[^"]*" data-batch="(\d+)"/g)].map((m) => Number(m[1]));
/** The markup of one card (from its opening tag to the next card). */
function card(page: string, id: number) {
  // The words the page ships for the browser (its scripts) are no part of any card.
  const html = page.replace(/<script[\s\S]*?<\/script>/g, "");
  const start = html.search(new RegExp(`<li class="card[^"]*" data-batch="${id}"`));
  if (start < 0) return "";
  const next = html.slice(start + 10).search(/<li class="card[^"]*" data-batch="\d+"/);
  return next < 0 ? html.slice(start) : html.slice(start, start + 10 + next);
}
const available = (cardHtml: string) => Number(/data-testid="available-units">([\d,]+)</.exec(cardHtml)?.[1].replace(/,/g, ""));
/** The messages the open dialog announces. */
const fieldError = (html: string) => [...html.slice(html.indexOf('role="dialog"')).matchAll(/role="alert">([^<]+)</g)].map((m) => m[1]);
const investmentCount = (userId: number) => (server.db().prepare("select count(*) n from investments where user_id = ?").get(userId) as { n: number }).n;

describe("the lists: search, status filter and sort on the server", () => {
  const farmName = `Sortwell Farm ${RUN}`;
  let a: number, b: number, c: number, closed: number;
  beforeAll(() => {
    const farm = newFarm(farmName, "Sunyani, Bono");
    // a: high ROI, few units, dear; b: low ROI, many units, cheap; c: middle.
    a = newBatch(farm, { unitPrice: 150, targetUnits: 100, expectedRoi: 0.015 });
    b = newBatch(farm, { unitPrice: 80, targetUnits: 3000, expectedRoi: 0.008 });
    c = newBatch(farm, { unitPrice: 120, targetUnits: 500, expectedRoi: 0.011 });
    closed = newBatch(farm, { unitPrice: 100, targetUnits: 10, status: "CLOSED" });
  });
  const anon = () => new Client(server.url);
  const ids = async (qs: string) => {
    const { status, html } = await get(anon(), `/invest/eggs?${qs}`);
    expect(status).toBe(200);
    return cardIds(html);
  };

  it("eggs page: heading, every filter and sort option, only egg batches", async () => {
    const { html } = await get(anon(), "/invest/eggs");
    expect(html).toContain("<h1");
    expect(html).toContain("Invest in Eggs</h1>");
    expect(html).toContain("<title>Invest in Eggs | Akoko</title>");
    for (const o of ["All", "Open", "Active", "Closed"]) expect(html).toMatch(new RegExp(`<option value="[A-Z]*"[^>]*>${o}</option>`));
    for (const o of ["Recommended", "Highest monthly ROI", "Most available units", "Lowest unit price"]) expect(html).toContain(`>${o}</option>`);
    const types = server.db().prepare(`select id, product_type t from batches`).all() as Array<{ id: number; t: string }>;
    const shown = cardIds(html);
    expect(shown.length).toBeGreaterThan(3);
    for (const id of shown) expect(types.find((r) => r.id === id)?.t).toBe("EGG");
  });

  it("searches batch number, farm and location", async () => {
    expect((await ids(`q=${encodeURIComponent(farmName.toLowerCase())}`)).sort((x, y) => x - y)).toEqual([a, b, c, closed]);
    expect(await ids(`q=%23${a}`)).toEqual([a]);
    expect(await ids(`q=${b}`)).toContain(b);
    expect(await ids("q=sunyani")).toEqual(expect.arrayContaining([a, b, c, closed]));
  });

  it("filters by status", async () => {
    const q = `q=${encodeURIComponent(farmName)}`;
    expect((await ids(`${q}&status=OPEN`)).sort((x, y) => x - y)).toEqual([a, b, c]);
    expect(await ids(`${q}&status=CLOSED`)).toEqual([closed]);
    expect(await ids(`${q}&status=ACTIVE`)).toEqual([]);
  });

  it("sorts: highest monthly ROI, most available units, lowest unit price, recommended", async () => {
    const q = `q=${encodeURIComponent(farmName)}&status=OPEN`;
    expect(await ids(`${q}&sort=roi`)).toEqual([a, c, b]);
    expect(await ids(`${q}&sort=available`)).toEqual([b, c, a]);
    expect(await ids(`${q}&sort=price`)).toEqual([b, c, a]);
    // ROI x (1 + available share): all fully available -> 2 x ROI.
    expect(await ids(`${q}&sort=recommended`)).toEqual([a, c, b]);
    expect(await ids(`${q}&sort=bogus`)).toEqual([a, c, b]);
  });

  it("shows the empty state when nothing matches, and keeps the search in the form", async () => {
    const { html } = await get(anon(), "/invest/eggs?q=no-such-farm-anywhere");
    expect(cardIds(html)).toEqual([]);
    expect(html).toContain("No matching batches — try clearing filters or check back later.");
    expect(html).toContain('value="no-such-farm-anywhere"');
    const chicken = await get(anon(), "/invest/chicken?q=no-such-farm-anywhere");
    expect(chicken.html).toContain("No batches match your filters. Try clearing search or checking back later.");
    expect(chicken.html).not.toContain("showing demo data");
  });

  it("chicken page: options, summary stats, links, activity, checklist, start date and View farm", async () => {
    const farm = newFarm(`Chicksort ${RUN}`, "Kumasi, Ashanti");
    const x = newBatch(farm, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.1 });
    const y = newBatch(farm, { productType: "CHICKEN", unitPrice: 40, targetUnits: 1000, expectedRoi: 0.12 });
    const { html } = await get(anon(), "/invest/chicken");
    expect(html).toContain("Invest in Chicken</h1>");
    for (const o of ["All statuses", "Open", "Active", "Harvested"]) expect(html).toContain(`>${o}</option>`);
    for (const o of ["Recommended", "Highest ROI", "Most available units", "Lowest unit price"]) expect(html).toContain(`>${o}</option>`);
    expect(html).toContain('href="/how-it-works"');
    expect(html).toContain('href="/faq"');
    expect(html).toContain("Platform activity");
    expect(html).toContain("Quick risk checklist");
    const rows = server.db().prepare("select expected_roi r, target_units t from batches where product_type = 'CHICKEN'").all() as Array<{ r: number; t: number }>;
    const avg = rows.reduce((s, r) => s + r.r, 0) / rows.length;
    expect(html).toMatch(new RegExp(`>${rows.length}</span> Batches`));
    expect(html).toContain(`>${(Math.round(avg * 1000) / 10).toFixed(1)}%</span> Avg. ROI per cycle`);
    expect(html).toContain(`>${rows.reduce((s, r) => s + r.t, 0).toLocaleString("en-GH")}</span> Target units`);
    const cardX = card(html, x);
    expect(cardX).toContain("Start date");
    expect(cardX).toContain("Not started");
    expect(cardX).toContain("https://www.google.com/maps/search/?api=1&query=Kumasi%2C%20Ashanti");
    expect(cardX).toContain("View farm");
    expect(cardX).toContain("ROI per cycle");
    expect(cardX).not.toContain(">Exit<");
    // Recommended: ROI x (1 + available share) = 0.2 vs 0.24.
    expect(cardIds((await get(anon(), `/invest/chicken?q=Chicksort%20${RUN}`)).html)).toEqual([y, x]);
    expect(cardIds((await get(anon(), `/invest/chicken?q=Chicksort%20${RUN}&sort=price`)).html)).toEqual([y, x]);
    expect(cardIds((await get(anon(), `/invest/chicken?q=Chicksort%20${RUN}&status=HARVESTED`)).html)).toEqual([]);
  });
});

describe("the cards", () => {
  it("show every figure: ROI monthly and annualised, feed cost or TBD, mortality, risk, chart, certifications, timeline", async () => {
    const farm = newFarm(`Cardfarm ${RUN}`, "Koforidua, Eastern");
    const id = newBatch(farm, { unitPrice: 150, targetUnits: 5000, expectedRoi: 0.011, feedPrice: null, mortalityRate: 0.06 });
    const history = server.db().prepare("insert into batch_roi_history (batch_id, label, date, roi_percent) values (?, ?, ?, ?)");
    history.run(id, "Sep 2026", "2026-09-01", 1.0);
    history.run(id, "Oct 2026", "2026-10-01", 1.2);
    const { html } = await get(new Client(server.url), `/invest/eggs?q=Cardfarm%20${RUN}`);
    const c = card(html, id);
    expect(c).toContain(`Cardfarm ${RUN}`);
    expect(c).toContain("Koforidua, Eastern");
    expect(c).toContain(`Batch #${id}`);
    expect(c).toContain('data-status="OPEN"');
    expect(c).toMatch(/GH₵\s?150\.00/);
    expect(available(c)).toBe(5000);
    expect(c).toContain('Est. monthly ROI</dt><dd class="font-semibold">1.1%');
    expect(c).toContain('Annualised ROI</dt><dd class="font-semibold">13.2%');
    expect(c).toContain('Feed cost per kg</dt><dd class="font-semibold">TBD');
    expect(c).toContain('Expected mortality</dt><dd class="font-semibold">6.0%');
    // 0.5 x 6 + 0.3 x 86.8 + 0.2 x 100 = 49.04 -> Medium
    expect(c).toContain('data-risk="Medium"');
    expect(c).toContain("Medium risk · 49");
    expect(c).toContain(`<title>ROI history of Batch #${id}, in percent</title>`);
    expect(c).toContain("Vetted farm");
    expect(c).toContain("Rearing");
    expect(c).toContain(`href="/batches/${id}"`);
    // The dialogs open on the card's own place in the list (#batch-<id>, issue 14).
    expect(c).toContain(`href="/invest/eggs?q=Cardfarm+${RUN}&dialog=invest&batch=${id}#batch-${id}"`);
    // No Exit on an OPEN batch (issue 29: Exit only where the exit rule allows it); the card says why.
    expect(c).not.toContain("dialog=exit");
    expect(c).toContain('data-testid="exit-why">Early exit is only possible while the batch is active.<');
    // No device and no log: the strip says so (issue 29: no made-up values).
    expect(c).toContain("No sensor device on this batch");
    expect(c).not.toContain('data-testid="sensor-temp"');
    expect(html).not.toContain("@nivo");
  });

  it("sensor strip without a device: the farm's latest daily log, labelled as the log, with the sensor colours", async () => {
    const farm = newFarm(`Sensorfarm ${RUN}`);
    const id = newBatch(farm, { productType: "CHICKEN", unitPrice: 50 });
    const insert = server
      .db()
      .prepare("insert into farm_logs (batch_id, log_date, birds_alive, deaths, feed_kg, avg_weight_kg, temperature_c, humidity_pct, ammonia_ppm) values (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.run(id, "2026-11-01", 1000, 0, 20, 0.05, 27, 60, 5);
    insert.run(id, "2026-11-02", 998, 2, 22, 0.07, 34, 85, 26);
    const tones = async () => {
      const c = card((await get(new Client(server.url), `/invest/chicken?q=Sensorfarm%20${RUN}`)).html, id);
      return { c, tones: [...c.matchAll(/data-sensor="(\w+)" data-tone="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`) };
    };
    let t = await tones();
    expect(t.c).toContain("No sensor device · farm's daily log of 2026-11-02");
    expect(t.c).toContain("34°C");
    expect(t.tones).toEqual(["temp:warm", "humidity:flag", "ammonia:danger"]);
    insert.run(id, "2026-11-03", 997, 1, 23, 0.09, 21, 39, 15);
    t = await tones();
    expect(t.tones).toEqual(["temp:cold", "humidity:flag", "ammonia:warning"]);
    insert.run(id, "2026-11-04", 997, 0, 23, 0.1, 30, 70, 10);
    t = await tones();
    expect(t.tones).toEqual(["temp:ok", "humidity:ok", "ammonia:ok"]);
    expect(t.c).not.toContain("Demo values");
  });
});

describe("the invest dialog", () => {
  let egg: number;
  let chicken: number;
  beforeAll(() => {
    const farm = newFarm(`Dialogfarm ${RUN}`);
    egg = newBatch(farm, { unitPrice: 100, targetUnits: 50 });
    chicken = newBatch(farm, { productType: "CHICKEN", unitPrice: 40, targetUnits: 30 });
  });

  it("asks an anonymous visitor to log in, and the login comes back to the dialog", async () => {
    const anon = new Client(server.url);
    const dialogUrl = `/invest/eggs?status=OPEN&dialog=invest&batch=${egg}`;
    const { status, html } = await get(anon, dialogUrl);
    expect(status).toBe(200);
    expect(html).toContain('role="dialog"');
    expect(html).toContain("Please log in to invest.");
    const loginHref = `/login?${new URLSearchParams({ redirectTo: dialogUrl })}`;
    expect(html).toContain(`href="${loginHref}"`);
    expect(html).toContain(`href="/register?${new URLSearchParams({ redirectTo: dialogUrl })}"`);
    expect(html).not.toContain('name="units"');
    const loginPage = await get(anon, loginHref);
    expect(loginPage.html).toContain(`name="redirectTo" value="${dialogUrl}"`);
    const u = await createInvestor(server);
    const back = await anon.postForm("/login", { email: u.email, password: u.password, redirectTo: dialogUrl });
    expect(back.headers.get("Location")).toBe(dialogUrl);
    const dialog = await get(anon, dialogUrl);
    expect(dialog.html).toContain('name="units"');
    expect(dialog.html).toContain(`Invest in Batch #${egg}`);
    // A form posted without a session gets the same answer.
    const post = await new Client(server.url).postForm(dialogUrl, { intent: "invest", batch_id: egg, units: 1, terms: "on" });
    expect(post.status).toBe(401);
    expect(htmlText(await post.text())).toContain("Please log in to invest.");
  });

  it("shows units (default 10, 1..available), terms, auto-reinvest (issue 14: both types), cost and wallet", async () => {
    const u = await investor(250);
    const eggDialog = (await get(u.page, `/invest/eggs?dialog=invest&batch=${egg}`)).html;
    expect(eggDialog).toMatch(/name="units"[^>]*value="10"/);
    expect(eggDialog).toMatch(/min="1" max="50"/);
    expect(eggDialog).toContain('name="terms"');
    expect(eggDialog).toContain('name="auto_reinvest"');
    expect(eggDialog).toContain("When this batch closes, my principal buys whole units of the next open Egg batch.");
    expect(eggDialog).toMatch(/data-testid="invest-cost">GH₵\s?1,000\.00/);
    expect(eggDialog).toMatch(/data-testid="wallet-balance">GH₵\s?250\.00/);
    expect(eggDialog).toMatch(/name="idempotency_key" value="[0-9a-f-]{36}"/);
    const chickenDialog = (await get(u.page, `/invest/chicken?dialog=invest&batch=${chicken}`)).html;
    expect(chickenDialog).toContain('name="terms"');
    expect(chickenDialog).toContain('name="auto_reinvest"');
    expect(chickenDialog).toMatch(/min="1" max="30"/);
    // A batch of the other type, or none, is not found.
    expect((await get(u.page, `/invest/chicken?dialog=invest&batch=${egg}`)).html).toContain("Batch not found.");
    expect((await get(u.page, `/invest/eggs?dialog=invest&batch=abc`)).html).toContain("Batch not found.");
  });

  it("without JavaScript, Check the cost shows the figures for the units typed and the rule's answer to them", async () => {
    const u = await investor(500);
    const dialogFor = async (units: string) => (await get(u.page, `/invest/eggs?status=OPEN&dialog=invest&batch=${egg}&units=${encodeURIComponent(units)}`)).html;
    // The button asks this page again by GET with the units typed, the list's filters and the dialog kept.
    const plain = (await get(u.page, `/invest/eggs?status=OPEN&dialog=invest&batch=${egg}`)).html;
    expect(plain).toMatch(/<button type="submit" formMethod="get" formAction="\/invest\/eggs"[^>]*>Check the cost<\/button>/i);
    for (const [name, value] of [
      ["status", "OPEN"],
      ["dialog", "invest"],
      ["batch", String(egg)],
    ])
      expect(plain).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    // 3 units x GHS 100: the cost and the month's income after tax are for 3, not the default 10.
    const three = await dialogFor("3");
    expect(three).toMatch(/name="units"[^>]*value="3"/);
    expect(three).toMatch(/data-testid="invest-cost">GH₵\s?300\.00/);
    expect(three).toMatch(/data-testid="invest-net-income">GH₵\s?3\.00/);
    expect(fieldError(three)).toEqual([]);
    // Boxes ticked before the check stay ticked; none are ticked for the investor.
    for (const box of ["terms", "auto_reinvest"]) expect(three).not.toMatch(new RegExp(`name="${box}"[^>]*checked=""`));
    const ticked = (await get(u.page, `/invest/eggs?status=OPEN&dialog=invest&batch=${egg}&units=3&terms=on&auto_reinvest=on`)).html;
    for (const box of ["terms", "auto_reinvest"]) expect(ticked).toMatch(new RegExp(`name="${box}"[^>]*checked=""`));
    // What the Invest button would be told, said before it is pressed.
    expect(fieldError(await dialogFor("abc"))).toEqual(["Enter a positive units amount."]);
    expect(fieldError(await dialogFor("2.5"))).toEqual(["Units must be a whole number."]);
    expect(fieldError(await dialogFor("51"))).toEqual(["Not enough units available."]);
    expect(fieldError(await dialogFor("6"))).toEqual(["Insufficient wallet balance — deposit or reduce units."]);
    expect(await dialogFor("6")).toMatch(/name="units"[^>]*value="6"/);
    expect(investmentCount(u.id)).toBe(0);
  });

  it("without JavaScript, units typed after the figures were worked out are shown first, then bought", async () => {
    const u = await investor(500);
    const url = `/invest/eggs?status=OPEN&dialog=invest&batch=${egg}`;
    const page = (await get(u.page, url)).html;
    // The form says which units its figures are for: the default 10.
    expect(page).toMatch(/name="shown_units" value="10"/);
    expect(page).toMatch(/data-testid="invest-cost">GH₵\s?1,000\.00/);
    const fields = { intent: "invest", batch_id: egg, terms: "on", idempotency_key: `k-${RUN}-unseen` };
    // 3 typed over the 10 without pressing Check the cost: nothing is bought, and the figures are now for 3.
    const refused = await u.page.postForm(url, { ...fields, units: 3, shown_units: 10 });
    expect(refused.status).toBe(400);
    const shown = htmlText(await refused.text());
    expect(fieldError(shown)).toEqual(["The figures above are now for the 3 units you typed: read them, then press the button again."]);
    expect(shown).toMatch(/data-testid="invest-cost">GH₵\s?300\.00/);
    expect(shown).toMatch(/data-testid="invest-net-income">GH₵\s?3\.00/);
    expect(shown).toMatch(/name="shown_units" value="3"/);
    expect(investmentCount(u.id)).toBe(0);
    // A rule's own refusal comes first: it says what to change.
    expect(fieldError(htmlText(await (await u.page.postForm(url, { ...fields, units: 6, shown_units: 3 })).text()))).toEqual(["Insufficient wallet balance — deposit or reduce units."]);
    // Pressed again, the 3 it showed are bought.
    expect((await u.page.postForm(url, { ...fields, units: 3, shown_units: 3 })).status).toBe(302);
    expect(server.db().prepare("select units, amount_minor a from investments where user_id = ?").all(u.id)).toEqual([{ units: 3, a: 30000 }]);
  });

  it("answers each case with the egg messages", async () => {
    const u = await investor(500);
    const url = `/invest/eggs?dialog=invest&batch=${egg}`;
    const post = async (fields: Record<string, string | number>) => {
      const res = await u.page.postForm(url, { intent: "invest", batch_id: egg, ...fields });
      return { status: res.status, errors: fieldError(htmlText(await res.text())) };
    };
    expect(await post({ units: 0, terms: "on" })).toEqual({ status: 400, errors: ["Enter a positive units amount."] });
    expect((await post({ units: "", terms: "on" })).errors).toEqual(["Enter a positive units amount."]);
    expect((await post({ units: -3, terms: "on" })).errors).toEqual(["Enter a positive units amount."]);
    expect((await post({ units: 51, terms: "on" })).errors).toEqual(["Not enough units available."]);
    expect((await post({ units: 2 })).errors).toEqual(["Please accept terms & risk disclosure."]);
    expect((await post({ units: 6, terms: "on" })).errors).toEqual(["Insufficient wallet balance — deposit or reduce units."]);
    // What was typed comes back.
    const again = htmlText(await (await u.page.postForm(url, { intent: "invest", batch_id: egg, units: 7, terms: "on" })).text());
    expect(again).toMatch(/name="units"[^>]*value="7"/);
    expect(investmentCount(u.id)).toBe(0);
  });

  it("answers each case with the chicken messages", async () => {
    const u = await investor(100);
    const url = `/invest/chicken?dialog=invest&batch=${chicken}`;
    const post = async (fields: Record<string, string | number>) => {
      const res = await u.page.postForm(url, { intent: "invest", batch_id: chicken, ...fields });
      return { status: res.status, errors: fieldError(htmlText(await res.text())) };
    };
    expect(await post({ units: 0, terms: "on" })).toEqual({ status: 400, errors: ["Enter a positive number of units."] });
    expect((await post({ units: 31, terms: "on" })).errors).toEqual(["Cannot invest more than available units."]);
    expect((await post({ units: 1 })).errors).toEqual(["You must acknowledge the investment terms."]);
    expect((await post({ units: 3, terms: "on" })).errors).toEqual(["Insufficient wallet balance — deposit or reduce units."]);
    expect((await post({ units: 1.5, terms: "on" })).errors).toEqual(["Units must be a whole number."]);
    expect(investmentCount(u.id)).toBe(0);
  });

  it("a chicken batch whose harvest window has passed is called late in the dialog, not expected", async () => {
    const farm = newFarm(`Latefarm ${RUN}`);
    const start = new Date(serverNow(server).getTime() - 70 * 86_400_000).toISOString().slice(0, 10);
    const late = newBatch(farm, { productType: "CHICKEN", unitPrice: 10, targetUnits: 10, startDate: start });
    const u = await investor(100);
    const dialog = (await get(u.page, `/invest/chicken?dialog=invest&batch=${late}`)).html;
    expect(dialog).toContain("that time has passed and the batch has not paid out yet");
    expect(dialog).not.toMatch(/Harvest expected between \d{4}/);
    const twi = (await get(u.page, `/invest/chicken?dialog=invest&batch=${late}`, { "Accept-Language": "ak" })).html;
    expect(twi).toContain("saa bere no atwam");
  });

  it("refuses a batch that no longer takes money with the money core's message", async () => {
    const farm = newFarm(`Shutfarm ${RUN}`);
    const active = newBatch(farm, { productType: "CHICKEN", unitPrice: 10, targetUnits: 10 });
    expect((await call(admin, "POST", `/api/v1/admin/batches/${active}/activate`)).status).toBe(200);
    const u = await investor(100);
    const res = await u.page.postForm(`/invest/chicken?dialog=invest&batch=${active}`, { intent: "invest", batch_id: active, units: 1, terms: "on" });
    expect(res.status).toBe(400);
    expect(fieldError(htmlText(await res.text()))).toEqual(["This batch is no longer open for investment."]);
    const dialog = await get(u.page, `/invest/chicken?dialog=invest&batch=${active}`);
    expect(dialog.html).toContain("This batch is no longer open for investment.");
    // The card offers no Invest link for it, and does not call its unsold units sold out.
    const shut = card((await get(u.page, `/invest/chicken?q=Shutfarm%20${RUN}`)).html, active);
    expect(shut).toContain("Closed to new money");
    expect(shut).not.toContain("Sold out");
    expect(card((await get(u.page, `/invest/chicken?q=Shutfarm%20${RUN}`, { "Accept-Language": "ak" })).html, active)).toContain("Ɛnnye sika foforɔ");
  });

  it("succeeds with a toast, back to the list with its filters and the new available units; a double submit invests once", async () => {
    const u = await investor(1000);
    const url = `/invest/eggs?q=Dialogfarm+${RUN}&dialog=invest&batch=${egg}`;
    const before = available(card((await get(u.page, `/invest/eggs?q=Dialogfarm+${RUN}`)).html, egg));
    const fields = { intent: "invest", batch_id: egg, units: 4, terms: "on", auto_reinvest: "on", idempotency_key: `k-${RUN}-double` };
    const [first, second] = await Promise.all([u.page.postForm(url, fields), u.page.postForm(url, fields)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(first.headers.get("Location")).toBe(`/invest/eggs?q=Dialogfarm+${RUN}#batch-${egg}`);
    expect(investmentCount(u.id)).toBe(1);
    const row = server.db().prepare("select units, amount_minor a, auto_reinvest r from investments where user_id = ?").get(u.id) as { units: number; a: number; r: number };
    expect(row).toEqual({ units: 4, a: 40000, r: 1 });
    const list = await get(u.page, first.headers.get("Location")!);
    expect(list.html).toMatch(new RegExp(`Investment confirmed: 4 units of Batch #${egg} for GH₵\\s?400\\.00\\.`));
    expect(available(card(list.html, egg))).toBe(before - 4);
    expect(list.html).not.toContain('role="dialog"');
    // The chicken page offers auto-reinvest too (issue 14): it rolls the harvest over.
    const c = await u.page.postForm(`/invest/chicken?dialog=invest&batch=${chicken}`, { intent: "invest", batch_id: chicken, units: 2, terms: "on", auto_reinvest: "on" });
    expect(c.status).toBe(302);
    expect(c.headers.get("Location")).toBe(`/invest/chicken#batch-${chicken}`);
    expect((server.db().prepare("select auto_reinvest r from investments where user_id = ? and batch_id = ?").get(u.id, chicken) as { r: number }).r).toBe(1);
  });
});

describe("early exit", () => {
  /** A new farm's egg batch of 40 units at GHS 10, all bought by a new investor, ACTIVE since two months (exit is open). */
  async function heldActiveEgg(farmName: string) {
    const egg = newBatch(newFarm(farmName), { unitPrice: 10, targetUnits: 40 });
    const seller = await investor(1000);
    expect((await seller.page.postForm(`/invest/eggs?dialog=invest&batch=${egg}`, { intent: "invest", batch_id: egg, units: 40, terms: "on" })).status).toBe(302);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${egg}/activate`)).status).toBe(200);
    backdateBatchStart(server, egg, { months: 2 });
    return { egg, seller };
  }

  it("Enter units, the money core's rules, success, and the offered units for sale", async () => {
    const farm = newFarm(`Exitfarm ${RUN}`);
    const egg = newBatch(farm, { unitPrice: 10, targetUnits: 40 });
    const seller = await investor(1000);
    const invested = await seller.page.postForm(`/invest/eggs?dialog=invest&batch=${egg}`, { intent: "invest", batch_id: egg, units: 40, terms: "on" });
    expect(invested.status).toBe(302);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${egg}/activate`)).status).toBe(200);
    const url = `/invest/eggs?dialog=exit&batch=${egg}`;
    const dialog = (await get(seller.page, url)).html;
    expect(dialog).toContain(`Early exit from Batch #${egg}`);
    expect(dialog).toMatch(/name="units"[^>]*value="10"/);
    expect(dialog).toMatch(/min="1" max="40"/);
    expect(dialog).toContain('data-testid="units-held">40<');
    const post = async (units: string | number) => {
      const res = await seller.page.postForm(url, { intent: "exit", batch_id: egg, units });
      return { status: res.status, errors: fieldError(htmlText(await res.text())), res };
    };
    expect((await post(0)).errors).toEqual(["Enter units"]);
    expect((await post("")).errors).toEqual(["Enter units"]);
    const start = (server.db().prepare("select start_date d from batches where id = ?").get(egg) as { d: string }).d;
    expect((await post(5)).errors[0]).toMatch(/^Early exit opens one month after the batch starts, on \d{4}-\d{2}-\d{2}\.$/);
    // The dialog says so before anything is typed.
    expect((await get(seller.page, url)).html).toMatch(/data-testid="exit-notice">Early exit opens one month after the batch starts, on \d{4}-\d{2}-\d{2}\.</);
    // A month later (moved in the database: the batch started two months ago).
    const earlier = new Date(`${start}T00:00:00Z`);
    earlier.setUTCMonth(earlier.getUTCMonth() - 2);
    server.db().prepare("update batches set start_date = ? where id = ?").run(earlier.toISOString().slice(0, 10), egg);
    expect((await get(seller.page, url)).html).not.toContain('data-testid="exit-notice"');
    expect((await post(41)).errors).toEqual(["You can offer at most 40 units for early exit."]);
    const ok = await post(15);
    expect(ok.status).toBe(302);
    const list = await get(seller.page, ok.res.headers.get("Location")!);
    expect(list.html).toContain("Early exit request submitted. We will notify you when a buyer is found.");
    // Another investor sees the 15 offered units as available and buys some.
    const buyer = await investor(1000);
    const eggs = await get(buyer.page, `/invest/eggs?q=Exitfarm%20${RUN}&status=ACTIVE`);
    const c = card(eggs.html, egg);
    expect(c).toContain("Available (early exit)");
    expect(available(c)).toBe(15);
    expect(c).toContain(`dialog=invest&batch=${egg}`);
    const bought = await buyer.page.postForm(`/invest/eggs?dialog=invest&batch=${egg}`, { intent: "invest", batch_id: egg, units: 6, terms: "on" });
    expect(bought.status).toBe(302);
    expect(available(card((await get(buyer.page, `/invest/eggs?q=Exitfarm%20${RUN}`)).html, egg))).toBe(9);
    // An investor with no holding is told so; chicken has no exit dialog.
    const res = await buyer.page.postForm(url, { intent: "exit", batch_id: egg, units: 50 });
    expect(fieldError(htmlText(await res.text()))).toEqual(["You can offer at most 6 units for early exit."]);
    const stranger = await investor();
    expect((await get(stranger.page, url)).html).toContain('data-testid="exit-notice">You hold no units in this batch.<');
    expect(fieldError(htmlText(await (await stranger.page.postForm(url, { intent: "exit", batch_id: egg, units: 1 })).text()))).toEqual(["You hold no units in this batch."]);
    expect((await get(seller.page, `/invest/chicken?dialog=exit&batch=${egg}`)).html).not.toContain('role="dialog"');
  });

  it("without JavaScript, units typed after the exit's figures were worked out are shown first, then offered", async () => {
    const { egg, seller } = await heldActiveEgg(`Unseenexit ${RUN}`);
    const url = `/invest/eggs?dialog=exit&batch=${egg}`;
    const page = (await get(seller.page, url)).html;
    expect(page).toMatch(/name="shown_units" value="10"/);
    expect(page).toMatch(/data-testid="exit-price">GH₵\s?100\.00/);
    const fields = { intent: "exit", batch_id: egg, idempotency_key: `k-${RUN}-unseen-exit` };
    const refused = await seller.page.postForm(url, { ...fields, units: 15, shown_units: 10 });
    expect(refused.status).toBe(400);
    const shown = htmlText(await refused.text());
    expect(fieldError(shown)).toEqual(["The figures above are now for the 15 units you typed: read them, then press the button again."]);
    // 15 units at par, the fee at the configured rate, and what the investor would receive, all for 15.
    expect(shown).toContain("If a buyer takes 15 units");
    expect(shown).toMatch(/data-testid="exit-price">GH₵\s?150\.00/);
    const fee = Number(/data-testid="exit-fee">-GH₵\s?([\d.]+)/.exec(shown)?.[1]);
    const net = Number(/data-testid="exit-net">GH₵\s?([\d.]+)/.exec(shown)?.[1]);
    expect(fee).toBeGreaterThan(0);
    expect(Math.round((fee + net) * 100)).toBe(15000);
    expect(shown).toMatch(/name="shown_units" value="15"/);
    const offered = () => server.db().prepare("select coalesce(sum(units_remaining), 0) n from exit_requests where batch_id = ?").get(egg);
    expect(offered()).toEqual({ n: 0 });
    expect((await seller.page.postForm(url, { ...fields, units: 15, shown_units: 15 })).status).toBe(302);
    expect(offered()).toEqual({ n: 15 });
  });

  it("an investor's own exit offer is not for sale to them: no Invest or Reinvest where only theirs is on sale", async () => {
    const { egg, seller } = await heldActiveEgg(`Ownoffer ${RUN}`);
    expect((await seller.page.postForm(`/invest/eggs?dialog=exit&batch=${egg}`, { intent: "exit", batch_id: egg, units: 3 })).status).toBe(302);
    const list = `/invest/eggs?q=Ownoffer%20${RUN}&status=ACTIVE`;
    // Another investor may buy the 3 offered units.
    const buyer = await investor(100);
    const theirs = card((await get(buyer.page, list)).html, egg);
    expect(available(theirs)).toBe(3);
    expect(theirs).toContain(`dialog=invest&batch=${egg}`);
    // The seller may not: none for sale to them, no Invest link, and the dialog says so.
    const mine = card((await get(seller.page, list)).html, egg);
    expect(available(mine)).toBe(0);
    expect(mine).not.toContain(`dialog=invest&batch=${egg}`);
    const dialog = (await get(seller.page, `/invest/eggs?dialog=invest&batch=${egg}`)).html;
    expect(dialog).toContain('data-testid="invest-notice"');
    expect(dialog).not.toContain('name="shown_units"');
    // Nor does the portfolio offer Reinvest into it.
    const holding = (server.db().prepare("select id from investments where user_id = ? and batch_id = ?").get(seller.id, egg) as { id: number }).id;
    expect((await get(seller.page, "/portfolio")).html).not.toContain(`dialog=reinvest&id=${holding}`);
    const reinvest = (await get(seller.page, `/portfolio?dialog=reinvest&id=${holding}`)).html;
    expect(reinvest).toContain('data-testid="reinvest-notice"');
    expect(reinvest).not.toContain('name="shown_units"');
  });

  it("refuses an exit before the batch is active", async () => {
    const farm = newFarm(`Earlyfarm ${RUN}`);
    const egg = newBatch(farm, { unitPrice: 10, targetUnits: 40 });
    const u = await investor(100);
    expect((await u.page.postForm(`/invest/eggs?dialog=invest&batch=${egg}`, { intent: "invest", batch_id: egg, units: 2, terms: "on" })).status).toBe(302);
    const res = await u.page.postForm(`/invest/eggs?dialog=exit&batch=${egg}`, { intent: "exit", batch_id: egg, units: 1 });
    expect(fieldError(htmlText(await res.text()))).toEqual(["Early exit is only possible while the batch is active."]);
  });
});

describe("the eggs calculator and payout table", () => {
  it("units = floor(amount / unit price), with the calculator's two messages; default 100 GHS step 10", async () => {
    const farm = newFarm(`Calcfarm ${RUN}`);
    const id = newBatch(farm, { unitPrice: 30, targetUnits: 5, expectedRoi: 0.01 });
    const anon = new Client(server.url);
    const calc = async (qs: string) => (await get(anon, `/invest/eggs?calc_batch=${id}&${qs}`)).html;
    const ok = await calc("amount=100");
    expect(ok).toContain('data-testid="calc-units">3<');
    expect(ok).toMatch(/Cost<\/dt><dd class="font-semibold">GH₵\s?90\.00/);
    expect(ok).toMatch(/Est\. monthly payout<\/dt><dd class="font-semibold">GH₵\s?0\.90/);
    expect(await calc("amount=20")).toContain("Amount too low for selected batch.");
    expect(await calc("amount=180")).toContain("Not enough units available in this batch.");
    const plain = (await get(anon, "/invest/eggs")).html;
    expect(plain).toMatch(/name="amount"[^>]*step="10"[^>]*value="100"|name="amount"[^>]*value="100"/);
    expect(plain).toContain("Investment Calculator");
  });

  // Issue 29 point 4: the table was a fixed 1,000 / 1,120 / 1,240 under a calculator that showed GHS 0.90.
  it("12-month payout table marked illustrative, computed from the calculator's amount and batch, after tax", async () => {
    const farm = newFarm(`Tablefarm ${RUN}`);
    const id = newBatch(farm, { unitPrice: 30, targetUnits: 50, expectedRoi: 0.01 });
    const table = async (qs: string) => {
      const { html } = await get(new Client(server.url), `/invest/eggs?calc_batch=${id}&${qs}`);
      expect(html).toContain("Illustrative");
      return [...html.matchAll(/<td class="py-1">Month (\d+)<\/td><td class="py-1 text-right">GH₵\s?([\d,.]+)<\/td><td class="py-1 text-right">GH₵\s?([\d,.]+)</g)].map((m) => [m[2], m[3]]);
    };
    // GHS 100 buys 3 units (90.00): 0.90 a month (no tax on this server), 10.80 after 12 months.
    const rows = await table("amount=100");
    expect(rows).toHaveLength(12);
    expect(rows.every(([month]) => month === "0.90")).toBe(true);
    expect(rows[11]).toEqual(["0.90", "10.80"]);
    // Another amount, another table: 10 units (300.00) earn 3.00 a month.
    expect((await table("amount=300"))[0]).toEqual(["3.00", "3.00"]);
    // Nothing the calculator can buy: no table of figures.
    expect(await table("amount=20")).toEqual([]);
  });
});

describe("the batch page", () => {
  it("shows the seeded farm logs of an active layer batch: lay rate, feed, mortality, incidents, table", async () => {
    const id = (server.db().prepare("select b.id from batches b join farms f on f.id = b.farm_id where f.name = 'Sunrise Layers Farm'").get() as { id: number }).id;
    const { status, html } = await get(new Client(server.url), `/batches/${id}`);
    expect(status).toBe(200);
    expect(html).toContain("Sunrise Layers Farm</h1>");
    expect(html).toContain("Farm daily logs");
    // The daily charts are images drawn on the server, named for screen readers: their markup is not in the page twice.
    const charts = [
      ["lay-rate", "Lay rate by day, in percent"],
      ["mortality", "Cumulative mortality by day, in percent"],
      ["feed-per-dozen", "Feed per dozen eggs by day, in kg"],
    ];
    for (const [name, label] of charts) {
      expect(html).toContain(`<img src="/batches/${id}/charts/${name}.svg" alt="${label}"`);
      const svg = await fetch(`${server.url}/batches/${id}/charts/${name}.svg`);
      expect(svg.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
      expect(await svg.text()).toContain(`<title>${label}</title>`);
    }
    expect(html).not.toContain("<title>Lay rate by day");
    expect((await fetch(`${server.url}/batches/${id}/charts/weight.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/batches/${id}/charts/nothing.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/batches/999999/charts/lay-rate.svg`)).status).toBe(404);
    expect(html).toContain("Heat stress in house 2");
    // The layers are logged from their first day in lay: the table shows a month of days per page.
    expect([...html.matchAll(/data-log-date="/g)]).toHaveLength(30);
    expect(html).toMatch(/data-testid="latest-lay-rate">\d{2}\.\d%/);
    // The seed's device sent its last reading within the half hour before the seed (issue 29: the strip is the device's now, not the log's).
    expect(html).toMatch(/Latest reading (just now|\d+ minutes? ago)/);
    expect(html).toContain(`<img src="/batches/${id}/sensor.svg"`);
    expect(html).toContain("Monthly income for");
  });

  it("Settlements: each period the public API lists (due, remitted, paid, from the reserve, the sheet's lines), the expected ROI beside the supported one and its formula", async () => {
    const id = (server.db().prepare("select b.id from batches b join farms f on f.id = b.farm_id where f.name = 'Sunrise Layers Farm'").get() as { id: number }).id;
    const api = (await call(new Client(server.url), "GET", `/api/v1/public/batches/${id}/settlements`)).body;
    const { html } = await get(new Client(server.url), `/batches/${id}`);
    const plain = (markup: string) => markup.replace(/<[^>]+>/g, "");
    const text = plain(html);
    expect(html).toMatch(/<h2 id="settlements-heading"[^>]*>Settlements<\/h2>/);
    expect(api.periods.length).toBeGreaterThan(1);
    const ghs = (n: number) => `GH₵${n.toLocaleString("en-GH", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const section = (period: string) => plain(new RegExp(`<li[^>]*data-period="${period}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? "");
    for (const p of api.periods) {
      const li = section(p.period).replace(/\s/g, " ");
      expect(li, p.period).toContain(`Income for ${p.period}`);
      expect(li).toContain(`Due by ${p.due_date}`);
      expect(li).toContain(`Remitted by the farm${ghs(p.remitted)}`);
      expect(li).toContain(`From the reserve${ghs(p.from_reserve)}`);
      expect(li).toContain(`Paid to investors${ghs(p.paid)}`);
      const [sheet] = p.sheets;
      expect(li).toContain(`Crates sold${sheet.crates_sold.toLocaleString("en-GH")}`);
      expect(li).toContain(`Price per crate${ghs(sheet.price_per_crate)}`);
      for (const [label, field] of [
        ["Revenue", "revenue"],
        ["Feed", "feed_cost"],
        ["Vet", "vet_cost"],
        ["Other costs", "other_costs"],
        ["Farm's share", "farm_share"],
        ["Net remitted", "amount"],
      ])
        expect(li).toContain(`${label}${ghs(sheet[field])}`);
    }
    // The seed's last paid month was topped up from the reserve.
    expect(api.periods.some((p: { from_reserve: number }) => p.from_reserve > 0)).toBe(true);
    expect(text).toContain("Expected ROI1.00% a month (12.0% a year)");
    expect(text).toContain(`Supported by the farm's remittances${(api.supported_roi * 100).toFixed(2)}% a month`);
    expect(api.supported_roi).toBeLessThan(0.01);
    expect(text).toContain("Supported ROI = the net the farm remitted for investors in the months it has remitted, divided by the capital deployed to the farm and by the number of those months");
    // This batch is paid up: no overdue flag.
    expect(html).not.toContain("Overdue by");
  });

  it("says plainly when there are no logs; shows raised, escrow, deployed, paid out and payout history from the ledger", async () => {
    const farm = newFarm(`Auditfarm ${RUN}`);
    const id = newBatch(farm, { unitPrice: 20, targetUnits: 100, expectedRoi: 0.05 });
    const u = await investor(1000);
    expect((await u.page.postForm(`/invest/eggs?dialog=invest&batch=${id}`, { intent: "invest", batch_id: id, units: 10, terms: "on" })).status).toBe(302);
    const anon = new Client(server.url);
    let page = (await get(anon, `/batches/${id}`)).html;
    expect(page).toContain("The farm has not posted any daily logs for this batch yet.");
    expect(page).toMatch(/data-testid="funds-funds">GH₵\s?200\.00/);
    expect(page).toMatch(/data-testid="funds-escrow">GH₵\s?200\.00/);
    expect(page).toMatch(/data-testid="funds-deployed">GH₵\s?0\.00/);
    expect(page).toMatch(/data-testid="funds-paid-out">GH₵\s?0\.00/);
    expect(page).toContain("No payouts have been made from this batch yet.");
    expect(page).toContain("Payouts start after the batch is funded and activated.");
    expect(page).toContain(`href="/invest/eggs?dialog=invest&batch=${id}"`);
    expect(page).not.toContain('data-testid="your-holding"');
    expect((await get(u.page, `/batches/${id}`)).html).toMatch(/You hold <strong>10 units<\/strong> \(GH₵\s?200\.00\) in this batch\./);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${id}/activate`)).status).toBe(200);
    // Started two months ago: this month is the hens' first in lay, the first month that pays.
    backdateBatchStart(server, id, { months: 2 });
    createRemittance(server, id);
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${id}/execute`)).status).toBe(200);
    page = (await get(anon, `/batches/${id}`)).html;
    expect(page).toMatch(/data-testid="funds-escrow">GH₵\s?0\.00/);
    expect(page).toMatch(/data-testid="funds-deployed">GH₵\s?200\.00/);
    expect(page).toMatch(/data-testid="funds-paid-out">GH₵\s?10\.00/);
    expect(page).toMatch(/Monthly income \d{4}-\d{2}/);
    expect(page).toMatch(/1 investors · <strong[^>]*>GH₵\s?10\.00/);
    // This month is paid: the next payout is next month's.
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0)).toISOString().slice(0, 10);
    expect(page).toContain(`due by ${next}.`);
  });

  it("broilers: weights, feed conversion and mortality from the logs; the table pages 30 days at a time; photos link to the admin's photo route", async () => {
    const farm = newFarm(`Logfarm ${RUN}`);
    const id = newBatch(farm, { productType: "CHICKEN", unitPrice: 10, targetUnits: 100 });
    const db = server.db();
    const insert = db.prepare("insert into farm_logs (batch_id, log_date, birds_alive, deaths, feed_kg, avg_weight_kg, incident, incident_description) values (?, ?, ?, ?, ?, ?, ?, ?)");
    for (let i = 0; i < 35; i++) {
      const date = new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10);
      insert.run(id, date, 1000 - i, i === 0 ? 0 : 1, 50, 0.04 + 0.05 * i, i === 3 ? 1 : 0, i === 3 ? "Feed delivery late by a day" : "");
    }
    const logId = (db.prepare("select id from farm_logs where batch_id = ? and log_date = '2026-11-04'").get(id) as { id: number }).id;
    const photo = db.prepare("insert into farm_log_photos (log_id, file_name, content_type, size_bytes) values (?, ?, 'image/jpeg', 1000) returning id").get(logId, `test-${RUN}.jpg`) as {
      id: number;
    };
    const anon = new Client(server.url);
    const first = (await get(anon, `/batches/${id}`)).html;
    for (const [name, label] of [
      ["weight", "Average live weight by day, in kg"],
      ["fcr", "Feed conversion ratio by day (kg feed per kg gained)"],
      ["mortality", "Cumulative mortality by day, in percent"],
    ]) {
      expect(first).toContain(`<img src="/batches/${id}/charts/${name}.svg" alt="${label}"`);
      expect(await (await fetch(`${server.url}/batches/${id}/charts/${name}.svg`)).text()).toContain(`<title>${label}</title>`);
    }
    // Day 35: 966 birds at 1.74 kg, 1750 kg of feed: FCR = 1750 / (966 x 1.74 - 1000 x 0.04) = 1.07
    expect(first).toMatch(/data-testid="latest-fcr">1\.07</);
    // 34 deaths of 1000 birds.
    expect(first).toContain('data-testid="latest-mortality">3.40%');
    const dates = (html: string) => [...html.matchAll(/data-log-date="([\d-]+)"/g)].map((m) => m[1]);
    expect(dates(first)).toHaveLength(30);
    expect(dates(first)[0]).toBe("2026-11-04");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain(`href="/farm-photos/${photo.id}"`);
    const second = (await get(anon, `/batches/${id}?page=2`)).html;
    expect(dates(second)).toEqual(["2026-10-05", "2026-10-04", "2026-10-03", "2026-10-02", "2026-10-01"]);
    expect(second).toContain("Incident: Feed delivery late by a day");
  });

  it("answers 404 for an unknown batch", async () => {
    const res = await get(new Client(server.url), "/batches/999999");
    expect(res.status).toBe(404);
    expect(res.html).toContain("Batch not found.");
    expect((await get(new Client(server.url), "/batches/abc")).status).toBe(404);
  });
});

describe("demo data only when the database has no batch of the type", () => {
  let empty: TestServer;
  beforeAll(async () => {
    empty = await startServer({ SEED_DEMO_DATA: "false" });
  });
  afterAll(async () => {
    await empty?.stop();
  });

  it("shows the load-failure message and the demo batches, with no way to invest", async () => {
    const anon = new Client(empty.url);
    const eggs = htmlText(await (await anon.get("/invest/eggs")).text());
    expect(eggs).toContain("Could not load egg batches — showing demo data.");
    expect(cardIds(eggs)).toEqual([201, 202]);
    expect(eggs).toContain("this batch cannot be invested in");
    expect(eggs).not.toMatch(/dialog=invest/);
    expect(eggs).not.toContain('href="/batches/201"');
    const chicken = htmlText(await (await anon.get("/invest/chicken?dialog=invest&batch=101")).text());
    expect(chicken).toContain("Could not load chicken batches — showing demo data.");
    expect(cardIds(chicken)).toEqual([101, 102]);
    expect(chicken).not.toContain('role="dialog"');
  });

  it("shows them when loading fails, and the real batches again once it works", async () => {
    const db = empty.db();
    const farm = db.prepare("insert into farms (name, location) values ('Realfarm', 'Ejisu, Ashanti') returning id").get() as { id: number };
    const batch = db.prepare("insert into batches (farm_id, product_type, unit_price_minor, target_units, expected_roi) values (?, 'EGG', 1000, 10, 0.01) returning id").get(farm.id) as { id: number };
    const anon = new Client(empty.url);
    const eggs = async () => htmlText(await (await anon.get("/invest/eggs")).text());
    expect(cardIds(await eggs())).toEqual([batch.id]);
    db.exec("alter table batches rename to batches_away");
    try {
      const failed = await eggs();
      expect(failed).toContain("Could not load egg batches — showing demo data.");
      expect(cardIds(failed)).toEqual([201, 202]);
    } finally {
      db.exec("alter table batches_away rename to batches");
    }
    const back = await eggs();
    expect(cardIds(back)).toEqual([batch.id]);
    expect(back).not.toContain("showing demo data");
  });
});

describe("impossible dates", () => {
  it("the admin form and the API refuse a start date that is not a calendar day", async () => {
    const farmId = newFarm(`Date Farm ${RUN}`);
    for (const start_date of ["2026-13-01", "2026-02-30", "2026-00-10"]) {
      const res = await call(admin, "POST", "/api/v1/admin/batches", {
        farm_id: farmId,
        product_type: "CHICKEN",
        unit_price: 50,
        target_units: 10,
        feed_price: 6,
        mortality_rate: 0.05,
        expected_roi: 0.1,
        start_date,
      });
      expect(res.status, start_date).toBe(422);
      expect(res.body.detail).toBe("Give the start date as YYYY-MM-DD.");
    }
    const { page } = await signInAdmin(server);
    const dashboard = await page.get("/admin");
    const key = /name="idempotency_key" value="([^"]+)"/.exec(await dashboard.text())?.[1] ?? "k";
    const before = (server.db().prepare("select count(*) n from batches").get() as { n: number }).n;
    const res = await page.postForm("/admin?index", {
      intent: "create_batch",
      idempotency_key: `${key}-date`,
      farm_id: farmId,
      product_type: "CHICKEN",
      unit_price: 50,
      target_units: 10,
      feed_price: 6,
      mortality_rate: 0.05,
      expected_roi: 0.1,
      start_date: "2026-13-01",
    });
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("Give the start date as YYYY-MM-DD.");
    expect((server.db().prepare("select count(*) n from batches").get() as { n: number }).n).toBe(before);
  });

  it("a bad date already in the database does not break the pages for everyone", async () => {
    const farmId = newFarm(`Bad Row Farm ${RUN}`);
    const id = newBatch(farmId, { productType: "CHICKEN", unitPrice: 50 });
    server.db().prepare("update batches set start_date = '2026-13-01' where id = ?").run(id);
    const visitor = new Client(server.url);
    for (const url of ["/invest/chicken", `/batches/${id}`, "/", "/api/v1/public/products"]) {
      const res = await visitor.get(url);
      expect(res.status, url).toBe(200);
    }
    expect(card((await get(visitor, "/invest/chicken")).html, id)).not.toBe("");
  });
});

describe("browser bundles", () => {
  it("the invest and batch routes carry neither nivo nor zod", () => {
    const files = browserChunks();
    const routes = files.filter((f) => /routes[\\/](invest\.eggs|invest\.chicken|batches\.\$id)-/.test(f));
    expect(routes).toHaveLength(3);
    for (const file of routes) {
      const source = fs.readFileSync(file, "utf8");
      const imported = [...source.matchAll(/\/build\/(_shared\/chunk-[A-Z0-9]+\.js)/g)].map((m) => path.join(BROWSER_BUILD, m[1]));
      for (const chunk of [file, ...imported]) {
        const code = fs.readFileSync(chunk, "utf8");
        expect(code, `${file} -> ${chunk}`).not.toMatch(/nivo/i);
        expect(code, `${file} -> ${chunk}`).not.toContain("_zod");
        expect(code, `${file} -> ${chunk}`).not.toContain("better-sqlite3");
      }
    }
  });
});
