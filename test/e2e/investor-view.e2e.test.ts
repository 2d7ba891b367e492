/**
 * Issue 14 in a phone browser (360 x 740), with JavaScript off and on: auto-reinvest switched per
 * holding, totals and next payouts with the overdue flag, reinvest and invest dialogs that say why
 * nothing can be bought, dialogs and actions that return to their row or card, messages in the
 * page's flow with a Dismiss control, the empty export, the exit default, and the receipt (printed).
 */
import fs from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR, typeUnits } from "../support/browser";
import { apiLogin, call, type Client } from "../support/client";
import { createInvestor, signInBrowser } from "../support/factories";
import { hydrated } from "../support/journey";
import { startServer, TEST_ADMIN, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
let admin: Client;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, TEST_ADMIN.email, TEST_ADMIN.password);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The farm the batches are on: made once through the API (a second farm with the same name and location is refused). */
let farmId: number | undefined;
async function newBatch(fields: Record<string, unknown>) {
  farmId ??= (await call(admin, "POST", "/api/v1/admin/farms", { name: "Phone View Farm", location: "Dodowa, Greater Accra", notes: "" })).body.id as number;
  const res = await call(admin, "POST", "/api/v1/admin/batches", {
    farm_id: farmId,
    product_type: "EGG",
    unit_price: 10,
    target_units: 1000,
    feed_price: 6,
    mortality_rate: 0.05,
    expected_roi: 0.02,
    id: 0,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}
async function invest(api: Client, batchId: number, units: number, autoReinvest = false) {
  const res = await call(api, "POST", "/api/v1/invest/create", { batch_id: batchId, units, auto_reinvest: autoReinvest });
  expect(res.status).toBe(201);
  return res.body.investment.id as number;
}
async function activate(batchId: number) {
  expect((await call(admin, "POST", `/api/v1/admin/batches/${batchId}/activate`)).status).toBe(200);
}
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const startedOn = (batchId: number, date: string) => server.db().prepare("update batches set start_date = ? where id = ?").run(date, batchId);

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** The element's box lies within the 740 px tall viewport (the page scrolled to it). */
async function inViewport(locator: Locator) {
  const box = await locator.first().boundingBox();
  return box !== null && box.y >= 0 && box.y < 740;
}
/** A message is part of the page's flow (never laid over what is under it). */
const inFlow = (locator: Locator) => locator.first().evaluate((el) => !["fixed", "absolute", "sticky"].includes(getComputedStyle(el).position));

/** One investor's holdings: an egg holding that rolls over, a closed broiler one, a late broiler one, one in a sold-out batch, and one still open. */
async function holdingsFor(tag: string) {
  const egg = await newBatch({ unit_price: 10 });
  const shut = await newBatch({ product_type: "CHICKEN", unit_price: 10 });
  const late = await newBatch({ product_type: "CHICKEN", unit_price: 10, expected_roi: 0.1 });
  const full = await newBatch({ unit_price: 10, target_units: 2 });
  const open = await newBatch({ unit_price: 10 });
  const chickenOpen = await newBatch({ product_type: "CHICKEN", unit_price: 10 });
  const u = await createInvestor(server, { fullName: `Kwame Asare ${tag}` });
  expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 1000 })).status).toBe(200);
  const ids = {
    egg: await invest(u.api, egg, 3, true),
    shut: await invest(u.api, shut, 2),
    late: await invest(u.api, late, 1),
    full: await invest(u.api, full, 2),
    open: await invest(u.api, open, 1),
  };
  for (const b of [egg, shut, late]) await activate(b);
  startedOn(egg, daysAgo(70));
  startedOn(late, daysAgo(60));
  return { u, batches: { egg, shut, late, full, open, chickenOpen }, ids };
}

