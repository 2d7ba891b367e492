import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createFarm, createInvestor, createRemittance, serverNow, signInAdmin, type BatchOptions } from "./support/factories";
import { startServer, TEST_ADMIN, type TestServer } from "./support/server";
import { textNodes } from "./support/pseudo";

let server: TestServer;
let adminApi: Client;
let adminPage: Client;
let investorApi: Client;
let investorPage: Client;

beforeAll(async () => {
  server = await startServer();
  ({ api: adminApi, page: adminPage } = await signInAdmin(server));
  ({ api: investorApi, page: investorPage } = await createInvestor(server, { fullName: "Akua Mensah" }));
});
afterAll(async () => {
  await server?.stop();
});

async function page(client: Client, path: string) {
  const res = await client.get(path);
  return { status: res.status, html: await res.text(), text: "" };
}
const text = async (client: Client, path: string) => htmlText((await page(client, path)).html);

/** Posts a dashboard form; returns status, Location and the flash (followed) or the page. */
async function post(client: Client, path: string, fields: Record<string, string | number>) {
  const res = await client.postForm(path, fields);
  const location = res.headers.get("Location");
  const raw = await res.text();
  return { status: res.status, location, html: htmlText(raw), raw };
}
/** After a redirect, the flash message the next page shows. */
async function flash(client: Client, path = "/admin") {
  return text(client, path);
}

const auditRows = () =>
  server.db().prepare("select a.*, u.email from audit_log a left join users u on u.id = a.admin_id order by a.id").all() as Array<{
    action: string;
    batch_id: number | null;
    farm_id: number | null;
    email: string;
    detail: string;
    created_at: string;
  }>;
const lastAudit = () => auditRows().at(-1)!;
const count = (table: string) => (server.db().prepare(`select count(*) n from ${table}`).get() as { n: number }).n;

/** A batch with the admin defaults (CHICKEN, GHS 50, 1,000 units, 12%), on a farm of its own. */
const newBatch = (options: BatchOptions = {}) =>
  createBatch(server, {
    farmId: createFarm(server, { name: "Test Farm", location: "Sunyani, Bono" }).id,
    productType: "CHICKEN",
    unitPrice: 50,
    targetUnits: 1000,
    expectedRoi: 0.12,
    mortalityRate: 0.07,
    ...options,
  }).id;

