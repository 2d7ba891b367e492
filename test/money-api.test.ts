import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createFarm, createInvestor, createRemittance, signInAdmin, startInLay } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO_DATA: "true" });
  admin = (await signInAdmin(server)).api;
});
afterAll(async () => {
  await server?.stop();
});

/** The ledger invariants, checked through the admin API after every scenario. */
async function expectInvariants() {
  const res = await call(admin, "GET", "/api/v1/admin/invariants");
  expect(res.body).toEqual({ ok: true, problems: [] });
}

/** A snapshot of everything money-related, to prove a refused request changed nothing. */
function moneySnapshot() {
  const db = server.db();
  return JSON.stringify([
    db.prepare("select id, balance_minor from accounts order by id").all(),
    db.prepare("select count(*) n from postings").get(),
    db.prepare("select id, units_held, status from investments order by id").all(),
    db.prepare("select id, units_placed, status from batches order by id").all(),
    db.prepare("select id, units_remaining, status from exit_requests order by id").all(),
  ]);
}

describe("wallet: deposit and withdraw", () => {
  it("deposits (JSON and form), withdraws, and never goes below zero", async () => {
    const { api: client } = await createInvestor(server);
    expect((await call(client, "GET", "/api/v1/invest/wallet")).body).toEqual({ balance: 0, updated_at: null });
    expect((await call(client, "POST", "/api/v1/invest/deposit", { amount: "500.50" })).body).toMatchObject({ message: "Deposit successful", balance: 500.5 });
    const form = await client.request("/api/v1/invest/deposit", { method: "POST", body: new URLSearchParams({ amount: "49.50" }) });
    expect(form.status).toBe(200);
    const wallet = (await call(client, "GET", "/api/v1/invest/wallet")).body;
    expect(wallet.balance).toBe(550);
    expect(typeof wallet.updated_at).toBe("string");

    const tooMuch = await call(client, "POST", "/api/v1/invest/withdraw", { amount: 550.01 });
    expect(tooMuch).toEqual({ status: 409, body: { detail: "Insufficient balance" } });
    const ok = await call(client, "POST", "/api/v1/invest/withdraw", { amount: 50, method: "MOMO", provider: "MTN MoMo", account_number: "024 123 4567" });
    expect(ok.body).toMatchObject({ message: "Withdrawal processed", balance: 500 });
    expect(server.db().prepare("select method, provider, account_number from withdrawals order by id desc limit 1").get()).toEqual({
      method: "MOMO",
      provider: "MTN MoMo",
      account_number: "0241234567",
    });
    await expectInvariants();
  });

  it("a withdrawal above the balance is 'Insufficient balance' even past the GH₵1,000,000 cap; within the balance the cap still holds", async () => {
    const small = await createInvestor(server, { walletGhs: 50 });
    const rich = await createInvestor(server, { walletGhs: 1_500_000 });
    const before = moneySnapshot();
    for (const amount of [9_999_999, "9999999", "1,000,000.01", "999999999999999", "9999999999999999", "99999999999999999999.99", 1e21])
      expect(await call(small.api, "POST", "/api/v1/invest/withdraw", { amount }), String(amount)).toEqual({ status: 409, body: { detail: "Insufficient balance" } });
    expect(await call(rich.api, "POST", "/api/v1/invest/withdraw", { amount: 2_000_000 })).toEqual({ status: 409, body: { detail: "Insufficient balance" } });
    for (const amount of [1_000_000.01, "1200000", "1,500,000"])
      expect(await call(rich.api, "POST", "/api/v1/invest/withdraw", { amount }), String(amount)).toEqual({ status: 422, body: { detail: "The most you can move at once is GH₵1,000,000.00." } });
    expect(moneySnapshot()).toBe(before);
  });

  it("a deposit past the cap gets the cap's message at any length", async () => {
    const { api: client } = await createInvestor(server);
    const before = moneySnapshot();
    for (const amount of ["999999999999999", "9999999999999999", "99999999999999999999.99", 1e21])
      expect(await call(client, "POST", "/api/v1/invest/deposit", { amount }), String(amount)).toEqual({ status: 422, body: { detail: "The most you can move at once is GH₵1,000,000.00." } });
    expect(moneySnapshot()).toBe(before);
  });

  it.each([
    [{ amount: 0 }, 422],
    [{ amount: -5 }, 422],
    [{ amount: "10.005" }, 422],
    [{ amount: "ten" }, 422],
    [{ amount: 1e12 }, 422],
    [{ amount: "NaN" }, 422],
    [{}, 422],
    [{ amount: null }, 422],
    [{ amount: [5] }, 422],
    [{ amount: "1,0,0" }, 422],
    [{ amount: "10,50" }, 422],
  ])("refuses deposit %j with %i and detail, changing nothing", async (body, status) => {
    const { api: client } = await createInvestor(server);
    const before = moneySnapshot();
    const res = await call(client, "POST", "/api/v1/invest/deposit", body);
    expect(res.status).toBe(status);
    expect(typeof res.body.detail).toBe("string");
    expect(moneySnapshot()).toBe(before);
  });

  it("refuses bodies that are not JSON or form data", async () => {
    const { api: client } = await createInvestor(server);
    const bad = await client.request("/api/v1/invest/deposit", { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    const xml = await client.request("/api/v1/invest/deposit", { method: "POST", body: "<a/>", headers: { "Content-Type": "application/xml" } });
    expect(xml.status).toBe(415);
    const withdraw = await call(client, "POST", "/api/v1/invest/withdraw", { amount: 1, method: "MOMO", provider: "MTN MoMo", account_number: "12" });
    expect(withdraw.status).toBe(422);
  });

  it("a repeated deposit with the same Idempotency-Key changes nothing", async () => {
    const { api: client } = await createInvestor(server);
    const headers = { "Idempotency-Key": "dep-123" };
    const a = await call(client, "POST", "/api/v1/invest/deposit", { amount: 100 }, headers);
    const b = await call(client, "POST", "/api/v1/invest/deposit", { amount: 100 }, headers);
    expect(b).toEqual(a);
    expect((await call(client, "GET", "/api/v1/invest/wallet")).body.balance).toBe(100);
  });
});

describe("investing", () => {
  it("buys units of an OPEN egg batch: wallet to escrow, units_placed rises", async () => {
    const batch = createBatch(server, { productType: "EGG", unitPrice: 150, targetUnits: 50 });
    const { api: client } = await createInvestor(server, { walletGhs: 1000 });
    const res = await call(client, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 4, auto_reinvest: true });
    expect(res.status).toBe(201);
    expect(res.body.investment).toMatchObject({ batch_id: batch.id, units: 4, amount: 600, status: "ACTIVE", auto_reinvest: true });
    expect(res.body.wallet.balance).toBe(400);
    const my = await call(client, "GET", "/api/v1/invest/my");
    expect(my.body).toHaveLength(1);
    expect(my.body[0]).toMatchObject({ id: res.body.investment.id, batch_id: batch.id, units: 4, amount: 600, status: "ACTIVE" });
    const products = await call(new Client(server.url), "GET", "/api/v1/public/products");
    expect(products.body.products.find((p: any) => p.id === batch.id)).toMatchObject({ units_placed: 4, available_units: 46 });
    await expectInvariants();
  });

  it.each([
    ["EGG", { units: 0 }, 422, "Enter a positive units amount."],
    ["EGG", { units: -3 }, 422, "Enter a positive units amount."],
    ["EGG", { units: "abc" }, 422, "Enter a positive units amount."],
    ["EGG", { units: 1.5 }, 422, "Units must be a whole number."],
    ["EGG", { units: 51 }, 409, "Not enough units available."],
    ["EGG", { units: 1e15 }, 409, "Not enough units available."],
    ["EGG", { units: 20 }, 409, "Insufficient wallet balance — deposit or reduce units."],
    ["CHICKEN", { units: 0 }, 422, "Enter a positive number of units."],
    ["CHICKEN", { units: 51 }, 409, "Cannot invest more than available units."],
    ["CHICKEN", { units: 20 }, 409, "Insufficient wallet balance — deposit or reduce units."],
    ["CHICKEN", {}, 422, "Enter a positive number of units."],
  ] as const)("%s batch, %j -> %i %s, nothing changed", async (type, fields, status, detail) => {
    const batch = createBatch(server, { productType: type, unitPrice: 100, targetUnits: 50 });
    const { api: client } = await createInvestor(server, { walletGhs: 1000 });
    const before = moneySnapshot();
    const res = await call(client, "POST", "/api/v1/invest/create", { batch_id: batch.id, ...fields });
    expect(res).toEqual({ status, body: { detail } });
    expect(moneySnapshot()).toBe(before);
    await expectInvariants();
  });

  it("refuses unknown, missing and non-open batches", async () => {
    const { api: client } = await createInvestor(server, { walletGhs: 1000 });
    expect(await call(client, "POST", "/api/v1/invest/create", { batch_id: 999999, units: 1 })).toEqual({ status: 404, body: { detail: "Batch not found." } });
    expect((await call(client, "POST", "/api/v1/invest/create", { units: 1 })).status).toBe(422);
    expect((await call(client, "POST", "/api/v1/invest/create", { batch_id: "x", units: 1 })).status).toBe(422);
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 10, targetUnits: 10 });
    await call(admin, "POST", `/api/v1/admin/batches/${chicken.id}/activate`);
    expect(await call(client, "POST", "/api/v1/invest/create", { batch_id: chicken.id, units: 1 })).toEqual({ status: 409, body: { detail: "This batch is no longer open for investment." } });
  });

  it("sells exactly the last 10 units to 50 concurrent requests", async () => {
    const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 10, targetUnits: 110 });
    const whale = await createInvestor(server, { walletGhs: 1000 });
    expect((await call(whale.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 100 })).status).toBe(201);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createInvestor(server, { walletGhs: 100 })));
    const results = await Promise.all(buyers.map((b) => call(b.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 1 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.detail === "Cannot invest more than available units." || r.body.detail === "This batch is no longer open for investment.")).toBe(
      true,
    );
    expect(server.db().prepare("select units_placed from batches where id = ?").get(batch.id)).toEqual({ units_placed: 110 });
    await expectInvariants();
  });

  it("the same Idempotency-Key twice makes one investment", async () => {
    const batch = createBatch(server, { productType: "EGG", unitPrice: 10, targetUnits: 100 });
    const { api: client } = await createInvestor(server, { walletGhs: 1000 });
    const headers = { "Idempotency-Key": "invest-once-1" };
    const [a, b] = await Promise.all([
      call(client, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 }, headers),
      call(client, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 }, headers),
    ]);
    expect(a).toEqual(b);
    expect((await call(client, "GET", "/api/v1/invest/my")).body).toHaveLength(1);
    expect((await call(client, "GET", "/api/v1/invest/wallet")).body.balance).toBe(950);
  });
});

