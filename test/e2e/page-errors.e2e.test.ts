import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser";
import { abortedByNextLoad, collectPageErrors } from "../support/journey";
import { servePages } from "../support/page-server";

/**
 * What the browser tests count as a page's own error: everything it reports, except the abort of a
 * request the next load or tap cut short (Remix reports it as an unhandled AbortError).
 */
let browser: Browser;
let pages: Awaited<ReturnType<typeof servePages>>;
let base = "";
const PAGE = `<!doctype html><html lang="en"><head><title>Errors</title></head><body><main><h1>Errors</h1><script>
  Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
  setTimeout(() => { throw new Error("a real fault"); });
  console.error("AbortError: signal is aborted without reason");
  console.error("another fault");
</script></main></body></html>`;

beforeAll(async () => {
  pages = await servePages({ "/": PAGE });
  base = pages.url;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

it("keeps a page's faults and leaves out the aborts of requests cut short", async () => {
  const context = await phoneContext(browser, { javaScriptEnabled: true });
  const page = await context.newPage();
  const seen: Error[] = [];
  page.on("pageerror", (e) => seen.push(e));
  const errors: string[] = [];
  collectPageErrors(page, errors);
  await page.goto(base);
  await expect.poll(() => seen.length).toBe(2);
  expect(seen.map((e) => [e.message, abortedByNextLoad(e)]).sort()).toEqual([
    ["a real fault", false],
    ["signal is aborted without reason", true],
  ]);
  await expect.poll(() => errors.length).toBe(2);
  expect(errors.map((e) => e.slice(`${base}/: `.length)).sort()).toEqual(["a real fault", "another fault"]);
  await context.close();
});
