import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { abortedByNextLoad } from "../support/journey";
import { call } from "../support/client";
import { createBatch, createFarm, createInvestor, createRemittance, signInBrowser } from "../support/factories";
import { startServer, TEST_ADMIN, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("the admin dashboard in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("creates a farm and a batch, activates it, simulates, executes, and the payout reaches the investor's portfolio", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `admin-${name}-${tag}.png`, { fullPage: true });
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => void (abortedByNextLoad(e) || pageErrors.push(e.message)));
    page.on("console", (m) => {
      // The 400/409 answers to the bad inputs above are expected; anything else is not.
      if (m.type() === "error" && !/^Failed to load resource: the server responded with a status of (400|409)/.test(m.text())) pageErrors.push(m.text());
    });
    const prompts: string[] = [];
    // With JavaScript the browser asks before a Delete (window.confirm); the first is cancelled, the rest accepted.
    page.on("dialog", (dialog) => {
      prompts.push(dialog.message());
      void (prompts.length === 1 ? dialog.dismiss() : dialog.accept());
    });
    const confirmStep = page.getByRole("dialog", { name: "Please confirm" });

    await signInBrowser(context, server, TEST_ADMIN.email);
    await page.goto(`${server.url}/admin`);
    await page.getByRole("heading", { name: "Admin dashboard" }).waitFor();

    // Create farm: the required name first, then a real one.
    const farmName = `Dormaa Broilers ${tag}`;
    await page.getByRole("button", { name: "Create farm" }).click();
    await expectVisible(page.getByText("Farm name required."));
    await page.getByLabel("Farm name").fill(farmName);
    await page.getByLabel("Location").fill("Dormaa Ahenkro, Bono");
    await page.getByRole("button", { name: "Create farm" }).click();
    await expectVisible(page.getByText("Farm created."));

    // Create batch: 'Select a farm.' first; the form's defaults are filled in.
    await expect(page.getByLabel("Unit price (GHS)").inputValue()).resolves.toBe("50");
    await expect(page.getByLabel("Expected ROI (fraction)").inputValue()).resolves.toBe("0.12");
    await page.getByRole("button", { name: "Create batch" }).click();
    await expectVisible(page.getByText("Select a farm."));
    await page.getByLabel("Farm", { exact: true }).selectOption({ label: `${farmName} (Dormaa Ahenkro, Bono)` });
    await page.getByLabel("Unit price (GHS)").fill("20");
    await page.getByLabel("Target units").fill("100");
    await page.getByRole("button", { name: "Create batch" }).click();
    await expectVisible(page.getByText("Batch created."));
    const batchId = (server.db().prepare("select id from batches order by id desc limit 1").get() as { id: number }).id;
    const row = page.locator(`tr[data-batch-id="${batchId}"]`);
    await expectVisible(row.getByText(farmName));
    await expectVisible(row.getByText("0 / 100"));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot("created");

    // An investor buys 10 units (GHS 200), as the invest pages would.
    const investor = await createInvestor(server, { fullName: "Adwoa Investor", walletGhs: 500 });
    expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: batchId, units: 10 })).status).toBe(201);

    await page.reload();
    await expectVisible(row.getByText("10 / 100"));
    // Activate asks first, naming the GHS 200 in escrow that moves to the farm (the server's step, with JavaScript too).
    await row.getByRole("button", { name: "Activate" }).click();
    await expectVisible(confirmStep.getByText(`Activate Batch #${batchId}?`));
    await expectVisible(confirmStep.getByText(/GH₵\s?200\.00 held in escrow for it moves to the farm/));
    await page.waitForLoadState("networkidle"); // the answer's revalidation done: the click aborts nothing
    await confirmStep.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(page.getByText("Batch activated."));
    await expectVisible(row.getByText("ACTIVE"));
    createRemittance(server, batchId); // the farm's money the run pays from (issue 18)
    if (javaScriptEnabled) {
      // The message fades after 4 seconds.
      await page.getByText("Batch activated.").waitFor({ state: "hidden", timeout: 7000 });
    }

    // Simulate: GHS 200 + 12% = GHS 224 to 1 investment; nothing paid.
    await row.getByRole("button", { name: "Simulate" }).click();
    await expectVisible(page.getByTestId("simulation"));
    await expect(page.getByTestId("simulation").textContent()).resolves.toMatch(/harvest payout: total GH₵\s?224\.00 to 1 investment/);

    // Execute: asks 'Execute real payouts?' first, once, in the server's step (with JavaScript too); Cancel changes nothing.
    await row.getByRole("button", { name: "Execute Payout" }).click();
    await expectVisible(confirmStep.getByText("Execute real payouts?"));
    await expectVisible(confirmStep.getByText(/GH₵\s?224\.00 to 1 investment/));
    await page.waitForLoadState("networkidle"); // the answer's revalidation done: the click aborts nothing
    await confirmStep.getByRole("link", { name: "Cancel" }).click();
    await confirmStep.waitFor({ state: "detached" });
    await expectVisible(row.getByText("ACTIVE")); // cancelled: nothing happened
    await row.getByRole("button", { name: "Execute Payout" }).click();
    await expectVisible(confirmStep.getByText("Execute real payouts?"));
    await shot("confirm");
    await page.waitForLoadState("networkidle"); // the answer's revalidation done: the click aborts nothing
    await confirmStep.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(page.getByText(new RegExp(`Payouts executed for Batch #${batchId}: 1 paid, GH₵\\s?224\\.00 in total\\.`)));
    await expectVisible(page.locator(`tr[data-batch-id="${batchId}"]`).getByText("HARVESTED"));
    await shot("paid");

    // Delete is not offered for a batch with investments (issue 29).
    await expect(page.locator(`tr[data-batch-id="${batchId}"]`).getByRole("button", { name: "Delete" }).count()).resolves.toBe(0);

    // A batch nobody invested in: Delete asks, then 'Batch deleted.'.
    const spareId = await (async () => {
      await page.getByLabel("Farm", { exact: true }).selectOption({ label: `${farmName} (Dormaa Ahenkro, Bono)` });
      await page.getByRole("button", { name: "Create batch" }).click();
      await expectVisible(page.getByText("Batch created."));
      return (server.db().prepare("select id from batches order by id desc limit 1").get() as { id: number }).id;
    })();
    await page.locator(`tr[data-batch-id="${spareId}"]`).getByRole("button", { name: "Delete" }).click();
    if (javaScriptEnabled) {
      // The first window.confirm is cancelled: nothing happens; the second is accepted.
      await expect.poll(() => prompts).toEqual(["Delete this batch?"]);
      await page.locator(`tr[data-batch-id="${spareId}"]`).getByRole("button", { name: "Delete" }).click();
      await expect.poll(() => prompts).toEqual(["Delete this batch?", "Delete this batch?"]);
    } else {
      const confirm = page.getByRole("dialog", { name: "Please confirm" });
      await expectVisible(confirm.getByText("Delete this batch?"));
      await confirm.getByRole("button", { name: "Confirm" }).click();
    }
    await expectVisible(page.getByText("Batch deleted."));
    await page.locator(`tr[data-batch-id="${spareId}"]`).waitFor({ state: "detached" });

    // The investor's portfolio shows the payout.
    const investorContext = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(investorContext, server, investor);
    const investorPage = await investorContext.newPage();
    await investorPage.goto(`${server.url}/portfolio`);
    await expect.poll(() => investorPage.getByTestId("wallet-balance").textContent()).toMatch(/524\.00/);
    const investmentId = (server.db().prepare("select id from investments where batch_id = ?").get(batchId) as { id: number }).id;
    await investorPage.getByRole("link", { name: `Details of investment #${investmentId}` }).click();
    const details = investorPage.getByRole("dialog", { name: `Investment #${investmentId}` });
    await expectVisible(details.getByText("HARVEST"));
    await expectVisible(details.getByText(/224\.00/));
    await investorContext.close();
    // No hydration mismatch, CSP violation or script error along the way.
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("daily logs in a phone browser without JavaScript", () => {
  it("records a day with a photo and shows a bad value's message", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const farm = createFarm(server, { name: "Layer Farm", location: "Techiman" });
    const batch = createBatch(server, { farmId: farm.id, productType: "EGG", unitPrice: 100, targetUnits: 100, expectedRoi: 0.01 });
    await signInBrowser(context, server, TEST_ADMIN.email);
    await page.goto(`${server.url}/admin/batches/${batch.id}/logs`);
    await page.getByLabel("Date").fill("2026-02-10");
    await page.getByLabel("Birds alive").fill("500");
    await page.getByLabel("Feed used (kg)").fill("58");
    await page.getByLabel("Eggs collected").fill("430");
    await page.getByLabel("Humidity (%)").fill("140");
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    await page.getByLabel(/^Photos/).setInputFiles({ name: "pen.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Save daily log" }).click();
    await expectVisible(page.getByText("Humidity must be between 0 and 100%."));
    await expect(page.getByLabel("Birds alive").inputValue()).resolves.toBe("500");
    await page.getByLabel("Humidity (%)").fill("66");
    await page.getByLabel(/^Photos/).setInputFiles({ name: "pen.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Save daily log" }).click();
    await expectVisible(page.getByText("Daily log saved for 2026-02-10 with 1 photo."));
    await expectVisible(page.getByRole("img", { name: "Photo 1 of 2026-02-10" }));
    // The photo is lazy: scroll to it, then it loads (a real PNG, 1 px wide).
    const photo = page.getByRole("img", { name: "Photo 1 of 2026-02-10" });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await screenshot(page, "admin-logs-nojs.png", { fullPage: true });

    // Every admin page fits 360 px: nothing scrolls sideways.
    const pages: Array<[string, string, string]> = [
      ["dashboard", "Dashboard", "Admin dashboard"],
      ["exits", "Early exits", "Early exits"],
      ["payments", "Payments", "Payments"],
      ["messages", "Messages", "Contact messages"],
      ["content", "How It Works", "Edit How It Works"],
      ["audit", "Audit log", "Audit log"],
    ];
    for (const [name, link, heading] of pages) {
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await expect(noSideScroll(page), name).resolves.toBe(true);
      await screenshot(page, `admin-${name}-360-nojs.png`, { fullPage: true });
    }
    await context.close();
  });
});