describe("access", () => {
  it("answers 401 without a token on every investor path", async () => {
    const anon = new Client(server.url);
    for (const [method, path] of [
      ["GET", "/api/v1/invest/wallet"],
      ["GET", "/api/v1/invest/my"],
      ["POST", "/api/v1/invest/create"],
      ["POST", "/api/v1/invest/deposit"],
      ["POST", "/api/v1/invest/withdraw"],
      ["POST", "/api/v1/invest/early-exit"],
      ["GET", "/api/v1/invest/1/payouts"],
      ["GET", "/api/v1/invest/exits"],
    ]) {
      const res = await call(anon, method, path, method === "POST" ? {} : undefined);
      expect(res, `${method} ${path}`).toEqual({ status: 401, body: { detail: "Not authenticated." } });
    }
  });

  it("answers 403 to a non-admin on every admin path", async () => {
    const { api: client } = await createInvestor(server);
    for (const [method, path] of [
      ["GET", "/api/v1/admin/farms"],
      ["POST", "/api/v1/admin/farms"],
      ["GET", "/api/v1/admin/batches"],
      ["POST", "/api/v1/admin/batches"],
      ["GET", "/api/v1/admin/stats"],
      ["DELETE", "/api/v1/admin/batches/1"],
      ["POST", "/api/v1/admin/batches/1/activate"],
      ["POST", "/api/v1/admin/batches/1/close"],
      ["GET", "/api/v1/admin/payouts/1/simulate"],
      ["POST", "/api/v1/admin/payouts/1/execute"],
      ["GET", "/api/v1/admin/invariants"],
    ]) {
      const res = await call(client, method, path, method === "POST" ? {} : undefined);
      expect(res, `${method} ${path}`).toEqual({ status: 403, body: { detail: "Admin access required." } });
    }
  });

  it("hides another investor's payouts (404)", async () => {
    const batch = createBatch(server, { productType: "EGG", unitPrice: 10, targetUnits: 100 });
    const a = await createInvestor(server, { walletGhs: 100 });
    const b = await createInvestor(server, { walletGhs: 100 });
    const inv = await call(a.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 1 });
    expect((await call(a.api, "GET", `/api/v1/invest/${inv.body.investment.id}/payouts`)).status).toBe(200);
    expect(await call(b.api, "GET", `/api/v1/invest/${inv.body.investment.id}/payouts`)).toEqual({ status: 404, body: { detail: "Investment not found." } });
    expect((await call(b.api, "GET", "/api/v1/invest/abc/payouts")).status).toBe(404);
  });
});

