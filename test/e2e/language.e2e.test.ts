/**
 * Choosing Twi on a 360 x 740 phone, with JavaScript off and on (issue 30): the footer's control
 * switches the page and returns to it, the choice holds on the next page, and nothing scrolls
 * sideways with Twi's longer words.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, NO_JAVASCRIPT, phoneContext, SCREENSHOT_DIR, WITH_JAVASCRIPT } from "../support/browser";
import { hydrated } from "../support/journey";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([NO_JAVASCRIPT, WITH_JAVASCRIPT])("choosing the language $label", ({ javaScriptEnabled, tag }) => {
  it("switches Home to Twi from the footer and back to English from the menu, on the same page", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.url}/invest/eggs?sort=price`);
    await hydrated(page, javaScriptEnabled);
    expect(await htmlLang(page)).toBe("en-GH");

    const footer = page.locator("footer").getByTestId("language-switch");
    await expect(footer.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await footer.getByRole("button", { name: "Twi" }).click();
    await page.waitForURL((url) => url.pathname === "/invest/eggs" && url.search === "?sort=price");
    await expect.poll(() => htmlLang(page)).toBe("ak");
    await expectVisible(page.getByRole("link", { name: "Wura mu" }));
    await expect(page.locator("footer").getByTestId("language-switch").getByRole("button", { name: "Twi" }).getAttribute("aria-pressed")).resolves.toBe("true");
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `language-twi-${tag}.png`) });

    // The choice holds on the next page, in the header's menu too.
    await page.goto(`${server.url}/`);
    await hydrated(page, javaScriptEnabled);
    expect(await htmlLang(page)).toBe("ak");
    expect(await noSideScroll(page)).toBe(true);
    await page.getByText("Akwan", { exact: true }).click();
    await page.locator("header").getByTestId("language-switch").getByRole("button", { name: "English" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => htmlLang(page)).toBe("en-GH");
    await expectVisible(page.getByRole("link", { name: "Log in" }));
    await context.close();
  });
});
