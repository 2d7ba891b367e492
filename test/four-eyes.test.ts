/**
 * Issue 20, four eyes: with two admins, payout runs (and their reserve draws), batch closes,
 * deleting a batch with history and admin-role changes wait for a second admin; large withdrawals
 * wait for an admin's review. One admin: the rule is relaxed (runs at once; the page says so).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, createRemittance, signIn, signInAdmin, startInLay, type SignedIn } from "./support/factories";
import { startServer, type TestServer } from "./support/server";
import { noticesIn } from "./support/notices";
import { textNodes } from "./support/pseudo";
import { storedText } from "~/models/stored-message.server";

let server: TestServer;
let a: SignedIn; // the seeded admin
let b: SignedIn; // a second admin (made one in the database where a test needs it)

beforeAll(async () => {
  server = await startServer({ LARGE_WITHDRAWAL_GHS: "100" });
  a = await signInAdmin(server);
  const second = await createInvestor(server, { fullName: "Efua Admin" });
  b = await signIn(server, second.id);
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.db();
const setAdmin = (id: number, on: boolean) =>
  db()
    .prepare("update users set is_admin = ? where id = ?")
    .run(on ? 1 : 0, id);
const approval = (id: number) =>
  db().prepare("select * from approvals where id = ?").get(id) as { status: string; requested_by: number; decided_by: number | null; reason: string | null; result: string | null; action: string };
const audits = (action: string) =>
  db().prepare("select a.*, u.email from audit_log a left join users u on u.id = a.admin_id where action = ? order by a.id").all(action) as Array<{
    email: string;
    detail: string;
    created_at: string;
  }>;
const walletMinor = (userId: number) => (db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { b: number } | undefined)?.b ?? 0;
/** Every account's balance and every entry: a rejection must leave it exactly as it was. */
const ledger = () =>
  JSON.stringify([
    db().prepare("select id, balance_minor from accounts order by id").all(),
    db().prepare("select count(*) n from journal_entries").get(),
    db().prepare("select id, status, units_placed from batches order by id").all(),
  ]);
const batchStatus = (id: number) => (db().prepare("select status from batches where id = ?").get(id) as { status: string } | undefined)?.status;

/** A chicken batch with one holder, active and remitted: ready for its harvest run. */
async function payableBatch() {
  const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 50, expectedRoi: 0.12 });
  const inv = await createInvestor(server, { walletGhs: 1000 });
  expect((await call(inv.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10 })).status).toBe(201);
  expect((await call(a.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`, {})).status).toBe(200);
  createRemittance(server, batch.id);
  return { batchId: batch.id, inv };
}

/** An egg batch with one holder, active, in lay this month and remitted: ready to close, or to pay this month. */
async function closableBatch() {
  const batch = createBatch(server, { productType: "EGG", unitPrice: 100, expectedRoi: 0.01 });
  const inv = await createInvestor(server, { walletGhs: 1000 });
  expect((await call(inv.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 })).status).toBe(201);
  expect((await call(a.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`, {})).status).toBe(200);
  startInLay(server, batch.id);
  createRemittance(server, batch.id);
  return { batchId: batch.id, inv };
}

async function pageText(client: Client, path: string) {
  return htmlText(await (await client.get(path)).text());
}

