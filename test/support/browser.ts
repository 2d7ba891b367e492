import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchChromium } from "../../scripts/lib/chromium.js";

let shared: Promise<Browser> | undefined;

/**
 * Debian's Chromium, headless (its headless shell when installed: scripts/lib/chromium.js), with the
 * flags this closed network needs. One browser a test worker: the files a worker runs share its
 * process (vitest's `isolate: false`), and each works in contexts of its own, so the launch (about
 * half a second of CPU) is paid once. A file's `browser.close()` closes the contexts still open,
 * not the browser, which playwright closes when the worker's process exits.
 */
export async function launchBrowser(): Promise<Browser> {
  const current = shared && (await shared);
  if (current?.isConnected()) return current;
  shared = launchChromium().then((browser) => {
    browser.close = async () => {
      await Promise.all(browser.contexts().map((context) => context.close()));
    };
    return browser;
  });
  return shared;
}

/** A browser mode a journey runs in; every journey runs in both. */
export type BrowserMode = { javaScriptEnabled: boolean; label: string; tag: "nojs" | "js" };
export const NO_JAVASCRIPT: BrowserMode = { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" };
export const WITH_JAVASCRIPT: BrowserMode = { javaScriptEnabled: true, label: "with JavaScript", tag: "js" };

/** A phone-sized context (360 x 740), with JavaScript on or off. */
export function phoneContext(browser: Browser, { javaScriptEnabled }: { javaScriptEnabled: boolean }): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../test-results/screenshots");

/**
 * A picture of what the page shows, for people to look at (docs/testing.md), at `file` inside
 * SCREENSHOT_DIR. No test reads them: with SCREENSHOTS=off (CI, whose clone is thrown away) none is
 * taken, about 12 s of the browser's CPU a run.
 */
export async function screenshot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.SCREENSHOTS === "off") return;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), ...options });
}

/**
 * Waits until the locator is visible, and fails if it never is. Locator.isVisible() does not wait,
 * so after a client-side navigation it can read the old page; this is the one way tests here check.
 */
export async function expectVisible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: "visible", timeout });
}

/**
 * Types units into an invest or early-exit dialog. Without JavaScript its figures follow the units
 * only through "Check the cost", and the dialog acts on no units whose figures it has not shown: so
 * that button is pressed, as an investor without JavaScript does. With JavaScript the figures
 * follow the typing. `words`: the field's label and the button's name in another language.
 */
export async function typeUnits(page: Page, dialog: Locator, units: string, javaScriptEnabled: boolean, words?: { units: string; checkCost: string }): Promise<void> {
  await dialog.getByLabel(words?.units ?? "Units", { exact: words !== undefined }).fill(units);
  if (javaScriptEnabled) return;
  await dialog.getByRole("button", { name: words?.checkCost ?? "Check the cost" }).click();
  await page.waitForURL((url) => url.searchParams.get("units") === units);
}

/**
 * Boxes inside `scope` (a CSS selector) whose content is wider than the box at the page's size: a
 * table that needs a sideways scroll inside its own box, or text that spills past its card's edge.
 * Only the innermost such box is named (its ancestors overflow because of it). Screen-reader-only
 * text (a 1 px box) and form fields (which scroll their own value) are not boxes here.
 */
export function widerThanTheirBoxes(page: Page, scope = "main"): Promise<string[]> {
  return page.evaluate((selector) => {
    const fields = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);
    const wide = [...document.querySelectorAll<HTMLElement>(selector)]
      .flatMap((root) => [root, ...root.querySelectorAll<HTMLElement>("*")])
      .filter((el) => !fields.has(el.tagName) && el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1 && el.checkVisibility());
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.getAttribute("aria-label") ? `[${el.getAttribute("aria-label")}]` : ""} "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50)}"`;
    return wide.filter((el) => !wide.some((other) => other !== el && el.contains(other))).map((el) => `${name(el)}: ${el.scrollWidth} px of content in ${el.clientWidth}`);
  }, scope);
}

/** What `thumbTargets` found inside its scope. */
export type ThumbAudit = { failures: string[]; count: number; minHeight: number };

/**
 * What a thumb taps inside `scope` (a CSS selector), held to 44 px (docs/rules.md#weight-budgets):
 * a text field, select or file input at least 44 px high; a disclosure (`<summary>`) at least
 * 44 x 44; a checkbox or radio inside its label, so a tap anywhere on its row ticks it, and that
 * label at least 44 x 44. Hidden, screen-reader-only (1 px) and disabled controls are not targets.
 */
export function thumbTargets(page: Page, scope = "body"): Promise<ThumbAudit> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    const fields = "input:not([type=hidden],[type=checkbox],[type=radio],[type=submit],[type=button],[type=image],[type=range]), select, textarea";
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    const size = (r: DOMRect) => `${Math.round(r.width)} x ${Math.round(r.height)}`;
    const failures: string[] = [];
    const heights: number[] = [];
    for (const el of root.querySelectorAll<HTMLElement>(`${fields}, summary, input[type=checkbox], input[type=radio]`)) {
      const r = el.getBoundingClientRect();
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || r.width <= 1 || r.height <= 1 || el.matches(":disabled")) continue;
      if (el.matches(fields)) {
        heights.push(r.height);
        if (r.height < 44) failures.push(`${name(el)} is ${size(r)}: under 44 px high`);
      } else if (el.tagName === "SUMMARY") {
        heights.push(r.height);
        if (r.height < 44 || r.width < 44) failures.push(`${name(el)} is ${size(r)}: under 44 x 44`);
      } else {
        const label = el.closest("label");
        if (!label) {
          failures.push(`${name(el)} (${(el as HTMLInputElement).type}) is not inside its label: only its ${size(r)} box ticks it`);
          continue;
        }
        const l = label.getBoundingClientRect();
        heights.push(l.height);
        if (l.height < 44 || l.width < 44) failures.push(`the label of ${name(el)} is ${size(l)}: under 44 x 44`);
      }
    }
    return { failures, count: heights.length, minHeight: Math.round(Math.min(...heights) * 10) / 10 };
  }, scope);
}
