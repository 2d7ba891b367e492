// Issue 18: remittances from the farms, payout runs that pay only what a batch holds (plus an explicit
// reserve draw), and withholding tax on income.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, createRemittance, signInAdmin, startInLay } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let admin: Client;
/** A second server with Ghana's 8% withholding tax on (the default server runs with 0). */
let taxed: TestServer;
let taxAdmin: Client;
let adminPage: Client;

beforeAll(async () => {
  [server, taxed] = await Promise.all([startServer(), startServer({ WITHHOLDING_TAX_RATE: "0.08" })]);
  const signedIn = await signInAdmin(server);
  admin = signedIn.api;
  adminPage = signedIn.page;
  taxAdmin = (await signInAdmin(taxed)).api;
});

afterAll(async () => {
  await Promise.all([server?.stop(), taxed?.stop()]);
});

async function expectInvariants(a = admin) {
  expect((await call(a, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
}

/** Everything a refused run could have changed. */
function moneySnapshot(s = server) {
  const db = s.db();
  return JSON.stringify([
    db.prepare("select id, kind, balance_minor from accounts order by id").all(),
    db.prepare("select count(*) n from postings").get(),
    db.prepare("select id, units_held, status from investments order by id").all(),
    db.prepare("select id, status from batches order by id").all(),
    db.prepare("select count(*) n from payouts").get(),
    db.prepare("select count(*) n from payout_runs").get(),
    db.prepare("select count(*) n from notifications").get(),
    db.prepare("select count(*) n from audit_log").get(),
  ]);
}

const balance = (s: TestServer, kind: string, batchId: number | null = null) =>
  (s.db().prepare("select balance_minor b from accounts where kind = ? and batch_id is not distinct from ?").get(kind, batchId) as { b: number } | undefined)?.b ?? 0;

/**
 * An active egg batch (unit 150, 1.25% a month) with holdings of 3 and 10 units: a month pays 5.63 + 18.75 = 24.38.
 * Without `startDate` it started two months ago (startInLay): its hens are in lay, so this month pays.
 */
async function activeEggBatch(s = server, a = admin, { startDate }: { startDate?: string } = {}) {
  const batch = createBatch(s, { productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.0125, ...(startDate ? { startDate: null } : {}) });
  const x = await createInvestor(s, { walletGhs: 10_000 });
  const y = await createInvestor(s, { walletGhs: 10_000 });
  expect((await call(x.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 3 })).status).toBe(201);
  expect((await call(y.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10 })).status).toBe(201);
  if (startDate) s.db().prepare("update batches set start_date = ? where id = ?").run(startDate, batch.id);
  expect((await call(a, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);
  if (!startDate) startInLay(s, batch.id);
  return { id: batch.id, x, y };
}

const wallet = async (u: { api: Client }) => (await call(u.api, "GET", "/api/v1/invest/wallet")).body.balance as number;

describe("recording a remittance", () => {
  it("books the net remitted into the batch's settlement account with its sheet, audited; GET lists it", async () => {
    const { id } = await activeEggBatch(server, admin, { startDate: "2026-01-10" });
    const externalBefore = balance(server, "EXTERNAL");
    const res = await call(admin, "POST", `/api/v1/admin/batches/${id}/remittances`, {
      period: "2026-03",
      amount: "1,200.50",
      crates_sold: 5_000,
      price_per_crate: "65.00",
      revenue: 325_000,
      feed_cost: "210000.25",
      vet_cost: 1_500,
      other_costs: "0",
      farm_share: "112299.25",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      batch_id: id,
      period: "2026-03",
      amount: 1200.5,
      crates_sold: 5000,
      price_per_crate: 65,
      birds_sold: null,
      live_weight_kg: null,
      price_per_kg: null,
      revenue: 325000,
      feed_cost: 210000.25,
      vet_cost: 1500,
      other_costs: 0,
      farm_share: 112299.25,
    });
    expect(balance(server, "SETTLEMENT", id)).toBe(120_050);
    expect(balance(server, "EXTERNAL")).toBe(externalBefore - 120_050);
    const entry = server.db().prepare("select j.kind, j.batch_id from remittances r join journal_entries j on j.id = r.entry_id where r.id = ?").get(res.body.id);
    expect(entry).toEqual({ kind: "REMITTANCE", batch_id: id });
    const audit = server.db().prepare("select action, batch_id, detail from audit_log order by id desc limit 1").get();
    expect(audit).toEqual({ action: "remittance.record", batch_id: id, detail: `2026-03: GH₵1,200.50 remitted (remittance #${res.body.id})` });
    const list = await call(admin, "GET", `/api/v1/admin/batches/${id}/remittances`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
    // The sheet is kept as entered: the database refuses to change it.
    expect(() => server.db().prepare("update remittances set amount_minor = 1 where id = ?").run(res.body.id)).toThrow("append-only");
    await expectInvariants();
  });

  it("replays a remittance sent again with the same Idempotency-Key: one remittance, one entry, the same answer", async () => {
    const { id } = await activeEggBatch();
    const key = `remit-${Date.now()}`;
    const send = () => call(admin, "POST", `/api/v1/admin/batches/${id}/remittances`, { period: "CLOSE", amount: 500 }, { "Idempotency-Key": key });
    const first = await send();
    expect(first.status).toBe(201);
    const after = moneySnapshot();
    const again = await send();
    expect(again).toEqual(first);
    expect(moneySnapshot()).toBe(after);
    expect(server.db().prepare("select count(*) n from remittances where batch_id = ?").get(id)).toEqual({ n: 1 });
    expect(balance(server, "SETTLEMENT", id)).toBe(50_000);
    // The key on another amount is refused and changes nothing.
    const other = await call(admin, "POST", `/api/v1/admin/batches/${id}/remittances`, { period: "CLOSE", amount: 501 }, { "Idempotency-Key": key });
    expect(other.status).toBe(422);
    expect(moneySnapshot()).toBe(after);
  });

  it("refuses bad input with the field's message and a batch that is not running, changing nothing", async () => {
    const { id } = await activeEggBatch();
    const open = createBatch(server, { productType: "CHICKEN" });
    const before = moneySnapshot();
    const cases: Array<[number, Record<string, unknown>, number, string]> = [
      [id, { amount: 10 }, 422, "Give the period: YYYY-MM, HARVEST or CLOSE."],
      [id, { period: "HARVEST", amount: 10 }, 422, `Batch #${id} is a layer batch: give a month (YYYY-MM) or CLOSE.`],
      [id, { period: "2999-01", amount: 10 }, 422, "The period 2999-01 is in the future."],
      [id, { period: "CLOSE" }, 422, "Enter the amount remitted (GHS)."],
      [id, { period: "CLOSE", amount: "0" }, 422, "The amount remitted must be a positive GHS amount with at most 2 decimals."],
      [id, { period: "CLOSE", amount: 5, crates_sold: -1 }, 422, "Crates sold must be a whole number of 0 or more."],
      [id, { period: "CLOSE", amount: 5, feed_cost: "ten" }, 422, "Feed cost must be an amount in GHS of 0 or more, with at most 2 decimals."],
      [open.id, { period: "HARVEST", amount: 10 }, 409, `Remittances are recorded for active batches; Batch #${open.id} is OPEN.`],
      [999_999, { period: "HARVEST", amount: 10 }, 404, "Batch not found."],
    ];
    for (const [batchId, body, status, detail] of cases) {
      expect(await call(admin, "POST", `/api/v1/admin/batches/${batchId}/remittances`, body), JSON.stringify(body)).toEqual({ status, body: { detail } });
    }
    const investor = await createInvestor(server);
    expect((await call(investor.api, "POST", `/api/v1/admin/batches/${id}/remittances`, { period: "CLOSE", amount: 5 })).status).toBe(403);
    expect((await call(investor.api, "GET", `/api/v1/admin/batches/${id}/remittances`)).status).toBe(403);
    expect(moneySnapshot().replace(/"n":\d+\}\]$/, "")).toBe(before.replace(/"n":\d+\}\]$/, ""));
  });
});