describe("one admin: four eyes relaxed", () => {
  it("runs a payout at once and the approvals page says the rule is relaxed", async () => {
    setAdmin(b.id, false);
    const { batchId, inv } = await payableBatch();
    const before = walletMinor(inv.id);
    const run = await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {});
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ batch_id: batchId, count: 1, total: 560 });
    expect(walletMinor(inv.id)).toBe(before + 56_000);
    const t = await pageText(a.page, "/admin/approvals");
    expect(t).toContain("Four eyes are relaxed: this installation has one admin");
    expect((await call(a.api, "GET", "/api/v1/admin/approvals")).body.relaxed).toBe(true);
  });

  it("never removes the last admin", async () => {
    setAdmin(b.id, false);
    const res = await call(a.api, "POST", `/api/v1/admin/users/${a.id}/role`, { is_admin: false });
    expect(res).toEqual({ status: 409, body: { detail: "Akoko needs at least one admin: grant another admin before removing this one." } });
  });

  it("admin rights change only on true or false: anything else is a 422 naming is_admin, in the reader's language, and changes nothing", async () => {
    setAdmin(b.id, false);
    const kwame = await createInvestor(server, { fullName: "Kwame Loose" });
    const isAdmin = () => Boolean((db().prepare("select is_admin a from users where id = ?").get(kwame.id) as { a: unknown }).a);
    const approvals = () => (db().prepare("select count(*) n from approvals").get() as { n: number }).n;
    const refused = { status: 422, body: { detail: "Say whether the account is an admin: is_admin true or false." } };
    const role = (is_admin: unknown, query = "") => call(a.api, "POST", `/api/v1/admin/users/${kwame.id}/role${query}`, { is_admin });
    const before = [approvals(), audits("user.role").length];
    for (const loose of ["yes", "nope", "on", "1", "TRUE", 1, 0, [true], {}, null, ""]) expect(await role(loose)).toEqual(refused);
    expect(await role("yes", "?lang=ak")).toEqual({ status: 422, body: { detail: "Ka sɛ akawnt no yɛ ɔhwɛfoɔ dea anaa ɛnyɛ: is_admin true anaa false." } });
    // With two admins a refusal queues no request either.
    setAdmin(b.id, true);
    expect(await role("nope")).toEqual(refused);
    setAdmin(b.id, false);
    expect(isAdmin()).toBe(false);
    expect([approvals(), audits("user.role").length]).toEqual(before);
    // The text "false" or "true" (a form-encoded body) is taken as the JSON value.
    expect(await role("false")).toEqual({ status: 200, body: expect.objectContaining({ is_admin: false }) });
    expect(await role("true")).toEqual({ status: 200, body: expect.objectContaining({ is_admin: true }) });
    expect(isAdmin()).toBe(true);
    setAdmin(kwame.id, false);
  });
});

