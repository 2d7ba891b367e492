import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with the flags this closed network needs (playwright gives each launch a fresh profile). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A phone-sized context (360 x 740), with JavaScript on or off. */
export function phoneContext(browser: Browser, { javaScriptEnabled }: { javaScriptEnabled: boolean }): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../test-results/screenshots");