describe("funded payout runs", () => {
  it("refuses a run the batch's remitted money does not cover: 409 naming the amounts, nothing changed", async () => {
    const { id, x } = await activeEggBatch();
    createRemittance(server, id, { amountGhs: 10 });
    const sim = await call(admin, "GET", `/api/v1/admin/payouts/${id}/simulate`);
    expect(sim.body).toMatchObject({ simulated_total: 24.38, count: 2, held: 10, shortfall: 14.38, already_paid: false });
    const walletBefore = await wallet(x);
    const before = moneySnapshot();
    const run = await call(admin, "POST", `/api/v1/admin/payouts/${id}/execute`, {});
    expect(run).toEqual({
      status: 409,
      body: { detail: `Batch #${id} holds GH₵10.00 for investors; this run needs GH₵24.38: GH₵14.38 short. Record the farm's remittance or draw the shortfall from the reserve.` },
    });
    expect(moneySnapshot()).toBe(before);
    expect(await wallet(x)).toBe(walletBefore);
    // The principal at a close comes from the farm too: with nothing remitted for it, the close is refused.
    const close = await call(admin, "POST", `/api/v1/admin/batches/${id}/close`);
    expect(close.status).toBe(409);
    expect(close.body.detail).toContain("this run needs GH₵1,950.00: GH₵1,940.00 short.");
    expect(moneySnapshot()).toBe(before);
    // A broiler harvest the same way.
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.1 });
    const c = await createInvestor(server, { walletGhs: 1000 });
    await call(c.api, "POST", "/api/v1/invest/create", { batch_id: chicken.id, units: 10 });
    await call(admin, "POST", `/api/v1/admin/batches/${chicken.id}/activate`);
    const harvestBefore = moneySnapshot();
    const harvest = await call(admin, "POST", `/api/v1/admin/payouts/${chicken.id}/execute`, {});
    expect(harvest).toEqual({
      status: 409,
      body: { detail: `Batch #${chicken.id} holds GH₵0.00 for investors; this run needs GH₵550.00: GH₵550.00 short. Record the farm's remittance or draw the shortfall from the reserve.` },
    });
    expect(moneySnapshot()).toBe(harvestBefore);
    await expectInvariants();
  });

  it("pays a run partly from the reserve the admin chose to draw, audited; the reserve pays only the shortfall", async () => {
    const { id, x, y } = await activeEggBatch();
    createRemittance(server, id, { amountGhs: 10 });
    const [xBefore, yBefore] = [await wallet(x), await wallet(y)];
    // Fund the reserve from outside; a draw larger than the reserve, or than the shortfall, is refused.
    expect(await call(admin, "POST", "/api/v1/admin/reserve", { amount: 5, source: "EXTERNAL" })).toEqual({ status: 200, body: { detail: "Reserve funded.", balance: expect.any(Number) } });
    const reserveBefore = balance(server, "PLATFORM_RESERVE");
    const before = moneySnapshot();
    if (reserveBefore < 1_438) {
      const tooMuch = await call(admin, "POST", `/api/v1/admin/payouts/${id}/execute`, { reserve_draw: "14.38" });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.detail).toContain("less than the GH₵14.38 draw. Fund the reserve first.");
      expect(moneySnapshot()).toBe(before);
      expect((await call(admin, "POST", "/api/v1/admin/reserve", { amount: 20, source: "EXTERNAL" })).status).toBe(200);
    }
    expect(await call(admin, "POST", `/api/v1/admin/payouts/${id}/execute`, { reserve_draw: 20 })).toEqual({
      status: 422,
      body: { detail: "The reserve draw (GH₵20.00) is more than the shortfall (GH₵14.38)." },
    });
    const tooLittle = await call(admin, "POST", `/api/v1/admin/payouts/${id}/execute`, { reserve_draw: 4 });
    expect(tooLittle).toEqual({
      status: 409,
      body: {
        detail: `Batch #${id} holds GH₵10.00 for investors and GH₵4.00 from the reserve; this run needs GH₵24.38: GH₵10.38 short. Record the farm's remittance or draw the shortfall from the reserve.`,
      },
    });
    const reserve = balance(server, "PLATFORM_RESERVE");

    const run = await call(admin, "POST", `/api/v1/admin/payouts/${id}/execute`, { reserve_draw: "14.38" });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ kind: "MONTHLY", count: 2, total: 24.38, reserve_draw: 14.38, tax_withheld: 0, net_total: 24.38 });
    expect([await wallet(x), await wallet(y)]).toEqual([xBefore + 5.63, yBefore + 18.75]);
    expect(balance(server, "SETTLEMENT", id)).toBe(0);
    expect(balance(server, "PLATFORM_RESERVE")).toBe(reserve - 1_438);
    expect(server.db().prepare("select reserve_draw_minor r, total_minor t from payout_runs where batch_id = ?").get(id)).toEqual({ r: 1_438, t: 2_438 });
    const audit = server.db().prepare("select action, detail from audit_log where batch_id = ? order by id").all(id) as Array<{ action: string; detail: string }>;
    expect(audit.map((a) => a.action)).toEqual(["batch.activate", "reserve.draw", "payout.execute"]);
    expect(audit[1].detail).toMatch(/^MONTHLY \d{4}-\d{2}: GH₵14\.38 from the reserve$/);
    expect(audit[2].detail).toContain("GH₵14.38 from the reserve");
    // The kind is a catalog word, so the Twi audit log reads it in Twi.
    const twi = (await call(admin, "GET", `/api/v1/admin/audit?batch_id=${id}`, undefined, { "Accept-Language": "ak" })).body as Array<{ action: string; detail: string }>;
    expect(twi.find((a) => a.action === "reserve.draw")!.detail).toMatch(/^BOSOME \d{4}-\d{2}: GH₵14\.38 fi sika a yɛakora mu$/);
    const entries = server.db().prepare("select kind from journal_entries where batch_id = ? order by id").all(id);
    expect(entries).toEqual([{ kind: "INVEST" }, { kind: "INVEST" }, { kind: "ACTIVATE" }, { kind: "REMITTANCE" }, { kind: "RESERVE_DRAW" }, { kind: "PAYOUT" }]);
    await expectInvariants();
  });

  it("funds the reserve from fees only as far as they go", async () => {
    const fees = balance(server, "PLATFORM_FEES");
    const res = await call(admin, "POST", "/api/v1/admin/reserve", { amount: (fees + 100) / 100, source: "FEES" });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/^The fee account holds GH₵[\d,.]+, less than GH₵[\d,.]+\.$/);
    expect((await call(admin, "POST", "/api/v1/admin/reserve", { amount: 5, source: "BANK" })).body).toEqual({ detail: "Choose where the money comes from: FEES or EXTERNAL." });
    expect((await call(admin, "POST", "/api/v1/admin/reserve", { amount: -5, source: "FEES" })).status).toBe(422);
  });
});

