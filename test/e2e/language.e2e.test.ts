/**
 * Choosing Twi on a 360 x 740 phone, with JavaScript off and on (issue 30): the footer's control
 * switches the page and returns to it, the choice holds on the next page, and nothing scrolls
 * sideways with Twi's longer words. An investor then reads, invests, meets a refusal and sees the
 * portfolio and a notice, all in Twi.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageRef } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { expectVisible, launchBrowser, NO_JAVASCRIPT, phoneContext, screenshot, typeUnits, WITH_JAVASCRIPT } from "../support/browser";
import { call } from "../support/client";
import { createBatch, createInvestor, createRemittance, serverNow, signInAdmin, signInBrowser } from "../support/factories";
import { collectPageErrors, hydrated } from "../support/journey";
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
    await screenshot(page, `language-twi-${tag}.png`);

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

  it("an investor in Twi reads an invest page, is refused in Twi, invests, and reads the portfolio and a payout notice in Twi", async () => {
    const twi = (ref: MessageRef) => render("ak", ref);
    const errors: string[] = [];
    const start = new Date(serverNow(server).getTime() - 62 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const dear = createBatch(server, { productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.0125, startDate: start }).id;
    const cheap = createBatch(server, { productType: "EGG", unitPrice: 50, targetUnits: 100, expectedRoi: 0.02, startDate: start }).id;
    const investor = await createInvestor(server, { fullName: "Yaa Asantewaa", walletGhs: 100 });
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, investor);
    const page = await context.newPage();
    collectPageErrors(page, errors);

    // Home, switched to Twi from the footer.
    await page.goto(`${server.url}/`);
    await hydrated(page, javaScriptEnabled);
    await page.locator("footer").getByTestId("language-switch").getByRole("button", { name: "Twi" }).click();
    await expect.poll(() => htmlLang(page)).toBe("ak");

    // The invest dialog, in Twi; one unit costs more than the wallet holds: the refusal is in Twi.
    await page.goto(`${server.url}/invest/eggs?dialog=invest&batch=${dear}`);
    await hydrated(page, javaScriptEnabled);
    const dialog = page.getByRole("dialog", { name: twi(msg("investDialogs.investTitle", { id: dear })) });
    await dialog.getByLabel(twi(msg("investDialogs.units")), { exact: true }).fill("1");
    await dialog.getByLabel(twi(msg("investDialogs.accept.EGG"))).check();
    await dialog.getByRole("button", { name: twi(msg("investDialogs.invest")), exact: true }).click();
    await expectVisible(page.getByText(twi(msg("rules.insufficientWallet"))));
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, `language-twi-refused-${tag}.png`);

    // A unit of the cheaper batch: confirmed in Twi.
    await page.goto(`${server.url}/invest/eggs?dialog=invest&batch=${cheap}`);
    await hydrated(page, javaScriptEnabled);
    const cheapDialog = page.getByRole("dialog", { name: twi(msg("investDialogs.investTitle", { id: cheap })) });
    await typeUnits(page, cheapDialog, "1", javaScriptEnabled, { units: twi(msg("investDialogs.units")), checkCost: twi(msg("investDialogs.checkCost")) });
    await cheapDialog.getByLabel(twi(msg("investDialogs.accept.EGG"))).check();
    await cheapDialog.getByRole("button", { name: twi(msg("investDialogs.invest")), exact: true }).click();
    await expectVisible(page.getByText(twi(msg("investorTexts.investmentConfirmed", { count: 1, batchId: cheap, amount: { money: 5_000 } })), { exact: false }));

    // The month is paid (by the admin, through the API); the portfolio and its notice read in Twi.
    const admin = await signInAdmin(server);
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${cheap}/activate`)).status).toBe(200);
    createRemittance(server, cheap);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${cheap}/execute`)).status).toBe(200);
    await page.goto(`${server.url}/portfolio`);
    await hydrated(page, javaScriptEnabled);
    expect(await htmlLang(page)).toBe("ak");
    await expectVisible(page.getByRole("heading", { name: twi(msg("portfolio.title")), level: 1 }));
    const period = serverNow(server).toISOString().slice(0, 7);
    await expectVisible(page.getByText(twi(msg("notices.payout", { net: { money: 100 }, batchId: cheap, label: msg("notices.payout.monthly", { period }) }))));
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, `language-twi-portfolio-${tag}.png`, { fullPage: true });
    await context.close();
    expect(errors).toEqual([]);
  });
});