describe("admin: farms, batches, lifecycle", () => {
  it("validates farms and batches with SPEC's messages", async () => {
    expect(await call(admin, "POST", "/api/v1/admin/farms", { name: "  " })).toEqual({ status: 422, body: { detail: "Farm name required." } });
    expect(await call(admin, "POST", "/api/v1/admin/batches", { product_type: "EGG", unit_price: 1, target_units: 1, mortality_rate: 0, expected_roi: 0 })).toEqual({
      status: 422,
      body: { detail: "Select a farm." },
    });
    expect(await call(admin, "POST", "/api/v1/admin/batches", { farm_id: 0, product_type: "EGG", unit_price: 1, target_units: 1, mortality_rate: 0, expected_roi: 0 })).toEqual({
      status: 422,
      body: { detail: "Select a farm." },
    });
    expect(await call(admin, "POST", "/api/v1/admin/batches", { farm_id: 99999, product_type: "EGG", unit_price: 1, target_units: 1, mortality_rate: 0, expected_roi: 0 })).toEqual({
      status: 422,
      body: { detail: "Select a farm." },
    });
    const farmId = createFarm(server, { location: "Kumasi, Ashanti" }).id;
    const bad = await call(admin, "POST", "/api/v1/admin/batches", { farm_id: farmId, product_type: "EGG", unit_price: "1.234", target_units: 1, mortality_rate: 0, expected_roi: 0 });
    expect(bad.status).toBe(422);
    const stats = await call(admin, "GET", "/api/v1/admin/stats");
    expect(Object.keys(stats.body).sort()).toEqual(["batches", "farms", "investments", "payouts"]);
  });

  it("deletes a batch only without investments", async () => {
    const empty = createBatch(server, {});
    expect(await call(admin, "DELETE", `/api/v1/admin/batches/${empty.id}`)).toEqual({ status: 200, body: { detail: "Batch deleted." } });
    expect((await call(admin, "DELETE", `/api/v1/admin/batches/${empty.id}`)).status).toBe(404);
    const used = createBatch(server, { unitPrice: 10 });
    const { api: client } = await createInvestor(server, { walletGhs: 100 });
    await call(client, "POST", "/api/v1/invest/create", { batch_id: used.id, units: 1 });
    const before = moneySnapshot();
    expect(await call(admin, "DELETE", `/api/v1/admin/batches/${used.id}`)).toEqual({ status: 409, body: { detail: "This batch has investments and cannot be deleted." } });
    expect(moneySnapshot()).toBe(before);
  });

  it("activation moves escrow to the farm and sets the start date", async () => {
    const batch = createBatch(server, { unitPrice: 10, targetUnits: 100 });
    const { api: client } = await createInvestor(server, { walletGhs: 100 });
    await call(client, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 7 });
    const res = await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    expect(res.body.detail).toBe("Batch activated.");
    expect(res.body.batch.status).toBe("ACTIVE");
    expect(res.body.batch.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const balances = server.db().prepare("select kind, balance_minor from accounts where batch_id = ? order by kind").all(batch.id);
    expect(balances).toEqual([
      { kind: "ESCROW", balance_minor: 0 },
      { kind: "FARM", balance_minor: 7000 },
    ]);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(409);
    await expectInvariants();
  });
});

