import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

type AuditTab = { page: Page; html: string };

/**
 * One audit tab per browser and viewport size, kept for the browser's life: a new context, a new tab
 * and axe-core's 500 KB read again for every page audited cost a second each (half of a journey's
 * time). The tab's requests for a page are answered with the HTML under audit, and axe-core is in
 * every page it loads.
 */
const auditTabs = new WeakMap<Browser, Map<string, Promise<AuditTab>>>();

async function auditTab(browser: Browser, viewport: { width: number; height: number }): Promise<AuditTab> {
  let bySize = auditTabs.get(browser);
  if (!bySize) auditTabs.set(browser, (bySize = new Map()));
  const key = `${viewport.width}x${viewport.height}`;
  let tab = bySize.get(key);
  // The browser outlives a test file (one a worker), the file's contexts do not: a tab closed with them is made again.
  if (tab && (await tab).page.isClosed()) tab = undefined;
  if (!tab) {
    tab = (async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: true });
      // axe-core is handed to the browser once and put in every page it loads from there.
      await context.addInitScript({ content: AXE_SOURCE });
      const page = await context.newPage();
      const state: AuditTab = { page, html: "" };
      await page.route("**/*", (route) => {
        const request = route.request();
        // The page's scripts must not run here. Refused by the page's CSP, they are not even asked
        // for: each of a page's twenty-odd modulepreload requests was otherwise stopped here one
        // by one (a quarter of the audit tab's load time). axe comes in by the init script, which
        // a page's CSP does not stop.
        if (request.resourceType() === "document")
          return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", headers: { "Content-Security-Policy": "script-src 'none'" }, body: state.html });
        if (request.resourceType() === "script") return route.abort();
        return route.continue();
      });
      return state;
    })();
    bySize.set(key, tab);
  }
  return tab;
}

/**
 * axe-core's serious and critical violations for what the page shows now. axe needs timers, which
 * a page without JavaScript does not run, so the page's current DOM is audited in a separate
 * JavaScript-enabled tab: same URL, same HTML and CSS, the app's own scripts blocked. Audits of one
 * browser take turns in its tab.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const html = await page.content();
  const url = page.url();
  const browser = page.context().browser();
  if (!browser) throw new Error("the page has no browser");
  const tab = await auditTab(browser, page.viewportSize() ?? { width: 360, height: 740 });
  const run = turns.get(tab) ?? Promise.resolve();
  const result = run.then(async () => {
    tab.html = html;
    if (new URL(tab.page.url()).origin === new URL(url).origin) await swapDocument(tab.page, html, url);
    else await tab.page.goto(url);
    return tab.page.evaluate(async () => {
      type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
      type Axe = { run: (context: Document, options: unknown) => Promise<Result>; _audit: { rules: Array<{ id: string; impact?: string }> } };
      const axe = (window as unknown as { axe: Axe }).axe;
      // axe gives a violation its rule's impact, so a rule that is only ever minor or moderate can
      // find nothing kept here: it is not run (a fifth of axe's time on these pages).
      const rules = Object.fromEntries(axe._audit.rules.filter((r) => r.impact === "minor" || r.impact === "moderate").map((r) => [r.id, { enabled: false }]));
      const result = await axe.run(document, { resultTypes: ["violations"], rules });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
    });
  });
  turns.set(
    tab,
    result.catch(() => undefined),
  );
  return (await result).filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * Puts the HTML under audit in place of the tab's document, at its URL, and waits for its
 * stylesheets and images, as a load would. A load of the same origin cost about 120 ms of the
 * browser's CPU an audit, most of it axe-core's 500 KB run again by the init script; the swap keeps
 * the axe already in the tab. The parsed page's scripts never run (a parsed document's scripts are
 * inert, and the tab's CSP refuses them), as in a load here.
 */
async function swapDocument(page: Page, html: string, url: string): Promise<void> {
  await page.evaluate(
    async ({ html, url }) => {
      const parsed = new DOMParser().parseFromString(html, "text/html");
      history.replaceState(null, "", url);
      document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
      const loaded = (el: HTMLElement) =>
        new Promise((resolve) => {
          el.addEventListener("load", resolve, { once: true });
          el.addEventListener("error", resolve, { once: true });
        });
      const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')].filter((link) => !link.sheet);
      const images = [...document.images].filter((img) => !img.complete);
      await Promise.all([...sheets, ...images].map(loaded));
    },
    { html, url },
  );
}

/** The audit running in each tab now, so the next one waits its turn. */
const turns = new WeakMap<AuditTab, Promise<unknown>>();
