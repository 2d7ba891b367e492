/**
 * The admin pages in the pseudo-locale: the whole <main> of every admin page, its confirm steps
 * (reached by their no-JavaScript form posts), its filters and its flashes, with every word from
 * the catalog. Data stays data: names, emails, references, farm places, what admins typed, the audit
 * trail and what the outbox sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Client } from "./support/client";
import { createBatch, createFarm, createInvestor, createRemittance, signInAdmin, startInLay, type SignedIn } from "./support/factories";
import { wordsOutsideCatalog } from "./support/pseudo";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let admin: SignedIn;

beforeAll(async () => {
  server = await startServer({ PSEUDO_LOCALE: "true", KYC_PROVIDER: "manual" });
  admin = await signInAdmin(server);
  admin.page.setCookie("lang", "pseudo");
});

afterAll(async () => {
  await server?.stop();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(300, 7), Buffer.from([0xff, 0xd9])]);

/** What this test types into the forms. */
const TYPED = ["Hello", "Q?", "A.", "Wrong month"];

/** The texts of this database that are data, not words: names, places, emails, references, the models' own texts. */
function dataOf(): string[] {
  const db = server.db();
  const column = (sql: string) => (db.prepare(sql).all() as Array<{ v: string | null }>).map((r) => r.v).filter((v): v is string => Boolean(v));
  return [
    ...column("select name v from farms"),
    ...column("select location v from farms"),
    ...column("select full_name v from users"),
    ...column("select email v from users"),
    ...column("select action v from audit_log"),
    ...column("select detail v from audit_log"),
    ...column("select subject v from outbox"),
    ...column("select last_error v from outbox"),
    ...column("select kind v from outbox"),
    ...column("select recipient v from outbox"),
    ...column("select legal_name v from kyc_submissions"),
    ...column("select reason v from approvals"),
    ...column("select notes v from farm_logs"),
    ...column("select incident_description v from farm_logs"),
    ...column("select decision_reason v from kyc_submissions"),
    ...column("select body_md v from pages"),
    ...(db.prepare("select faqs_json v from pages").all() as Array<{ v: string }>).flatMap((r) =>
      (JSON.parse(r.v) as Array<{ question: string; answer: string }>).flatMap((f) => [f.question, f.answer]),
    ),
    ...TYPED,
    "demo", // the payment provider's name
  ].sort((a, b) => b.length - a.length); // the longest first: a farm's name inside an audit entry is taken out with its entry
}

async function mainOf(client: Client, path: string, init?: RequestInit): Promise<{ status: number; main: string }> {
  const res = await client.request(path, init);
  return { status: res.status, main: mainIn(await res.text()) };
}

/**
 * A page's <main>, without the outbox's message bodies (what was sent, each a stored notice) and
 * what a textarea holds (the How It Works text the admin edits): data here.
 */
const mainIn = (html: string) =>
  (/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "").replace(/<pre[^>]*data-testid="outbox-body"[\s\S]*?<\/pre>/g, "").replace(/(<textarea[^>]*>)[\s\S]*?<\/textarea>/g, "$1</textarea>");

/** A form post as a browser without JavaScript sends it; the answer page's <main> (a redirect is followed, with its flash). */
async function post(client: Client, path: string, fields: Record<string, string>): Promise<{ status: number; main: string }> {
  const res = await client.postForm(path, fields);
  if (res.status >= 300 && res.status < 400) return mainOf(client, res.headers.get("Location")!);
  return { status: res.status, main: mainIn(await res.text()) };
}

