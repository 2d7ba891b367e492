import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser";
import { abortedByNextLoad, collectPageErrors } from "../support/journey";

/**
 * What the browser tests count as a page's own error: everything it reports, except the abort of a
 * request the next load or tap cut short (Remix reports it as an unhandled AbortError).
 */
let browser: Browser;
let server: http.Server;
let base = "";
const PAGE = `<!doctype html><html lang="en"><head><title>Errors</title></head><body><main><h1>Errors</h1><script>
  Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
  setTimeout(() => { throw new Error("a real fault"); });
  console.error("AbortError: signal is aborted without reason");
  console.error("another fault");
</script></main></body></html>`;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
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
