import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { seriousViolations } from "./axe";
import { screenshot, SCREENSHOT_DIR } from "./browser";

/** Where the journey screenshots go: `<journey>-<js|nojs>-<nn>-<step>.png` (docs/testing.md). */
export const JOURNEY_SCREENSHOT_DIR = path.join(SCREENSHOT_DIR, "journeys");

/**
 * Numbered screenshots of one journey run (whoever's page it is), at the viewport's size
 * (360 x 740), as the person sees it; `focus` is scrolled into view first.
 */
export function screenshots(journey: string, tag: string) {
  fs.mkdirSync(JOURNEY_SCREENSHOT_DIR, { recursive: true });
  let n = 0;
  return async (page: Page, step: string, focus?: Locator) => {
    n += 1;
    if (focus) await focus.first().scrollIntoViewIfNeeded();
    await screenshot(page, `journeys/${journey}-${tag}-${String(n).padStart(2, "0")}-${step}.png`);
  };
}

/**
 * With JavaScript, waits until React has hydrated the page (the root layout marks <html
 * data-hydrated> in its first effect): an event, not a quiet-network timer.
 */
export async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Form fields (not hidden, not buttons) with no label: no <label for>, no aria-label, no aria-labelledby. */
export function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("input, select, textarea")]
      .filter((el) => {
        const field = el as HTMLInputElement;
        if (["hidden", "submit", "button", "reset", "image"].includes(field.type)) return false;
        return !(field.labels?.length || field.getAttribute("aria-label")?.trim() || field.getAttribute("aria-labelledby"));
      })
      .map((el) => el.outerHTML.slice(0, 160)),
  );
}

/**
 * Audits what the page shows now: axe-core's serious and critical violations and unlabelled form
 * fields, each finding prefixed with the page's name; the page's path is added to `visited`.
 */
export async function auditPage(page: Page, name: string, findings: string[], visited?: Set<string>) {
  visited?.add(new URL(page.url()).pathname);
  const [violations, unlabelled] = await Promise.all([seriousViolations(page), unlabelledFields(page)]);
  for (const v of violations) findings.push(`${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.join(" ")}`);
  for (const field of unlabelled) findings.push(`${name}: a form field without a label: ${field}`);
}

/** Presses Tab until the focused element matches `selector` (keyboard only, no clicks). */
export async function tabTo(page: Page, selector: string, max = 150) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector} on ${page.url()}`);
}

/**
 * A client navigation or revalidation still in flight when the test loads or clicks on to the next
 * page is aborted by the browser (as when a person taps another link): Remix reports the abort,
 * which is no fault of the page. `error`: a page error, or a console message's text.
 */
export function abortedByNextLoad(error: Error | string): boolean {
  const texts = typeof error === "string" ? [error] : [`${error.name}: ${error.message}`, error.message];
  return texts.some((text) => /^AbortError: signal is aborted without reason/.test(text));
}

/**
 * Script errors, hydration mismatches and CSP violations the page reports (with JavaScript);
 * the 4xx answers the bad paths ask for on purpose are not errors.
 */
export function collectPageErrors(page: Page, errors: string[]) {
  page.on("pageerror", (e) => {
    if (!abortedByNextLoad(e)) errors.push(`${page.url()}: ${e.message}`);
  });
  page.on("console", (m) => {
    if (m.type() !== "error" || abortedByNextLoad(m.text())) return;
    if (!/^Failed to load resource: the server responded with a status of (400|403|409|422)/.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
  });
}