describe("payouts", () => {
  it("audits a run in words: its kind by name, one payout or several, in the reader's language", async () => {
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 50, expectedRoi: 0.01 });
    const a = await createInvestor(server, { walletGhs: 1_000 });
    await call(a.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 2 });
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    startInLay(server, batch.id);
    createRemittance(server, batch.id);
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {})).status).toBe(200);
    const detail = async (lang: string) =>
      ((await call(admin, "GET", `/api/v1/admin/audit?batch_id=${batch.id}${lang}`)).body as Array<{ action: string; detail: string }>).find((e) => e.action === "payout.execute")!.detail;
    expect(await detail("")).toMatch(/^MONTHLY \d{4}-\d{2}: 1 payout, GH₵2\.00/);
    expect(await detail("&lang=ak")).toMatch(/^BOSOME \d{4}-\d{2}: akatua 1, GH₵2\.00/);
  });

  it("pays an egg month once: simulate changes nothing, a second execute pays nothing and says so", async () => {
    const batch = createBatch(server, { productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.0125 });
    const a = await createInvestor(server, { walletGhs: 10_000 });
    const b = await createInvestor(server, { walletGhs: 10_000 });
    await call(a.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 3 }); // 450.00 -> 5.625 -> 5.63
    await call(b.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10 }); // 1500.00 -> 18.75
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    createRemittance(server, batch.id); // the farm's money for the run (issue 18)
    // Activated today, the hens are still rearing: this month earns nothing to pay (docs/rules.md#payouts).
    const rearing = { detail: `The hens come into lay in ${monthsAgo(-2)}; ${monthsAgo(0)} is a rearing month and earns no income to pay.` };
    expect(await call(admin, "GET", `/api/v1/admin/payouts/${batch.id}/simulate`)).toEqual({ status: 422, body: rearing });
    expect(await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {})).toEqual({ status: 422, body: rearing });
    expect(await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, { period: monthsAgo(0) })).toEqual({ status: 422, body: rearing });
    startInLay(server, batch.id);
    const before = moneySnapshot();
    const sim = await call(admin, "GET", `/api/v1/admin/payouts/${batch.id}/simulate`);
    expect(sim.body).toMatchObject({ simulated_total: 24.38, count: 2, kind: "MONTHLY", already_paid: false });
    expect(moneySnapshot()).toBe(before);

    const run = await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {});
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ count: 2, total: 24.38, kind: "MONTHLY" });
    const again = await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {});
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain("already paid");
    expect((await call(admin, "GET", `/api/v1/admin/payouts/${batch.id}/simulate`)).body).toMatchObject({ simulated_total: 0, count: 0, already_paid: true });
    expect((await call(a.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(10_000 - 450 + 5.63);
    const inv = (await call(a.api, "GET", "/api/v1/invest/my")).body[0];
    const payouts = await call(a.api, "GET", `/api/v1/invest/${inv.id}/payouts`);
    expect(payouts.body).toHaveLength(1);
    expect(payouts.body[0]).toMatchObject({ amount: 5.63, kind: "MONTHLY" });
    const notes = await call(a.api, "GET", "/api/v1/invest/notifications");
    expect(notes.body[0].message).toContain("Payout received");
    // Read when the investor says so (both engines): up to the newest, with a key, once.
    expect(notes.body[0].read_at).toBeNull();
    const read = { up_to: notes.body[0].id };
    expect(await call(a.api, "POST", "/api/v1/invest/notifications/read", read, { "Idempotency-Key": "read-payout" })).toEqual({ status: 200, body: { marked: notes.body.length, unread: 0 } });
    expect(await call(a.api, "POST", "/api/v1/invest/notifications/read", read, { "Idempotency-Key": "read-payout" })).toEqual({ status: 200, body: { marked: notes.body.length, unread: 0 } });
    const readNotes = (await call(a.api, "GET", `/api/v1/invest/notifications?before=${notes.body[0].id + 1}`)).body as Array<{ read_at: string | null }>;
    expect(readNotes.map((n) => n.read_at === null)).toEqual(notes.body.map(() => false));

    // Future periods and periods before the start are refused.
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, { period: "2999-01" })).status).toBe(422);
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, { period: "2001-01" })).status).toBe(422);
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, { period: "soon" })).status).toBe(422);
    await expectInvariants();
  });

  it("harvests a chicken batch: principal + return, PAID, HARVESTED, auto-reinvest into the next open batch", async () => {
    const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.1 });
    const a = await createInvestor(server, { walletGhs: 1000 });
    const b = await createInvestor(server, { walletGhs: 1000 });
    await call(a.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10, auto_reinvest: true }); // 500 -> 550
    await call(b.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 4 }); // 200 -> 220
    const next = createBatch(server, { productType: "CHICKEN", unitPrice: 40, targetUnits: 1000 });
    // Older open chicken batches (seed, other tests) may come first; close them for this test's sake.
    server.db().prepare("update batches set status = 'HARVESTED' where product_type = 'CHICKEN' and status = 'OPEN' and id not in (?, ?)").run(batch.id, next.id);
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    createRemittance(server, batch.id);
    const run = await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {});
    expect(run.body).toMatchObject({ kind: "HARVEST", count: 2, total: 770, reinvested: 1 });
    const aMy = (await call(a.api, "GET", "/api/v1/invest/my")).body;
    expect(aMy.find((i: any) => i.batch_id === batch.id).status).toBe("PAID");
    // 550 of proceeds buys 13 units at 40 (520); 30 stays in the wallet with the 500 never invested.
    expect(aMy.find((i: any) => i.batch_id === next.id)).toMatchObject({ units: 13, amount: 520, status: "ACTIVE", auto_reinvest: true });
    expect((await call(a.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(530);
    expect((await call(b.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(1020);
    const products = (await call(new Client(server.url), "GET", "/api/v1/public/products")).body.products;
    expect(products.find((p: any) => p.id === batch.id).status).toBe("HARVESTED");
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {})).status).toBe(409);
    await expectInvariants();
  });

  it("closes an egg batch: principal back, PAID, CLOSED, pending exits cancelled", async () => {
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 100, startDate: "2025-01-01" });
    const a = await createInvestor(server, { walletGhs: 1000 });
    await call(a.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 });
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    expect((await call(a.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 2 })).status).toBe(201);
    createRemittance(server, batch.id, { period: "CLOSE" });
    const res = await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/close`);
    expect(res.body).toMatchObject({ detail: "Batch closed.", kind: "PRINCIPAL", total: 500 });
    expect((await call(a.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(1000);
    expect((await call(a.api, "GET", "/api/v1/invest/exits")).body[0].status).toBe("CANCELLED");
    expect((await call(a.api, "GET", "/api/v1/invest/my")).body[0].status).toBe("PAID");
    await expectInvariants();
  });
});

describe("payouts with nobody to pay", () => {
  it("closes, harvests and pays a month for a batch without holders: no money moves, the batch still ends", async () => {
    for (const type of ["EGG", "CHICKEN"] as const) {
      const batch = createBatch(server, { productType: type, unitPrice: 10, targetUnits: 10 });
      expect((await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);
      if (type === "EGG") startInLay(server, batch.id);
      const before = moneySnapshot();
      const run = await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {});
      expect(run).toMatchObject({ status: 200, body: { count: 0, total: 0 } });
      if (type === "EGG") {
        const closed = await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/close`);
        expect(closed).toMatchObject({ status: 200, body: { count: 0, total: 0 } });
      }
      expect(await call(admin, "DELETE", `/api/v1/admin/batches/${batch.id}`)).toEqual({ status: 409, body: { detail: "This batch has payout runs or farm logs on record and cannot be deleted." } });
      const status = server.db().prepare("select status from batches where id = ?").get(batch.id);
      expect(status).toEqual({ status: type === "EGG" ? "CLOSED" : "HARVESTED" });
      expect(moneySnapshot().replace(/"status":"\w+"/g, "")).toBe(before.replace(/"status":"\w+"/g, ""));
    }
    await expectInvariants();
  });
});

