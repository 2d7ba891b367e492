// The browser the browser tests and `npm run weight` drive: Debian's Chromium. Its headless shell
// (the chromium-headless-shell package, the same Chromium without the desktop browser around it)
// when installed: it renders the same pages for half the CPU of the full browser run headless,
// which the browser tests spend most of their time in. CHROMIUM_PATH chooses another.
import fs from "node:fs";
import { chromium } from "playwright-core";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_BROWSER = "/usr/bin/chromium";

/** CHROMIUM_PATH, else the headless shell when installed, else the full browser. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);
}

/** Chromium, headless, with the flags this closed network needs (playwright gives each launch a fresh profile). */
export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