describe("access: every admin page, form and API is for admins only (checked on the server)", () => {
  const pages = ["/admin", "/admin/exits", "/admin/messages", "/admin/content", "/admin/audit", "/admin/batches/1/logs", "/admin/payments", "/admin/payments/reconciliation"];

  it("sends anonymous visitors to /login and back", async () => {
    const anon = new Client(server.url);
    for (const p of pages) {
      const res = await anon.get(p);
      expect(res.status, p).toBe(302);
      expect(res.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: p })}`);
    }
    const back = await anon.postForm("/login", { email: TEST_ADMIN.email, password: TEST_ADMIN.password, redirectTo: "/admin" });
    expect(back.headers.get("Location")).toBe("/admin");
    expect((await anon.get("/admin")).status).toBe(200);
  });

  it("gives a signed-in investor a 403 page on every admin page and form post", async () => {
    for (const p of pages) {
      const { status, html } = await page(investorPage, p);
      expect(status, p).toBe(403);
      expect(htmlText(html)).toContain("You do not have access to this page");
    }
    const batchId = newBatch();
    const before = count("farms");
    const posts: Array<[string, Record<string, string | number>]> = [
      ["/admin?index", { intent: "create_farm", name: "Sneaky Farm" }],
      ["/admin?index", { intent: "create_batch", farm_id: 1, product_type: "EGG", unit_price: 10, target_units: 10, mortality_rate: 0.05, expected_roi: 0.01 }],
      ["/admin?index", { intent: "activate", batch_id: batchId }],
      ["/admin?index", { intent: "simulate", batch_id: batchId }],
      ["/admin?index", { intent: "execute", batch_id: batchId, confirmed: 1 }],
      ["/admin?index", { intent: "close", batch_id: batchId, confirmed: 1 }],
      ["/admin?index", { intent: "delete", batch_id: batchId, confirmed: 1 }],
      [`/admin/batches/${batchId}/logs`, { log_date: "2026-01-01", birds_alive: 10, feed_kg: 1, avg_weight_kg: 1 }],
      ["/admin/content", { intent: "save", title: "Hacked", body_md: "x" }],
    ];
    for (const [p, fields] of posts) {
      const res = await investorPage.postForm(p, fields);
      expect(res.status, `${p} ${fields.intent}`).toBe(403);
    }
    expect(count("farms")).toBe(before);
    expect((server.db().prepare("select status from batches where id = ?").get(batchId) as { status: string }).status).toBe("OPEN");
  });

  it("answers 401 without a token and 403 {detail} for a non-admin on every /api/v1/admin call", async () => {
    const batchId = newBatch();
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/v1/admin/stats"],
      ["GET", "/api/v1/admin/farms"],
      ["POST", "/api/v1/admin/farms", { name: "x" }],
      ["GET", "/api/v1/admin/batches"],
      ["POST", "/api/v1/admin/batches", { farm_id: 1 }],
      ["GET", `/api/v1/admin/batches/${batchId}`],
      ["DELETE", `/api/v1/admin/batches/${batchId}`],
      ["POST", `/api/v1/admin/batches/${batchId}/activate`],
      ["POST", `/api/v1/admin/batches/${batchId}/close`],
      ["GET", `/api/v1/admin/payouts/${batchId}/simulate`],
      ["POST", `/api/v1/admin/payouts/${batchId}/execute`],
      ["GET", `/api/v1/admin/batches/${batchId}/logs`],
      ["POST", `/api/v1/admin/batches/${batchId}/logs`, { log_date: "2026-01-01" }],
      ["GET", `/api/v1/admin/batches/${batchId}/remittances`],
      ["POST", `/api/v1/admin/batches/${batchId}/remittances`, { period: "HARVEST", amount: 10 }],
      ["POST", `/api/v1/admin/batches/${batchId}/logs/1/photos`, {}],
      ["GET", "/api/v1/admin/exits"],
      ["GET", "/api/v1/admin/contact-messages"],
      ["GET", "/api/v1/admin/outbox"],
      ["GET", "/api/v1/admin/audit"],
      ["GET", "/api/v1/admin/pages/how-it-works"],
      ["PUT", "/api/v1/admin/pages/how-it-works", { title: "Hacked" }],
      ["GET", "/api/v1/admin/invariants"],
      ["GET", "/api/v1/admin/reconciliation?date=2026-01-01"],
    ];
    for (const [method, p, body] of calls) {
      const forbidden = await call(investorApi, method, p, body);
      expect(forbidden.status, `${method} ${p}`).toBe(403);
      expect(forbidden.body).toEqual({ detail: "Admin access required." });
      const anon = await call(new Client(server.url), method, p, body);
      expect(anon.status, `${method} ${p} anonymous`).toBe(401);
    }
    expect((server.db().prepare("select status from batches where id = ?").get(batchId) as { status: string }).status).toBe("OPEN");
  });
});

const batchRow = (id: number) => server.db().prepare("select * from batches where id = ?").get(id) as { status: string; units_placed: number; start_date: string | null } | undefined;
const walletMinor = (userId: number) => (server.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { b: number } | undefined)?.b ?? 0;
const formKey = (html: string) => /name="idempotency_key" value="([^"]+)"/.exec(html)![1];

/** An investor holding `units` of the batch (bought through the API). */
async function investorIn(batchId: number, units: number, walletGhs = 10_000) {
  const u = await createInvestor(server, { fullName: "Kwame Asante", walletGhs });
  const r = await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batchId, units });
  expect(r.status).toBe(201);
  return u;
}

describe("the dashboard (forms, no JavaScript)", () => {
  it("shows the overview counts, both create forms with their defaults, the batches table and the tips box", async () => {
    const batchId = newBatch();
    const { status, html } = await page(adminPage, "/admin");
    expect(status).toBe(200);
    const t = htmlText(html);
    const stats = (await call(adminApi, "GET", "/api/v1/admin/stats")).body;
    for (const [label, key] of [
      ["Farms", "farms"],
      ["Batches", "batches"],
      ["Investments", "investments"],
      ["Payouts", "payouts"],
    ]) {
      expect(t).toMatch(new RegExp(`${stats[key]}</span> ${label}`));
    }
    expect(t).toContain("Create farm");
    expect(t).toMatch(/<option value="CHICKEN" selected="">/);
    for (const [name, value] of [
      ["unit_price", "50"],
      ["target_units", "1000"],
      ["feed_price", "6"],
      ["mortality_rate", "0.07"],
      ["expected_roi", "0.12"],
    ]) {
      expect(html).toMatch(new RegExp(`name="${name}"[^>]*value="${value}"`));
    }
    expect(html).toMatch(/name="start_date" type="date"/);
    // Every field has a label.
    for (const id of [...html.matchAll(/<(?:input|select|textarea)(?![^>]*type="hidden")[^>]*\sid="([^"]+)"/g)].map((m) => m[1])) {
      expect(html, id).toContain(`for="${id}"`);
    }
    expect(t).toMatch(new RegExp(`data-batch-id="${batchId}"`));
    expect(t).toContain("Placed / Target");
    expect(t).toContain("Tips");
    expect(t).toContain("Simulate before you execute");
    expect(html).not.toMatch(/<script[^>]*>[^<]*zod/);
  });

  it("creates a farm: 'Farm name required.' for a blank name, 'Farm created.' and an audit row otherwise", async () => {
    const before = count("farms");
    const bad = await post(adminPage, "/admin?index", { intent: "create_farm", name: "  ", location: "Tamale", notes: "" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Farm name required.");
    expect(bad.html).toContain('value="Tamale"');
    expect(count("farms")).toBe(before);

    const html = (await page(adminPage, "/admin")).html;
    const ok = await post(adminPage, "/admin?index", { intent: "create_farm", name: "Nsawam Layers", location: "Nsawam, Eastern", notes: "2 pens", idempotency_key: formKey(html) });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin");
    expect(await flash(adminPage)).toContain("Farm created.");
    expect(count("farms")).toBe(before + 1);
    // The same submission again (a double tap) creates nothing more.
    await post(adminPage, "/admin?index", { intent: "create_farm", name: "Nsawam Layers", location: "Nsawam, Eastern", notes: "2 pens", idempotency_key: formKey(html) });
    expect(count("farms")).toBe(before + 1);
    expect(lastAudit()).toMatchObject({ action: "farm.create", email: TEST_ADMIN.email });
    expect(lastAudit().detail).toContain("Nsawam Layers");
  });

  it("reads a batch's numbers as plain decimal text: hex, binary, octal, exponents, Infinity and spaced digits are refused, in the API and the form", async () => {
    const farmId = createFarm(server, { name: "Notation Farm", location: "Tamale, Northern" }).id;
    const before = count("batches");
    const batch = { farm_id: String(farmId), product_type: "EGG", unit_price: "10", target_units: "10", mortality_rate: "0", expected_roi: "0.01" };
    const refusals: Array<[field: string, typed: string[], detail: string]> = [
      ["target_units", ["0x10", "0b11", "0o7", "1e1", "Infinity", " 1 0"], "Enter the target units as a whole number."],
      ["mortality_rate", ["0x0", "0b1", "0o0", "1e-1", "Infinity", " 0 1"], "Enter mortality as a fraction between 0 and 1, e.g. 0.07."],
      ["expected_roi", ["0x1", "0b1", "0o1", "1e-1", "Infinity", " 0 1"], "Enter the expected ROI as a fraction between 0 and 1, e.g. 0.12."],
    ];
    for (const [field, typed, detail] of refusals)
      for (const value of typed) {
        expect(await call(adminApi, "POST", "/api/v1/admin/batches", { ...batch, [field]: value }), `API ${field}=${JSON.stringify(value)}`).toEqual({ status: 422, body: { detail } });
        const form = await post(adminPage, "/admin?index", { intent: "create_batch", ...batch, [field]: value });
        expect(form.status, `form ${field}=${JSON.stringify(value)}`).toBe(400);
        expect(form.html).toContain(detail);
      }
    expect(count("batches")).toBe(before);
  });

  it("creates a batch: 'Select a farm.' without a farm, field messages for bad numbers, 'Batch created.' otherwise", async () => {
    const farmId = createFarm(server, { name: "Batch Form Farm", location: "Sunyani, Bono" }).id;
    const before = count("batches");
    const noFarm = await post(adminPage, "/admin?index", {
      intent: "create_batch",
      farm_id: "",
      product_type: "CHICKEN",
      unit_price: "50",
      target_units: "1000",
      feed_price: "6",
      mortality_rate: "0.07",
      expected_roi: "0.12",
    });
    expect(noFarm.status).toBe(400);
    expect(noFarm.html).toContain("Select a farm.");
    const unknownFarm = await post(adminPage, "/admin?index", {
      intent: "create_batch",
      farm_id: "999999",
      product_type: "CHICKEN",
      unit_price: "50",
      target_units: "1000",
      feed_price: "6",
      mortality_rate: "0.07",
      expected_roi: "0.12",
    });
    expect(unknownFarm.html).toContain("Select a farm.");
    const badMoney = await post(adminPage, "/admin?index", {
      intent: "create_batch",
      farm_id: farmId,
      product_type: "EGG",
      unit_price: "10.555",
      target_units: "0",
      feed_price: "6",
      mortality_rate: "7",
      expected_roi: "0.12",
    });
    expect(badMoney.status).toBe(400);
    expect(badMoney.html).toContain("Enter a unit price above zero with at most 2 decimals.");
    expect(badMoney.html).toContain("Target units must be at least 1.");
    expect(badMoney.html).toContain("Enter mortality as a fraction between 0 and 1, e.g. 0.07.");
    expect(count("batches")).toBe(before);

    // A start date within a year of today (the window a batch's start must be in).
    const startDate = new Date(serverNow(server).getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    const ok = await post(adminPage, "/admin?index", {
      intent: "create_batch",
      farm_id: farmId,
      product_type: "EGG",
      unit_price: "120.50",
      target_units: "500",
      feed_price: "6",
      mortality_rate: "0.07",
      expected_roi: "0.012",
      start_date: startDate,
    });
    expect(ok.status).toBe(302);
    expect(await flash(adminPage)).toContain("Batch created.");
    const row = server.db().prepare("select * from batches order by id desc limit 1").get() as { id: number; unit_price_minor: number; product_type: string; start_date: string; status: string };
    expect(row).toMatchObject({ unit_price_minor: 12050, product_type: "EGG", start_date: startDate, status: "OPEN" });
    expect(lastAudit()).toMatchObject({ action: "batch.create", batch_id: row.id, farm_id: farmId, email: TEST_ADMIN.email });
    const t = await text(adminPage, "/admin");
    expect(t).toMatch(new RegExp(`data-batch-id="${row.id}"[\\s\\S]*?Batch Form Farm[\\s\\S]*?EGG[\\s\\S]*?0 / 500[\\s\\S]*?OPEN`));
  });

  it("activates ('Batch activated.'), refuses a second activation with the server's detail", async () => {
    const batchId = newBatch();
    // Activate asks first (issue 29: the escrow moves to the farm), then confirmed=1 activates.
    const ask = await post(adminPage, "/admin?index", { intent: "activate", batch_id: batchId });
    expect(ask.status).toBe(200);
    expect(ask.html).toContain(`data-testid="confirm-prompt">Activate Batch #${batchId}?<`);
    expect(batchRow(batchId)!.status).toBe("OPEN");
    const ok = await post(adminPage, "/admin?index", { intent: "activate", batch_id: batchId, confirmed: "1" });
    expect(ok.status).toBe(302);
    expect(await flash(adminPage)).toContain("Batch activated.");
    expect(batchRow(batchId)!.status).toBe("ACTIVE");
    expect(lastAudit()).toMatchObject({ action: "batch.activate", batch_id: batchId });
    const again = await post(adminPage, "/admin?index", { intent: "activate", batch_id: batchId });
    expect(again.status).toBe(409);
    expect(again.html).toContain(`Only an open batch can be activated; Batch #${batchId} is ACTIVE.`);
    const missing = await post(adminPage, "/admin?index", { intent: "activate", batch_id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Batch not found.");
  });

  it("without JavaScript, a refusal for a batch no longer listed shows on the page, in the reader's language", async () => {
    const batchId = newBatch();
    expect((await page(adminPage, "/admin")).html).toContain(`data-batch-id="${batchId}"`);
    // Another admin deletes the batch while this page is open; then this one presses Activate (or confirms it, or Delete).
    expect((await call(adminApi, "DELETE", `/api/v1/admin/batches/${batchId}`)).status).toBe(200);
    // What the page shows, not the data its script carries for JavaScript.
    const shown = (raw: string) => textNodes(raw).join(" ");
    for (const fields of [
      { intent: "activate", confirmed: "" },
      { intent: "activate", confirmed: "1" },
      { intent: "delete", confirmed: "1" },
    ]) {
      const refused = await post(adminPage, "/admin?index", { ...fields, batch_id: batchId });
      expect(refused.status, fields.intent).toBe(404);
      expect(refused.raw).not.toContain(`data-batch-id="${batchId}"`);
      expect(shown(refused.raw), fields.intent).toContain("Batch not found.");
    }
    const twi = await post(adminPage, "/admin?index&lang=ak", { intent: "activate", batch_id: batchId });
    expect(twi.status).toBe(404);
    expect(shown(twi.raw)).toContain("Yɛanhu nkokɔ kuw no.");
  });

  it("simulates (total and count, nothing paid), asks 'Execute real payouts?' first, then pays the investor", async () => {
    const batchId = newBatch({ unitPrice: 50, expectedRoi: 0.12 });
    const inv = await investorIn(batchId, 10); // GHS 500 principal -> harvest 500 + 60
    await post(adminPage, "/admin?index", { intent: "activate", batch_id: batchId, confirmed: "1" });
    createRemittance(server, batchId);
    const walletBefore = walletMinor(inv.id);

    const sim = await post(adminPage, "/admin?index", { intent: "simulate", batch_id: batchId });
    expect(sim.status).toBe(200);
    expect(sim.html).toMatch(/data-testid="simulation">Simulated harvest payout: total <strong>GH₵\s?560\.00<\/strong> to <strong>1<\/strong> investment/);
    expect(count(`payouts where batch_id = ${batchId}`)).toBe(0);

    const ask = await post(adminPage, "/admin?index", { intent: "execute", batch_id: batchId, idempotency_key: "exec-1" });
    expect(ask.status).toBe(200);
    expect(ask.html).toContain('data-testid="confirm-prompt">Execute real payouts?<');
    expect(ask.html).toMatch(/harvest: GH₵\s?560\.00 to 1 investment\./);
    expect(ask.html).toContain('name="confirmed" value="1"');
    expect(count(`payouts where batch_id = ${batchId}`)).toBe(0);
    expect(walletMinor(inv.id)).toBe(walletBefore);

    const done = await post(adminPage, "/admin?index", { intent: "execute", batch_id: batchId, confirmed: "1", idempotency_key: "exec-1" });
    expect(done.status).toBe(302);
    expect(await flash(adminPage)).toMatch(new RegExp(`Payouts executed for Batch #${batchId}: 1 paid, GH₵\\s?560\\.00 in total\\.`));
    expect(walletMinor(inv.id)).toBe(walletBefore + 56_000);
    expect(batchRow(batchId)!.status).toBe("HARVESTED");
    expect(lastAudit()).toMatchObject({ action: "payout.execute", batch_id: batchId, email: TEST_ADMIN.email });
    // A repeat with the same key changes nothing.
    await post(adminPage, "/admin?index", { intent: "execute", batch_id: batchId, confirmed: "1", idempotency_key: "exec-1" });
    expect(walletMinor(inv.id)).toBe(walletBefore + 56_000);
    // The investor sees it.
    const mine = await call(inv.api, "GET", "/api/v1/invest/my");
    expect(mine.body[0].status).toBe("PAID");
  });

  it("egg batches: execute a catch-up period, refuse a paid or bad period with the server's detail, then Close with a confirm step", async () => {
    const batchId = newBatch({ productType: "EGG", unitPrice: 100, expectedRoi: 0.01, startDate: "2026-01-10" });
    const inv = await investorIn(batchId, 5); // GHS 500 -> GHS 5 a month
    // A month's income goes to who held the units at its end: the buy is dated before the start.
    server.db().prepare("update investments set created_at = '2026-01-05T09:00:00.000Z' where batch_id = ?").run(batchId);
    await post(adminPage, "/admin?index", { intent: "activate", batch_id: batchId, confirmed: "1" });
    expect(await text(adminPage, "/admin")).toContain(`id="period-${batchId}"`);
    createRemittance(server, batchId);

    const sim = await post(adminPage, "/admin?index", { intent: "simulate", batch_id: batchId, period: "2026-03" });
    expect(sim.html).toMatch(/Simulated income for 2026-03: total <strong>GH₵\s?5\.00<\/strong>/);
    const before = walletMinor(inv.id);
    const paid = await post(adminPage, "/admin?index", { intent: "execute", batch_id: batchId, period: "2026-03", confirmed: "1" });
    expect(paid.status).toBe(302);
    expect(walletMinor(inv.id)).toBe(before + 500);
    const again = await post(adminPage, "/admin?index", { intent: "execute", batch_id: batchId, period: "2026-03" });
    expect(again.status).toBe(409);
    expect(again.html).toContain(`Batch #${batchId} was already paid for 2026-03; nothing was paid.`);
    const bad = await post(adminPage, "/admin?index", { intent: "execute", batch_id: batchId, period: "2026-13", confirmed: "1" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Give the payout period as YYYY-MM.");
    const early = await post(adminPage, "/admin?index", { intent: "simulate", batch_id: batchId, period: "2025-12" });
    expect(early.html).toContain("The batch started in 2026-01; 2025-12 is before that.");
    // Started 2026-01-10: the hens come into lay in 2026-03, so January and February are rearing months that earn nothing.
    for (const period of ["2026-01", "2026-02"]) {
      const rearingMonth = `The hens come into lay in 2026-03; ${period} is a rearing month and earns no income to pay.`;
      const simulated = await post(adminPage, "/admin?index", { intent: "simulate", batch_id: batchId, period });
      expect(simulated.status).toBe(400);
      expect(simulated.html).toContain(rearingMonth);
      const refused = await post(adminPage, "/admin?index", { intent: "execute", batch_id: batchId, period, confirmed: "1" });
      expect(refused.status).toBe(400);
      expect(refused.html).toContain(rearingMonth);
    }
    const twi = await post(adminPage, "/admin?index&lang=ak", { intent: "execute", batch_id: batchId, period: "2026-02", confirmed: "1" });
    expect(twi.html).toContain("Nkokɔ no befi ase ato nkesua 2026-03; 2026-02 yɛ bosome a wɔda so ara nyɛn wɔn");
    expect(walletMinor(inv.id)).toBe(before + 500);

    const ask = await post(adminPage, "/admin?index", { intent: "close", batch_id: batchId });
    expect(ask.status).toBe(200);
    expect(ask.html).toContain("Close this egg batch and return the principal?");
    expect(batchRow(batchId)!.status).toBe("ACTIVE");
    const closed = await post(adminPage, "/admin?index", { intent: "close", batch_id: batchId, confirmed: "1" });
    expect(closed.status).toBe(302);
    expect(batchRow(batchId)!.status).toBe("CLOSED");
    expect(walletMinor(inv.id)).toBe(before + 500 + 50_000);
    expect(lastAudit()).toMatchObject({ action: "batch.close", batch_id: batchId });
  });

  it("deletes: asks 'Delete this batch?', refuses a batch with investments clearly, 'Batch deleted.' otherwise", async () => {
    const empty = newBatch();
    const ask = await post(adminPage, "/admin?index", { intent: "delete", batch_id: empty });
    expect(ask.status).toBe(200);
    expect(ask.html).toContain('data-testid="confirm-prompt">Delete this batch?<');
    expect(batchRow(empty)).toBeDefined();
    const ok = await post(adminPage, "/admin?index", { intent: "delete", batch_id: empty, confirmed: "1" });
    expect(ok.status).toBe(302);
    expect(await flash(adminPage)).toContain("Batch deleted.");
    expect(batchRow(empty)).toBeUndefined();
    expect(lastAudit()).toMatchObject({ action: "batch.delete", batch_id: empty });

    const held = newBatch();
    await investorIn(held, 1);
    for (const confirmed of ["", "1"]) {
      const refused = await post(adminPage, "/admin?index", { intent: "delete", batch_id: held, confirmed });
      expect(refused.status).toBe(409);
      expect(refused.html).toContain("This batch has investments and cannot be deleted.");
      expect(refused.html).not.toContain("Delete this batch?<");
    }
    expect(batchRow(held)).toBeDefined();
  });
});

describe("the same actions through /api/v1/admin, audited once", () => {
  it("a text, id or number field refuses a list, an object or the wrong type: a catalog message naming it, in English or Twi; nothing created", async () => {
    const [farms, batches] = [count("farms"), count("batches")];
    for (const location of [["a"], 5, { a: 1 }]) {
      expect(await call(adminApi, "POST", "/api/v1/admin/farms", { name: "Test Farm", location })).toEqual({ status: 422, body: { detail: "The location must be text." } });
      expect(await call(adminApi, "POST", "/api/v1/admin/farms?lang=ak", { name: "Test Farm", location })).toEqual({ status: 422, body: { detail: "Baabi a ɛwɔ: ɛsɛ sɛ ɛyɛ nsɛm a wɔakyerɛw." } });
    }
    expect(await call(adminApi, "POST", "/api/v1/admin/farms", { name: "Test Farm", notes: [1] })).toEqual({ status: 422, body: { detail: "The notes must be text." } });
    expect(count("farms")).toBe(farms);

    const farmId = createFarm(server, { name: "Id Farm", location: "Ho" }).id;
    const batch = { product_type: "EGG", unit_price: 10, target_units: 10, mortality_rate: 0, expected_roi: 0.01 };
    for (const farm_id of [[farmId], { id: farmId }, true, `${farmId}.0`, "1e0", `0x${farmId.toString(16)}`])
      expect(await call(adminApi, "POST", "/api/v1/admin/batches", { ...batch, farm_id })).toEqual({ status: 422, body: { detail: "Select a farm." } });
    expect(await call(adminApi, "POST", "/api/v1/admin/batches?lang=ak", { ...batch, farm_id: [farmId] })).toEqual({ status: 422, body: { detail: "Yi nkokɔ afuo bi." } });
    for (const target_units of [[10], { n: 10 }, true])
      expect(await call(adminApi, "POST", "/api/v1/admin/batches", { ...batch, farm_id: farmId, target_units })).toEqual({
        status: 422,
        body: { detail: "Enter the target units as a whole number." },
      });
    for (const unit_price of [[10], { n: 10 }, true])
      expect(await call(adminApi, "POST", "/api/v1/admin/batches", { ...batch, farm_id: farmId, unit_price })).toEqual({
        status: 422,
        body: { detail: "Enter a unit price above zero with at most 2 decimals." },
      });
    expect(count("batches")).toBe(batches);
    expect((await call(adminApi, "POST", "/api/v1/admin/batches", { ...batch, farm_id: String(farmId) })).status).toBe(201);

    const page = (await call(adminApi, "GET", "/api/v1/admin/pages/how-it-works")).body;
    const put = (fields: Record<string, unknown>, query = "") => call(adminApi, "PUT", `/api/v1/admin/pages/how-it-works${query}`, { title: "T", ...fields });
    expect(await put({ faqs: [{ question: "q", answer: 5 }] })).toEqual({ status: 422, body: { detail: "Each FAQ needs an answer." } });
    expect(await put({ faqs: [{ question: "q", answer: ["a"] }] }, "?lang=ak")).toEqual({ status: 422, body: { detail: "Asɛmmisa biara hia mmuaeɛ." } });
    expect(await put({ faqs: [{ question: 5, answer: "a" }] })).toEqual({ status: 422, body: { detail: "Each FAQ needs a question." } });
    for (const faqs of [[5], ["q"], [["q", "a"]], "q", { question: "q" }]) expect(await put({ faqs })).toEqual({ status: 422, body: { detail: "FAQs must be a list of questions and answers." } });
    expect(await put({ faqs: [5] }, "?lang=ak")).toEqual({ status: 422, body: { detail: "Ɛsɛ sɛ nsɛmmisa no yɛ nsɛmmisa ne mmuaeɛ." } });
    expect((await call(adminApi, "GET", "/api/v1/admin/pages/how-it-works")).body).toEqual(page);
  });

  it("create farm and batch, activate, simulate, execute, delete, close: each with its audit row", async () => {
    const n = auditRows().length;
    const farm = await call(adminApi, "POST", "/api/v1/admin/farms", { name: "", location: "", notes: "" });
    expect(farm).toEqual({ status: 422, body: { detail: "Farm name required." } });
    const noFarm = await call(adminApi, "POST", "/api/v1/admin/batches", { product_type: "EGG", unit_price: 10, target_units: 10, mortality_rate: 0, expected_roi: 0.01 });
    expect(noFarm).toEqual({ status: 422, body: { detail: "Select a farm." } });
    expect(auditRows().length).toBe(n);

    // Farm and batch through the API too: their audit rows are part of what is checked.
    // A farm of its own each time (a second farm with the same name and location is refused).
    let farmsMade = 0;
    const apiBatch = async (fields: Record<string, unknown> = {}) => {
      const farm = await call(adminApi, "POST", "/api/v1/admin/farms", { name: `Test Farm ${++farmsMade}`, location: "Sunyani, Bono", notes: "" });
      expect(farm.status).toBe(201);
      const r = await call(adminApi, "POST", "/api/v1/admin/batches", {
        farm_id: farm.body.id,
        product_type: "CHICKEN",
        unit_price: 50,
        target_units: 1000,
        feed_price: 6,
        mortality_rate: 0.07,
        expected_roi: 0.12,
        id: 0,
        ...fields,
      });
      expect(r.status).toBe(201);
      return r.body.id as number;
    };
    const batchId = await apiBatch({ unit_price: 10, expected_roi: 0.1 }); // farm.create + batch.create
    await investorIn(batchId, 3);
    expect((await call(adminApi, "DELETE", `/api/v1/admin/batches/${batchId}`)).body).toEqual({ detail: "This batch has investments and cannot be deleted." });
    expect((await call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/activate`)).body.detail).toBe("Batch activated.");
    const sim = await call(adminApi, "GET", `/api/v1/admin/payouts/${batchId}/simulate`);
    expect(sim.body).toMatchObject({ simulated_total: 33, count: 1 });
    createRemittance(server, batchId);
    const run = await call(adminApi, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {});
    expect(run.body).toMatchObject({ count: 1, total: 33 });
    const closeChicken = await call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/close`);
    expect(closeChicken.status).toBe(409);
    const spare = await apiBatch();
    expect((await call(adminApi, "DELETE", `/api/v1/admin/batches/${spare}`)).body).toEqual({ detail: "Batch deleted." });
    // Retried with the same Idempotency-Key: the first answer, nothing created or paid twice.
    const farms = count("farms");
    const f1 = await call(adminApi, "POST", "/api/v1/admin/farms", { name: "Retry Farm" }, { "Idempotency-Key": "farm-retry-1" });
    const f2 = await call(adminApi, "POST", "/api/v1/admin/farms", { name: "Retry Farm" }, { "Idempotency-Key": "farm-retry-1" });
    expect(f2).toEqual(f1);
    expect(count("farms")).toBe(farms + 1);
    const actions = auditRows()
      .slice(n)
      .map((a) => a.action);
    expect(actions).toEqual(["farm.create", "batch.create", "batch.activate", "payout.execute", "farm.create", "batch.create", "batch.delete", "farm.create"]);
  });
});

describe("farm daily logs", () => {
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(200, 1), Buffer.from([0xff, 0xd9])]);
  const uploads = () => path.join(path.dirname(server.dbFile), "uploads");
  const files = () => (fs.existsSync(uploads()) ? fs.readdirSync(uploads()) : []);
  const logCount = (batchId: number) => count(`farm_logs where batch_id = ${batchId}`);

  function multipart(fields: Record<string, string>, photos: Array<{ name: string; type: string; bytes: Buffer }> = []) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    for (const p of photos) fd.append("photos", new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.name);
    return fd;
  }
  async function postLog(client: Client, batchId: number, fields: Record<string, string>, photos: Array<{ name: string; type: string; bytes: Buffer }> = []) {
    const res = await client.request(`/admin/batches/${batchId}/logs`, { method: "POST", body: multipart(fields, photos), headers: { Origin: server.url } });
    return { status: res.status, location: res.headers.get("Location"), html: htmlText(await res.text()) };
  }
  const eggDay = {
    log_date: "2026-03-02",
    birds_alive: "980",
    deaths: "1",
    feed_kg: "115.5",
    eggs_collected: "870",
    temperature_c: "27",
    humidity_pct: "64",
    ammonia_ppm: "9",
    notes: "Good lay",
    incident: "",
    incident_description: "",
  };

  it("records a day with photos (multipart, no JavaScript), stores them on disk and serves them back with their type", async () => {
    const batchId = newBatch({ productType: "EGG", unitPrice: 100, expectedRoi: 0.01 });
    const form = await page(adminPage, `/admin/batches/${batchId}/logs`);
    expect(form.status).toBe(200);
    expect(form.html.toLowerCase()).toContain('enctype="multipart/form-data"');
    for (const label of ["Date", "Birds alive", "Deaths", "Feed used (kg)", "Eggs collected", "Temperature (°C)", "Humidity (%)", "Ammonia (ppm)", "Notes", "Incident description"])
      expect(htmlText(form.html)).toContain(`>${label}</label>`);
    expect(form.html).not.toContain("Average weight (kg)");

    const filesBefore = files().length;
    const res = await postLog(adminPage, batchId, { ...eggDay, incident: "on", incident_description: "Heat stress at 2 pm; fans repaired." }, [
      { name: "pen-1.png", type: "image/png", bytes: PNG },
      { name: "eggs.jpg", type: "image/jpeg", bytes: JPEG },
    ]);
    expect(res.status).toBe(302);
    // Two files, those the rows name: none left behind by a run of the transaction that rolled back.
    expect(files().length).toBe(filesBefore + 2);
    expect(await flash(adminPage, `/admin/batches/${batchId}/logs`)).toContain("Daily log saved for 2026-03-02 with 2 photos.");
    const log = server.db().prepare("select * from farm_logs where batch_id = ?").get(batchId) as Record<string, unknown>;
    expect(log).toMatchObject({
      log_date: "2026-03-02",
      birds_alive: 980,
      deaths: 1,
      feed_kg: 115.5,
      eggs_collected: 870,
      avg_weight_kg: null,
      temperature_c: 27,
      humidity_pct: 64,
      ammonia_ppm: 9,
      incident: 1,
      incident_description: "Heat stress at 2 pm; fans repaired.",
    });
    const photos = server.db().prepare("select * from farm_log_photos where log_id = ? order by id").all(log.id) as Array<{ id: number; file_name: string; content_type: string; size_bytes: number }>;
    expect(photos.map((p) => p.content_type)).toEqual(["image/png", "image/jpeg"]);
    for (const p of photos) {
      expect(p.file_name).toMatch(/^[0-9a-f]{32}\.(png|jpg)$/);
      expect(fs.existsSync(path.join(uploads(), p.file_name))).toBe(true);
    }
    const served = await fetch(`${server.url}/farm-photos/${photos[0].id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${server.url}/farm-photos/${photos[1].id}`)).headers.get("content-type")).toBe("image/jpeg");
    for (const bad of ["999999", "abc", "0"]) expect((await fetch(`${server.url}/farm-photos/${bad}`)).status).toBe(404);

    const t = await text(adminPage, `/admin/batches/${batchId}/logs`);
    expect(t).toContain('data-log-date="2026-03-02"');
    expect(t).toContain("Incident");
    expect(t).toContain(`src="/farm-photos/${photos[0].id}"`);
    expect(lastAudit()).toMatchObject({ action: "farm_log.create", batch_id: batchId, email: TEST_ADMIN.email });

    // Photos added later to the same day: all or nothing, at most 10 per log.
    const more = await adminPage.request(`/admin/batches/${batchId}/logs`, {
      method: "POST",
      headers: { Origin: server.url },
      body: multipart({ intent: "photos", log_id: String(log.id) }, [{ name: "later.jpg", type: "image/jpeg", bytes: JPEG }]),
    });
    expect(more.status).toBe(302);
    expect(await flash(adminPage, `/admin/batches/${batchId}/logs`)).toContain("1 photo added to the log of 2026-03-02.");
    expect(count(`farm_log_photos where log_id = ${log.id}`)).toBe(3);
    const filesNow = files().length;
    const refused = await adminPage.request(`/admin/batches/${batchId}/logs`, {
      method: "POST",
      headers: { Origin: server.url },
      body: multipart({ intent: "photos", log_id: String(log.id) }, [
        { name: "ok.png", type: "image/png", bytes: PNG },
        { name: "notes.png", type: "image/png", bytes: Buffer.from("GIF89a") },
      ]),
    });
    expect(refused.status).toBe(400);
    expect(htmlText(await refused.text())).toContain("notes.png is not a JPEG or PNG image.");
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.png`, type: "image/png", bytes: PNG }));
    expect((await adminApi.request(`/api/v1/admin/batches/${batchId}/logs/${log.id}/photos`, { method: "POST", body: multipart({}, five) })).status).toBe(201);
    const full = await adminApi.request(`/api/v1/admin/batches/${batchId}/logs/${log.id}/photos`, { method: "POST", body: multipart({}, five) });
    expect(full.status).toBe(422);
    expect(((await full.json()) as { detail: string }).detail).toBe("This log has room for 2 more photos.");
    expect(count(`farm_log_photos where log_id = ${log.id}`)).toBe(8);
    expect(files().length).toBe(filesNow + 5);
    expect((await investorApi.request(`/api/v1/admin/batches/${batchId}/logs/${log.id}/photos`, { method: "POST", body: multipart({}, five) })).status).toBe(403);
    expect(lastAudit()).toMatchObject({ action: "farm_log.photos", batch_id: batchId });

    // One log per batch and day.
    const dup = await postLog(adminPage, batchId, eggDay);
    expect(dup.status).toBe(400);
    expect(dup.html).toContain(`Batch #${batchId} already has a log for 2026-03-02.`);
    expect(logCount(batchId)).toBe(1);
  });

  it("the same log or 'Add photos' form sent again (a reload, a second tap without JavaScript) stores once and answers as the first time", async () => {
    const batchId = newBatch({ productType: "EGG", unitPrice: 100, expectedRoi: 0.01 });
    const filesBefore = files().length;
    const day = { ...eggDay, idempotency_key: `log-${batchId}` };
    const saved = [
      await postLog(adminPage, batchId, day, [{ name: "pen.png", type: "image/png", bytes: PNG }]),
      await postLog(adminPage, batchId, day, [{ name: "pen.png", type: "image/png", bytes: PNG }]),
    ];
    for (const res of saved) expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: `/admin/batches/${batchId}/logs` });
    expect(await flash(adminPage, `/admin/batches/${batchId}/logs`)).toContain("Daily log saved for 2026-03-02 with 1 photo.");
    expect(logCount(batchId)).toBe(1);
    const logId = (server.db().prepare("select id from farm_logs where batch_id = ?").get(batchId) as { id: number }).id;
    const photos = { intent: "photos", log_id: String(logId), idempotency_key: `photos-${logId}` };
    for (let i = 0; i < 2; i++) {
      const more = await postLog(adminPage, batchId, photos, [{ name: "later.jpg", type: "image/jpeg", bytes: JPEG }]);
      expect({ status: more.status, location: more.location }).toEqual({ status: 302, location: `/admin/batches/${batchId}/logs#log-${logId}` });
      expect(await flash(adminPage, `/admin/batches/${batchId}/logs`)).toContain("1 photo added to the log of 2026-03-02.");
    }
    expect(count(`farm_log_photos where log_id = ${logId}`)).toBe(2);
    expect(files().length).toBe(filesBefore + 2);
    expect(count(`audit_log where action = 'farm_log.create' and batch_id = ${batchId}`)).toBe(1);
    expect(count(`audit_log where action = 'farm_log.photos' and batch_id = ${batchId}`)).toBe(1);
    // The page's forms (the day's and each card's "Add photos") carry their own keys.
    const keys = [...(await page(adminPage, `/admin/batches/${batchId}/logs`)).html.matchAll(/name="idempotency_key" value="([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it("refuses bad values with clear messages and stores nothing (no row, no file)", async () => {
    const batchId = newBatch({ productType: "CHICKEN" });
    const filesBefore = files().length;
    const bad = await postLog(
      adminPage,
      batchId,
      {
        log_date: "2999-01-01",
        birds_alive: "-3",
        deaths: "0",
        feed_kg: "20",
        avg_weight_kg: "1.2",
        humidity_pct: "120",
        temperature_c: "30",
        ammonia_ppm: "",
        notes: "typed",
        incident: "on",
        incident_description: "",
      },
      [{ name: "hen.png", type: "image/png", bytes: PNG }],
    );
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("The log date cannot be in the future.");
    expect(bad.html).toContain("Birds alive cannot be negative.");
    expect(bad.html).toContain("Humidity must be between 0 and 100%.");
    expect(bad.html).toContain("Describe the incident.");
    expect(bad.html).toContain("Nothing was saved.");
    expect(bad.html).toMatch(/<textarea[^>]*name="notes"[^>]*>typed<\/textarea>/);
    expect(bad.html).toMatch(/name="feed_kg"[^>]*value="20"/);

    const notImage = await postLog(adminPage, batchId, { log_date: "2026-02-01", birds_alive: "1000", feed_kg: "50", avg_weight_kg: "0.4" }, [
      { name: "ok.png", type: "image/png", bytes: PNG },
      { name: "report.jpg", type: "image/jpeg", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
    ]);
    expect(notImage.status).toBe(400);
    expect(notImage.html).toContain("report.jpg is not a JPEG or PNG image.");

    const tooBig = await postLog(adminPage, batchId, { log_date: "2026-02-01", birds_alive: "1000", feed_kg: "50", avg_weight_kg: "0.4" }, [
      { name: "huge.jpg", type: "image/jpeg", bytes: Buffer.concat([JPEG, Buffer.alloc(2 * 1024 * 1024)]) },
    ]);
    expect(tooBig.status).toBe(400);
    expect(tooBig.html).toContain("huge.jpg is larger than 2 MB.");

    const wrongKind = await postLog(adminPage, batchId, { log_date: "2026-02-01", birds_alive: "1000", feed_kg: "50", eggs_collected: "10" });
    expect(wrongKind.html).toContain("Enter the average weight in kg.");
    expect(wrongKind.html).toContain("Eggs collected are recorded for egg batches only.");

    expect(logCount(batchId)).toBe(0);
    expect(files().length).toBe(filesBefore);
    expect(count(`audit_log where action = 'farm_log.create' and batch_id = ${batchId}`)).toBe(0);
    const missing = await page(adminPage, "/admin/batches/999999/logs");
    expect(missing.status).toBe(404);
    expect(htmlText(missing.html)).toContain("Batch not found.");
  });

  it("through the API: a list or an object is no field's value, text fields take only text, and incident is true or false; nothing stored", async () => {
    const batchId = newBatch({ productType: "CHICKEN" });
    const day = { log_date: "2026-02-03", birds_alive: 1990, feed_kg: 60, avg_weight_kg: 0.4 };
    const post = (fields: Record<string, unknown>, query = "") => call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/logs${query}`, { ...day, ...fields });
    for (const birds_alive of [[1], { n: 1 }]) expect(await post({ birds_alive })).toEqual({ status: 422, body: { detail: "Missing or invalid field: birds_alive." } });
    expect(await post({ feed_kg: [60] }, "?lang=ak")).toEqual({ status: 422, body: { detail: "Field yi nni hɔ anaa ɛnyɛ: feed_kg." } });
    // Text fields take only text: `true` is no note, and a number is no date.
    for (const [field, value] of [
      ["notes", true],
      ["incident_description", 5],
      ["log_date", 20260203],
    ] as const) {
      expect(await post({ [field]: value, incident: field === "incident_description" })).toEqual({ status: 422, body: { detail: `Missing or invalid field: ${field}.` } });
    }
    for (const incident of ["yes", "1", 1, 5]) {
      expect(await post({ incident, incident_description: "Heat" })).toEqual({
        status: 422,
        body: { detail: "Give incident as true or false.", errors: { incident: "Give incident as true or false." } },
      });
    }
    expect((await post({ incident: "maybe", incident_description: "Heat" }, "?lang=ak")).body.detail).toBe("Fa incident bra sɛ true anaa false.");
    expect(logCount(batchId)).toBe(0);
    const ok = await post({ incident: true, incident_description: "Heat stress" });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ birds_alive: 1990, incident: true });
    expect((await post({ log_date: "2026-02-04", incident: "false" })).body).toMatchObject({ incident: false });
  });

  it("through the API: JSON or multipart, 422 with every field's message, GET lists the logs", async () => {
    const batchId = newBatch({ productType: "CHICKEN" });
    const bad = await call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/logs`, { log_date: "2026-02-01", birds_alive: -1, feed_kg: 10, avg_weight_kg: 0.5, humidity_pct: 101 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe("Birds alive cannot be negative.");
    expect(bad.body.errors).toEqual({ birds_alive: "Birds alive cannot be negative.", humidity_pct: "Humidity must be between 0 and 100%." });
    const ok = await call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/logs`, { log_date: "2026-02-01", birds_alive: 1990, deaths: 4, feed_kg: 60.5, avg_weight_kg: 0.42, temperature_c: 31 });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ batch_id: batchId, log_date: "2026-02-01", birds_alive: 1990, avg_weight_kg: 0.42, eggs_collected: null, photos: [] });
    const fd = multipart({ log_date: "2026-02-02", birds_alive: "1988", feed_kg: "62", avg_weight_kg: "0.47" }, [{ name: "a.png", type: "image/png", bytes: PNG }]);
    const withPhoto = await adminApi.request(`/api/v1/admin/batches/${batchId}/logs`, { method: "POST", body: fd });
    expect(withPhoto.status).toBe(201);
    const body = (await withPhoto.json()) as { photos: string[] };
    expect(body.photos).toHaveLength(1);
    expect((await fetch(`${server.url}${body.photos[0]}`)).headers.get("content-type")).toBe("image/png");
    const list = await call(adminApi, "GET", `/api/v1/admin/batches/${batchId}/logs`);
    expect(list.body.map((l: { log_date: string }) => l.log_date)).toEqual(["2026-02-02", "2026-02-01"]);
    expect((await call(adminApi, "GET", "/api/v1/admin/batches/999999/logs")).status).toBe(404);
  });
});

describe("early exits, contact messages, the How It Works editor and the audit log", () => {
  it("lists investors' early-exit requests, pending and filled, on the page and in the API", async () => {
    const batchId = newBatch({ productType: "EGG", unitPrice: 10, expectedRoi: 0.01, startDate: "2026-01-01" });
    const seller = await investorIn(batchId, 20);
    await call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/activate`);
    const first = await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batchId, units: 5 });
    expect(first.status).toBe(201);
    const buyer = await createInvestor(server, { fullName: "Abena Buyer", walletGhs: 1000 });
    expect((await call(buyer.api, "POST", "/api/v1/invest/create", { batch_id: batchId, units: 5 })).status).toBe(201);
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batchId, units: 4 })).status).toBe(201);

    const api = await call(adminApi, "GET", "/api/v1/admin/exits");
    const pending = api.body.pending.filter((e: { batch_id: number }) => e.batch_id === batchId);
    const filled = api.body.filled.filter((e: { batch_id: number }) => e.batch_id === batchId);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ units: 4, units_remaining: 4, status: "PENDING", investor: seller.email });
    expect(filled).toHaveLength(1);
    expect(filled[0]).toMatchObject({ units: 5, status: "FILLED" });
    const t = await text(adminPage, "/admin/exits");
    expect(t).toContain(`data-exit-id="${pending[0].id}"`);
    expect(t).toContain("4 of 4 units still offered");
    expect(t).toContain(`data-exit-id="${filled[0].id}"`);
    expect(t).toContain("5 units sold");
  });

  it("shows contact messages", async () => {
    const visitor = new Client(server.url);
    const sent = await visitor.postForm("/contact", { name: "Yaa Asantewaa", email: "yaa@example.com", subject: "Farm visit <b>", message: "Can investors visit the Dormaa farm in December?" });
    expect(sent.status).toBeLessThan(400);
    const t = await text(adminPage, "/admin/messages");
    expect(t).toContain("Farm visit <b>");
    expect((await page(adminPage, "/admin/messages")).html).not.toContain("Farm visit <b>");
    expect(t).toContain("Can investors visit the Dormaa farm in December?");
    const api = await call(adminApi, "GET", "/api/v1/admin/contact-messages");
    expect(api.body[0]).toMatchObject({ name: "Yaa Asantewaa", email: "yaa@example.com", subject: "Farm visit <b>" });
  });

  it("edits How It Works: preview through the sanitized renderer (nothing saved), validation, save to what the public page reads", async () => {
    const editor = await page(adminPage, "/admin/content");
    expect(editor.status).toBe(200);
    for (const label of ["Title", "Body (markdown)", "Example unit price (GHS)", "Example expected ROI (fraction)", "Question 1", "Answer 1"])
      expect(htmlText(editor.html)).toContain(`>${label}</label>`);
    const body = "## Fresh guide\n\nBirds are **counted daily**.\n\n<script>alert('x')</script>\n\n[bad](javascript:alert(1))";
    const fields = { title: "How Akoko Works", body_md: body, example_unit_price: "75.50", example_expected_roi: "0.1", faq_question: "Who feeds the birds?", faq_answer: "The partner farm's staff." };
    const preview = await post(adminPage, "/admin/content", { intent: "preview", ...fields });
    expect(preview.status).toBe(200);
    expect(preview.html).toContain("<h2>Fresh guide</h2>");
    expect(preview.html).toContain("<strong>counted daily</strong>");
    expect(preview.raw).not.toContain("<script>alert");
    expect(preview.raw).toContain("&lt;script&gt;alert");
    expect(preview.raw).not.toContain('href="javascript');
    expect(htmlText(await (await fetch(`${server.url}/how-it-works`)).text())).not.toContain("Fresh guide");

    const bad = await post(adminPage, "/admin/content", { intent: "save", ...fields, title: " ", example_expected_roi: "3" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Enter a title.");
    expect(bad.html).toContain("Enter the example ROI as a fraction between 0 and 1, e.g. 0.12.");
    const oneSided = await adminPage.request("/admin/content", {
      method: "POST",
      headers: { Origin: server.url },
      body: new URLSearchParams([
        ["intent", "save"],
        ["title", "T"],
        ["body_md", "x"],
        ["faq_question", "Only a question?"],
        ["faq_answer", ""],
      ]),
    });
    expect(htmlText(await oneSided.text())).toContain("Each FAQ needs an answer.");

    const saved = await post(adminPage, "/admin/content", { intent: "save", ...fields });
    expect(saved.status).toBe(302);
    expect(await flash(adminPage, "/admin/content")).toContain("How It Works saved.");
    const pub = await call(new Client(server.url), "GET", "/api/v1/public/pages/how-it-works");
    expect(pub.body).toMatchObject({
      title: "How Akoko Works",
      body_md: body,
      faqs: [{ question: "Who feeds the birds?", answer: "The partner farm's staff." }],
      example_unit_price: 75.5,
      example_expected_roi: 0.1,
    });
    const publicPage = htmlText(await (await fetch(`${server.url}/how-it-works`)).text());
    expect(publicPage).toContain("Fresh guide");
    expect(publicPage).toContain("Who feeds the birds?");
    expect(lastAudit()).toMatchObject({ action: "page.update", email: TEST_ADMIN.email });

    const put = await call(adminApi, "PUT", "/api/v1/admin/pages/how-it-works", { title: "Via API", body_md: "Hello", faqs: [], example_unit_price: 50, example_expected_roi: 0.12 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: "Via API", example_unit_price: 50 });
    expect((await call(adminApi, "PUT", "/api/v1/admin/pages/how-it-works", { title: "" })).body).toEqual({ detail: "Enter a title." });
    expect((await call(adminApi, "PUT", "/api/v1/admin/pages/terms", { title: "x" })).status).toBe(404);
  });

  it("edits How It Works one language at a time, the admin's own by default, and marks the language an edit may have missed", async () => {
    const twiReader = new Client(server.url);
    twiReader.setCookie("lang", "ak");
    // In English (the admin's language) by default; Twi is a link away, and no form field or script is needed to reach it.
    const editor = await page(adminPage, "/admin/content");
    expect(editor.html).toMatch(/<input type="hidden" name="locale" value="en"\/>/);
    expect(editor.html).toContain('href="/admin/content?locale=ak"');
    const twiEditor = await page(adminPage, "/admin/content?locale=ak");
    expect(twiEditor.html).toMatch(/<input type="hidden" name="locale" value="ak"\/>/);
    expect(twiEditor.html).toContain('action="/admin/content?locale=ak"');
    const fields = {
      title: "Sɛnea Akoko yɛ adwuma",
      body_md: "## Akwankyerɛ foforɔ",
      example_unit_price: "60",
      example_expected_roi: "0.1",
      faq_question: "Hwan na ɔma nkokɔ aduane?",
      faq_answer: "Nkokɔ afuo no adwumayɛfoɔ.",
    };
    const saved = await post(adminPage, "/admin/content?locale=ak", { intent: "save", locale: "ak", ...fields });
    expect(saved).toMatchObject({ status: 302, location: "/admin/content?locale=ak" });
    const twiPage = htmlText(await (await twiReader.get("/how-it-works")).text());
    expect(twiPage).toContain("Sɛnea Akoko yɛ adwuma");
    expect(twiPage).toContain("Akwankyerɛ foforɔ");
    expect(htmlText(await (await fetch(`${server.url}/how-it-works`)).text())).not.toContain("Sɛnea Akoko yɛ adwuma");
    expect(lastAudit()).toMatchObject({ action: "page.update", detail: "/how-it-works in Twi: Sɛnea Akoko yɛ adwuma (1 FAQs)" });
    // English is now older than the Twi edit: the editor says so beside it, in either language.
    const marked = await text(adminPage, "/admin/content?locale=ak");
    expect(marked).toMatch(/<li data-language="en">[^]*English<\/a><span[^>]*>: older than the Twi page: it may need the same change<\/span><\/li>/);
    expect(marked).toMatch(/<li data-language="ak"><strong aria-current="page">Twi \(editing\)<\/strong><\/li>/);
    // An admin reading the admin pages in Twi edits the Twi page by default, and reads the mark in Twi.
    const twiAdmin = await signInAdmin(server);
    twiAdmin.page.setCookie("lang", "ak");
    const inTwi = await page(twiAdmin.page, "/admin/content");
    expect(inTwi.html).toMatch(/<input type="hidden" name="locale" value="ak"\/>/);
    expect(htmlText(inTwi.html)).toContain("ɛyɛ dada sen Twi krataafa no: ebia ɛhia nsesaeɛ koro no ara");
    // A language that is none of ours saves nothing.
    const bad = await post(adminPage, "/admin/content", { intent: "save", locale: "fr", ...fields, title: "Nope" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Choose English or Twi.");
    expect(await call(adminApi, "PUT", "/api/v1/admin/pages/how-it-works?locale=fr", { title: "Nope" })).toEqual({ status: 422, body: { detail: "Choose English or Twi." } });
    expect(await call(adminApi, "GET", "/api/v1/admin/pages/how-it-works?locale=ak")).toMatchObject({ status: 200, body: { locale: "ak", title: "Sɛnea Akoko yɛ adwuma", example_unit_price: 60 } });
  });

  it("the How It Works form sent again (back and resend, a second tap) saves once: it does not undo a save made in between", async () => {
    const fields = { intent: "save", locale: "en", body_md: "Counted daily.", example_unit_price: "50", example_expected_roi: "0.12", faq_question: "", faq_answer: "" };
    const saves = () => count("audit_log where action = 'page.update'");
    const before = saves();
    const first = { ...fields, title: "First words", idempotency_key: "content-first" };
    expect(await post(adminPage, "/admin/content", first)).toMatchObject({ status: 302, location: "/admin/content?locale=en" });
    expect(await post(adminPage, "/admin/content", { ...fields, title: "Later words", idempotency_key: "content-later" })).toMatchObject({ status: 302 });
    const again = await post(adminPage, "/admin/content", first);
    expect(again).toMatchObject({ status: 302, location: "/admin/content?locale=en" });
    expect(await flash(adminPage, "/admin/content")).toContain("How It Works saved.");
    expect((await call(adminApi, "GET", "/api/v1/admin/pages/how-it-works?locale=en")).body).toMatchObject({ title: "Later words" });
    expect(saves()).toBe(before + 2);
    // The key with other words is refused beside the form; nothing saved.
    const reused = await post(adminPage, "/admin/content", { ...first, title: "Other words" });
    expect(reused.status).toBe(422);
    expect(reused.html).toContain("This idempotency key was already used for a different request.");
    expect(saves()).toBe(before + 2);
    expect(formKey((await page(adminPage, "/admin/content")).html)).toMatch(/^[0-9a-f-]{36}-content$/);
  });

  it("shows the audit log (who, what, when, which batch) and nobody can change it", async () => {
    const entries = (await call(adminApi, "GET", "/api/v1/admin/audit")).body as Array<{ admin: string; action: string; batch_id: number | null; created_at: string }>;
    expect(entries.length).toBeGreaterThan(5);
    expect(entries[0]).toMatchObject({ admin: TEST_ADMIN.email });
    expect(entries[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const withBatch = entries.find((e) => e.batch_id)!;
    const t = await text(adminPage, "/admin/audit");
    expect(t).toContain(TEST_ADMIN.email);
    expect(t).toContain(`#${withBatch.batch_id}`);
    // What each entry did, in words, in the reader's language (the API keeps the code).
    expect(t).toContain('data-label="What">Payout run<');
    expect(entries.some((e) => e.action === "payout.execute")).toBe(true);
    const twi = htmlText(await (await adminPage.get("/admin/audit", { headers: { "Accept-Language": "ak" } })).text());
    expect(twi).toMatch(/data-label="[^"]+">Wɔatua akatua</);
    expect(twi).not.toMatch(/data-label="[^"]+">payout\.execute</);
    const one = (await call(adminApi, "GET", `/api/v1/admin/audit?batch_id=${withBatch.batch_id}`)).body as Array<{ batch_id: number }>;
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((e) => e.batch_id === withBatch.batch_id)).toBe(true);
    const filtered = await text(adminPage, `/admin/audit?batch=${withBatch.batch_id}`);
    const shownBatches = [...filtered.matchAll(/data-label="Batch">#(\d+)</g)].map((m) => Number(m[1]));
    expect(shownBatches.length).toBe(one.length);
    expect(new Set(shownBatches)).toEqual(new Set([withBatch.batch_id]));
    expect(await text(adminPage, "/admin/audit?batch=abc")).toContain("Enter a batch number, e.g. 5.");
    for (const method of ["POST", "PUT", "DELETE"]) expect((await call(adminApi, method, "/api/v1/admin/audit", {})).status).toBe(405);
    const db = server.db();
    expect(() => db.prepare("update audit_log set action = 'nothing'").run()).toThrow(/append-only/);
    expect(() => db.prepare("delete from audit_log").run()).toThrow(/append-only/);
  });
});

describe("what the admin forms refuse (API and the page without JavaScript)", () => {
  const day = (offset: number) => new Date(serverNow(server).getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const batchFields = (farmId: number, fields: Record<string, string | number> = {}) => ({
    farm_id: farmId,
    product_type: "EGG",
    unit_price: "100",
    target_units: "100",
    feed_price: "6",
    mortality_rate: "0.05",
    expected_roi: "0.01",
    ...fields,
  });

  it("a batch's start date must be within a year of today, on the API and the form, in English and Twi", async () => {
    const farmId = createFarm(server, { name: "Window Farm", location: "Ho, Volta" }).id;
    const before = count("batches");
    const window = `The start date must be within a year of today: from ${day(-365)} to ${day(365)}.`;
    for (const start_date of ["2001-01-01", "2099-12-31", day(-366), day(366)]) {
      expect(await call(adminApi, "POST", "/api/v1/admin/batches", batchFields(farmId, { start_date }))).toEqual({ status: 422, body: { detail: window } });
      const page = await post(adminPage, "/admin?index", { intent: "create_batch", ...batchFields(farmId, { start_date }) });
      expect(page.status).toBe(400);
      expect(page.html).toContain(window);
      expect(page.html).toContain(`value="${start_date}"`);
    }
    const twi = await call(adminApi, "POST", "/api/v1/admin/batches?lang=ak", batchFields(farmId, { start_date: "2099-12-31" }));
    expect(twi.status).toBe(422);
    expect(twi.body.detail).toContain(day(365));
    expect(twi.body.detail).not.toContain("within a year");
    expect(count("batches")).toBe(before);
    // The edges of the window, and no start date at all (activation sets it), are taken.
    for (const start_date of [day(-365), day(365), ""]) expect((await call(adminApi, "POST", "/api/v1/admin/batches", batchFields(farmId, { start_date }))).status).toBe(201);
  });

  it("a daily log cannot be dated before the batch's start, on the API and the form, in English and Twi", async () => {
    const batchId = newBatch({ status: "ACTIVE", startDate: day(-10) });
    const logs = () => count(`farm_logs where batch_id = ${batchId}`);
    const entry = { birds_alive: "990", deaths: "0", feed_kg: "50", avg_weight_kg: "0.4" };
    const refusal = `The log date cannot be before the batch's start date, ${day(-10)}.`;
    for (const log_date of ["1990-01-01", day(-11)]) {
      const api = await call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/logs`, { ...entry, log_date });
      expect(api.status).toBe(422);
      expect(api.body.errors).toEqual({ log_date: refusal });
      const form = await post(adminPage, `/admin/batches/${batchId}/logs`, { ...entry, log_date });
      expect(form.status).toBe(400);
      expect(form.html).toContain(refusal);
    }
    const twi = await call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/logs?lang=ak`, { ...entry, log_date: "1990-01-01" });
    expect(twi.body.errors.log_date).toContain(day(-10));
    expect(twi.body.errors.log_date).not.toContain("cannot be before");
    expect(logs()).toBe(0);
    expect((await call(adminApi, "POST", `/api/v1/admin/batches/${batchId}/logs`, { ...entry, log_date: day(-10) })).status).toBe(201);
    expect(logs()).toBe(1);
  });

  it("a batch that starts later offers no log form yet: it says from which day, in English and Twi", async () => {
    const batchId = newBatch({ status: "OPEN", startDate: day(5) });
    const english = await text(adminPage, `/admin/batches/${batchId}/logs`);
    expect(english).toContain(`This batch starts on ${day(5)}: its first day can be recorded from then.`);
    expect(english).not.toContain('name="log_date"');
    // A Twi reader's browser (a `?lang=ak` link would keep Twi on this client for the tests after).
    const twi = htmlText(await (await adminPage.get(`/admin/batches/${batchId}/logs`, { headers: { "Accept-Language": "ak" } })).text());
    expect(twi).toContain(day(5));
    expect(twi).not.toContain("This batch starts on");
    // A batch that started today takes today's log: the form is there, dated today.
    const started = newBatch({ status: "ACTIVE", startDate: day(0) });
    const html = (await page(adminPage, `/admin/batches/${started}/logs`)).html;
    expect(html).toMatch(new RegExp(`name="log_date"[^>]*value="${day(0)}"`));
  });

  it("too large an amount says so and names the maximum: the reserve and a batch's unit price", async () => {
    const farmId = createFarm(server, { name: "Price Farm", location: "Wa, Upper West" }).id;
    const reserve = await call(adminApi, "POST", "/api/v1/admin/reserve", { amount: "1000001", source: "EXTERNAL" });
    expect(reserve).toEqual({ status: 422, body: { detail: "The amount for the reserve is too large: at most GH₵1,000,000.00." } });
    const reservePage = await post(adminPage, "/admin?index", { intent: "fund_reserve", amount: "1000001", source: "EXTERNAL" });
    expect(reservePage.status).toBe(400);
    expect(reservePage.html).toContain("The amount for the reserve is too large: at most GH₵1,000,000.00.");
    const price = await call(adminApi, "POST", "/api/v1/admin/batches", batchFields(farmId, { unit_price: "1000001" }));
    expect(price).toEqual({ status: 422, body: { detail: "The unit price is too large: at most GH₵1,000,000.00." } });
    const pricePage = await post(adminPage, "/admin?index", { intent: "create_batch", ...batchFields(farmId, { unit_price: "1000001" }) });
    expect(pricePage.status).toBe(400);
    expect(pricePage.html).toContain("The unit price is too large: at most GH₵1,000,000.00.");
    const twi = await call(adminApi, "POST", "/api/v1/admin/reserve?lang=ak", { amount: "1000001", source: "EXTERNAL" });
    expect(twi.body.detail).toContain("1,000,000.00");
  });

  it("refuses a second farm with the same name and location (case and spaces aside), in English and Twi", async () => {
    const first = await call(adminApi, "POST", "/api/v1/admin/farms", { name: "Asante Layers", location: "Ejisu, Ashanti" });
    expect(first.status).toBe(201);
    const before = count("farms");
    const same = `A farm named Asante Layers in Ejisu, Ashanti already exists (farm #${first.body.id}).`;
    expect(await call(adminApi, "POST", "/api/v1/admin/farms", { name: "  asante   LAYERS ", location: "ejisu,  Ashanti" })).toEqual({ status: 409, body: { detail: same } });
    const twi = await call(adminApi, "POST", "/api/v1/admin/farms?lang=ak", { name: "Asante Layers", location: "Ejisu, Ashanti" });
    expect(twi.status).toBe(409);
    expect(twi.body.detail).not.toContain("already exists");
    const html = (await page(adminPage, "/admin")).html;
    const form = await post(adminPage, "/admin?index", { intent: "create_farm", name: "ASANTE LAYERS", location: "Ejisu, Ashanti", notes: "", idempotency_key: formKey(html) });
    expect(form.status).toBe(409);
    expect(form.html).toContain(same);
    expect(count("farms")).toBe(before);
    // Another location, or the same name without one, is another farm.
    expect((await call(adminApi, "POST", "/api/v1/admin/farms", { name: "Asante Layers", location: "Kumasi, Ashanti" })).status).toBe(201);
    expect((await call(adminApi, "POST", "/api/v1/admin/farms", { name: "Asante Layers" })).status).toBe(201);
  });

  it("offers Delete only on a batch the delete would take: not one with sensor readings or a daily log", async () => {
    const empty = newBatch();
    const withReadings = newBatch();
    const { id: deviceId } = server.db().prepare("insert into farm_devices (batch_id, label, token_hash) values (?, 'Pen 1', ?) returning id").get(withReadings, `hash-${withReadings}`) as {
      id: number;
    };
    server
      .db()
      .prepare("insert into farm_readings (device_id, batch_id, recorded_at, temperature_c, humidity_pct, ammonia_ppm) values (?, ?, ?, 27, 60, 10)")
      .run(deviceId, withReadings, new Date().toISOString());
    const withLog = newBatch();
    expect((await call(adminApi, "POST", `/api/v1/admin/batches/${withLog}/logs`, { log_date: day(0), birds_alive: 10, feed_kg: 1, avg_weight_kg: 0.4 })).status).toBe(201);
    const html = (await page(adminPage, "/admin")).html;
    const actions = (batchId: number) => new RegExp(`aria-label="Actions for Batch #${batchId}"[\\s\\S]*?</form>`).exec(html)?.[0] ?? "";
    expect(actions(empty)).toContain('value="delete"');
    expect(actions(withReadings)).not.toContain('value="delete"');
    expect(actions(withLog)).not.toContain('value="delete"');
    expect((await call(adminApi, "DELETE", `/api/v1/admin/batches/${withReadings}`)).status).toBe(409);
  });
});