describe("withholding tax (8%)", () => {
  it("is withheld from a month's egg income per payout, half up to the pesewa, and never from the principal at a close", async () => {
    const { id, x, y } = await activeEggBatch(taxed, taxAdmin);
    createRemittance(taxed, id);
    const [xBefore, yBefore] = [await wallet(x), await wallet(y)];
    // The seed's own payouts on this server were taxed too: count from here.
    const taxBefore = balance(taxed, "TAX_WITHHELD");
    const sim = await call(taxAdmin, "GET", `/api/v1/admin/payouts/${id}/simulate`);
    // 5.63 x 8% = 0.4504 -> 0.45; 18.75 x 8% = 1.50.
    expect(sim.body).toMatchObject({ simulated_total: 24.38, tax_withheld: 1.95, net_total: 22.43 });
    const run = await call(taxAdmin, "POST", `/api/v1/admin/payouts/${id}/execute`, {});
    expect(run.body).toMatchObject({ total: 24.38, tax_withheld: 1.95, net_total: 22.43, count: 2 });
    expect(await wallet(x)).toBeCloseTo(xBefore + 5.18, 2);
    expect(await wallet(y)).toBeCloseTo(yBefore + 17.25, 2);
    expect(balance(taxed, "TAX_WITHHELD") - taxBefore).toBe(195);
    const xi = (await call(x.api, "GET", "/api/v1/invest/my")).body[0].id;
    const [monthly] = (await call(x.api, "GET", `/api/v1/invest/${xi}/payouts`)).body;
    expect(monthly).toMatchObject({ kind: "MONTHLY", amount: 5.63, tax_withheld: 0.45, net_amount: 5.18 });
    const note = (await call(x.api, "GET", "/api/v1/invest/notifications")).body[0].message;
    expect(note).toBe(`Payout received: GH₵5.18 from Batch #${id} (income for ${monthly.period}; GH₵0.45 withholding tax deducted).`);

    // The close returns the principal whole.
    createRemittance(taxed, id, { amountGhs: 1_950, period: "CLOSE" });
    const close = await call(taxAdmin, "POST", `/api/v1/admin/batches/${id}/close`);
    expect(close.body).toMatchObject({ kind: "PRINCIPAL", total: 1950, tax_withheld: 0, net_total: 1950 });
    expect(await wallet(x)).toBeCloseTo(xBefore + 5.18 + 450, 2);
    const principal = (await call(x.api, "GET", `/api/v1/invest/${xi}/payouts`)).body[0];
    expect(principal).toMatchObject({ kind: "PRINCIPAL", amount: 450, tax_withheld: 0, net_amount: 450 });
    expect(balance(taxed, "TAX_WITHHELD") - taxBefore).toBe(195);
    await expectInvariants(taxAdmin);
  });

  it("is withheld from a harvest's return only, not its principal", async () => {
    const batch = createBatch(taxed, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.123 });
    const u = await createInvestor(taxed, { walletGhs: 1000 });
    await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10 }); // 500.00 -> return 61.50
    await call(taxAdmin, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    createRemittance(taxed, batch.id, { amountGhs: 561.5 });
    const taxBefore = balance(taxed, "TAX_WITHHELD");
    const run = await call(taxAdmin, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {});
    // 61.50 x 8% = 4.92; the 500.00 principal is untaxed.
    expect(run.body).toMatchObject({ kind: "HARVEST", total: 561.5, tax_withheld: 4.92, net_total: 556.58 });
    expect(await wallet(u)).toBeCloseTo(500 + 556.58, 2);
    expect(balance(taxed, "TAX_WITHHELD") - taxBefore).toBe(492);
    expect(balance(taxed, "SETTLEMENT", batch.id)).toBe(0);
    await expectInvariants(taxAdmin);
  });
});