describe("early exit", () => {
  it("offers egg units after the first month; a buyer takes them; the seller gets the price less the fee and a notification", async () => {
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 20 });
    const seller = await createInvestor(server, { walletGhs: 2000 });
    const buyer = await createInvestor(server, { walletGhs: 2000 });
    await call(seller.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 20 });
    // Before activation, and in the first month, exit is refused.
    expect(await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 5 })).toEqual({
      status: 409,
      body: { detail: "Early exit is only possible while the batch is active." },
    });
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    const early = await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 5 });
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/^Early exit opens one month after the batch starts, on \d{4}-\d{2}-\d{2}\.$/);
    server.db().prepare("update batches set start_date = '2025-06-15' where id = ?").run(batch.id);

    expect(await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 0 })).toEqual({ status: 422, body: { detail: "Enter units" } });
    // Units are plain whole numbers here as when buying: no hex, no exponents.
    for (const units of ["0x5", "1e1", "Infinity"]) {
      expect(await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units })).toEqual({ status: 422, body: { detail: "Enter units" } });
    }
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 21 })).body.detail).toBe("You can offer at most 20 units for early exit.");
    expect(await call(buyer.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 1 })).toEqual({ status: 409, body: { detail: "You hold no units in this batch." } });
    const ok = await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 8 });
    expect(ok.status).toBe(201);
    expect(ok.body.detail).toBe("Early exit request submitted. We will notify you when a buyer is found.");
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 13 })).body.detail).toBe("You can offer at most 12 units for early exit.");

    // The seller cannot buy their own offer; the product shows the offered units.
    // The only units on offer are the seller's own: there are not enough for them, the batch is still open.
    expect(await call(seller.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 1 })).toEqual({ status: 409, body: { detail: "Not enough units available." } });
    const product = (await call(new Client(server.url), "GET", "/api/v1/public/products")).body.products.find((p: any) => p.id === batch.id);
    expect(product).toMatchObject({ status: "ACTIVE", units_offered: 8, available_units: 8 });

    expect((await call(buyer.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 9 })).body.detail).toBe("Not enough units available.");
    const bought = await call(buyer.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 6 });
    expect(bought.status).toBe(201);
    expect(bought.body.investment).toMatchObject({ units: 6, amount: 600, status: "ACTIVE" });
    // 600 at 5% fee: 30 to the platform, 570 to the seller.
    expect((await call(seller.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(2000 - 2000 + 570);
    expect((await call(buyer.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(1400);
    const sellerHolding = (await call(seller.api, "GET", "/api/v1/invest/my")).body[0];
    expect(sellerHolding).toMatchObject({ units: 20, units_held: 14, status: "ACTIVE" });
    const notes = (await call(seller.api, "GET", "/api/v1/invest/notifications")).body;
    expect(notes[0].message).toContain("A buyer took 6 of your units");
    const exits = (await call(seller.api, "GET", "/api/v1/invest/exits")).body;
    expect(exits[0]).toMatchObject({ units: 8, units_remaining: 2, status: "PENDING" });

    // Cancel the rest; another investor cannot cancel it.
    expect((await call(buyer.api, "POST", `/api/v1/invest/exits/${exits[0].id}/cancel`)).status).toBe(404);
    expect((await call(seller.api, "POST", `/api/v1/invest/exits/${exits[0].id}/cancel`)).body.status).toBe("CANCELLED");
    expect((await call(seller.api, "POST", `/api/v1/invest/exits/${exits[0].id}/cancel`)).status).toBe(409);
    expect(server.db().prepare("select balance_minor from accounts where kind = 'PLATFORM_FEES'").get()).toEqual({ balance_minor: 3000 });
    await expectInvariants();
  });

  it("pays the seller of an offer filled in parts, over two holdings, exactly what the dialog quoted; each fill's notice its own figures", async () => {
    const batch = createBatch(server, { productType: "EGG", unitPrice: 33.33, targetUnits: 20 });
    const seller = await createInvestor(server, { walletGhs: 1000 });
    for (const units of [2, 3]) expect((await call(seller.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units })).status).toBe(201);
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    server.db().prepare("update batches set start_date = '2025-06-15' where id = ?").run(batch.id);
    // The dialog's quote for 5 units: GHS 166.65 at par, a 5% fee of GHS 8.33, GHS 158.32 to the seller
    // (a fee rounded on each 1-unit fill would take 5 x 1.67 = 8.35).
    const quote = htmlText(await (await seller.page.get(`/invest/eggs?dialog=exit&batch=${batch.id}&units=5`)).text())
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(quote).toMatch(/You receive GH₵158\.32/);
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 5 })).status).toBe(201);
    const before = (await call(seller.api, "GET", "/api/v1/invest/wallet")).body.balance;
    const feesBefore = (server.db().prepare("select balance_minor b from accounts where kind = 'PLATFORM_FEES'").get() as { b: number }).b;
    for (let i = 0; i < 5; i++) {
      const buyer = await createInvestor(server, { walletGhs: 100 });
      expect((await call(buyer.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 1 })).status).toBe(201);
    }
    expect(Math.round(((await call(seller.api, "GET", "/api/v1/invest/wallet")).body.balance - before) * 100)).toBe(158_32);
    expect((server.db().prepare("select balance_minor b from accounts where kind = 'PLATFORM_FEES'").get() as { b: number }).b - feesBefore).toBe(8_33);
    // Each notice says its fill's own figures: the net and the fee add up to the price of its unit, and to the quote.
    const pesewas = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
    const notes = ((await call(seller.api, "GET", "/api/v1/invest/notifications")).body as Array<{ message: string }>)
      .map((n) => new RegExp(`^A buyer took 1 of your units in Batch #${batch.id}: (GH₵[\\d.]+) reached your wallet \\((GH₵[\\d.]+) less a (GH₵[\\d.]+) early-exit fee\\)\\.$`).exec(n.message))
      .filter((m) => m !== null)
      .map((m) => ({ net: pesewas(m[1]), price: pesewas(m[2]), fee: pesewas(m[3]) }));
    expect(notes).toHaveLength(5);
    for (const n of notes) expect(n.net + n.fee).toBe(n.price);
    expect(notes.reduce((s, n) => s + n.net, 0)).toBe(158_32);
    expect(notes.reduce((s, n) => s + n.fee, 0)).toBe(8_33);
    // The EXIT payouts the seller's holdings list say the same.
    const holdings = ((await call(seller.api, "GET", "/api/v1/invest/my")).body as Array<{ id: number; batch_id: number }>).filter((h) => h.batch_id === batch.id);
    let exitMinor = 0;
    for (const h of holdings)
      for (const p of (await call(seller.api, "GET", `/api/v1/invest/${h.id}/payouts`)).body as Array<{ kind: string; amount: number }>) if (p.kind === "EXIT") exitMinor += Math.round(p.amount * 100);
    expect(exitMinor).toBe(158_32);
    await expectInvariants();
  });

  it("keeps Chicken Notes locked until harvest", async () => {
    const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 10, targetUnits: 20 });
    const a = await createInvestor(server, { walletGhs: 100 });
    await call(a.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 });
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    expect(await call(a.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 1 })).toEqual({ status: 409, body: { detail: "Chicken Notes are locked until harvest." } });
  });
});

