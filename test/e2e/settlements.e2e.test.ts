// Issue 18 in a phone browser (Chromium at 360 px), JavaScript off and on, with Ghana's 8%
// withholding tax: the admin records the farm's remittance on the remittances page from the sheet
// the daily logs prefill, simulates and executes the run; the investor sees the payout net of tax in
// the portfolio; anyone sees the period, its sheet and the supported ROI on the public batch page.
// An egg month (a monthly remittance and run) and a broiler harvest (HARVEST remittance, harvest run).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext } from "../support/browser";
import { call } from "../support/client";
import { createBatch, createInvestor, serverNow, signInAdmin, signInBrowser, type Investor } from "../support/factories";
import { collectPageErrors, hydrated, screenshots } from "../support/journey";
import { startServer, TEST_ADMIN, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ WITHHOLDING_TAX_RATE: "0.08" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const ghs = (n: number) => new RegExp(`GH₵\\s?${n.toLocaleString("en-GH", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\./g, "\\.")}`);

/** An investor holding `units` of a new batch, activated by the admin (API: the journeys are about what follows). */
async function heldBatch(options: Parameters<typeof createBatch>[1], units: number, walletGhs: number): Promise<{ batchId: number; investor: Investor }> {
  const batch = createBatch(server, options);
  const investor = await createInvestor(server, { fullName: "Adjoa Settlement", walletGhs });
  expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units })).status).toBe(201);
  const admin = await signInAdmin(server);
  expect((await call(admin.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);
  return { batchId: batch.id, investor };
}

/** On the dashboard: Simulate shows the total and the tax; Execute asks (the server's confirm step, with or without JavaScript), then pays. */
async function simulateAndExecute(page: Page, javaScriptEnabled: boolean, batchId: number, simulated: RegExp, executed: RegExp) {
  await page.goto(`${server.url}/admin`);
  await hydrated(page, javaScriptEnabled);
  const row = page.locator(`tr[data-batch-id="${batchId}"]`);
  await row.getByRole("button", { name: "Simulate" }).click();
  await expect.poll(() => page.getByTestId("simulation").textContent()).toMatch(simulated);
  await row.getByRole("button", { name: "Execute Payout" }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expectVisible(confirm.getByText("Execute real payouts?"));
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expectVisible(page.getByText(executed));
}

async function adminPage(javaScriptEnabled: boolean, errors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, { javaScriptEnabled });
  await signInBrowser(context, server, TEST_ADMIN.email);
  const page = await context.newPage();
  collectPageErrors(page, errors);
  // Any window.confirm is accepted (runs ask in the server's step since issue 29).
  page.on("dialog", (dialog) => void dialog.accept());
  return { context, page };
}

describe.each([
  { javaScriptEnabled: false, tag: "nojs" },
  { javaScriptEnabled: true, tag: "js" },
])("settlements in a phone browser ($tag)", ({ javaScriptEnabled, tag }) => {
  it("an egg month: the remittance from the prefilled sheet, the run, the investor's net payout, the period on the batch page", async () => {
    const shot = screenshots("settlement-egg", tag);
    const errors: string[] = [];
    // Started on the first of the month before last: this month is the first in lay, and payable.
    const now = serverNow(server);
    const startDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
    const period = now.toISOString().slice(0, 7);
    // 10 units at GHS 150, 1.25% a month: GHS 18.75 due, GHS 1.50 tax (8%), GHS 17.25 to the wallet.
    const { batchId, investor } = await heldBatch({ productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.0125, feedPrice: 6, startDate }, 10, 2_000);
    // Two days of the month's logs: 1,810 eggs (60 crates), 235.5 kg of feed (GHS 1,413.00 at GHS 6).
    const log = server.db().prepare("insert into farm_logs (batch_id, log_date, birds_alive, feed_kg, eggs_collected) values (?, ?, ?, ?, ?)");
    log.run(batchId, `${period}-01`, 1_000, 118, 900);
    log.run(batchId, `${period}-02`, 999, 117.5, 910);

    const { context, page } = await adminPage(javaScriptEnabled, errors);
    await page.goto(`${server.url}/admin`);
    await page.locator(`tr[data-batch-id="${batchId}"]`).getByRole("link", { name: "Remittances" }).click();
    await page.getByRole("heading", { name: `Remittances: Batch #${batchId}` }).waitFor();
    await hydrated(page, javaScriptEnabled);
    // The sheet the logs already know: the month's crates and feed bill.
    await expectVisible(page.getByText(`From the daily logs for ${period}: 235.5 kg of feed used, 60 crates of eggs collected.`));
    await expect(page.getByLabel("Period", { exact: true }).inputValue()).resolves.toBe(period);
    await expect(page.getByLabel("Crates sold").inputValue()).resolves.toBe("60");
    await expect(page.getByLabel("Feed cost (GHS)").inputValue()).resolves.toBe("1413.00");
    await page.getByLabel("Net remitted (GHS)").fill("18.75");
    await page.getByLabel("Price per crate (GHS)").fill("65");
    await page.getByLabel("Revenue (GHS)").fill("3900");
    await page.getByLabel("Vet cost (GHS)").fill("150");
    await page.getByLabel("Other costs (GHS)").fill("240");
    await page.getByLabel("Farm's share (GHS)").fill("2078.25");
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot(page, "sheet");
    await page.getByRole("button", { name: "Record remittance" }).click();
    await expectVisible(page.getByText(new RegExp(`Remittance of ${ghs(18.75).source} for ${period} recorded\\.`)));
    await expectVisible(page.getByTestId("held").getByText(ghs(18.75)));

    await simulateAndExecute(
      page,
      javaScriptEnabled,
      batchId,
      new RegExp(`Simulated income for ${period}: total ${ghs(18.75).source} to 1 investment`),
      new RegExp(`Payouts executed for Batch #${batchId}: 1 paid, ${ghs(18.75).source} in total\\.`),
    );
    await shot(page, "paid");
    await context.close();

    // The investor: GHS 500 left after buying, plus the month's GHS 17.25 net of tax.
    const investorContext = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(investorContext, server, investor);
    const mine = await investorContext.newPage();
    collectPageErrors(mine, errors);
    await mine.goto(`${server.url}/portfolio`);
    await expect.poll(() => mine.getByTestId("wallet-balance").textContent()).toMatch(ghs(517.25));
    await expectVisible(mine.getByText(`Payout received: GH₵17.25 from Batch #${batchId} (income for ${period}; GH₵1.50 withholding tax deducted).`));
    await shot(mine, "portfolio", mine.getByText("Payout received:"));
    await investorContext.close();

    // Anyone: the period with its sheet on the batch page, and the supported ROI beside the expected.
    const visitor = await phoneContext(browser, { javaScriptEnabled });
    const pub = await visitor.newPage();
    collectPageErrors(pub, errors);
    await pub.goto(`${server.url}/batches/${batchId}`);
    await hydrated(pub, javaScriptEnabled);
    const settlements = pub.getByTestId("settlements");
    const month = settlements.locator(`li[data-period="${period}"]`);
    await expectVisible(month.getByRole("heading", { name: `Income for ${period}` }));
    await expect(month.getByTestId("remitted").textContent()).resolves.toMatch(ghs(18.75));
    await expect(month.getByTestId("paid").textContent()).resolves.toMatch(new RegExp(`^${ghs(18.75).source} \\(${ghs(1.5).source} tax\\)$`));
    await expect(month.getByTestId("from-reserve").textContent()).resolves.toMatch(ghs(0));
    const sheet = month.getByTestId("sheet");
    await expectVisible(sheet.getByText("Crates sold"));
    await expect(sheet.textContent()).resolves.toMatch(
      /Crates sold60Price per crateGH₵\s?65\.00RevenueGH₵\s?3,900\.00FeedGH₵\s?1,413\.00VetGH₵\s?150\.00Other costsGH₵\s?240\.00Farm's shareGH₵\s?2,078\.25Net remittedGH₵\s?18\.75/,
    );
    await expect(settlements.getByTestId("expected-roi").textContent()).resolves.toBe("1.25% a month (15.0% a year)");
    await expect(settlements.getByTestId("supported-roi").textContent()).resolves.toBe("1.25% a month (15.0% a year)");
    await expectVisible(settlements.getByText(/^Supported ROI = the net the farm remitted/));
    await expect(noSideScroll(pub)).resolves.toBe(true);
    await shot(pub, "batch-page", settlements);
    await visitor.close();
    expect(errors).toEqual([]);
  });

  it("a broiler harvest: the HARVEST remittance, the harvest run, the investor's principal and net return, the harvest on the batch page", async () => {
    const shot = screenshots("settlement-harvest", tag);
    const errors: string[] = [];
    const start = new Date(serverNow(server).getTime() - 49 * 86_400_000).toISOString().slice(0, 10);
    // 10 units at GHS 50, 10% a cycle: GHS 550 due (500 principal + 50 return); 8% of the return is GHS 4.00.
    const { batchId, investor } = await heldBatch({ productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.1, feedPrice: 6.5, startDate: start }, 10, 600);
    const log = server.db().prepare("insert into farm_logs (batch_id, log_date, birds_alive, feed_kg, avg_weight_kg) values (?, ?, ?, ?, ?)");
    log.run(batchId, start, 1_000, 20, 0.05);
    log.run(batchId, new Date(Date.parse(`${start}T00:00:00Z`) + 48 * 86_400_000).toISOString().slice(0, 10), 960, 180, 2.3);

    const { context, page } = await adminPage(javaScriptEnabled, errors);
    await page.goto(`${server.url}/admin/batches/${batchId}/remittances`);
    await hydrated(page, javaScriptEnabled);
    // The birds alive in the latest log and their live weight (960 x 2.3 kg).
    await expect(page.getByLabel("Period", { exact: true }).inputValue()).resolves.toBe("HARVEST");
    await expect(page.getByLabel("Birds sold").inputValue()).resolves.toBe("960");
    await expect(page.getByLabel("Live weight (kg)").inputValue()).resolves.toBe("2208");
    await expect(page.getByLabel("Feed cost (GHS)").inputValue()).resolves.toBe("1300.00");
    await page.getByLabel("Net remitted (GHS)").fill("550");
    await page.getByLabel("Price per kg (GHS)").fill("28");
    await page.getByLabel("Revenue (GHS)").fill("61824");
    await page.getByLabel("Vet cost (GHS)").fill("400");
    await page.getByLabel("Farm's share (GHS)").fill("59574");
    await expect(noSideScroll(page)).resolves.toBe(true);
    await page.getByRole("button", { name: "Record remittance" }).click();
    await expectVisible(page.getByText(new RegExp(`Remittance of ${ghs(550).source} for HARVEST recorded\\.`)));
    await shot(page, "recorded");

    await simulateAndExecute(
      page,
      javaScriptEnabled,
      batchId,
      new RegExp(`Simulated harvest payout: total ${ghs(550).source} to 1 investment`),
      new RegExp(`Payouts executed for Batch #${batchId}: 1 paid, ${ghs(550).source} in total\\.`),
    );
    await expectVisible(page.locator(`tr[data-batch-id="${batchId}"]`).getByText("HARVESTED"));
    await context.close();

    // GHS 100 left after buying, plus GHS 546.00 (550 less 4.00 tax on the return).
    const investorContext = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(investorContext, server, investor);
    const mine = await investorContext.newPage();
    collectPageErrors(mine, errors);
    await mine.goto(`${server.url}/portfolio`);
    await expect.poll(() => mine.getByTestId("wallet-balance").textContent()).toMatch(ghs(646));
    await expectVisible(mine.getByText(`Payout received: GH₵546.00 from Batch #${batchId} (harvest payout; GH₵4.00 withholding tax deducted).`));
    await investorContext.close();

    const visitor = await phoneContext(browser, { javaScriptEnabled });
    const pub = await visitor.newPage();
    collectPageErrors(pub, errors);
    await pub.goto(`${server.url}/batches/${batchId}`);
    await hydrated(pub, javaScriptEnabled);
    const settlements = pub.getByTestId("settlements");
    const harvest = settlements.locator('li[data-period="HARVEST"]');
    await expectVisible(harvest.getByRole("heading", { name: "Harvest" }));
    await expect(harvest.getByTestId("remitted").textContent()).resolves.toMatch(ghs(550));
    await expect(harvest.getByTestId("paid").textContent()).resolves.toMatch(new RegExp(`^${ghs(550).source} \\(${ghs(4).source} tax\\)$`));
    await expect(harvest.getByTestId("sheet").textContent()).resolves.toMatch(
      /Birds sold960Live weight2,208 kgPrice per kgGH₵\s?28\.00RevenueGH₵\s?61,824\.00FeedGH₵\s?1,300\.00VetGH₵\s?400\.00Farm's shareGH₵\s?59,574\.00Net remittedGH₵\s?550\.00/,
    );
    // (550 - 500) / 500 = 10% a cycle, as expected.
    await expect(settlements.getByTestId("expected-roi").textContent()).resolves.toBe("10.0% per cycle");
    await expect(settlements.getByTestId("supported-roi").textContent()).resolves.toBe("10.0% per cycle");
    await expect(noSideScroll(pub)).resolves.toBe(true);
    await shot(pub, "batch-page", settlements);
    await visitor.close();
    expect(errors).toEqual([]);
  });
});