describe("the admin pages (no JavaScript)", () => {
  const post = async (path: string, fields: Record<string, string | number>) => {
    const res = await adminPage.postForm(path, fields);
    return { status: res.status, location: res.headers.get("Location"), html: htmlText(await res.text()) };
  };
  const get = async (path: string) => htmlText(await (await adminPage.get(path)).text());

  it("records a remittance from a form prefilled from the month's daily logs", async () => {
    const { id } = await activeEggBatch(server, admin, { startDate: "2026-01-10" });
    const log = server.db().prepare("insert into farm_logs (batch_id, log_date, birds_alive, feed_kg, eggs_collected) values (?, ?, ?, ?, ?)");
    log.run(id, "2026-02-01", 1_000, 118, 900);
    log.run(id, "2026-02-02", 999, 117.5, 905);
    log.run(id, "2026-03-01", 999, 117, 910); // another month
    const page = await get(`/admin/batches/${id}/remittances?period=2026-02`);
    expect(page).toContain(`Remittances: Batch #${id}`);
    expect(page).toContain("From the daily logs for 2026-02: 235.5 kg of feed used, 60 crates of eggs collected.");
    expect(page).toMatch(/name="crates_sold"[^>]*value="60"/);
    // 235.5 kg at the batch's GHS 6.00 a kg.
    expect(page).toMatch(/name="feed_cost"[^>]*value="1413.00"/);

    const bad = await post(`/admin/batches/${id}/remittances`, { period: "2026-02", amount: "", crates_sold: 60 });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Enter the amount remitted (GHS).");
    expect(bad.html).toMatch(/name="crates_sold"[^>]*value="60"/);
    // Every bad field is named at once, each beside its own field; the API answers the first.
    const several = await post(`/admin/batches/${id}/remittances`, { period: "2026-02", amount: "", crates_sold: "many", feed_cost: "-1" });
    expect(several.status).toBe(400);
    for (const message of ["Enter the amount remitted (GHS).", "Crates sold must be a whole number of 0 or more.", "Feed cost must be an amount in GHS of 0 or more, with at most 2 decimals."])
      expect(several.html, message).toContain(message);

    const ok = await post(`/admin/batches/${id}/remittances`, {
      period: "2026-02",
      amount: "24.38",
      crates_sold: 60,
      price_per_crate: "65",
      revenue: "3900",
      feed_cost: "1413.00",
      idempotency_key: `page-remit-${id}`,
    });
    expect(ok.status).toBe(302);
    const after = await get(`/admin/batches/${id}/remittances`);
    expect(after).toMatch(/Remittance of GH₵\s?24\.38 for 2026-02 recorded\./);
    expect(after).toMatch(/data-testid="held">Held for investors \(remitted, not yet paid\): <strong>GH₵\s?24\.38/);
    expect(after.match(/data-testid="remittance-row"/g)).toHaveLength(1);
    // A double-submitted form records once.
    expect(
      (
        await post(`/admin/batches/${id}/remittances`, {
          period: "2026-02",
          amount: "24.38",
          crates_sold: 60,
          price_per_crate: "65",
          revenue: "3900",
          feed_cost: "1413.00",
          idempotency_key: `page-remit-${id}`,
        })
      ).status,
    ).toBe(302);
    expect(server.db().prepare("select count(*) n from remittances where batch_id = ?").get(id)).toEqual({ n: 1 });
  });

  it("Execute shows the shortfall, offers the reserve draw in the confirm step, and pays only when it is ticked", async () => {
    const { id } = await activeEggBatch();
    createRemittance(server, id, { amountGhs: 20 });
    expect((await call(admin, "POST", "/api/v1/admin/reserve", { amount: 100, source: "EXTERNAL" })).status).toBe(200);
    const sim = await post("/admin?index", { intent: "simulate", batch_id: id });
    expect(sim.html).toMatch(/Held for investors: <strong>GH₵\s?20\.00<\/strong>; shortfall: <strong>GH₵\s?4\.38<\/strong>/);
    const before = moneySnapshot();
    // Confirmed in the browser (JavaScript) but short: the server asks again, naming the shortfall.
    for (const confirmed of ["", "1"]) {
      const ask = await post("/admin?index", { intent: "execute", batch_id: id, confirmed, idempotency_key: `page-exec-${id}` });
      expect(ask.status).toBe(200);
      expect(ask.html).toContain('data-testid="confirm-prompt">Execute real payouts?<');
      expect(ask.html).toMatch(/The batch holds GH₵\s?20\.00 for investors: GH₵\s?4\.38 short\./);
      expect(ask.html).toMatch(/name="reserve_draw"[^>]*value="4.38"/);
      expect(moneySnapshot()).toBe(before);
    }
    const done = await post("/admin?index", { intent: "execute", batch_id: id, confirmed: "1", reserve_draw: "4.38", idempotency_key: `page-exec-${id}` });
    expect(done.status).toBe(302);
    expect(await get("/admin")).toMatch(new RegExp(`Payouts executed for Batch #${id}: 2 paid, GH₵\\s?24\\.38 in total\\. \\(GH₵\\s?4\\.38 from the reserve\\)`));
    expect(server.db().prepare("select reserve_draw_minor r from payout_runs where batch_id = ?").get(id)).toEqual({ r: 438 });
    await expectInvariants();
  });

  it("an over-remitted harvest: the confirm step names the surplus it leaves, and the remittances page moves it to the reserve, audited", async () => {
    const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.12 });
    const u = await createInvestor(server, { walletGhs: 1000 });
    expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10 })).status).toBe(201); // 500.00 -> 560.00
    expect((await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);
    createRemittance(server, batch.id, { amountGhs: 565.95 });
    // While the batch runs, its settlement account is no surplus: nothing to settle.
    expect(await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/surplus`, { to: "RESERVE" })).toEqual({
      status: 409,
      body: { detail: `A batch's surplus is settled once the batch has ended; Batch #${batch.id} is ACTIVE.` },
    });
    const ask = await post("/admin?index", { intent: "execute", batch_id: batch.id });
    expect(ask.html).toMatch(
      /Held for investors: GH₵\s?565\.95\. GH₵\s?5\.95 of it stays in the batch's settlement account: this run ends the batch, so return that surplus to the farm or move it to the reserve on the batch's Remittances page\./,
    );
    expect((await post("/admin?index", { intent: "execute", batch_id: batch.id, confirmed: "1" })).status).toBe(302);
    expect(balance(server, "SETTLEMENT", batch.id)).toBe(595);

    const path = `/admin/batches/${batch.id}/remittances`;
    const page = await get(path);
    expect(page).toMatch(/The batch has ended and <strong>GH₵\s?5\.95<\/strong> of what the farm remitted is left in its settlement account: no run can pay it\./);
    expect(page).toMatch(/Settle GH₵\s?5\.95/);
    expect(page).not.toContain('data-testid="held"');
    // Back to the farm needs the transfer's reference: refused beside the field, nothing moved.
    const before = moneySnapshot();
    const noRef = await post(path, { intent: "surplus", to: "FARM", reference: " ", idempotency_key: `surplus-noref-${batch.id}` });
    expect(noRef.status).toBe(400);
    expect(noRef.html).toContain("Enter the reference of the transfer that sent the surplus back to the farm: 3 to 80 characters.");
    expect(moneySnapshot()).toBe(before);

    const reserveBefore = balance(server, "PLATFORM_RESERVE");
    const moved = await post(path, { intent: "surplus", to: "RESERVE", idempotency_key: `surplus-${batch.id}` });
    expect(moved).toMatchObject({ status: 302, location: path });
    expect(await get(path)).toMatch(new RegExp(`Batch #${batch.id}: the GH₵\\s?5\\.95 left moved to the platform reserve\\.`));
    expect(balance(server, "SETTLEMENT", batch.id)).toBe(0);
    expect(balance(server, "PLATFORM_RESERVE")).toBe(reserveBefore + 595);
    expect(server.db().prepare('select action, batch_id as "batchId", detail from audit_log order by id desc limit 1').get()).toEqual({
      action: "batch.surplus",
      batchId: batch.id,
      detail: "GH₵5.95 left after the batch ended moved to the platform reserve",
    });
    const after = await get(path);
    expect(after).toMatch(/GH₵\s?5\.95 moved to the platform reserve on \d{4}-\d{2}-\d{2}\./);
    expect(after).toContain("Nothing is left in the batch's settlement account.");
    // The same form again replays its answer; another request finds nothing left.
    expect((await post(path, { intent: "surplus", to: "RESERVE", idempotency_key: `surplus-${batch.id}` })).status).toBe(302);
    expect(balance(server, "PLATFORM_RESERVE")).toBe(reserveBefore + 595);
    expect(await call(admin, "POST", `/api/v1/admin/batches/${batch.id}/surplus`, { to: "FARM", reference: "GCB-TRF-0001" })).toEqual({
      status: 409,
      body: { detail: `Batch #${batch.id} has nothing left in its settlement account.` },
    });
    expect((await call(admin, "GET", `/api/v1/admin/batches/${batch.id}/surplus`)).body).toMatchObject({ held: 0, settled: [{ to: "RESERVE", amount: 5.95, reference: null }] });
    await expectInvariants();
  });

  it("funds the reserve from the dashboard, audited", async () => {
    const before = balance(server, "PLATFORM_RESERVE");
    const bad = await post("/admin?index", { intent: "fund_reserve", amount: "abc", source: "EXTERNAL" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Enter the amount for the reserve: a positive GHS amount with at most 2 decimals.");
    const ok = await post("/admin?index", { intent: "fund_reserve", amount: "12.50", source: "EXTERNAL", idempotency_key: `reserve-${Date.now()}` });
    expect(ok.status).toBe(302);
    expect(balance(server, "PLATFORM_RESERVE")).toBe(before + 1_250);
    expect(server.db().prepare("select action, detail from audit_log order by id desc limit 1").get()).toEqual({ action: "reserve.fund", detail: "GH₵12.50 from outside" });
    expect(await get("/admin")).toMatch(/data-testid="reserve-balance">GH₵\s?[\d,.]+</);
  });
});