/** YYYY-MM of the month `back` months before the current UTC month (the server's clock is the real one). */
function monthsAgo(back: number) {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

describe("egg income belongs to the holders at the month's end (its record date)", () => {
  it("a catch-up run pays who held the units in that month, not who bought them since; this month's run pays today's holders", async () => {
    // Review 12, item 4. The past is written into the SQLite file (a moved clock, test/clock.test.ts, would move every date at once):
    // the batch started four months ago (its hens in lay two months ago), the seller bought two months
    // ago, one of two exit fills happened last month.
    const [twoAgo, lastMonth] = [monthsAgo(2), monthsAgo(1)];
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 10, expectedRoi: 0.01 }); // 1 GHS per unit per month
    const seller = await createInvestor(server, { walletGhs: 1000 });
    await call(seller.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10 });
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    const sellerHolding = (await call(seller.api, "GET", "/api/v1/invest/my")).body[0];
    const db = server.db();
    db.prepare("update batches set start_date = ? where id = ?").run(`${monthsAgo(4)}-01`, batch.id);
    db.prepare("update investments set created_at = ? where id = ?").run(`${twoAgo}-01T08:00:00.000Z`, sellerHolding.id);
    expect((await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 10 })).status).toBe(201);
    const early = await createInvestor(server, { walletGhs: 1000 });
    const late = await createInvestor(server, { walletGhs: 1000 });
    expect((await call(early.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 4 })).status).toBe(201);
    expect((await call(late.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 6 })).status).toBe(201);
    // Each fill records the units it moved; the seller's holding is fully exited.
    const fills = db.prepare("select id, units from payouts where kind = 'EXIT' and investment_id = ? order by id").all(sellerHolding.id) as Array<{ id: number; units: number }>;
    expect(fills.map((f) => f.units)).toEqual([4, 6]);
    expect((await call(seller.api, "GET", "/api/v1/invest/my")).body[0]).toMatchObject({ units_held: 0, status: "EXITED" });
    // The first fill happened in the middle of last month.
    const midLastMonth = `${lastMonth}-15T12:00:00.000Z`;
    db.prepare("update payouts set created_at = ? where id = ?").run(midLastMonth, fills[0].id);
    db.prepare("update investments set created_at = ? where batch_id = ? and user_id = ?").run(midLastMonth, batch.id, early.id);
    createRemittance(server, batch.id);
    const wallet = async (u: { api: Client }) => (await call(u.api, "GET", "/api/v1/invest/wallet")).body.balance;
    const [sellerBefore, earlyBefore, lateBefore] = [await wallet(seller), await wallet(early), await wallet(late)];
    expect([sellerBefore, earlyBefore, lateBefore]).toEqual([380 + 570, 600, 400]);

    // Two months ago the seller held all 10 units.
    expect((await call(admin, "GET", `/api/v1/admin/payouts/${batch.id}/simulate?period=${twoAgo}`)).body).toMatchObject({ period: twoAgo, simulated_total: 10, count: 1 });
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, { period: twoAgo })).body).toMatchObject({ period: twoAgo, total: 10, count: 1 });
    expect([await wallet(seller), await wallet(early), await wallet(late)]).toEqual([sellerBefore + 10, earlyBefore, lateBefore]);
    // At the end of last month: 6 with the seller, 4 with the first buyer.
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, { period: lastMonth })).body).toMatchObject({ total: 10, count: 2 });
    expect([await wallet(seller), await wallet(early), await wallet(late)]).toEqual([sellerBefore + 16, earlyBefore + 4, lateBefore]);
    // This month's record date is still ahead: today's holders.
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {})).body).toMatchObject({ total: 10, count: 2 });
    expect([await wallet(seller), await wallet(early), await wallet(late)]).toEqual([sellerBefore + 16, earlyBefore + 8, lateBefore + 6]);

    const sellerPayouts = (await call(seller.api, "GET", `/api/v1/invest/${sellerHolding.id}/payouts`)).body.filter((p: any) => p.kind === "MONTHLY");
    expect(sellerPayouts.map((p: any) => [p.period, p.amount])).toEqual([
      [lastMonth, 6],
      [twoAgo, 10],
    ]);
    await expectInvariants();
  });
});

