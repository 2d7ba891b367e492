import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { call, type Client } from "../support/client";
import { backdateBatchStart, createBatch, createFarm, createInvestor, signInAdmin, signInBrowser, type BatchOptions } from "../support/factories";
import { hydrated } from "../support/journey";
import { startServer, type TestServer } from "../support/server";

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

const newFarm = (name: string, location: string) => createFarm(server, { name, location }).id;
/** An OPEN egg batch of the farm (GHS 20 a unit, 40 units, 1% a month unless told). */
const newBatch = (farmId: number, options: BatchOptions) => createBatch(server, { farmId, productType: "EGG", unitPrice: 20, targetUnits: 40, expectedRoi: 0.01, mortalityRate: 0.05, ...options }).id;

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const cardIds = (page: Page) => page.locator("li[data-batch]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-batch"))));
const availableOf = (page: Page, id: number) => page.locator(`li[data-batch="${id}"] [data-testid="available-units"]`).textContent();

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("the invest pages in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("filter and sort, log in from the dialog, see each egg message, invest, request an exit, audit", async () => {
    const farmName = `Phone Farm ${tag} ${process.pid}`;
    const farm = newFarm(farmName, "Ho, Volta");
    const cheap = newBatch(farm, { unitPrice: 20, targetUnits: 40, expectedRoi: 0.01 });
    const dear = newBatch(farm, { unitPrice: 30, targetUnits: 400, expectedRoi: 0.012 });
    const u = await createInvestor(server, { fullName: "Esi Quaye", walletGhs: 100 });
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const shot = (name: string, fullPage = false) => screenshot(page, `invest-${name}-${tag}.png`, { fullPage });
    const apply = async () => {
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    };

    await page.goto(`${server.url}/invest/eggs`);
    await page.getByRole("heading", { name: "Invest in Eggs" }).waitFor();
    await hydrated(page, javaScriptEnabled);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot("eggs-list", true);

    // Search, then sort: the URL carries them and the server answers (the filters fold behind one control).
    await page.getByText("Filter and sort").click();
    await page.getByLabel("Search").fill(farmName);
    await apply();
    await page.waitForURL(/q=Phone/);
    await expect.poll(() => cardIds(page)).toEqual([dear, cheap]);
    await page.getByLabel("Sort").selectOption({ label: "Lowest unit price" });
    await apply();
    await page.waitForURL(/sort=price/);
    await expect.poll(() => cardIds(page)).toEqual([cheap, dear]);
    await page.getByLabel("Status").selectOption({ label: "Closed" });
    await apply();
    await page.waitForURL(/status=CLOSED/);
    await expectVisible(page.getByText("No matching batches — try clearing filters or check back later."));
    await page.getByLabel("Status").selectOption({ label: "Open" });
    await apply();
    await page.waitForURL(/status=OPEN/);
    await expect.poll(() => cardIds(page)).toEqual([cheap, dear]);
    await expect(availableOf(page, cheap)).resolves.toBe("40");

    // Invest while logged out: the dialog asks to log in, and the login comes back to it.
    await page.getByRole("link", { name: `Invest in Batch #${cheap}` }).click();
    let dialog = page.getByRole("dialog", { name: `Invest in Batch #${cheap}` });
    await expectVisible(dialog.getByText("Please log in to invest."));
    await shot("login-prompt");
    await dialog.getByRole("link", { name: "Log in" }).click();
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(u.email);
    await page.getByLabel("Password").fill(u.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/invest/eggs" && url.searchParams.get("dialog") === "invest" && url.searchParams.get("sort") === "price");
    dialog = page.getByRole("dialog", { name: `Invest in Batch #${cheap}` });
    await expect.poll(() => dialog.getByLabel("Units").inputValue()).toBe("10");
    await expectVisible(dialog.getByTestId("wallet-balance").getByText(/100\.00/));
    await expectVisible(dialog.getByRole("checkbox", { name: "Auto-reinvest at close" }));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot("invest-dialog");

    // Each message, from the server.
    const submit = async (units: string, terms: boolean) => {
      const d = page.getByRole("dialog", { name: `Invest in Batch #${cheap}` });
      await d.getByLabel("Units").fill(units);
      const box = d.getByRole("checkbox", { name: /I accept the/ });
      if (terms) await box.check();
      else await box.uncheck();
      await d.getByRole("button", { name: "Invest" }).click();
    };
    const expectMessage = (text: string) => expectVisible(page.getByRole("dialog").getByText(text, { exact: true }));
    await submit("0", true);
    await expectMessage("Enter a positive units amount.");
    await submit("41", true);
    await expectMessage("Not enough units available.");
    await submit("2", false);
    await expectMessage("Please accept terms & risk disclosure.");
    await submit("6", true);
    await expectMessage("Insufficient wallet balance — deposit or reduce units.");
    await shot("invest-error");
    if (javaScriptEnabled) await expectVisible(page.getByTestId("invest-cost").getByText(/120\.00/));

    // Success: a toast, the list (with its filters) and the new available units. Without JavaScript
    // the figures were for the 6 units sent before: Invest shows those for 3 first, then buys them.
    await submit("3", true);
    if (!javaScriptEnabled) {
      await expectMessage("The figures above are now for the 3 units you typed: read them, then press the button again.");
      await expectVisible(page.getByTestId("invest-cost").getByText(/60\.00/));
      await page.getByRole("dialog").getByRole("button", { name: "Invest" }).click();
    }
    await expectVisible(page.getByText(`Investment confirmed: 3 units of Batch #${cheap}`));
    await page.waitForURL((url) => !url.search.includes("dialog") && url.search.includes("sort=price"));
    await expect.poll(() => availableOf(page, cheap)).toBe("37");
    await shot("invested");

    // Early exit: the batch goes live, and a month later the investor offers units.
    expect((await call(admin, "POST", `/api/v1/admin/batches/${cheap}/activate`)).status).toBe(200);
    backdateBatchStart(server, cheap, { months: 2 });
    await page.goto(`${server.url}/invest/eggs?q=${encodeURIComponent(farmName)}`);
    await hydrated(page, javaScriptEnabled);
    await page.getByRole("link", { name: `Exit Batch #${cheap}` }).click();
    const exit = page.getByRole("dialog", { name: `Early exit from Batch #${cheap}` });
    // The units the investor holds and can offer (3), not the default 10 (issue 14).
    await expect.poll(() => exit.getByLabel("Units").inputValue()).toBe("3");
    await exit.getByLabel("Units").fill("0");
    await exit.getByRole("button", { name: "Request exit" }).click();
    await expectMessage("Enter units");
    await page.getByRole("dialog").getByLabel("Units").fill("2");
    // With JavaScript the price, the fee and what the investor receives follow the units as typed.
    if (javaScriptEnabled) {
      await expectVisible(page.getByRole("dialog").getByText("If a buyer takes 2 units"));
      await expect.poll(async () => (await page.getByTestId("exit-price").textContent())?.replace(/\s/g, "")).toBe("GH₵40.00");
    }
    await shot("exit-dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Request exit" }).click();
    if (!javaScriptEnabled) {
      // The figures were for the 0 units sent before: those for 2 are shown first.
      await expectMessage("The figures above are now for the 2 units you typed: read them, then press the button again.");
      await expectVisible(page.getByRole("dialog").getByText("If a buyer takes 2 units"));
      await page.getByRole("dialog").getByRole("button", { name: "Request exit" }).click();
    }
    await expectVisible(page.getByText("Early exit request submitted. We will notify you when a buyer is found."));
    await page.waitForURL((url) => !url.search.includes("dialog"));
    // The offered units are on sale to others, not to the investor offering them: their card counts none.
    await expect.poll(() => availableOf(page, cheap)).toBe("0");

    // Audit: the batch page tells the truth, including that no logs exist yet.
    await page.getByRole("link", { name: `Audit Batch #${cheap}` }).click();
    await page.waitForURL(new RegExp(`/batches/${cheap}$`));
    await expectVisible(page.getByText("The farm has not posted any daily logs for this batch yet."));
    await expectVisible(page.getByTestId("funds-deployed").getByText(/60\.00/));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot("batch-page", true);
    await context.close();
  }, 120_000);

  it("eggs calculator: units = floor(amount / unit price), with both messages", async () => {
    const farm = newFarm(`Calc ${tag} ${process.pid}`, "Dodowa, Greater Accra");
    const batch = newBatch(farm, { unitPrice: 30, targetUnits: 5 });
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.url}/invest/eggs?calc_batch=${batch}#calculator`);
    await hydrated(page, javaScriptEnabled);
    const calc = page.locator("#calculator");
    await expect.poll(() => calc.getByLabel("Amount (GHS)").inputValue()).toBe("100");
    await expectVisible(calc.getByTestId("calc-units").getByText("3", { exact: true }));
    const amount = async (value: string) => {
      await calc.getByLabel("Amount (GHS)").fill(value);
      if (!javaScriptEnabled) await calc.getByRole("button", { name: "Calculate" }).click();
    };
    await amount("20");
    await expectVisible(calc.getByText("Amount too low for selected batch."));
    await amount("180");
    await expectVisible(calc.getByText("Not enough units available in this batch."));
    await expectVisible(calc.getByTestId("calc-units").getByText("6", { exact: true }));
    await amount("150");
    await expectVisible(calc.getByTestId("calc-units").getByText("5", { exact: true }));
    await expect(calc.getByRole("alert").count()).resolves.toBe(0);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await screenshot(page, `invest-calculator-${tag}.png`);
    await context.close();
  }, 60_000);

  it("chicken: summary, each message, invest; the seeded batch page with logs fits 360 px", async () => {
    const farm = newFarm(`Coop ${tag} ${process.pid}`, "Tamale, Northern");
    const batch = newBatch(farm, { productType: "CHICKEN", unitPrice: 10, targetUnits: 25, expectedRoi: 0.12 });
    const u = await createInvestor(server, { fullName: "Kwame Nkansah", walletGhs: 100 });
    const context = await phoneContext(browser, { javaScriptEnabled });
    // Signed in first, then the dialog opens from its card.
    await signInBrowser(context, server, u);
    const page = await context.newPage();
    await page.goto(`${server.url}/invest/chicken?q=Coop+${tag}`);
    await page.getByRole("heading", { name: "Invest in Chicken" }).waitFor();
    await hydrated(page, javaScriptEnabled);
    await expectVisible(page.getByText("Avg. ROI per cycle"));
    await expectVisible(page.getByText("Quick risk checklist"));
    await expect.poll(() => cardIds(page)).toEqual([batch]);
    await expectVisible(page.locator(`li[data-batch="${batch}"]`).getByRole("link", { name: /View farm/ }));
    await page.getByRole("link", { name: `Invest in Batch #${batch}` }).click();
    const submit = async (units: string, terms: boolean) => {
      const d = page.getByRole("dialog", { name: `Invest in Batch #${batch}` });
      await d.getByLabel("Units").fill(units);
      const box = d.getByRole("checkbox", { name: /I acknowledge the investment terms/ });
      if (terms) await box.check();
      else await box.uncheck();
      await d.getByRole("button", { name: "Invest" }).click();
    };
    const expectMessage = (text: string) => expectVisible(page.getByRole("dialog").getByText(text, { exact: true }));
    await page.getByRole("dialog").waitFor();
    // Issue 14: the chicken dialog offers auto-reinvest too, said as it happens.
    await expectVisible(page.getByRole("dialog").getByRole("checkbox", { name: "Auto-reinvest at harvest" }));
    await submit("0", true);
    await expectMessage("Enter a positive number of units.");
    await submit("26", true);
    await expectMessage("Cannot invest more than available units.");
    await submit("1", false);
    await expectMessage("You must acknowledge the investment terms.");
    await submit("11", true);
    await expectMessage("Insufficient wallet balance — deposit or reduce units.");
    await submit("5", true);
    if (!javaScriptEnabled) {
      await expectMessage("The figures above are now for the 5 units you typed: read them, then press the button again.");
      await expectVisible(page.getByTestId("invest-cost").getByText(/50\.00/));
      await page.getByRole("dialog").getByRole("button", { name: "Invest" }).click();
    }
    await expectVisible(page.getByText(`Investment confirmed: 5 units of Batch #${batch}`));
    await expect.poll(() => availableOf(page, batch)).toBe("20");
    await expect(noSideScroll(page)).resolves.toBe(true);
    await screenshot(page, `invest-chicken-${tag}.png`, { fullPage: true });

    // The seeded broiler batch: weights, FCR and mortality charts, and the log table.
    const seeded = (server.db().prepare("select b.id from batches b join farms f on f.id = b.farm_id where f.name = 'Nsawam Broiler Farms' and b.status = 'ACTIVE'").get() as { id: number }).id;
    await page.goto(`${server.url}/batches/${seeded}`);
    await expectVisible(page.getByRole("heading", { name: "Feed conversion ratio" }));
    await expectVisible(page.getByText("Brooder gas heater failed overnight").first());
    await expect.poll(() => page.locator("tr[data-log-date]").count()).toBe(20);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await screenshot(page, `invest-batch-logs-${tag}.png`, { fullPage: true });
    await context.close();
  }, 120_000);
});

describe("with JavaScript, while the list loads", () => {
  it("shows 6 skeleton cards during a client-side navigation", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/invest/chicken`);
    await page.getByRole("heading", { name: "Invest in Chicken" }).waitFor();
    await hydrated(page, true);
    // Hold the data request so the navigation stays in its loading state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByText("Filter and sort").click();
    await page.getByLabel("Sort").selectOption({ label: "Highest ROI" });
    await expect.poll(() => page.locator("[data-skeleton]").count()).toBe(6);
    release();
    await page.waitForURL(/sort=roi/);
    await expect.poll(() => page.locator("[data-skeleton]").count()).toBe(0);
    await context.close();
  }, 60_000);
});
