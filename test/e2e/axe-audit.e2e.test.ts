import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { launchBrowser, NO_JAVASCRIPT, phoneContext, WITH_JAVASCRIPT } from "../support/browser";
import { servePages } from "../support/page-server";

/**
 * The accessibility audit the journeys run on every page finds what it must, in pages with and
 * without JavaScript, and audits after audits in its one kept tab see each page's own HTML, as the
 * page's scripts left it (or, without JavaScript, as served: its scripts never run).
 */
let browser: Browser;
let pages: Awaited<ReturnType<typeof servePages>>;
let base = "";
const PAGES: Record<string, string> = {
  "/good": `<!doctype html><html lang="en"><head><title>Good</title></head><body><main><h1>Fine</h1><button>Save</button></main></body></html>`,
  "/bad": `<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><h1>Broken</h1><button></button><img src="/x.png"></main></body></html>`,
  // Its script, when it runs, leaves the button without a name.
  // Its text is too faint only once its stylesheet has loaded.
  "/faint": `<!doctype html><html lang="en"><head><title>Faint</title><link rel="stylesheet" href="/faint.css"></head><body><main><h1>Faint</h1><p>Hard to read</p></main></body></html>`,
  "/faint.css": `p { color: #c8c8c8; background: #ffffff; }`,
  "/scripted": `<!doctype html><html lang="en"><head><title>Scripted</title></head><body><main><h1>Named in the HTML</h1><button id="b">Save</button><script>document.getElementById("b").textContent = "";</script></main></body></html>`,
};

beforeAll(async () => {
  pages = await servePages(PAGES);
  base = pages.url;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

describe("seriousViolations", () => {
  for (const mode of [NO_JAVASCRIPT, WITH_JAVASCRIPT]) {
    it(`finds a nameless button and an image without alt text ${mode.label}, and nothing on a sound page`, async () => {
      const context = await phoneContext(browser, mode);
      const page = await context.newPage();
      await page.goto(`${base}/bad`);
      expect((await seriousViolations(page)).map((v) => v.id).sort()).toEqual(["button-name", "image-alt"]);
      await page.goto(`${base}/good`);
      expect(await seriousViolations(page)).toEqual([]);
      // What the page shows now, not what its URL served: a change made in the page is audited.
      await page.setContent(PAGES["/bad"].replace("<button></button>", "<button>Named</button>"));
      expect((await seriousViolations(page)).map((v) => v.id)).toEqual(["image-alt"]);
      // A page audited after others in the same tab is audited with its own stylesheet loaded.
      await page.goto(`${base}/faint`);
      expect((await seriousViolations(page)).map((v) => v.id)).toEqual(["color-contrast"]);
      await page.goto(`${base}/good`);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`audits the page as its own scripts left it ${mode.label}: they do not run again in the audit`, async () => {
      const context = await phoneContext(browser, mode);
      const page = await context.newPage();
      await page.goto(`${base}/scripted`);
      expect((await seriousViolations(page)).map((v) => v.id)).toEqual(mode.javaScriptEnabled ? ["button-name"] : []);
      await context.close();
    });
  }
});