describe("overview stats", () => {
  it("total paid out counts payouts, not investor-to-investor exit sales", async () => {
    // Review 12, item 16.
    const anon = new Client(server.url);
    const paidOut = async () => (await call(anon, "GET", "/api/v1/public/overview")).body.stats.total_paid_out;
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 10, startDate: "2025-01-01" });
    const seller = await createInvestor(server, { walletGhs: 1000 });
    const buyer = await createInvestor(server, { walletGhs: 1000 });
    await call(seller.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10 });
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 3 });
    const before = await paidOut();
    expect((await call(buyer.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 3 })).status).toBe(201);
    expect(await paidOut()).toBe(before);
    const paid = server.db().prepare("select sum(amount_minor) s from payouts where kind <> 'EXIT'").get() as { s: number };
    expect(before).toBe(paid.s / 100);
  });
});

describe("closing an egg batch with pending exit offers", () => {
  it("tells each offer's owner in the app that the offer was cancelled and the units paid out with the close", async () => {
    // Review 12, item 18.
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 10, startDate: "2025-01-01" });
    const a = await createInvestor(server, { walletGhs: 1000 });
    const b = await createInvestor(server, { walletGhs: 1000 });
    await call(a.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 });
    await call(b.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 });
    await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    expect((await call(a.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 2 })).status).toBe(201);
    expect((await call(b.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 4 })).status).toBe(201);
    createRemittance(server, batch.id, { period: "CLOSE" });
    expect((await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/close`)).status).toBe(200);
    for (const [u, units] of [
      [a, 2],
      [b, 4],
    ] as const) {
      const notes = (await call(u.api, "GET", "/api/v1/invest/notifications")).body.filter((n: any) => n.kind === "EXIT_CANCELLED");
      expect(notes.map((n: any) => n.message)).toEqual([
        `Your early-exit offer of ${units} units in Batch #${batch.id} was cancelled because the batch closed; your units were paid out with the principal returned at the close.`,
      ]);
    }
    await expectInvariants();
  });
});

describe("public API", () => {
  it("lists products with every SPEC field and the overview stats", async () => {
    const anon = new Client(server.url);
    const { body } = await call(anon, "GET", "/api/v1/public/products");
    const product = body.products[0];
    for (const key of ["id", "farm_name", "location", "product_type", "unit_price", "target_units", "units_placed", "expected_roi", "status", "feed_price", "mortality_rate", "start_date", "history"])
      expect(product).toHaveProperty(key);
    expect((await call(anon, "GET", "/api/v1/public/products?product_type=EGG")).body.products.every((p: any) => p.product_type === "EGG")).toBe(true);
    expect((await call(anon, "GET", "/api/v1/public/products?product_type=DUCK")).status).toBe(422);
    const overview = (await call(anon, "GET", "/api/v1/public/overview")).body;
    expect(overview.stats).toMatchObject({ batches_egg: expect.any(Number), batches_chicken: expect.any(Number) });
    const page = (await call(anon, "GET", "/api/v1/public/pages/how-it-works")).body;
    expect(page).toMatchObject({ title: "How It Works", example_unit_price: 50, example_expected_roi: 0.12 });
    expect(page.faqs.length).toBeGreaterThan(0);
    expect((await call(anon, "GET", "/api/v1/public/pages/nope")).status).toBe(404);
  });
});