describe("the admin pages in the pseudo-locale", () => {
  it("bracket every word of each page's <main>, its confirm steps, filters and flashes", async () => {
    const db = server.db();
    // A farm, batches in each state, holders, a remittance, a daily log with a photo, an approval, a KYC submission.
    const farm = createFarm(server, { name: "Asante Layers", location: "Techiman, Bono East" });
    const open = createBatch(server, { farmId: farm.id, productType: "EGG" });
    const egg = createBatch(server, { farmId: farm.id, productType: "EGG", unitPrice: 100, expectedRoi: 0.01 });
    const chicken = createBatch(server, { farmId: farm.id, productType: "CHICKEN", unitPrice: 50 });
    createBatch(server, { farmId: farm.id, productType: "CHICKEN", status: "HARVESTED" });
    createBatch(server, { farmId: farm.id, productType: "EGG", status: "CLOSED" });
    const holder = await createInvestor(server, { walletGhs: 5000, fullName: "Abena Owusu" });
    for (const b of [egg, chicken]) expect((await call(holder.api, "POST", "/api/v1/invest/create", { batch_id: b.id, units: 5 })).status).toBe(201);
    for (const b of [egg, chicken]) expect((await call(admin.api, "POST", `/api/v1/admin/batches/${b.id}/activate`, {})).status).toBe(200);
    startInLay(server, egg.id); // its hens in lay: this month pays
    createRemittance(server, egg.id, { amountGhs: 1 }); // short: the confirm step offers the reserve
    const logForm = new FormData();
    for (const [k, v] of Object.entries({
      log_date: new Date().toISOString().slice(0, 10),
      birds_alive: "980",
      deaths: "2",
      feed_kg: "110",
      eggs_collected: "800",
      incident: "on",
      incident_description: "Heat",
    }))
      logForm.append(k, v);
    logForm.append("photos", new Blob([new Uint8Array(JPEG)], { type: "image/jpeg" }), "day.jpg");
    const logged = await admin.page.request(`/admin/batches/${egg.id}/logs`, { method: "POST", body: logForm, headers: { Origin: server.url } });
    expect(logged.status).toBe(302);

    // A KYC submission waiting for review.
    const applicant = await createInvestor(server, { tier: "REGISTERED", fullName: "Yaw Boateng" });
    db.prepare("update users set phone = ?, phone_verified_at = ? where id = ?").run("+233245550999", new Date().toISOString(), applicant.id);
    const kyc = new FormData();
    for (const [k, v] of Object.entries({ legal_name: "Yaw Boateng", date_of_birth: "1990-04-25", phone: "+233245550999", id_type: "GHANA_CARD", id_number: "GHA-123456789-1" })) kyc.append(k, v);
    kyc.append("id_front", new Blob([new Uint8Array(JPEG)], { type: "image/jpeg" }), "card.jpg");
    kyc.append("selfie", new Blob([new Uint8Array(JPEG)], { type: "image/jpeg" }), "me.jpg");
    expect((await applicant.api.request("/api/v1/kyc", { method: "POST", body: kyc })).status).toBe(201);

    const findings: string[] = [];
    const check = (what: string, { main }: { main: string }) => {
      expect(main, what).toContain("⟦");
      for (const word of wordsOutsideCatalog(main, dataOf())) findings.push(`${what}: ${word}`);
    };
    const page = async (path: string) => check(path, await mainOf(admin.page, path));

    // The dashboard's no-JavaScript answers: a simulation, the confirm steps, a form error; then the flashes.
    const row = (intent: string, batchId: number, extra: Record<string, string> = {}) => ({ intent, batch_id: String(batchId), idempotency_key: `k-${intent}-${batchId}`, ...extra });
    const simulated = await post(admin.page, "/admin?index", row("simulate", egg.id));
    expect(simulated.main).toContain('data-testid="simulation-funding"');
    check("simulate", simulated);
    for (const [what, fields] of [
      ["execute confirm (short: the reserve)", row("execute", egg.id)],
      ["execute confirm (chicken)", row("execute", chicken.id)],
      ["close confirm", row("close", egg.id)],
      ["delete confirm", row("delete", open.id)],
    ] as const) {
      const asked = await post(admin.page, "/admin?index", fields);
      expect(asked.main, what).toContain('data-testid="confirm-prompt"');
      check(what, asked);
    }
    check("reserve form error", await post(admin.page, "/admin?index", { intent: "fund_reserve", amount: "abc", source: "FEES" }));
    check("create farm flash", await post(admin.page, "/admin?index", { intent: "create_farm", name: "Upper West Broilers", location: "Wa", idempotency_key: "k-farm" }));
    check("fund reserve flash", await post(admin.page, "/admin?index", { intent: "fund_reserve", amount: "1", source: "EXTERNAL", idempotency_key: "k-reserve" }));
    const activateAsked = await post(admin.page, "/admin?index", row("activate", open.id));
    expect(activateAsked.main).toContain('data-testid="confirm-prompt"');
    check("activate confirm", activateAsked);
    check("activate flash", await post(admin.page, "/admin?index", row("activate", open.id, { confirmed: "1" })));

    // A second admin: a payout run waits on /admin/approvals.
    const second = await createInvestor(server, { fullName: "Esi Second" });
    db.prepare("update users set is_admin = true where id = ?").run(second.id);
    createRemittance(server, chicken.id);
    check("execute, sent for approval", await post(admin.page, "/admin?index", row("execute", chicken.id, { confirmed: "1" })));

    for (const path of [
      "/admin",
      "/admin/exits",
      "/admin/kyc",
      "/admin/kyc?status=APPROVED",
      "/admin/kyc?status=REJECTED",
      "/admin/payments",
      "/admin/payments?list=withdrawals",
      "/admin/payments?list=events",
      "/admin/payments?from=2026-02-30&to=soon",
      "/admin/payments/reconciliation",
      "/admin/payments/reconciliation?date=nope",
      "/admin/tax",
      "/admin/messages",
      "/admin/outbox",
      "/admin/outbox?status=failed",
      "/admin/content",
      "/admin/approvals",
      "/admin/audit",
      "/admin/audit?batch=abc",
      `/admin/audit?batch=${egg.id}`,
      `/admin/batches/${egg.id}/logs`,
      `/admin/batches/${chicken.id}/logs`,
      `/admin/batches/${egg.id}/remittances`,
      `/admin/batches/${chicken.id}/remittances`,
      `/admin/batches/${open.id}/remittances`,
      "/admin/batches/999999/logs",
    ])
      await page(path);

    // Forms with errors, and the flashes of the other pages.
    check("log form errors", await post(admin.page, `/admin/batches/${egg.id}/logs`, { log_date: "", birds_alive: "x" }));
    check("remittance form errors", await post(admin.page, `/admin/batches/${egg.id}/remittances`, { period: "nope", amount: "x", idempotency_key: "k-r1" }));
    const period = new Date().toISOString().slice(0, 7);
    check("remittance flash", await post(admin.page, `/admin/batches/${egg.id}/remittances`, { period, amount: "10", idempotency_key: "k-r2" }));
    check("content preview", await post(admin.page, "/admin/content", { intent: "preview", title: "How It Works", body_md: "Hello", faq_question: "Q?", faq_answer: "A." }));
    check("content flash", await post(admin.page, "/admin/content", { intent: "save", title: "How It Works", body_md: "Hello" }));
    check("outbox retry refused", await post(admin.page, "/admin/outbox", { id: "999999" }));
    const submission = (db.prepare("select id from kyc_submissions where status = 'PENDING' order by id desc").get() as { id: number }).id;
    check("kyc reject error", await post(admin.page, "/admin/kyc", { id: String(submission), intent: "reject", reason: "" }));
    check("kyc approve flash", await post(admin.page, "/admin/kyc", { id: String(submission), intent: "approve" }));
    const approval = (db.prepare("select id from approvals where status = 'PENDING' order by id desc").get() as { id: number }).id;
    check("approval reject error", await post(admin.page, "/admin/approvals", { id: String(approval), intent: "reject", reason: "" }));
    check("approval reject flash", await post(admin.page, "/admin/approvals", { id: String(approval), intent: "reject", reason: "Wrong month" }));
    await page("/admin/approvals");
    await page("/admin/kyc?status=APPROVED");
    check("tax payment error", await post(admin.page, "/admin/tax", { period: "2026-10", amount: "x", reference: "" }));

    expect([...new Set(findings)]).toEqual([]);
  });

  it("writes the tax report's CSV headers from the catalog", async () => {
    const res = await admin.page.request("/admin/tax.csv?month=2026-10");
    expect(res.status).toBe(200);
    const header = (await res.text()).split("\n")[0];
    expect(header).toContain("⟦");
    expect(header.replace(/⟦[^⟧]*⟧/g, "").replace(/[",\s]/g, "")).toBe("");
  });
});
