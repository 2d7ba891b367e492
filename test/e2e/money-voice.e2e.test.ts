// Issue 29 in a phone browser (Chromium at 360 px), JavaScript off and on, with Ghana's 8% withholding
// tax: before pressing Invest the investor reads the income after tax (the gross and tax one tap away),
// the dates, how the money comes out and that capital is not guaranteed; with JavaScript the income
// follows the units as the cost does. The portfolio shows the income received after tax with the tax
// withheld beside it, and each next payout after tax with its gross behind a tap.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext } from "../support/browser";
import { call } from "../support/client";
import { createBatch, createInvestor, createRemittance, serverNow, signInAdmin, signInBrowser } from "../support/factories";
import { collectPageErrors, hydrated, screenshots } from "../support/journey";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ WITHHOLDING_TAX_RATE: "0.08" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noSideScroll = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  { javaScriptEnabled: false, tag: "nojs" },
  { javaScriptEnabled: true, tag: "js" },
])("one voice for money in a phone browser ($tag)", ({ javaScriptEnabled, tag }) => {
  it("the invest dialog says income after tax, dates, the way out and the capital warning; the portfolio says income after tax", async () => {
    const shot = screenshots("money-voice", tag);
    const errors: string[] = [];
    // An egg batch started two months ago: in lay this month.
    const now = serverNow(server);
    const startDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
    const period = now.toISOString().slice(0, 7);
    const egg = createBatch(server, { productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.0125, startDate }).id;
    const investor = await createInvestor(server, { fullName: "Abena Tax", walletGhs: 3_000 });

    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, investor);
    const page = await context.newPage();
    collectPageErrors(page, errors);
    await page.goto(`${server.url}/invest/eggs?dialog=invest&batch=${egg}`);
    await hydrated(page, javaScriptEnabled);
    const dialog = page.getByRole("dialog", { name: `Invest in Batch #${egg}` });
    // 10 units at GHS 150: 18.75 a month before tax, 1.50 tax, 17.25 after.
    await expectVisible(dialog.getByTestId("invest-cost").getByText("GH₵1,500.00"));
    await expectVisible(dialog.getByText("Expected income:"));
    await expect(dialog.getByTestId("invest-net-income").textContent()).resolves.toBe("GH₵17.25");
    const beforeTax = dialog.getByText("Before tax: GH₵18.75, tax GH₵1.50");
    await expectVisible(beforeTax);
    // One tap opens what the tax is.
    await beforeTax.click();
    await expectVisible(dialog.getByText("Income is paid after 8% withholding tax; capital is never taxed."));
    await expectVisible(dialog.getByTestId("invest-dates").getByText(new RegExp(`^First payout by ${period}-\\d{2} \\(income for ${period}\\), then monthly`)));
    await expectVisible(dialog.getByTestId("invest-exit-rule").getByText(/less a 3-7% fee/));
    await expectVisible(dialog.getByText("Capital is not guaranteed: you could lose some or all of the money you invest."));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot(page, "invest-dialog", dialog);

    const units = dialog.getByLabel("Units");
    if (javaScriptEnabled) {
      // The income follows the units, as the cost does: 20 units earn 37.50, 3.00 tax, 34.50 after.
      await units.fill("20");
      await expect.poll(() => dialog.getByTestId("invest-net-income").textContent()).toBe("GH₵34.50");
      await expectVisible(dialog.getByText("Before tax: GH₵37.50, tax GH₵3.00"));
      await units.fill("10");
      await expect.poll(() => dialog.getByTestId("invest-net-income").textContent()).toBe("GH₵17.25");
    }
    await dialog.getByLabel(/I accept the Terms/).check();
    await dialog.getByRole("button", { name: "Invest" }).click();
    await expectVisible(page.getByText(`Investment confirmed: 10 units of Batch #${egg} for GH₵1,500.00.`));

    // The month is paid (by the admin, through the API: the dashboard has its own journeys).
    const admin = await signInAdmin(server);
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${egg}/activate`)).status).toBe(200);
    createRemittance(server, egg);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${egg}/execute`)).status).toBe(200);

    await page.goto(`${server.url}/portfolio`);
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByTestId("total-income").textContent()).resolves.toBe("GH₵17.25");
    await expectVisible(page.getByText("after tax; tax withheld"));
    await expect(page.getByTestId("total-income-tax").textContent()).resolves.toBe("GH₵1.50");
    const next = page.locator("li[data-next-payout]").first();
    await expectVisible(next.getByText("GH₵17.25"));
    await expectVisible(next.getByText("after tax", { exact: true }));
    await next.getByText("Before tax: GH₵18.75, tax GH₵1.50").click();
    await expectVisible(next.getByText("Income is paid after 8% withholding tax; capital is never taxed."));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot(page, "portfolio-totals", page.locator("section[aria-labelledby=totals-title]"));
    await context.close();
    expect(errors).toEqual([]);
  });
});