describe("bad input on every money endpoint: a 4xx with a detail, nothing changed", () => {
  const notJson = Symbol("not JSON");
  const huge = "9".repeat(400);
  const cases: Array<[string, string, (ctx: { batchId: number; activeEggId: number }) => string, Array<unknown>]> = [
    [
      "investor",
      "POST",
      () => "/api/v1/invest/create",
      [notJson, {}, { batch_id: "ten", units: 1 }, { units: 1 }, { batch_id: 999999, units: 1 }, { batch_id: -1, units: 1 }, { batch_id: 1.5, units: 1 }, { batch_id: [1], units: 1 }, "units=3"],
    ],
    [
      "investor",
      "POST",
      ({ batchId }) => `/api/v1/invest/create#${batchId}`,
      [{ units: 0 }, { units: -4 }, { units: 2.5 }, { units: "three" }, { units: 1e300 }, { units: huge }, { units: null }, { units: { n: 1 } }],
    ],
    ["investor", "POST", () => "/api/v1/invest/deposit", [notJson, {}, { amount: "10.001" }, { amount: "1e3" }, { amount: huge }, { amount: -0.01 }, { amount: true }]],
    [
      "investor",
      "POST",
      () => "/api/v1/invest/withdraw",
      [
        notJson,
        {},
        { amount: 1, method: "MOMO" },
        { amount: "0.001", method: "MOMO", provider: "MTN MoMo", account_number: "0241234567" },
        { amount: 1, method: "CASH" },
        { amount: 1, method: "MOMO", provider: "Nope", account_number: "0241234567" },
      ],
    ],
    ["investor", "POST", ({ activeEggId }) => `/api/v1/invest/early-exit#${activeEggId}`, [{ units: 0 }, { units: "x" }, { units: -1 }, { units: 1.25 }, { units: 10_000 }]],
    ["investor", "POST", () => "/api/v1/invest/early-exit", [notJson, {}, { batch_id: "x", units: 1 }, { batch_id: 999999, units: 1 }]],
    ["investor", "POST", () => "/api/v1/invest/exits/999999/cancel", [{}]],
    ["investor", "POST", () => "/api/v1/invest/exits/abc/cancel", [{}]],
    ["admin", "POST", () => "/api/v1/admin/farms", [notJson, {}, { name: "" }, { name: 42 }, { name: "x".repeat(100_000) }]],
    [
      "admin",
      "POST",
      () => "/api/v1/admin/batches",
      [
        notJson,
        {},
        { farm_id: "one" },
        { farm_id: 1, product_type: "DUCK", unit_price: 1, target_units: 1, mortality_rate: 0, expected_roi: 0 },
        { farm_id: 1, product_type: "EGG", unit_price: -1, target_units: 1, mortality_rate: 0, expected_roi: 0 },
        { farm_id: 1, product_type: "EGG", unit_price: 1, target_units: 0, mortality_rate: 0, expected_roi: 0 },
        { farm_id: 1, product_type: "EGG", unit_price: 1, target_units: 1, mortality_rate: 2, expected_roi: 0 },
        { farm_id: 1, product_type: "EGG", unit_price: 1, target_units: 1e12, mortality_rate: 0, expected_roi: 0 },
      ],
    ],
    ["admin", "POST", () => "/api/v1/admin/batches/999999/activate", [{}]],
    ["admin", "POST", () => "/api/v1/admin/batches/abc/activate", [{}]],
    ["admin", "POST", () => "/api/v1/admin/batches/999999/close", [{}]],
    ["admin", "DELETE", () => "/api/v1/admin/batches/999999", [undefined]],
    ["admin", "GET", () => "/api/v1/admin/payouts/999999/simulate", [undefined]],
    ["admin", "POST", () => "/api/v1/admin/payouts/999999/execute", [{}]],
    ["admin", "POST", ({ batchId }) => `/api/v1/admin/payouts/${batchId}/execute`, [{}]], // an OPEN batch pays nothing
    ["admin", "POST", ({ activeEggId }) => `/api/v1/admin/payouts/${activeEggId}/execute`, [{ period: 202611 }, { period: "2026-13" }, { period: "<script>" }]],
  ];

  it("answers each with 4xx and a string detail, and the ledger is untouched", async () => {
    const open = createBatch(server, { productType: "EGG", unitPrice: 10, targetUnits: 100 });
    const activeEgg = createBatch(server, { productType: "EGG", unitPrice: 10, targetUnits: 100, startDate: "2025-01-01" });
    const investor = await createInvestor(server, { walletGhs: 500 });
    expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: activeEgg.id, units: 10 })).status).toBe(201);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${activeEgg.id}/activate`)).status).toBe(200);
    const ctx = { batchId: open.id, activeEggId: activeEgg.id };
    const before = moneySnapshot();
    const farmsBefore = server.db().prepare("select count(*) n from farms").get();
    const batchesBefore = server.db().prepare("select count(*) n from batches").get();
    for (const [who, method, pathOf, bodies] of cases) {
      const client = who === "admin" ? admin : investor.api;
      const [path, batchInBody] = pathOf(ctx).split("#");
      for (const body of bodies) {
        let res: { status: number; body: any };
        if (body === notJson) {
          const raw = await client.request(path, { method, body: "{not json", headers: { "Content-Type": "application/json" } });
          res = { status: raw.status, body: await raw.json().catch(() => null) };
        } else if (typeof body === "string") {
          const raw = await client.request(path, { method, body, headers: { "Content-Type": "text/plain" } });
          res = { status: raw.status, body: await raw.json().catch(() => null) };
        } else {
          const payload = batchInBody && body && typeof body === "object" ? { batch_id: Number(batchInBody), ...body } : body;
          res = await call(client, method, path, payload);
        }
        const label = `${method} ${path} ${JSON.stringify(body === notJson ? "not JSON" : body)?.slice(0, 80)}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        expect(typeof res.body?.detail, label).toBe("string");
      }
    }
    expect(moneySnapshot()).toBe(before);
    expect(server.db().prepare("select count(*) n from farms").get()).toEqual(farmsBefore);
    expect(server.db().prepare("select count(*) n from batches").get()).toEqual(batchesBefore);
    await expectInvariants();
  });
});

describe("input a database cannot hold", () => {
  it("a NUL byte in a path or query is refused as input, never a 500 (PostgreSQL stores no NUL in text)", async () => {
    for (const path of ["/api/v1/public/pages/%00", "/api/v1/public/pages/how-it-works%00", "/api/v1/public/batches?type=EGG%00"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(await res.json(), path).toHaveProperty("detail");
    }
  });
});
