import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLogin, apiUser, call, Client, htmlText } from "./support/client";
import { startServer, TEST_ADMIN, type TestServer } from "./support/server";

let server: TestServer;
let adminApi: Client;
let adminPage: Client;
let investorApi: Client;
let investorPage: Client;

async function pageLogin(email: string, password: string) {
  const client = new Client(server.url);
  const res = await client.postForm("/login", { email, password, redirectTo: "/admin" });
  expect(res.status).toBe(302);
  return client;
}

beforeAll(async () => {
  server = await startServer();
  adminApi = await apiLogin(server.url, TEST_ADMIN.email, TEST_ADMIN.password);
  adminPage = await pageLogin(TEST_ADMIN.email, TEST_ADMIN.password);
  const u = await apiUser(server.url, "Akua Mensah");
  investorApi = u.client;
  investorPage = await pageLogin(u.email, u.password);
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
  const html = htmlText(await res.text());
  return { status: res.status, location, html };
}
/** After a redirect, the flash message the next page shows. */
async function flash(client: Client, path = "/admin") {
  return text(client, path);
}

const auditRows = () => server.db().prepare("select a.*, u.email from audit_log a left join users u on u.id = a.admin_id order by a.id").all() as Array<{ action: string; batch_id: number | null; farm_id: number | null; email: string; detail: string; created_at: string }>;
const lastAudit = () => auditRows().at(-1)!;
const count = (table: string) => (server.db().prepare(`select count(*) n from ${table}`).get() as { n: number }).n;

async function apiFarm(name = "Test Farm") {
  const r = await call(adminApi, "POST", "/api/v1/admin/farms", { name, location: "Sunyani, Bono", notes: "" });
  expect(r.status).toBe(201);
  return r.body.id as number;
}
async function apiBatch(fields: Record<string, unknown> = {}) {
  const farmId = await apiFarm();
  const r = await call(adminApi, "POST", "/api/v1/admin/batches", { farm_id: farmId, product_type: "CHICKEN", unit_price: 50, target_units: 1000, feed_price: 6, mortality_rate: 0.07, expected_roi: 0.12, id: 0, ...fields });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

describe("access: every admin page, form and API is for admins only (checked on the server)", () => {
  const pages = ["/admin", "/admin/exits", "/admin/messages", "/admin/content", "/admin/audit", "/admin/batches/1/logs"];

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
    const batchId = await apiBatch();
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
    const batchId = await apiBatch();
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
      ["GET", "/api/v1/admin/exits"],
      ["GET", "/api/v1/admin/contact-messages"],
      ["GET", "/api/v1/admin/audit"],
      ["GET", "/api/v1/admin/pages/how-it-works"],
      ["PUT", "/api/v1/admin/pages/how-it-works", { title: "Hacked" }],
      ["GET", "/api/v1/admin/invariants"],
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
