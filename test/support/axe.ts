import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * axe-core's serious and critical violations for what the page shows now. axe needs timers, which
 * a page without JavaScript does not run, so the page's current DOM is audited in a separate
 * JavaScript-enabled tab: same URL, same HTML and CSS, the app's own scripts blocked.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const html = await page.content();
  const url = page.url();
  const browser = page.context().browser();
  if (!browser) throw new Error("the page has no browser");
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 360, height: 740 }, javaScriptEnabled: true });
  try {
    const audit = await context.newPage();
    await audit.route("**/*", (route) => {
      const request = route.request();
      if (request.resourceType() === "document") return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
      if (request.resourceType() === "script") return route.abort();
      return route.continue();
    });
    await audit.goto(url);
    await audit.addScriptTag({ content: AXE_SOURCE });
    const violations = await audit.evaluate(async () => {
      type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
      const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<Result> } }).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
    });
    return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  } finally {
    await context.close();
  }
}