describe("transparency and schedules", () => {
  it("publishes each period's due, remitted (with the sheet), paid, tax and reserve, and the ROI the remittances support", async () => {
    const { id } = await activeEggBatch();
    const period = new Date(Date.now() + server.clockOffsetMs).toISOString().slice(0, 7);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${id}/remittances`, { period, amount: 20, crates_sold: 40, price_per_crate: 65 })).status).toBe(201);
    const before = (await call(new Client(server.url), "GET", `/api/v1/public/batches/${id}/settlements`)).body;
    expect(before).toMatchObject({ batch_id: id, product_type: "EGG", expected_roi: 0.0125, deployed: 1950 });
    expect(before.periods).toEqual([
      expect.objectContaining({
        period,
        due: 24.38,
        remitted: 20,
        paid: 0,
        from_reserve: 0,
        paid_at: null,
        supported_roi: 0.0103,
        sheets: [expect.objectContaining({ amount: 20, crates_sold: 40, price_per_crate: 65 })],
      }),
    ]);
    expect((await call(admin, "POST", "/api/v1/admin/reserve", { amount: 10, source: "EXTERNAL" })).status).toBe(200);
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${id}/execute`, { reserve_draw: 4.38 })).status).toBe(200);
    const after = (await call(admin, "GET", `/api/v1/public/batches/${id}/settlements`)).body;
    expect(after.periods[0]).toMatchObject({ period, due: 24.38, remitted: 20, paid: 24.38, from_reserve: 4.38, tax_withheld: 0 });
    expect(after.periods[0].due_date).toMatch(new RegExp(`^${period}-\\d{2}$`));
    expect((await call(admin, "GET", "/api/v1/public/batches/999999/settlements")).status).toBe(404);
    expect((await call(admin, "GET", "/api/v1/public/batches/abc/settlements")).status).toBe(404);
  });

  it("says no month is due, nor overdue, before anyone held units: the API, the batch page, the dashboard, the remittances form", async () => {
    // Started four months ago (in lay from two months ago), every unit bought today: the months
    // before pay nobody (their run pays no one), so this month is the first due, and not late.
    const now = new Date(Date.now() + server.clockOffsetMs);
    const startDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 4, 1)).toISOString().slice(0, 10);
    const period = now.toISOString().slice(0, 7);
    const dueDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    const { id } = await activeEggBatch(server, admin, { startDate });
    const earlier = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    expect((await call(admin, "GET", `/api/v1/admin/payouts/${id}/simulate?period=${earlier}`)).body).toMatchObject({ count: 0, simulated_total: 0 });
    const settlements = (await call(new Client(server.url), "GET", `/api/v1/public/batches/${id}/settlements`)).body;
    expect(settlements.next_due).toEqual({ period, due_date: dueDate, overdue_days: 0 });
    const batchPage = htmlText(await (await adminPage.get(`/batches/${id}`)).text());
    expect(/data-testid="next-payout">([^<]*)</.exec(batchPage)?.[1]).toBe(`Monthly income for ${period}, due by ${dueDate}.`);
    expect(batchPage).not.toContain('data-testid="settlements-overdue"');
    const dashboard = htmlText(await (await adminPage.get("/admin")).text());
    const start = dashboard.indexOf(`id="batch-${id}"`);
    expect(start).toBeGreaterThan(0);
    expect(dashboard.slice(start, dashboard.indexOf("</tr>", start))).not.toContain("Overdue");
    const remittances = htmlText(await (await adminPage.get(`/admin/batches/${id}/remittances`)).text());
    expect(remittances).toMatch(new RegExp(`<option value="${period}" selected=""`));
  });

  it("flags an active batch whose payout date has passed on the admin dashboard", async () => {
    const day = (offset: number) => new Date(Date.now() + server.clockOffsetMs + offset * 86_400_000).toISOString().slice(0, 10);
    const late = createBatch(server, { productType: "CHICKEN", status: "ACTIVE", startDate: day(-60) }); // harvest due 56 days after the start
    const onTime = createBatch(server, { productType: "CHICKEN", status: "ACTIVE", startDate: day(-55) });
    const html = htmlText(await (await adminPage.get("/admin")).text());
    const row = (id: number) => html.slice(html.indexOf(`id="batch-${id}"`), html.indexOf("</tr>", html.indexOf(`id="batch-${id}"`)));
    expect(row(late.id)).toContain('data-testid="overdue">Overdue by 4 days<');
    expect(row(onTime.id)).not.toContain("Overdue");
  });
});