/** Opens the portfolio signed in as `u`: a session inserted, as the factories do (the login form is test/e2e/auth.e2e.test.ts's). */
async function openPortfolioAs(page: Page, u: { id: number }) {
  await signInBrowser(page.context(), server, u);
  await page.goto(`${server.url}/portfolio`);
}

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("the investor's view at 360 px $label", ({ javaScriptEnabled, tag }) => {
  it("totals, next payouts, auto-reinvest per holding, dialogs back to their row, reinvest only where it can, the empty export", async () => {
    const { u, batches, ids } = await holdingsFor(tag);
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `investor-view-${name}-${tag}.png`);
    await openPortfolioAs(page, u);
    await hydrated(page, javaScriptEnabled);

    // Totals and each active holding's next payout; the late harvest is flagged.
    await expect(page.getByTestId("total-invested").textContent()).resolves.toMatch(/90\.00/);
    await expect(page.getByTestId("total-income").textContent()).resolves.toMatch(/0\.00/);
    const late = page.locator(`li[data-next-payout="${ids.late}"]`);
    await expectVisible(late.getByText("Overdue by 4 days"));
    await expectVisible(late.getByText(/11\.00/));
    await expect(page.locator("li[data-next-payout]").count()).resolves.toBe(5);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await late.scrollIntoViewIfNeeded();
    await shot("totals");

    // Auto-reinvest: the egg holding rolls over; switch it off with its own form.
    const rollover = page.locator(`#auto-${ids.egg}`);
    await expectVisible(rollover.getByText(`Batch #${batches.egg} (Egg): principal at close buys units of the next open Egg batch; monthly income goes to your wallet`));
    await rollover.getByRole("button", { name: `Turn off auto-reinvest for investment #${ids.egg}` }).click();
    await page.waitForURL((url) => url.hash === `#auto-${ids.egg}`);
    const switched = page.locator(`#auto-${ids.egg}`).getByText(`Auto-reinvest is off for investment #${ids.egg}.`);
    await expectVisible(switched);
    await expect(inViewport(switched)).resolves.toBe(true);
    await expect(inFlow(page.locator("[data-toast]"))).resolves.toBe(true);
    await shot("auto-reinvest-off");
    await expectVisible(page.locator(`#auto-${ids.egg}`).getByText(`Batch #${batches.egg} (Egg): every payout goes to your wallet`));
    await expect(page.getByTestId("auto-reinvest").textContent()).resolves.toBe("Off");
    // The message has a Dismiss control that works with and without JavaScript.
    await page.getByRole("link", { name: "Dismiss message" }).click();
    await page.locator("[data-toast]").waitFor({ state: "hidden" });
    await expect.poll(() => inViewport(page.locator(`#auto-${ids.egg}`))).toBe(true);

    // Details of a holding far down the page: closing it returns to its row.
    const shutRow = page.locator(`#investment-${ids.shut}`);
    await shutRow.getByRole("link", { name: `Details of investment #${ids.shut}` }).click();
    const details = page.getByRole("dialog", { name: `Investment #${ids.shut}` });
    await details.waitFor();
    await expectVisible(details.getByRole("link", { name: "Receipt (printable)" }));
    await details.getByRole("link", { name: "Close" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.waitForURL((url) => url.hash === `#investment-${ids.shut}`);
    await expect.poll(() => inViewport(page.locator(`#investment-${ids.shut}`))).toBe(true);

    // Reinvest: offered only where the batch still takes money; a closed or sold-out one says why.
    await expectVisible(shutRow.getByText("Closed to new money"));
    await expectVisible(page.locator(`#investment-${ids.full}`).getByText("Sold out"));
    await expect(shutRow.getByRole("link", { name: /^Reinvest into/ }).count()).resolves.toBe(0);
    await page.goto(`${server.url}/portfolio?dialog=reinvest&id=${ids.shut}`);
    const closed = page.getByRole("dialog", { name: `Reinvest into Batch #${batches.shut}` });
    await expectVisible(closed.getByText(`Batch #${batches.shut} is no longer open for investment.`));
    await expect(closed.getByLabel("Units").count()).resolves.toBe(0);
    await shot("reinvest-closed");
    await hydrated(page, javaScriptEnabled);
    await closed.getByRole("link", { name: "Back to your portfolio" }).click();
    await page.waitForURL((url) => url.hash === `#investment-${ids.shut}` && !url.search.includes("dialog"));

    // Reinvest where it can: the action returns to the row, with its message there.
    const openRow = page.locator(`#investment-${ids.open}`);
    await openRow.getByRole("link", { name: `Reinvest into Batch #${batches.open}` }).click();
    const reinvest = page.getByRole("dialog", { name: `Reinvest into Batch #${batches.open}` });
    await typeUnits(page, reinvest, "2", javaScriptEnabled);
    await expect(reinvest.getByTestId("invest-cost").textContent()).resolves.toMatch(/20\.00/);
    await reinvest.getByLabel("I accept the Terms and the Risk Disclosure.").check();
    await expect(noSideScroll(page)).resolves.toBe(true);
    await reinvest.getByRole("button", { name: "Reinvest" }).click();
    await page.waitForURL((url) => url.hash === `#investment-${ids.open}` && !url.search.includes("dialog"));
    const done = page.getByText("Reinvest successful, refreshing...");
    await expectVisible(done);
    await expect.poll(() => inViewport(done)).toBe(true);
    await expect(inFlow(page.locator("[data-toast]"))).resolves.toBe(true);
    await shot("reinvested");

    // An export with nothing in it returns to the portfolio with 'No records to export'.
    await page.goto(`${server.url}/portfolio?q=999999`);
    await hydrated(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Export (CSV)" }).click();
    await expectVisible(page.getByText("No records to export"));
    await expect(inFlow(page.locator("[data-toast]"))).resolves.toBe(true);
    await page.getByRole("link", { name: "Dismiss message" }).click();
    await page.getByText("No records to export").waitFor({ state: "hidden" });

    await page.goto(`${server.url}/portfolio`);
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    await context.close();
  }, 120_000);

  it("invest and exit dialogs: auto-reinvest said as it happens, sold out said plainly, back to the card, exit defaults to what one holds", async () => {
    const { u, batches } = await holdingsFor(`${tag}-invest`);
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await openPortfolioAs(page, u);

    await page.goto(`${server.url}/invest/chicken?dialog=invest&batch=${batches.chickenOpen}`);
    const chicken = page.getByRole("dialog", { name: `Invest in Batch #${batches.chickenOpen}` });
    await expectVisible(chicken.getByRole("checkbox", { name: "Auto-reinvest at harvest" }));
    await expectVisible(chicken.getByText("My harvest proceeds buy whole units of the next open Chicken batch. The rest goes to my wallet."));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await screenshot(page, `investor-view-chicken-dialog-${tag}.png`);
    await hydrated(page, javaScriptEnabled);
    await typeUnits(page, chicken, "2", javaScriptEnabled);
    await chicken.getByRole("checkbox", { name: "Auto-reinvest at harvest" }).check();
    await chicken.getByRole("checkbox", { name: /I acknowledge the investment terms/ }).check();
    await chicken.getByRole("button", { name: "Invest" }).click();
    await page.waitForURL((url) => url.hash === `#batch-${batches.chickenOpen}`);
    const confirmed = page.locator(`#batch-${batches.chickenOpen}`).getByText(`Investment confirmed: 2 units of Batch #${batches.chickenOpen}`);
    await expectVisible(confirmed);
    await expect.poll(() => inViewport(confirmed)).toBe(true);
    expect(server.db().prepare("select auto_reinvest a from investments where user_id = ? and batch_id = ?").get(u.id, batches.chickenOpen)).toEqual({ a: 1 });

    // A sold-out batch's dialog says so, with no form; closing returns to its card.
    await page.goto(`${server.url}/invest/eggs?dialog=invest&batch=${batches.full}`);
    const full = page.getByRole("dialog", { name: `Invest in Batch #${batches.full}` });
    await expectVisible(full.getByText(`Batch #${batches.full} is sold out: no units are available right now.`));
    await expect(full.getByLabel("Units").count()).resolves.toBe(0);
    await expect(full.getByText("Between 1 and 1").count()).resolves.toBe(0);
    await hydrated(page, javaScriptEnabled);
    await full.getByRole("link", { name: "Close" }).click();
    await page.waitForURL((url) => url.hash === `#batch-${batches.full}` && !url.search.includes("dialog"));
    await expect.poll(() => inViewport(page.locator(`#batch-${batches.full}`))).toBe(true);

    // The exit dialog offers the 3 units held, not 10.
    await page.goto(`${server.url}/invest/eggs?dialog=exit&batch=${batches.egg}`);
    await expect(
      page
        .getByRole("dialog", { name: `Early exit from Batch #${batches.egg}` })
        .getByLabel("Units")
        .inputValue(),
    ).resolves.toBe("3");
    await context.close();
  }, 120_000);

  it("a printable receipt, from the row; another investor's is not found", async () => {
    const { u, batches, ids } = await holdingsFor(`${tag}-receipt`);
    const stranger = await createInvestor(server, { fullName: "Yaa Pokua" });
    expect((await call(stranger.api, "POST", "/api/v1/invest/deposit", { amount: 50 })).status).toBe(200);
    const theirs = await invest(stranger.api, batches.open, 1);
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await openPortfolioAs(page, u);
    await hydrated(page, javaScriptEnabled);

    await page
      .locator(`#investment-${ids.open}`)
      .getByRole("link", { name: `Receipt for investment #${ids.open}` })
      .click();
    await page.waitForURL((url) => url.pathname === `/portfolio/investments/${ids.open}/receipt`);
    await expectVisible(page.getByRole("heading", { name: `Receipt for investment #${ids.open}` }));
    await expectVisible(page.getByText(`AKK-INV-${ids.open}`).first());
    await expectVisible(page.getByText(/^Ledger entry #\d+/));
    if (javaScriptEnabled) await expectVisible(page.getByRole("button", { name: "Print receipt" }));
    else await expectVisible(page.getByText(/Use your browser's Print/));
    await expect(noSideScroll(page)).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `investor-view-receipt-${tag}.png`, { fullPage: true });
    // Printed: the receipt alone, without the site's header, footer or buttons.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("body > header").isVisible()).resolves.toBe(false);
    await expect(page.locator("body > footer").isVisible()).resolves.toBe(false);
    await expect(page.getByRole("link", { name: "Back to your portfolio" }).isVisible()).resolves.toBe(false);
    await expectVisible(page.getByRole("heading", { name: `Receipt for investment #${ids.open}` }));
    await screenshot(page, `investor-view-receipt-print-${tag}.png`, { fullPage: true });
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "Back to your portfolio" }).click();
    await page.waitForURL((url) => url.pathname === "/portfolio" && url.hash === `#investment-${ids.open}`);

    const res = await page.goto(`${server.url}/portfolio/investments/${theirs}/receipt`);
    expect(res?.status()).toBe(404);
    await expectVisible(page.getByText("Investment not found."));
    await context.close();
  }, 120_000);
});
