import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, NO_JAVASCRIPT, phoneContext, screenshot, SCREENSHOT_DIR, typeUnits, WITH_JAVASCRIPT } from "../support/browser";
import { call, Client } from "../support/client";
import { backdateBatchStart, createBatch, createFarm, createInvestor, signInAdmin, signInBrowser } from "../support/factories";
import { abortedByNextLoad, hydrated } from "../support/journey";
import { startServer, type TestServer } from "../support/server";

/**
 * Issue 29 points 8-11 on a 360 px phone, JavaScript off and on: the exit dialog says what an exit
 * costs before anything is sent, Exit shows only where allowed, money buttons say they are working,
 * money messages carry a reference and a link, and the words an investor meets are explained.
 */
let server: TestServer;
let browser: Browser;
let admin: Client;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = (await signInAdmin(server)).api;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * With JavaScript, holds the page's POSTs to `pathname` until the returned function is called, so the
 * button's working state can be seen (an event, not a timer).
 */
async function holdNextPost(page: Page, pathname: string, javaScriptEnabled: boolean) {
  // Without JavaScript the browser itself navigates: its click waits for the answer, so nothing is held.
  if (!javaScriptEnabled) return async () => {};
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  // The client's action request goes to the route's data URL (/portfolio.data).
  const matches = (url: URL) => url.pathname === pathname || url.pathname === `${pathname}.data`;
  let passed = Promise.resolve();
  await page.route(matches, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    passed = gate.then(() => route.continue());
    await passed;
  });
  return async () => {
    release();
    await passed;
    await page.unroute(matches);
  };
}

