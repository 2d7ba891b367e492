/**
 * Refusals in the reader's language: with PSEUDO_LOCALE=true and the pseudo cookie, a page's refusal
 * (a broken rule, a form rule, a 404) and an API's `{"detail"}` come out bracketed, no English left.
 * JavaScript off: plain HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client } from "./support/client";
import { createBatch, createInvestor, signInAdmin, type Investor, type SignedIn } from "./support/factories";
import { translate } from "~/catalog/index.server";
import { wordsOutsideCatalog } from "./support/pseudo";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let investor: Investor;
let admin: SignedIn;

beforeAll(async () => {
  server = await startServer({ PSEUDO_LOCALE: "true" });
  investor = await createInvestor(server, { walletGhs: 1000 });
  admin = await signInAdmin(server);
  for (const client of [investor.page, investor.api, admin.page, admin.api]) client.setCookie("lang", "pseudo");
});

afterAll(async () => {
  await server?.stop();
});

const mainOf = (html: string) => /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";

/** The farms' names and places and people's names on these pages: data, not words. */
function pageData(): string[] {
  const db = server.db();
  const rows = (sql: string) => (db.prepare(sql).all() as Array<Record<string, string | null>>).flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === "string" && v !== "");
  return [...rows("select name, location from farms"), ...rows("select full_name, email from users")].sort((a, b) => b.length - a.length);
}

/** A page answer's <main>: it shows `refusal` (in the pseudo-locale) and holds no word outside the catalog. */
async function expectPseudoPage(res: Response, refusal: string) {
  const main = mainOf(await res.text());
  expect(main).toContain(refusal.replace(/'/g, "&#x27;"));
  expect(wordsOutsideCatalog(main, pageData())).toEqual([]);
}

/** An API answer's detail: bracketed, with nothing outside the brackets but data. */
function expectPseudoDetail(answer: { status: number; body: { detail?: unknown } }, status: number, refusal?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const detail = String(answer.body.detail);
  expect(detail).toMatch(/^⟦[\s\S]*⟧$/);
  expect(wordsOutsideCatalog(detail)).toEqual([]);
  if (refusal) expect(detail).toBe(refusal);
}

describe("a page's refusals in the pseudo-locale", () => {
  it("a broken rule: investing more units than are left", async () => {
    const batch = createBatch(server, { productType: "EGG", targetUnits: 3 });
    const res = await investor.page.postForm(`/invest/eggs?dialog=invest&batch=${batch.id}`, { intent: "invest", batch_id: batch.id, units: 5, terms: "on" });
    expect(res.status).toBe(400);
    await expectPseudoPage(res, translate("pseudo", "rules.tooMany.EGG"));
  });

  it("a form rule: a farm without a name, a batch without a farm", async () => {
    const farm = await admin.page.postForm("/admin?index", { intent: "create_farm", name: "", location: "Techiman" });
    expect(farm.status).toBe(400);
    await expectPseudoPage(farm, translate("pseudo", "rules.farmNameRequired"));
    const batch = await admin.page.postForm("/admin?index", {
      intent: "create_batch",
      farm_id: "",
      product_type: "EGG",
      unit_price: "100",
      target_units: "100",
      mortality_rate: "0.05",
      expected_roi: "0.01",
    });
    expect(batch.status).toBe(400);
    await expectPseudoPage(batch, translate("pseudo", "rules.selectFarm"));
  });

  it("a 404: a batch, an investment, a receipt that are not there", async () => {
    for (const [path, refusal] of [
      ["/batches/999999", "rules.batchNotFound"],
      ["/portfolio?dialog=details&id=999999", "rules.investmentNotFound"],
      ["/portfolio/investments/999999/receipt", "rules.investmentNotFound"],
    ] as const) {
      const res = await investor.page.request(path);
      expect(res.status, path).toBe(404);
      await expectPseudoPage(res, translate("pseudo", refusal));
    }
  });
});

describe("the API's details in the pseudo-locale", () => {
  it("a command's refusal: investing 0 units, or more than are left", async () => {
    const batch = createBatch(server, { productType: "EGG", targetUnits: 3 });
    expectPseudoDetail(await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 0 }), 422, translate("pseudo", "rules.unitsPositive.EGG"));
    expectPseudoDetail(await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 }), 409, translate("pseudo", "rules.tooMany.EGG"));
    expectPseudoDetail(await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: 999999, units: 1 }), 404, translate("pseudo", "rules.batchNotFound"));
  });

  it("a form rule's 422: a farm without a name", async () => {
    expectPseudoDetail(await call(admin.api, "POST", "/api/v1/admin/farms", { name: "", location: "Techiman" }), 422, translate("pseudo", "rules.farmNameRequired"));
  });

  it("the doors' own refusals: no sign-in, a wrong method, bad JSON, no such route", async () => {
    const visitor = new Client(server.url);
    visitor.setCookie("lang", "pseudo");
    expectPseudoDetail(await call(visitor, "GET", "/api/v1/invest/my"), 401);
    expectPseudoDetail(await call(investor.api, "GET", "/api/v1/invest/create"), 405);
    expectPseudoDetail(await call(investor.api, "DELETE", "/api/v1/invest/my"), 405);
    const badJson = await investor.api.request("/api/v1/invest/create", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } });
    expectPseudoDetail({ status: badJson.status, body: await badJson.json() }, 400);
    expectPseudoDetail(await call(investor.api, "GET", "/api/v1/no-such-route"), 404);
  });

  it("what went through: a batch deleted, a session logged out", async () => {
    const batch = createBatch(server, { productType: "EGG" });
    expectPseudoDetail(await call(admin.api, "DELETE", `/api/v1/admin/batches/${batch.id}`), 200, translate("pseudo", "api.batchDeleted"));
    const leaving = await createInvestor(server);
    leaving.api.setCookie("lang", "pseudo");
    expectPseudoDetail(await call(leaving.api, "POST", "/api/v1/auth/logout"), 200, translate("pseudo", "api.loggedOut"));
  });

  it("asked with ?lang=pseudo too; English stays the default", async () => {
    const english = new Client(server.url);
    english.bearer = investor.token;
    expect((await call(english, "POST", "/api/v1/invest/create", { batch_id: 999999, units: 1 })).body).toEqual({ detail: "Batch not found." });
    expectPseudoDetail(await call(english, "POST", "/api/v1/invest/create?lang=pseudo", { batch_id: 999999, units: 1 }), 404, translate("pseudo", "rules.batchNotFound"));
  });
});