describe("two admins", () => {
  beforeAll(() => setAdmin(b.id, true));

  it("payout run: 202 pending, the asker is refused, a second admin approves and it runs with its normal answer", async () => {
    const { batchId, inv } = await payableBatch();
    const before = walletMinor(inv.id);
    const snapshot = ledger();
    const asked = await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {});
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ approval: { id: expect.any(Number), status: "PENDING", action: "payout.execute" } });
    const id = asked.body.approval.id as number;
    expect(ledger()).toBe(snapshot);
    expect(audits("approval.request").at(-1)).toMatchObject({ email: a.email });
    // The other admin is told in the app.
    expect(db().prepare("select count(*) n from notifications where user_id = ? and kind = 'APPROVAL_REQUESTED'").get(b.id)).toEqual({ n: expect.any(Number) });

    // Asking again, by either admin, puts no second request before the approver.
    const alreadyWaiting = { status: 409, body: { detail: `The same request is already waiting for a second admin's approval (request #${id}).` } };
    expect(await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {})).toEqual(alreadyWaiting);
    expect(await call(b.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {})).toEqual(alreadyWaiting);
    expect(db().prepare("select count(*) n from approvals where action = 'payout.execute' and status = 'PENDING' and params like ?").get(`%"batchId":${batchId},%`)).toEqual({ n: 1 });

    const own = await call(a.api, "POST", `/api/v1/admin/approvals/${id}/approve`, {});
    expect(own).toEqual({ status: 409, body: { detail: "A second admin must approve: you asked for this." } });
    expect(ledger()).toBe(snapshot);

    const list = await call(b.api, "GET", "/api/v1/admin/approvals");
    expect(list.body.relaxed).toBe(false);
    expect(list.body.pending.map((p: { id: number }) => p.id)).toContain(id);
    expect(list.body.pending.find((p: { id: number }) => p.id === id).preview).toBe(
      `If approved now: Batch #${batchId}, harvest: GH₵560.00 to 1 investment. Held for investors: GH₵1,940.00. GH₵1,380.00 of it stays in the batch's settlement account: this run ends the batch, so return that surplus to the farm or move it to the reserve on the batch's Remittances page.`,
    );

    const ok = await call(b.api, "POST", `/api/v1/admin/approvals/${id}/approve`, {});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ batch_id: batchId, count: 1, total: 560, approval: { id, status: "APPROVED", action: "payout.execute" } });
    expect(walletMinor(inv.id)).toBe(before + 56_000);
    expect(approval(id)).toMatchObject({ status: "APPROVED", decided_by: b.id });
    expect(audits("approval.approve").at(-1)).toMatchObject({ email: b.email });
    // Decided: a second approval is refused and pays nothing more.
    expect((await call(b.api, "POST", `/api/v1/admin/approvals/${id}/approve`, {})).body).toEqual({ detail: "This request is already approved." });
    expect(walletMinor(inv.id)).toBe(before + 56_000);

    // What the farm remitted beyond the harvest waits for a second admin too before it goes back to the farm.
    const settlement = () => (db().prepare("select balance_minor b from accounts where kind = 'SETTLEMENT' and batch_id = ?").get(batchId) as { b: number }).b;
    expect(settlement()).toBe(138_000);
    const held = ledger();
    const back = await call(a.api, "POST", `/api/v1/admin/batches/${batchId}/surplus`, { to: "farm", reference: "GCB-TRF-0042" });
    expect(back).toEqual({ status: 202, body: { approval: { id: expect.any(Number), status: "PENDING", action: "batch.surplus" } } });
    expect(ledger()).toBe(held);
    const surplusId = back.body.approval.id as number;
    const waiting = (await call(b.api, "GET", "/api/v1/admin/approvals")).body.pending.find((p: { id: number }) => p.id === surplusId);
    expect(waiting.summary).toBe(`Return the GH₵1,380.00 left in Batch #${batchId}'s settlement account to the farm (transfer GCB-TRF-0042)`);
    expect((await call(a.api, "POST", `/api/v1/admin/approvals/${surplusId}/approve`, {})).status).toBe(409);
    const returned = await call(b.api, "POST", `/api/v1/admin/approvals/${surplusId}/approve`, {});
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ batch_id: batchId, to: "FARM", amount: 1380, reference: "GCB-TRF-0042", approval: { id: surplusId, status: "APPROVED" } });
    expect(settlement()).toBe(0);
    expect(db().prepare(`select kind, external_ref as "ref" from journal_entries where batch_id = ? order by id desc limit 1`).get(batchId)).toEqual({ kind: "SURPLUS_RETURN", ref: "GCB-TRF-0042" });
    expect(audits("batch.surplus").at(-1)).toMatchObject({ email: b.email, detail: "GH₵1,380.00 left after the batch ended returned to the farm (GCB-TRF-0042)" });
    expect((await call(a.api, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
  });

  it("a run that cannot go through now is refused at once, not queued", async () => {
    const batch = createBatch(server, { productType: "CHICKEN" });
    const inv = await createInvestor(server, { walletGhs: 1000 });
    await call(inv.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 10 });
    await call(a.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`, {});
    const pendingBefore = (db().prepare("select count(*) n from approvals").get() as { n: number }).n;
    const res = await call(a.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {}); // nothing remitted
    expect(res.status).toBe(409);
    expect((db().prepare("select count(*) n from approvals").get() as { n: number }).n).toBe(pendingBefore);
  });

  it("rejection changes nothing and is audited with the reason", async () => {
    const { batchId } = await payableBatch();
    const snapshot = ledger();
    const id = (await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {})).body.approval.id as number;
    expect((await call(a.api, "POST", `/api/v1/admin/approvals/${id}/reject`, { reason: "mine" })).status).toBe(409);
    expect((await call(b.api, "POST", `/api/v1/admin/approvals/${id}/reject`, { reason: " " })).status).toBe(422);
    const no = await call(b.api, "POST", `/api/v1/admin/approvals/${id}/reject`, { reason: "Wrong month" });
    expect(no.status).toBe(200);
    expect(no.body.approval).toMatchObject({ id, status: "REJECTED", reason: "Wrong month" });
    expect(ledger()).toBe(snapshot);
    expect(audits("approval.reject").at(-1)).toMatchObject({ email: b.email });
    expect(audits("approval.reject").at(-1)!.detail).toContain("Wrong month");
    expect((await call(b.api, "POST", `/api/v1/admin/approvals/${id}/approve`, {})).status).toBe(409);
    expect(ledger()).toBe(snapshot);
  });

  it("the audit log names what a request asked for in words, not its code, in English and in Twi; a row stored with the code reads in words too", async () => {
    const { batchId } = await payableBatch();
    const id = (await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {})).body.approval.id as number;
    // A request's detail as it was stored before: its action as a code.
    db()
      .prepare("insert into audit_log (admin_id, action, detail, detail_id, detail_params, created_at) values (?, 'approval.request', ?, 'auditDetail.approval', ?, ?)")
      .run(a.id, "#999999 withdrawal.send: Old request", JSON.stringify({ approvalId: 999_999, action: "withdrawal.send", summary: "Old request" }), new Date().toISOString());
    const detail = async (lang: string, n: number) =>
      ((await call(b.api, "GET", "/api/v1/admin/audit", undefined, { "Accept-Language": lang })).body as Array<{ detail: string }>).find((e) => e.detail.startsWith(`#${n} `))?.detail;
    expect(await detail("en", id)).toMatch(new RegExp(`^#${id} Payout run: `));
    expect(await detail("ak", id)).toMatch(new RegExp(`^#${id} Tua akatua: `));
    expect(await detail("en", 999_999)).toBe("#999999 Send a withdrawal: Old request");
    expect(await detail("ak", 999_999)).toBe("#999999 Fa sika a wɔreyi kɔ: Old request");
    const twi = htmlText(await (await b.page.get("/admin/audit", { headers: { "Accept-Language": "ak" } })).text());
    expect(twi).toContain(`#${id} Tua akatua: `);
    expect(twi).toContain("#999999 Fa sika a wɔreyi kɔ: Old request");
    expect(twi).not.toMatch(/#\d+ (payout\.execute|withdrawal\.send|batch\.\w+|deposit\.\w+|user\.role):/);
  });

  it("expires after 24 hours: approving then answers 409 and marks it EXPIRED", async () => {
    const { batchId } = await payableBatch();
    const snapshot = ledger();
    const id = (await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {})).body.approval.id as number;
    db().prepare("update approvals set expires_at = '2000-01-01T00:00:00.000Z' where id = ?").run(id);
    const res = await call(b.api, "POST", `/api/v1/admin/approvals/${id}/approve`, {});
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/expired/);
    expect(approval(id).status).toBe("EXPIRED");
    expect(ledger()).toBe(snapshot);
  });

  it("closing a batch (with a reserve draw option) waits, then closes on approval", async () => {
    const { batchId, inv } = await closableBatch();
    const before = walletMinor(inv.id);
    const asked = await call(a.api, "POST", `/api/v1/admin/batches/${batchId}/close`, {});
    expect(asked.status).toBe(202);
    expect(asked.body.approval.action).toBe("batch.close");
    expect(batchStatus(batchId)).toBe("ACTIVE");
    expect((await call(a.api, "POST", `/api/v1/admin/approvals/${asked.body.approval.id}/approve`, {})).status).toBe(409);
    const ok = await call(b.api, "POST", `/api/v1/admin/approvals/${asked.body.approval.id}/approve`, {});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ detail: "Batch closed.", batch_id: batchId });
    expect(batchStatus(batchId)).toBe("CLOSED");
    expect(walletMinor(inv.id)).toBe(before + 50_000);
  });

  it("deleting a batch with history waits; an empty OPEN batch goes at once", async () => {
    const open = createBatch(server, { productType: "EGG" });
    expect((await call(a.api, "DELETE", `/api/v1/admin/batches/${open.id}`)).status).toBe(200);
    expect(batchStatus(open.id)).toBeUndefined();

    const active = createBatch(server, { productType: "EGG", status: "ACTIVE" });
    const asked = await call(a.api, "DELETE", `/api/v1/admin/batches/${active.id}`);
    expect(asked.status).toBe(202);
    expect(asked.body.approval.action).toBe("batch.delete");
    expect(batchStatus(active.id)).toBe("ACTIVE");
    expect((await call(a.api, "POST", `/api/v1/admin/approvals/${asked.body.approval.id}/approve`, {})).status).toBe(409);
    const ok = await call(b.api, "POST", `/api/v1/admin/approvals/${asked.body.approval.id}/approve`, {});
    expect(ok).toMatchObject({ status: 200, body: { detail: "Batch deleted." } });
    expect(ok.body).not.toHaveProperty("detailRef");
    expect(batchStatus(active.id)).toBeUndefined();
    // The result kept with the approval reads in the reader's language.
    const decided = async (query: string) => (await call(a.api, "GET", `/api/v1/admin/approvals${query}`)).body.decided.find((d: { id: number }) => d.id === asked.body.approval.id);
    expect((await decided("")).result).toEqual({ detail: "Batch deleted." });
    expect((await decided("?lang=ak")).result).toEqual({ detail: "Yɛapepa nkokɔ kuw no." });
  });

  it("the dashboard's execute says 'Sent for approval' and a second admin approves on /admin/approvals", async () => {
    const { batchId, inv } = await payableBatch();
    const before = walletMinor(inv.id);
    const res = await a.page.postForm("/admin?index", { intent: "execute", batch_id: batchId, confirmed: "1" });
    expect(res.status).toBe(302);
    expect(await pageText(a.page, "/admin")).toContain("Sent for approval: a second admin must approve it on /admin/approvals.");
    expect(walletMinor(inv.id)).toBe(before);
    const id = (db().prepare("select max(id) id from approvals").get() as { id: number }).id;
    const page = await pageText(b.page, "/admin/approvals");
    expect(page).toContain(`#${id} · Execute the`);
    expect(page).not.toContain("Four eyes are relaxed");
    // The approver reads what it pays, in the words the requester's confirm step used.
    const confirmStep = htmlText(await (await a.page.postForm("/admin?index", { intent: "execute", batch_id: batchId })).text());
    const figures = `Batch #${batchId}, harvest: GH₵560.00 to 1 investment. Held for investors: `;
    expect(confirmStep).toContain(figures);
    expect(page).toContain(`If approved now: ${figures}`);
    expect(page).not.toContain("Of it, GH₵"); // this server withholds no tax
    const twi = htmlText(await (await b.page.get("/admin/approvals", { headers: { "Accept-Language": "ak" } })).text());
    expect(twi).toContain(`Sɛ wopene so seesei a: Nkokɔ kuw #${batchId}`);
    const own = await a.page.postForm("/admin/approvals", { intent: "approve", id });
    expect(own.status).toBe(409);
    expect(htmlText(await own.text())).toContain("A second admin must approve: you asked for this.");
    const ok = await b.page.postForm("/admin/approvals", { intent: "approve", id });
    expect(ok.status).toBe(302);
    expect(await pageText(b.page, "/admin/approvals")).toContain(`Request #${id} approved. Payouts executed for Batch #${batchId}: 1 paid`);
    expect(walletMinor(inv.id)).toBe(before + 56_000);
  });

  it("an approval or a rejection sent again with the same Idempotency-Key answers as the first did and runs once; the page's forms carry a key", async () => {
    const { batchId, inv } = await payableBatch();
    const before = walletMinor(inv.id);
    const id = (await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {})).body.approval.id as number;
    const key = { "Idempotency-Key": `approve-${id}` };
    const first = await call(b.api, "POST", `/api/v1/admin/approvals/${id}/approve`, {}, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ batch_id: batchId, count: 1, approval: { id, status: "APPROVED" } });
    const approvals = audits("approval.approve").length;
    expect(await call(b.api, "POST", `/api/v1/admin/approvals/${id}/approve`, {}, key)).toEqual(first);
    expect(walletMinor(inv.id)).toBe(before + 56_000);
    expect(audits("approval.approve")).toHaveLength(approvals);
    // The key with another request: refused, nothing changes.
    const other = await payableBatch();
    const otherId = (await call(a.api, "POST", `/api/v1/admin/payouts/${other.batchId}/execute`, {})).body.approval.id as number;
    expect(await call(b.api, "POST", `/api/v1/admin/approvals/${otherId}/approve`, {}, key)).toEqual({
      status: 422,
      body: { detail: "This idempotency key was already used for a different request." },
    });
    expect(approval(otherId).status).toBe("PENDING");

    const rejectKey = { "Idempotency-Key": `reject-${otherId}` };
    const no = await call(b.api, "POST", `/api/v1/admin/approvals/${otherId}/reject`, { reason: "Wrong month" }, rejectKey);
    expect(no).toMatchObject({ status: 200, body: { approval: { id: otherId, status: "REJECTED", reason: "Wrong month" } } });
    const rejections = audits("approval.reject").length;
    expect(await call(b.api, "POST", `/api/v1/admin/approvals/${otherId}/reject`, { reason: "Wrong month" }, rejectKey)).toEqual(no);
    expect(audits("approval.reject")).toHaveLength(rejections);

    // The page: each form carries a key, and the same form sent twice (JavaScript off) decides once.
    const third = await payableBatch();
    const thirdBefore = walletMinor(third.inv.id);
    const thirdId = (await call(a.api, "POST", `/api/v1/admin/payouts/${third.batchId}/execute`, {})).body.approval.id as number;
    const html = await (await b.page.get("/admin/approvals")).text();
    const keys = [...html.matchAll(/name="idempotency_key" value="([^"]+)"/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(keys.length);
    const form = { intent: "approve", id: thirdId, idempotency_key: `page-${thirdId}` };
    expect((await b.page.postForm("/admin/approvals", form)).status).toBe(302);
    expect((await b.page.postForm("/admin/approvals", form)).status).toBe(302);
    expect(walletMinor(third.inv.id)).toBe(thirdBefore + 56_000);
  });

  it("without JavaScript, a refusal shows on /admin/approvals though the request is no longer waiting, in the reader's language", async () => {
    const { batchId } = await payableBatch();
    const id = (await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, {})).body.approval.id as number;
    // b's page lists the request; b approves it (as another admin would) and then presses the page's Approve or Reject.
    expect(await pageText(b.page, "/admin/approvals")).toContain(`#${id} · `);
    expect((await call(b.api, "POST", `/api/v1/admin/approvals/${id}/approve`, {})).status).toBe(200);
    // What the page shows, not the data its script carries for JavaScript.
    const shown = async (res: Response) => textNodes(await res.text()).join(" ");
    const again = await b.page.postForm("/admin/approvals", { intent: "approve", id });
    expect(again.status).toBe(409);
    expect(await shown(again)).toContain("This request is already approved.");
    const rejected = await b.page.postForm("/admin/approvals", { intent: "reject", id, reason: "Wrong month" });
    expect(rejected.status).toBe(409);
    expect(await shown(rejected)).toContain("This request is already approved.");
    const twi = await b.page.postForm("/admin/approvals?lang=ak", { intent: "approve", id });
    expect(twi.status).toBe(409);
    expect(await shown(twi)).toContain("Abisadeɛ yi yɛ wɔapene so dada.");
  });

  it("a request that failed on approval shows why in the reader's language on /admin/approvals", async () => {
    const { batchId } = await closableBatch();
    // Two requests for the same month's run, one naming the month and one for "this month" (the
    // same request twice is refused while it waits): the second finds it paid when approved.
    const month = (await call(a.api, "GET", `/api/v1/admin/payouts/${batchId}/simulate`)).body.period as string;
    const ids: number[] = [];
    for (const body of [{ period: month }, {}]) ids.push((await call(a.api, "POST", `/api/v1/admin/payouts/${batchId}/execute`, body)).body.approval.id as number);
    expect((await call(b.api, "POST", `/api/v1/admin/approvals/${ids[0]}/approve`, {})).status).toBe(200);
    const failed = await call(b.api, "POST", `/api/v1/admin/approvals/${ids[1]}/approve`, {});
    expect(failed.status).toBe(409);
    expect(approval(ids[1]).status).toBe("FAILED");
    const period = /paid for (\d{4}-\d{2})/.exec(failed.body.detail)?.[1];
    expect(failed.body.detail).toBe(`Batch #${batchId} was already paid for ${period}; nothing was paid.`);
    const row = (html: string) => new RegExp(`data-approval-id="${ids[1]}" data-status="FAILED"[\\s\\S]*?</li>`).exec(htmlText(html))?.[0] ?? "";
    expect(row(await (await b.page.get("/admin/approvals")).text())).toContain(`Batch #${batchId} was already paid for ${period}; nothing was paid.`);
    const twi = row(await (await b.page.get("/admin/approvals?lang=ak")).text());
    expect(twi).toContain(`Yɛatua nkokɔ kuw #${batchId} ${period} dada; yɛantua hwee.`);
    expect(twi).not.toContain("already paid");
    // The API keeps its answer: the reason as {detail}, in the reader's language.
    const listed = (await call(b.api, "GET", "/api/v1/admin/approvals")).body.decided.find((d: { id: number }) => d.id === ids[1]);
    expect(listed.result).toEqual({ detail: failed.body.detail });
    const listedAk = (await call(b.api, "GET", "/api/v1/admin/approvals?lang=ak")).body.decided.find((d: { id: number }) => d.id === ids[1]);
    expect(listedAk.result).toEqual({ detail: `Yɛatua nkokɔ kuw #${batchId} ${period} dada; yɛantua hwee.` });
  });

  it("admin roles: listed with two-factor; a change waits for a second admin; audited", async () => {
    const users = await call(a.api, "GET", "/api/v1/admin/users");
    expect(users.status).toBe(200);
    expect(users.body.find((u: { id: number }) => u.id === b.id)).toMatchObject({ email: b.email, full_name: "Efua Admin", is_admin: true, two_factor: false });
    const kojo = await createInvestor(server, { fullName: "Kojo Boateng" });
    const asked = await call(a.api, "POST", `/api/v1/admin/users/${kojo.id}/role`, { is_admin: true });
    expect(asked.status).toBe(202);
    expect(asked.body.approval.action).toBe("user.role");
    expect((await call(kojo.api, "GET", "/api/v1/admin/users")).status).toBe(403);
    expect((await call(a.api, "POST", `/api/v1/admin/approvals/${asked.body.approval.id}/approve`, {})).status).toBe(409);
    const ok = await call(b.api, "POST", `/api/v1/admin/approvals/${asked.body.approval.id}/approve`, {});
    expect(ok.body).toMatchObject({ id: kojo.id, is_admin: true });
    expect((await call(kojo.api, "GET", "/api/v1/admin/users")).status).toBe(200);
    expect(audits("user.role").at(-1)!.detail).toContain(`${kojo.email}: admin rights granted`);
    // Every admin is told, the new one included.
    const told = noticesIn(server, "kind = 'ADMIN_SECURITY'").filter((n) => n.message === `${kojo.email} was made an admin.`);
    expect(told.map((t) => t.userId)).toEqual(expect.arrayContaining([a.id, b.id, kojo.id]));
    // And removed again, the same way.
    const removal = await call(b.api, "POST", `/api/v1/admin/users/${kojo.id}/role`, { is_admin: false });
    expect(removal.status).toBe(202);
    await call(a.api, "POST", `/api/v1/admin/approvals/${removal.body.approval.id}/approve`, {});
    expect((await call(kojo.api, "GET", "/api/v1/admin/users")).status).toBe(403);
    expect(noticesIn(server, "user_id = ?", kojo.id).filter((n) => n.message === "Your admin rights were removed.")).toHaveLength(1);
    expect((await call(a.api, "POST", `/api/v1/admin/users/${kojo.id}/role`, {})).status).toBe(422);
  });
});