describe.each([NO_JAVASCRIPT, WITH_JAVASCRIPT])("issue 29 points 8-11 in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("the exit's cost before sending, Exit only where allowed, working buttons, references with links, words explained", async () => {
    const farmName = `Feedback Layers ${tag} ${process.pid}`;
    const farm = createFarm(server, { name: farmName, location: "Techiman, Bono East" }).id;
    const ready = createBatch(server, { farmId: farm, productType: "EGG", unitPrice: 10, targetUnits: 40 }).id;
    const open = createBatch(server, { farmId: farm, productType: "EGG", unitPrice: 10, targetUnits: 40 }).id;
    const u = await createInvestor(server, { walletGhs: 400, fullName: "Efua Boateng" });
    expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: ready, units: 20 })).status).toBe(201);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${ready}/activate`)).status).toBe(200);
    // Five months in: exit is open, and the first month of lay was due and is not paid (overdue).
    backdateBatchStart(server, ready, { months: 5 });
    const list = `${server.url}/invest/eggs?q=${encodeURIComponent(farmName)}`;

    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => void (abortedByNextLoad(e) || errors.push(e.message)));
    const shot = (name: string) => screenshot(page, `feedback-${name}-${tag}.png`, { fullPage: true });

    // Point 8, logged out: the allowed card offers Exit, which asks to log in to request an exit; the OPEN one says why not.
    await page.goto(list);
    await hydrated(page, javaScriptEnabled);
    const openCard = page.locator(`li[data-batch="${open}"]`);
    await expectVisible(openCard.getByText("Early exit is only possible while the batch is active."));
    expect(await openCard.getByRole("link", { name: `Exit Batch #${open}` }).count()).toBe(0);
    // Point 11: the risk score and Audit, explained on the card itself.
    await expectVisible(openCard.getByTestId("risk-explain").getByText(/^Risk score [\d.]+ of 100, higher is riskier/));
    await expectVisible(openCard.getByText("Audit opens the batch's own page: the farm's daily logs, sensor readings and the money the farm sent."));
    await page.getByRole("link", { name: `Exit Batch #${ready}` }).click();
    const loginPrompt = page.getByRole("dialog", { name: `Early exit from Batch #${ready}` });
    await expectVisible(loginPrompt.getByText("Please log in to request an exit."));
    await shot("exit-logged-out");

    // Point 8, signed in: the cost of the default units, then of the units typed ("Check the cost").
    await signInBrowser(context, server, u.id);
    await page.goto(list);
    await hydrated(page, javaScriptEnabled);
    await page.getByRole("link", { name: `Exit Batch #${ready}` }).click();
    const exit = page.getByRole("dialog", { name: `Early exit from Batch #${ready}` });
    await expectVisible(exit.getByText("You can still offer 20 of your 20 units (0 already offered)."));
    await expectVisible(exit.getByText("If a buyer takes 10 units"));
    await expectVisible(exit.getByText("Administrative fee (5%)"));
    expect((await exit.getByTestId("exit-net").textContent())?.replace(/\s/g, "")).toBe("GH₵95.00");
    await expectVisible(exit.getByText(/^Your offer fills only when a buyer takes it\./));
    await exit.getByLabel("Units").fill("4");
    await exit.getByRole("button", { name: "Check the cost" }).click();
    await page.waitForURL((url) => url.searchParams.get("units") === "4" && url.searchParams.get("dialog") === "exit");
    const checked = page.getByRole("dialog", { name: `Early exit from Batch #${ready}` });
    await expectVisible(checked.getByText("If a buyer takes 4 units"));
    expect((await checked.getByTestId("exit-fee").textContent())?.replace(/\s/g, "")).toBe("-GH₵2.00");
    expect((await checked.getByTestId("exit-net").textContent())?.replace(/\s/g, "")).toBe("GH₵38.00");
    expect(await checked.getByLabel("Units").inputValue()).toBe("4");
    expect(await noSideScroll(page)).toBe(true);
    await shot("exit-cost");

    // Point 9: the request button says it is working while the request is on its way (with JavaScript).
    const releaseExit = await holdNextPost(page, "/invest/eggs", javaScriptEnabled);
    await checked.getByRole("button", { name: "Request exit" }).click();
    if (javaScriptEnabled) {
      const busy = checked.getByRole("button", { name: "Processing..." });
      await expectVisible(busy);
      expect(await busy.isDisabled()).toBe(true);
      await shot("exit-processing");
    }
    await releaseExit();
    // Without JavaScript, the page that follows says what happened.
    await expectVisible(page.getByText("Early exit request submitted. We will notify you when a buyer is found."));
    expect((server.db().prepare("select coalesce(sum(units), 0) n from exit_requests where batch_id = ?").get(ready) as { n: number }).n).toBe(4);

    // Point 10: investing names its reference and links to the receipt.
    await page.goto(`${list}&dialog=invest&batch=${open}`);
    await hydrated(page, javaScriptEnabled);
    const invest = page.getByRole("dialog", { name: `Invest in Batch #${open}` });
    await typeUnits(page, invest, "2", javaScriptEnabled);
    await invest.getByLabel("I accept the Terms and the Risk Disclosure.").check();
    await invest.getByRole("button", { name: "Invest" }).click();
    await expectVisible(page.getByText(`Investment confirmed: 2 units of Batch #${open}`));
    const holding = (server.db().prepare("select max(id) id from investments where user_id = ?").get(u.id) as { id: number }).id;
    await expectVisible(page.getByText(`Reference: AKK-INV-${holding}.`));
    await page.getByRole("link", { name: "View the receipt" }).click();
    await page.waitForURL((url) => url.pathname === `/portfolio/investments/${holding}/receipt`);
    await expectVisible(page.getByText(`AKK-INV-${holding}`));

    // Point 10 and 9: a deposit, its working button, its reference and its line on the statement.
    await page.goto(`${server.url}/portfolio?dialog=deposit`);
    await hydrated(page, javaScriptEnabled);
    const deposit = page.getByRole("dialog", { name: "Deposit" });
    await deposit
      .getByLabel(/Amount/)
      .first()
      .fill("25");
    const releaseDeposit = await holdNextPost(page, "/portfolio", javaScriptEnabled);
    await deposit.getByRole("button", { name: "Deposit" }).click();
    if (javaScriptEnabled) {
      const busy = deposit.getByRole("button", { name: "Processing..." });
      await expectVisible(busy);
      expect(await busy.isDisabled()).toBe(true);
    }
    await releaseDeposit();
    await expectVisible(page.getByText("Deposit successful"));
    const row = server.db().prepare(`select reference, entry_id as "entryId" from deposits where user_id = ? order by id desc`).get(u.id) as { reference: string; entryId: number };
    await expectVisible(page.getByText(`Reference: ${row.reference}.`));
    await shot("deposit-flash");
    await page.getByRole("link", { name: "See it on your statement" }).click();
    await page.waitForURL((url) => url.hash === `#entry-${row.entryId}`);
    await expectVisible(page.locator(`#entry-${row.entryId}`));

    // Point 11: Overdue by N days and Reinvest, explained on the portfolio.
    await page.goto(`${server.url}/portfolio`);
    await hydrated(page, javaScriptEnabled);
    await expectVisible(page.getByText(/Overdue by \d+ days?/).first());
    await expectVisible(page.getByTestId("overdue-explain").first());
    await expectVisible(page.getByText("Reinvest buys more units of the same batch with money from your wallet."));
    expect(await noSideScroll(page)).toBe(true);
    await shot("portfolio-explained");

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
