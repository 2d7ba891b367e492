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
  it("the tax is told where people decide, the payout table follows the calculator, the ROI chart is per year and the testimonials say they are illustrative", async () => {
    const shot = screenshots("money-voice-decide", tag);
    const errors: string[] = [];
    // 10 units at GHS 150, 1.25% a month: 18.75 before tax, 1.50 tax, 17.25 after; a broiler batch at 12% a cycle.
    const egg = createBatch(server, { productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.0125 }).id;
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.12 }).id;
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    collectPageErrors(page, errors);
    const taxSentence = "Income is paid after 8% withholding tax; capital is never taxed.";

    // Home: the estimator says the tax; the chart says its unit; the testimonials say what they are.
    await page.goto(server.url + "/");
    await hydrated(page, javaScriptEnabled);
    await expectVisible(page.locator("#estimator").getByText(taxSentence));
    await expectVisible(page.getByRole("heading", { name: "Expected ROI across batches" }));
    await expect(page.getByTestId("roi-chart-unit").textContent()).resolves.toBe("% a year");
    await expectVisible(page.getByText(/each as a return per year before tax: egg ROI is monthly x 12, chicken ROI per cycle x 6\.5 cycles a year/));
    await expectVisible(page.getByTestId("testimonials-illustrative"));
    await expectVisible(page.getByText("Illustrative examples written by us to show how the notes work, not quotes from real investors."));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot(page, "home-chart", page.getByRole("heading", { name: "Expected ROI across batches" }).locator(".."));

    // How It Works, the FAQ (a question of its own), both list pages and the batch page.
    await page.goto(server.url + "/how-it-works");
    await expectVisible(page.locator("#calculator").getByText(taxSentence));
    await page.goto(server.url + "/faq");
    await page.getByText("Is tax taken from my payouts?").click();
    await expectVisible(page.getByText(/Ghana's withholding tax of 8% is taken from your income/).first());
    for (const list of ["/invest/eggs", "/invest/chicken"]) {
      await page.goto(server.url + list);
      // Under the page's title, before any card.
      await expectVisible(page.locator("h1 ~ p").getByText(taxSentence));
    }
    await page.goto(`${server.url}/batches/${chicken}`);
    await expectVisible(page.getByText(taxSentence));

    // The Egg Note page's 12-month table is the calculator's answer, after tax, month by month.
    await page.goto(`${server.url}/invest/eggs?calc_batch=${egg}&amount=100#calculator`);
    await hydrated(page, javaScriptEnabled);
    const table = page.getByTestId("payout-table");
    await expectVisible(table.getByText(`Computed from the calculator: 0 units`).or(table.getByText("Enter an amount the calculator can buy units with")));
    const calculator = page.locator("#calculator");
    await calculator.getByLabel("Batch").selectOption(String(egg));
    await calculator.getByLabel("Amount (GHS)").fill("1500");
    if (!javaScriptEnabled) await calculator.getByRole("button", { name: "Calculate" }).click();
    await expectVisible(table.getByText(`Computed from the calculator: 10 units of Batch #${egg}, each month's income after 8% withholding tax. An estimate, not a promise.`));
    const rows = table.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(12);
    await expect(rows.first().locator("td").allTextContents()).resolves.toEqual(["Month 1", "GH₵17.25", "GH₵17.25"]);
    await expect(rows.last().locator("td").allTextContents()).resolves.toEqual(["Month 12", "GH₵17.25", "GH₵207.00"]);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot(page, "payout-table", table);
    await context.close();
    expect(errors).toEqual([]);
  });
});
