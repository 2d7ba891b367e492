// Issue 29 points 13 and 15 over HTTP (no JavaScript): /kyc for a visitor, the FAQ's documents,
// and the admin dashboard's confirmations (Delete only without investments, Activate names the
// escrow, a short payout run is confirmed once, a harvest before its window warns).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, createRemittance, serverNow, signInAdmin } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let adminApi: Client;
let adminPage: Client;

beforeAll(async () => {
  server = await startServer();
  ({ api: adminApi, page: adminPage } = await signInAdmin(server));
});
afterAll(async () => {
  await server?.stop();
});

async function post(client: Client, path: string, fields: Record<string, string | number>) {
  const res = await client.postForm(path, fields);
  const raw = await res.text();
  return { status: res.status, location: res.headers.get("Location"), raw, html: htmlText(raw) };
}

/** The hidden fields of the confirm step's form, as its Confirm button would send them. */
function confirmFields(raw: string): Record<string, string> {
  const dialog = raw.slice(raw.indexOf('data-testid="confirm-prompt"'));
  const form = dialog.slice(0, dialog.indexOf("</form>"));
  return Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}
/** Whether the confirm step offers a Confirm button. */
const offersConfirm = (raw: string) => /<button[^>]*type="submit"[^>]*>Confirm<\/button>/.test(raw.slice(raw.indexOf('data-testid="confirm-prompt"')));

const batchStatus = (id: number) => (server.db().prepare("select status from batches where id = ?").get(id) as { status: string }).status;
const balanceOf = (kind: string, batchId: number) =>
  (server.db().prepare("select coalesce(sum(balance_minor), 0) b from accounts where kind = ? and batch_id = ?").get(kind, batchId) as { b: number }).b;
const reserve = () => (server.db().prepare("select coalesce(sum(balance_minor), 0) b from accounts where kind = 'PLATFORM_RESERVE'").get() as { b: number }).b;

async function investIn(batchId: number, units: number) {
  const u = await createInvestor(server, { walletGhs: 10_000 });
  expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batchId, units })).status).toBe(201);
  return u;
}

/** The row of a batch in the dashboard's table. */
async function dashboardRow(batchId: number) {
  const raw = await (await adminPage.get("/admin")).text();
  const start = raw.indexOf(`id="batch-${batchId}"`);
  return raw.slice(start, raw.indexOf("</tr>", start));
}

describe("the admin dashboard's confirmations (issue 29 point 15)", () => {
  it("offers Delete only for a batch nobody invested in; the API still refuses the other (409)", async () => {
    const empty = createBatch(server, { productType: "CHICKEN" });
    const held = createBatch(server, { productType: "CHICKEN", unitPrice: 20 });
    await investIn(held.id, 2);
    expect(await dashboardRow(empty.id)).toContain('value="delete"');
    expect(await dashboardRow(held.id)).not.toContain('value="delete"');
    expect(await dashboardRow(held.id)).toContain('value="activate"');
    expect(await call(adminApi, "DELETE", `/api/v1/admin/batches/${held.id}`)).toEqual({ status: 409, body: { detail: "This batch has investments and cannot be deleted." } });
  });

  it("asks before Activate, naming the escrow the ledger holds; Confirm moves it, a refused batch is refused before the question", async () => {
    const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 20 });
    await investIn(batch.id, 10); // GHS 200 in escrow
    const ask = await post(adminPage, "/admin?index", { intent: "activate", batch_id: batch.id, idempotency_key: `activate-${batch.id}` });
    expect(ask.status).toBe(200);
    expect(ask.raw).toContain(`data-testid="confirm-prompt">Activate Batch #${batch.id}?<`);
    expect(ask.html).toMatch(/The GH₵\s?200\.00 held in escrow for it moves to the farm\./);
    expect(offersConfirm(ask.raw)).toBe(true);
    expect(batchStatus(batch.id)).toBe("OPEN");
    expect(balanceOf("ESCROW", batch.id)).toBe(20_000);

    const done = await post(adminPage, "/admin?index", confirmFields(ask.raw));
    expect(done.status).toBe(302);
    expect(await (await adminPage.get("/admin")).text()).toContain("Batch activated.");
    expect(batchStatus(batch.id)).toBe("ACTIVE");
    expect(balanceOf("ESCROW", batch.id)).toBe(0);
    expect(balanceOf("FARM", batch.id)).toBe(20_000);

    const again = await post(adminPage, "/admin?index", { intent: "activate", batch_id: batch.id });
    expect(again.status).toBe(409);
    expect(again.raw).not.toContain('data-testid="confirm-prompt"');
    expect(again.html).toContain(`Only an open batch can be activated; Batch #${batch.id} is ACTIVE.`);
  });

  it("confirms a short run once: Confirm draws the shortfall the reserve covers; with too small a reserve it offers no Confirm", async () => {
    const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 1_000, expectedRoi: 0.12, startDate: null });
    await investIn(batch.id, 10); // GHS 10,000 -> harvest GHS 11,200
    expect((await call(adminApi, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);
    createRemittance(server, batch.id, { amountGhs: 500 }); // GHS 10,700 short

    // The reserve holds less than the shortfall: the run cannot go ahead, so the step offers Cancel only.
    expect(reserve()).toBeLessThan(1_070_000);
    const short = await post(adminPage, "/admin?index", { intent: "execute", batch_id: batch.id });
    expect(short.status).toBe(200);
    expect(short.raw).toContain('data-testid="confirm-prompt">Execute real payouts?<');
    expect(short.html).toContain("record the farm's remittance or fund the reserve first.");
    expect(offersConfirm(short.raw)).toBe(false);
    expect(short.html).toContain("Cancel");

    expect((await call(adminApi, "POST", "/api/v1/admin/reserve", { amount: 11_000, source: "EXTERNAL" })).status).toBe(200);
    const ask = await post(adminPage, "/admin?index", { intent: "execute", batch_id: batch.id, idempotency_key: `short-${batch.id}` });
    expect(ask.html).toMatch(/The batch holds GH₵\s?500\.00 for investors: GH₵\s?10,700\.00 short\./);
    expect(ask.html).toMatch(/Confirm draws GH₵\s?10,700\.00 from the platform reserve/);
    expect(offersConfirm(ask.raw)).toBe(true);
    expect(batchStatus(batch.id)).toBe("ACTIVE");
    // One Confirm pays: the form carries the draw.
    const done = await post(adminPage, "/admin?index", confirmFields(ask.raw));
    expect(done.status).toBe(302);
    expect(await (await adminPage.get("/admin")).text()).toMatch(
      new RegExp(`Payouts executed for Batch #${batch.id}: 1 paid, GH₵\\s?11,200\\.00 in total\\. \\(GH₵\\s?10,700\\.00 from the reserve\\)`),
    );
    expect(batchStatus(batch.id)).toBe("HARVESTED");
  });

  it("warns when a harvest is paid before its window, naming the window", async () => {
    const day = (offset: number) => new Date(serverNow(server).getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const early = createBatch(server, { productType: "CHICKEN", status: "ACTIVE", startDate: day(-10) });
    createRemittance(server, early.id);
    const ask = await post(adminPage, "/admin?index", { intent: "execute", batch_id: early.id });
    expect(ask.status).toBe(200);
    expect(ask.raw).toContain('data-testid="confirm-warning"');
    expect(ask.html).toContain(`the harvest window is ${day(32)} to ${day(46)}, and today is before it.`);

    const due = createBatch(server, { productType: "CHICKEN", status: "ACTIVE", startDate: day(-45) });
    createRemittance(server, due.id);
    const inWindow = await post(adminPage, "/admin?index", { intent: "execute", batch_id: due.id });
    expect(inWindow.raw).toContain('data-testid="confirm-prompt"');
    expect(inWindow.raw).not.toContain('data-testid="confirm-warning"');
  });
});

