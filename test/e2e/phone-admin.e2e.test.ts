// Issue 29 points 12, 13 and 15 in a phone browser (360 x 740), JavaScript off and on: the list
// pages' folded filters, grouped numbers, the portfolio's title first, 24 px targets, the public
// /kyc, and the admin dashboard's confirmations. Then the batch's remittances and daily-log pages.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, thumbTargets, widerThanTheirBoxes } from "../support/browser";
import { call, type Client } from "../support/client";
import { createBatch, createInvestor, createRemittance, serverNow, signInAdmin, signInBrowser } from "../support/factories";
import { collectPageErrors, hydrated } from "../support/journey";
import { startServer, TEST_ADMIN, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
let admin: Client;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = (await signInAdmin(server)).api;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not rendered");
  return b;
};
const isOpen = (page: Page) =>
  page
    .getByTestId("filter-fold")
    .first()
    .evaluate((d: HTMLDetailsElement) => d.open);
const day = (offset: number) => new Date(serverNow(server).getTime() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each([
  { javaScriptEnabled: false, tag: "nojs" },
  { javaScriptEnabled: true, tag: "js" },
])("at 360 px, JavaScript $javaScriptEnabled", ({ javaScriptEnabled, tag }) => {
  const shot = (page: Page, name: string) => screenshot(page, `phone-admin-${name}-${tag}.png`, { fullPage: true });

  it("12: the list pages fold their filters (open while one is in use), the first screen shows batches, numbers are grouped, targets are 24 px", async () => {
    const errors: string[] = [];
    const investor = await createInvestor(server, { walletGhs: 2_000 });
    const bulk = createBatch(server, { productType: "EGG", unitPrice: 1, targetUnits: 5_000 });
    expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: bulk.id, units: 1_550 })).status).toBe(201);
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, investor);
    const page = await context.newPage();
    collectPageErrors(page, errors);

    // Eggs: the filters fold behind one control, closed; the first card starts on the first screen.
    await page.goto(`${server.url}/invest/eggs`);
    await hydrated(page, javaScriptEnabled);
    await expect(isOpen(page)).resolves.toBe(false);
    await expect(page.getByLabel("Status").isVisible()).resolves.toBe(false);
    const firstCard = page.getByTestId("batch-grid").locator("li").first();
    expect((await box(firstCard)).y).toBeLessThan(740);
    await shot(page, "eggs-folded");
    const fold = page.getByTestId("filter-fold").locator("summary");
    expect((await box(fold)).height).toBeGreaterThanOrEqual(24);
    await fold.click();
    await page.getByLabel("Status").selectOption("OPEN");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "OPEN");
    // A filter in use: the fold opens on its own, so the reader sees what filters the list.
    await expectVisible(page.getByLabel("Status"));
    await expect(isOpen(page)).resolves.toBe(true);
    await page.reload();
    await hydrated(page, javaScriptEnabled);
    await expect(isOpen(page)).resolves.toBe(true);
    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => isOpen(page)).toBe(false);

    // Chicken: the same fold.
    await page.goto(`${server.url}/invest/chicken?q=zzz`);
    await hydrated(page, javaScriptEnabled);
    await expect(isOpen(page)).resolves.toBe(true);

    // The portfolio: the title before the account's state and the cards; 1,550 units grouped; the fold.
    await page.goto(`${server.url}/portfolio`);
    await hydrated(page, javaScriptEnabled);
    const title = page.getByRole("heading", { name: "Your Portfolio", level: 1 });
    expect((await box(title)).y).toBeLessThan((await box(page.getByTestId("kyc-status"))).y);
    expect((await box(title)).y).toBeLessThan((await box(page.getByTestId("contact-status"))).y);
    await expectVisible(page.locator("tbody").getByText("1,550", { exact: true }));
    await expect(isOpen(page)).resolves.toBe(false);
    await page.getByTestId("filter-fold").locator("summary").click();
    // A date input says the format it asks for.
    await expectVisible(page.getByText("YYYY-MM-DD").first());
    await shot(page, "portfolio");

    // The batch page: each settlement sheet's summary is at least 24 x 24 px.
    const egg = createBatch(server, { productType: "EGG", status: "ACTIVE", startDate: "2026-01-10" });
    expect((await call(admin, "POST", `/api/v1/admin/batches/${egg.id}/remittances`, { period: "2026-03", amount: 20, crates_sold: 40, price_per_crate: 65 })).status).toBe(201);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${egg.id}/remittances`, { period: "2026-04", amount: 20, crates_sold: 40, price_per_crate: 65 })).status).toBe(201);
    await page.goto(`${server.url}/batches/${egg.id}`);
    await hydrated(page, javaScriptEnabled);
    const summaries = page.locator("li[data-period] details > summary");
    expect(await summaries.count()).toBeGreaterThanOrEqual(2);
    for (const summary of await summaries.all()) {
      const b = await box(summary);
      expect(b.height, "sheet summary height").toBeGreaterThanOrEqual(24);
      expect(b.width, "sheet summary width").toBeGreaterThanOrEqual(24);
    }

    // The account's checkboxes: at least 24 x 24 px.
    await page.goto(`${server.url}/account`);
    await hydrated(page, javaScriptEnabled);
    const boxes = page.locator('input[type="checkbox"]');
    expect(await boxes.count()).toBeGreaterThan(0);
    for (const checkbox of await boxes.all()) {
      const b = await box(checkbox);
      expect(b.height, "checkbox height").toBeGreaterThanOrEqual(24);
      expect(b.width, "checkbox width").toBeGreaterThanOrEqual(24);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("13: a visitor reads what /kyc needs and logs in to send it; the FAQ names the same IDs", async () => {
    const errors: string[] = [];
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    collectPageErrors(page, errors);
    await page.goto(`${server.url}/kyc`);
    await hydrated(page, javaScriptEnabled);
    await expectVisible(page.getByRole("heading", { name: "Verify your identity", level: 1 }));
    const needs = page.getByTestId("kyc-requirements");
    const idTypes = await page.getByTestId("kyc-id-types").locator("li").allInnerTexts();
    expect(idTypes).toEqual(["Ghana Card", "ECOWAS passport"]);
    for (const words of ["ID number", "Photo of the front of your ID", "Selfie", "Proof of address"]) await expectVisible(needs.getByText(words).first());
    await shot(page, "kyc-visitor");
    await page.goto(`${server.url}/faq?q=verify`);
    await page.getByText("What do I need to verify my identity (KYC)?").click();
    for (const idType of idTypes) await expectVisible(page.getByText(new RegExp(idType)).first());
    await page.goto(`${server.url}/kyc`);
    await hydrated(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Log in to send your documents" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/kyc");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a batch's remittances are a card each, in English and in Twi; the daily log's fields, file inputs and incident box are 44 px high", async () => {
    const errors: string[] = [];
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, TEST_ADMIN.email);
    const page = await context.newPage();
    collectPageErrors(page, errors);
    // Two remittances with every figure filled in: eight columns of money and dates.
    const egg = createBatch(server, { productType: "EGG", status: "ACTIVE", startDate: "2026-01-10" });
    const full = { amount: 12_345.67, crates_sold: 1_900, price_per_crate: 65, revenue: 123_500, feed_cost: 98_765.43, vet_cost: 1_234.5, other_costs: 2_345.6, farm_share: 8_809.8 };
    for (const period of ["2026-03", "2026-04"]) expect((await call(admin, "POST", `/api/v1/admin/batches/${egg.id}/remittances`, { period, ...full })).status).toBe(201);
    for (const lang of ["en", "ak"]) {
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      await page.goto(`${server.url}/admin/batches/${egg.id}/remittances`);
      await hydrated(page, javaScriptEnabled);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang === "ak" ? "ak" : "en-GH");
      await expect(page.getByTestId("remittance-row").count()).resolves.toBe(2);
      await expect.soft(widerThanTheirBoxes(page), `remittances in ${lang}`).resolves.toEqual([]);
      await shot(page, `remittances-${lang}`);
    }
    await context.clearCookies({ name: "lang" });

    // A batch with a day logged: the new day's photos and the photos added to a logged day.
    const logged = server.db().prepare("select batch_id id from farm_logs group by batch_id order by count(*) desc limit 1").get() as { id: number };
    await page.goto(`${server.url}/admin/batches/${logged.id}/logs`);
    await hydrated(page, javaScriptEnabled);
    const files = page.locator('main input[type="file"]');
    expect(await files.count()).toBeGreaterThanOrEqual(2);
    for (const file of await files.all()) expect.soft((await box(file)).height, "file input height").toBeGreaterThanOrEqual(44);
    await expect(page.locator('main input[name="incident"]').count()).resolves.toBeGreaterThan(0);
    await expect
      .soft(
        thumbTargets(page, "main").then((audit) => audit.failures),
        "the daily log's fields and boxes",
      )
      .resolves.toEqual([]);
    await files.first().scrollIntoViewIfNeeded();
    await screenshot(page, `phone-admin-logs-photos-${tag}.png`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("15: Delete only without investments; Activate asks with the escrow; a short run is confirmed once; an early harvest warns", async () => {
    const errors: string[] = [];
    const prompts: string[] = [];
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, TEST_ADMIN.email);
    const page = await context.newPage();
    collectPageErrors(page, errors);
    page.on("dialog", (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    const investor = await createInvestor(server, { walletGhs: 20_000 });
    const open = createBatch(server, { productType: "CHICKEN", unitPrice: 20 });
    expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: open.id, units: 10 })).status).toBe(201);
    const empty = createBatch(server, { productType: "CHICKEN" });
    const big = createBatch(server, { productType: "CHICKEN", unitPrice: 1_000, expectedRoi: 0.12 });
    expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: big.id, units: 10 })).status).toBe(201);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${big.id}/activate`)).status).toBe(200);
    server.db().prepare("update batches set start_date = ? where id = ?").run(day(-50), big.id); // in its harvest window
    createRemittance(server, big.id, { amountGhs: 500 }); // GHS 11,200 due: GHS 10,700 short
    const early = createBatch(server, { productType: "CHICKEN", status: "ACTIVE", startDate: day(-10) });
    createRemittance(server, early.id);

    await page.goto(`${server.url}/admin`);
    await hydrated(page, javaScriptEnabled);
    const row = (id: number) => page.locator(`tr[data-batch-id="${id}"]`);
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await expect(row(open.id).getByRole("button", { name: "Delete" }).count()).resolves.toBe(0);
    await expectVisible(row(empty.id).getByRole("button", { name: "Delete" }));

    // Activate asks, naming the escrow (GHS 200), then activates.
    await row(open.id).getByRole("button", { name: "Activate" }).click();
    await expectVisible(confirm.getByText(`Activate Batch #${open.id}?`));
    await expectVisible(confirm.getByText(/GH₵\s?200\.00 held in escrow for it moves to the farm/));
    await shot(page, "activate-confirm");
    await page.waitForLoadState("networkidle"); // the answer's revalidation done: the click aborts nothing
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(page.getByText("Batch activated."));
    await expectVisible(row(open.id).getByText("ACTIVE", { exact: true }));

    // A shortfall the reserve cannot cover: the step offers Cancel only.
    const reserveMinor = (server.db().prepare("select coalesce(sum(balance_minor), 0) b from accounts where kind = 'PLATFORM_RESERVE'").get() as { b: number }).b;
    expect(reserveMinor).toBeLessThan(1_070_000);
    await row(big.id).getByRole("button", { name: "Execute Payout" }).click();
    await expectVisible(confirm.getByText(/record the farm's remittance or fund the reserve first/));
    await expect(confirm.getByRole("button", { name: "Confirm" }).count()).resolves.toBe(0);
    await shot(page, "short-no-confirm");
    await page.waitForLoadState("networkidle"); // the answer's revalidation done: the click aborts nothing
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });

    // Funded: one Confirm draws the shortfall and pays.
    expect((await call(admin, "POST", "/api/v1/admin/reserve", { amount: 11_000, source: "EXTERNAL" })).status).toBe(200);
    await page.reload();
    await hydrated(page, javaScriptEnabled);
    await row(big.id).getByRole("button", { name: "Execute Payout" }).click();
    await expectVisible(confirm.getByText(/Confirm draws GH₵\s?10,700\.00 from the platform reserve/));
    await expect(confirm.getByTestId("confirm-warning").count()).resolves.toBe(0);
    await shot(page, "short-confirm");
    await page.waitForLoadState("networkidle"); // the answer's revalidation done: the click aborts nothing
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(page.getByText(new RegExp(`Payouts executed for Batch #${big.id}: 1 paid, GH₵\\s?11,200\\.00 in total\\.`)));
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    // A harvest before its window warns and names the window.
    await row(early.id).getByRole("button", { name: "Execute Payout" }).click();
    await expectVisible(confirm.getByTestId("confirm-warning").getByText(`the harvest window is ${day(32)} to ${day(46)}`, { exact: false }));
    await shot(page, "early-harvest");
    await page.waitForLoadState("networkidle"); // the answer's revalidation done: the click aborts nothing
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect((server.db().prepare("select status from batches where id = ?").get(early.id) as { status: string }).status).toBe("ACTIVE");

    // No window.confirm before any of these: the server's step asked, once.
    expect(prompts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
