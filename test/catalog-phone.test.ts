/**
 * Issue 29 points 12, 13 and 15 in the pseudo-locale: the folded filters of the list pages, the
 * visitor's /kyc, and the dashboard's confirm steps (Activate with its escrow, a run the reserve
 * cannot cover, a harvest before its window) render every word from the catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client } from "./support/client";
import { createBatch, createInvestor, createRemittance, serverNow, signInAdmin, type SignedIn } from "./support/factories";
import { wordsOutsideCatalog } from "./support/pseudo";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let admin: SignedIn;

beforeAll(async () => {
  server = await startServer({ PSEUDO_LOCALE: "true" });
  admin = await signInAdmin(server);
  admin.page.setCookie("lang", "pseudo");
});
afterAll(async () => {
  await server?.stop();
});

/** Data, not words: farms' names and places, people's names. */
function dataOf(): string[] {
  const rows = (sql: string) => (server.db().prepare(sql).all() as Array<Record<string, string | null>>).flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === "string" && v !== "");
  return [...rows("select name, location from farms"), ...rows("select full_name from users"), "YYYY-MM-DD"];
}

const mainIn = (html: string) => /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";

describe("issue 29's pages in the pseudo-locale", () => {
  it("bracket every word of the folded filters, the visitor's /kyc and the dashboard's confirm steps", async () => {
    const findings: string[] = [];
    const check = (what: string, html: string) => {
      const main = mainIn(html);
      expect(main, what).toContain("⟦");
      for (const word of wordsOutsideCatalog(main, dataOf())) findings.push(`${what}: ${word}`);
    };
    const visitor = new Client(server.url);
    visitor.setCookie("lang", "pseudo");
    for (const path of ["/kyc", "/invest/eggs", "/invest/eggs?status=OPEN", "/invest/chicken?q=zzz"]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(200);
      check(path, await res.text());
    }

    const day = (offset: number) => new Date(serverNow(server).getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const investor = await createInvestor(server, { walletGhs: 20_000 });
    const open = createBatch(server, { productType: "CHICKEN", unitPrice: 20 });
    const big = createBatch(server, { productType: "CHICKEN", unitPrice: 1_000 });
    for (const b of [open, big]) expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: b.id, units: 10 })).status).toBe(201);
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${big.id}/activate`)).status).toBe(200);
    createRemittance(server, big.id, { amountGhs: 1 }); // short by more than the reserve holds
    const early = createBatch(server, { productType: "CHICKEN", status: "ACTIVE", startDate: day(-10) });
    createRemittance(server, early.id);
    for (const [what, fields] of [
      ["activate confirm", { intent: "activate", batch_id: String(open.id) }],
      ["execute confirm, reserve short", { intent: "execute", batch_id: String(big.id) }],
      ["execute confirm, before the harvest window", { intent: "execute", batch_id: String(early.id) }],
    ] as const) {
      const res = await admin.page.postForm("/admin?index", fields);
      const html = await res.text();
      expect(html, what).toContain('data-testid="confirm-prompt"');
      check(what, html);
    }
    expect(findings).toEqual([]);
  });
});
