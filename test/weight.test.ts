// The weight budget (docs/rules.md#weight-budgets), page by page: HTML + CSS <= 40 KB gzipped, JavaScript <= 120 KB
// gzipped, images <= 30 KB each, no web fonts. The same measurement as `npm run weight`.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureSite, PUBLIC_PAGES, SIGNED_IN_PAGES } from "../scripts/lib/page-weight.js";
import { launchBrowser } from "./support/browser";
import { startServer, TEST_ADMIN, TEST_INVESTOR, type TestServer } from "./support/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("page weight", () => {
  it("every public page, both invest pages, a batch page, the portfolio, /kyc and the admin dashboard fit the budget, in English and in Twi", async () => {
    const { rows, skipped } = await measureSite({ baseUrl: server.url, browser, investor: TEST_INVESTOR, admin: TEST_ADMIN });
    const measured = rows.map((r) => r.page);
    expect(measured).toEqual(expect.arrayContaining([...PUBLIC_PAGES, ...SIGNED_IN_PAGES, "/admin"]));
    // Twi's longer words on the pages an investor reads.
    expect(measured).toEqual(expect.arrayContaining(["/ (ak)", "/invest/eggs (ak)", "/invest/chicken (ak)", "/portfolio (ak)", "/kyc (ak)"]));
    expect(measured.some((p) => /^\/batches\/\d+ \(ak\)$/.test(p))).toBe(true);
    const home = (page: string) => rows.find((r) => r.page === page)!.resources.find((r: { kind: string }) => r.kind === "html").rawBytes;
    expect(home("/ (ak)"), "Home in Twi is another document than in English").not.toBe(home("/"));
    expect(
      measured.some((p) => /^\/batches\/\d+$/.test(p)),
      `a batch page (not measured: ${skipped.join(", ")})`,
    ).toBe(true);
    const over = rows.filter((r) => r.problems.length > 0).map((r) => `${r.page}: ${r.problems.join("; ")}`);
    expect(over, `over budget (not measured: ${skipped.join(", ") || "none"})`).toEqual([]);
    // A page that loads no JavaScript or CSS at all would mean the measurement missed it.
    for (const r of rows) expect(r.cssBytes * r.jsBytes, r.page).toBeGreaterThan(0);
  }, 60_000);
});