describe("large withdrawals (LARGE_WITHDRAWAL_GHS=100 here)", () => {
  beforeAll(() => setAdmin(b.id, true));
  const unsaved = { method: "MOMO", provider: "MTN MoMo", account_number: "0241234567" };

  it("a small one goes out at once", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    const res = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 100, ...unsaved });
    expect(res.body).toMatchObject({ message: "Withdrawal processed" });
  });

  it("above the limit: reserved, not sent, 'waiting for a security check'; approving sends it", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    const res = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 300, ...unsaved });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "PENDING" });
    expect(JSON.stringify(res.body)).toContain("Waiting for a security check");
    expect(walletMinor(u.id)).toBe(20_000);
    const req = db().prepare("select * from approvals where action = 'withdrawal.send' order by id desc").get() as { id: number; requested_by: number };
    expect(req.requested_by).toBe(u.id);
    // The approving admin reads in Twi: the answer's words, and the approval's stored result, are in the reader's language.
    const ok = await call(a.api, "POST", `/api/v1/admin/approvals/${req.id}/approve?lang=ak`, {});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "SUCCEEDED", message: "Yɛayi sika no awie", approval: { status: "APPROVED" } });
    expect(ok.body).not.toHaveProperty("messageRef");
    expect((await call(u.api, "GET", `/api/v1/invest/withdrawals/${res.body.id}`)).body.status).toBe("SUCCEEDED");
    expect(walletMinor(u.id)).toBe(20_000);
    const decided = async (query: string) => (await call(a.api, "GET", `/api/v1/admin/approvals${query}`)).body.decided.find((d: { id: number }) => d.id === req.id);
    // Sent again with the same key: the first answer, nothing sent twice.
    const key = { "Idempotency-Key": `held-${req.id}` };
    const u2 = await createInvestor(server, { walletGhs: 500 });
    expect((await call(u2.api, "POST", "/api/v1/invest/withdraw", { amount: 300, ...unsaved })).status).toBe(202);
    const req2 = db().prepare("select id from approvals where action = 'withdrawal.send' order by id desc").get() as { id: number };
    const once = await call(a.api, "POST", `/api/v1/admin/approvals/${req2.id}/approve`, {}, key);
    expect(once.body).toMatchObject({ status: "SUCCEEDED", approval: { status: "APPROVED" } });
    expect(await call(a.api, "POST", `/api/v1/admin/approvals/${req2.id}/approve`, {}, key)).toEqual(once);
    expect(walletMinor(u2.id)).toBe(20_000);
    expect(db().prepare("select count(*) n from withdrawals where user_id = ?").get(u2.id)).toEqual({ n: 1 });
    expect((await decided("")).result).toEqual({ id: res.body.id, status: "SUCCEEDED", amount: 300, message: "Withdrawal processed" });
    expect((await decided("?lang=ak")).result).toEqual({ id: res.body.id, status: "SUCCEEDED", amount: 300, message: "Yɛayi sika no awie" });
  });

  it("on the portfolio page: the confirm prompt stays, then 'Waiting for a security check'", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    const fields = { intent: "withdraw", amount: "300", method: "MOMO", momo_provider: "MTN MoMo", bank_name: "", account_number: "024 123 4567", idempotency_key: "held-1" };
    expect(htmlText(await (await u.page.postForm("/portfolio?dialog=withdraw", fields)).text())).toContain("Withdraw GHS 300.00?");
    const done = await u.page.postForm("/portfolio?dialog=withdraw", { ...fields, confirmed: "1" });
    expect(done.status).toBe(302);
    const t = await pageText(u.page, "/portfolio");
    expect(t).toContain("Waiting for a security check: an admin reviews large withdrawals before they are sent.");
    expect(walletMinor(u.id)).toBe(20_000);
  });

  it("counts the last 24 hours: a second withdrawal that takes the day past the limit is held", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 60, ...unsaved })).body).toMatchObject({ message: "Withdrawal processed" });
    // 60 + 60 = 120 in 24 hours, past 100: held, though this one alone is under it.
    const second = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 60, ...unsaved });
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ status: "PENDING" });
    const req = db().prepare("select summary, summary_id, summary_params from approvals where action = 'withdrawal.send' order by id desc").get() as {
      summary: string;
      summary_id: string | null;
      summary_params: string | null;
    };
    expect(storedText("en", req.summary_id, req.summary_params, req.summary)).toContain("120.00 in the last 24 hours with this one");
    // A rejected (returned) withdrawal never counts: it took nothing out.
    const other = await createInvestor(server, { walletGhs: 500 });
    expect((await call(other.api, "POST", "/api/v1/invest/withdraw", { amount: 300, ...unsaved })).status).toBe(202);
    const held = db().prepare("select id from approvals where action = 'withdrawal.send' order by id desc").get() as { id: number };
    expect((await call(b.api, "POST", `/api/v1/admin/approvals/${held.id}/reject`, { reason: "Not confirmed." })).status).toBe(200);
    expect((await call(other.api, "POST", "/api/v1/invest/withdraw", { amount: 60, ...unsaved })).body).toMatchObject({ message: "Withdrawal processed" });
  });

  it("two sent together cannot both slip under the limit", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    const both = await Promise.all([70, 70].map((amount) => call(u.api, "POST", "/api/v1/invest/withdraw", { amount, ...unsaved })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 202]);
    expect(both.map((r) => r.body.status ?? r.body.message).sort()).toEqual(["PENDING", "Withdrawal processed"]);
    expect(walletMinor(u.id)).toBe(36_000);
  });

  it("rejecting returns the money with a REVERSAL and tells the investor", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    const res = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 300, ...unsaved });
    expect(walletMinor(u.id)).toBe(20_000);
    const req = db().prepare("select id from approvals where action = 'withdrawal.send' order by id desc").get() as { id: number };
    const no = await call(b.api, "POST", `/api/v1/admin/approvals/${req.id}/reject`, { reason: "We could not confirm it was you." });
    expect(no.status).toBe(200);
    expect(walletMinor(u.id)).toBe(50_000);
    expect((await call(u.api, "GET", `/api/v1/invest/withdrawals/${res.body.id}`)).body.status).toBe("FAILED");
    const note = noticesIn(server, "user_id = ?", u.id).at(-1)!;
    expect(note.message).toContain("We could not confirm it was you.");
    expect(db().prepare("select count(*) n from journal_entries where kind = 'REVERSAL' and user_id = ?").get(u.id)).toEqual({ n: 1 });
  });

  it("ends an admin's reason that has no final punctuation with a full stop before the next sentence", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    const res = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 300, ...unsaved });
    const req = db().prepare("select id from approvals where action = 'withdrawal.send' order by id desc").get() as { id: number };
    expect((await call(b.api, "POST", `/api/v1/admin/approvals/${req.id}/reject`, { reason: "Looks unusual " })).status).toBe(200);
    const read = await call(u.api, "GET", `/api/v1/invest/withdrawals/${res.body.id}`);
    expect(read.body.message).toBe("Your withdrawal of GH₵300.00 was not sent after our security check: Looks unusual. The money is back in your wallet.");
    expect(noticesIn(server, "user_id = ?", u.id).at(-1)!.message).toContain("Looks unusual. The money is back in your wallet.");
    // Twi reads the same reason, ended the same way.
    expect((await call(u.api, "GET", `/api/v1/invest/withdrawals/${res.body.id}?lang=ak`)).body.message).toContain("Looks unusual. Sika no");
  });
});