describe("/kyc is public (issue 29 point 13)", () => {
  it("shows a visitor what the form needs and why, with a login that comes back; a visitor's POST goes to the login", async () => {
    const anon = new Client(server.url);
    const res = await anon.get("/kyc");
    expect(res.status).toBe(200);
    const raw = await res.text();
    const main = htmlText(raw.slice(raw.indexOf("<main"), raw.indexOf("</main>")));
    expect(raw).toContain('data-testid="kyc-requirements"');
    for (const words of [
      "Verify your identity",
      "before raising deposit limits and allowing withdrawals",
      "ID type",
      "Ghana Card",
      "ECOWAS passport",
      "ID number",
      "Photo of the front of your ID",
      "Selfie",
      "Proof of address",
      "Tiers and their limits",
    ])
      expect(main, words).toContain(words);
    expect(raw).toMatch(/href="\/login\?redirectTo=%2Fkyc"[^>]*>Log in to send your documents</);
    expect(raw).not.toContain('name="id_number"');

    const before = server.db().prepare("select count(*) n from kyc_submissions").get();
    const post = await anon.postForm("/kyc", { legal_name: "Ama Owusu", date_of_birth: "1990-04-25", phone: "0241234567", id_type: "GHANA_CARD", id_number: "GHA-123456789-0" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/login?redirectTo=%2Fkyc");
    expect(server.db().prepare("select count(*) n from kyc_submissions").get()).toEqual(before);
  });

  it("the FAQ's accepted documents are exactly the form's ID types", async () => {
    const investor = await createInvestor(server, { tier: "REGISTERED" });
    const form = await (await investor.page.get("/kyc")).text();
    const select = form.slice(form.indexOf('name="id_type"'), form.indexOf("</select>", form.indexOf('name="id_type"')));
    const idTypes = [...select.matchAll(/<option[^>]*>([^<]+)<\/option>/g)].map((m) => m[1]);
    expect(idTypes).toEqual(["Ghana Card", "ECOWAS passport"]);

    const faqPage = await (await new Client(server.url).get("/faq")).text();
    const faq = htmlText(faqPage.slice(faqPage.indexOf("<main"), faqPage.indexOf("</main>")));
    const question = "What do I need to verify my identity (KYC)?";
    const answer = faq.slice(faq.indexOf(question) + question.length, faq.indexOf("How long does verification take?"));
    for (const idType of idTypes) expect(answer, idType).toContain(idType);
    // No other document is named as an ID: what is left once the form's ID types are taken out.
    const rest = idTypes.reduce((text, idType) => text.replaceAll(idType, ""), answer);
    expect(rest).not.toMatch(/passport|voter|driver|licen[cs]e|national id|residence permit|Ghana Card/i);
  });
});
