import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { abortedByNextLoad, hydrated } from "../support/journey";
import { startServer, type TestServer } from "../support/server";

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
const shot = (page: Page, name: string) => screenshot(page, `${name}.png`);
const figure = (page: Page, id: string, name: string) => page.locator(`[data-testid="${id}-result"] [data-figure="${name}"]`).innerText();

describe("public pages in a 360 x 740 phone browser without JavaScript", () => {
  it("walks Home -> How It Works -> FAQ search -> Risk -> Terms", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => void (abortedByNextLoad(e) || errors.push(e.message)));

    await page.goto(`${server.url}/`);
    await expect(page.title()).resolves.toBe("Invest in poultry farms in Ghana | Akoko");
    await page.getByRole("heading", { name: "How you profit" }).waitFor();
    await expectVisible(page.getByText("24/7 Live tracking"));
    // Server-drawn charts are visible pictures, not empty boxes waiting for JavaScript.
    const chart = page.getByRole("img", { name: "Expected ROI by batch, in percent" });
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.width).toBeLessThanOrEqual(360);
    await expect(page.locator("a[data-batch]").count()).resolves.toBeGreaterThan(0);
    // The quick estimator works as a GET form.
    await page.locator("#estimator-product").selectOption("EGG");
    await page.locator("#estimator-units").fill("10");
    await page.locator("#estimator-unit-price").fill("150");
    await page.locator("#estimator-roi").fill("0.03");
    await page.locator("#estimator").getByRole("button", { name: "Calculate" }).click();
    await page.waitForURL(/product=EGG/);
    expect(new URL(page.url()).hash).toBe("#estimator");
    await expect(figure(page, "estimator", "total")).resolves.toBe("GH₵2,040.00");
    await expectVisible(page.locator("#estimator").getByText("12-month illustrative"));
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "public-home-nojs");

    await page.goto(`${server.url}/`);
    await page.getByRole("link", { name: "How it works" }).first().click();
    await page.waitForURL(/\/how-it-works$/);
    await expect(page.title()).resolves.toBe("How It Works | Akoko");
    await page.getByRole("link", { name: "Estimate returns" }).click();
    await page.waitForURL(/#calculator$/);
    await page.locator("#calculator-units").fill("4");
    await page.locator("#calculator").getByRole("button", { name: "Calculate" }).click();
    await page.waitForURL(/units=4/);
    await expect(figure(page, "calculator", "principal")).resolves.toBe("GH₵200.00");
    // The FAQ accordion opens without JavaScript.
    const question = page.locator("summary", { hasText: "What is a unit?" });
    await question.click();
    await expectVisible(page.getByText("A unit is a fixed share of one batch of birds."));
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "public-how-it-works-nojs");

    await page.getByRole("link", { name: "Read the FAQ" }).click();
    await page.waitForURL(/\/faq$/);
    await expect(page.locator("main details").count()).resolves.toBe(19); // the 18 entries and withholding tax (issue 29)
    await page.getByPlaceholder("Search (e.g. payout, ROI, chicken)...").fill("harvest");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/faq\?q=harvest$/);
    const matches = await page.locator("main details").count();
    expect(matches).toBeGreaterThan(0);
    expect(matches).toBeLessThan(18);
    await page.getByPlaceholder("Search (e.g. payout, ROI, chicken)...").fill("no-such-words");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("No FAQs match your search. Try different keywords or contact support").waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "public-faq-nojs");

    await page.getByRole("contentinfo").getByRole("link", { name: "Risk Disclosure" }).click();
    await page.waitForURL(/\/risk$/);
    await page.getByRole("heading", { name: "Liquidity and early exit" }).waitFor();
    await expect(page.locator("main h2").count()).resolves.toBe(8);
    expect(await noSideScroll(page)).toBe(true);

    await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Privacy" }).click();
    await page.waitForURL(/\/terms$/);
    await page.getByText("Last updated 3 September 2025").waitFor();
    await page.getByRole("heading", { name: "Investment terms" }).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "public-terms-nojs");
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("sends a contact message", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    await page.getByLabel("Name").fill("Adwoa Mensah");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Subject").fill("Egg payouts");
    await page.getByLabel("Message").fill("When is the next egg payout?");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Enter a valid email address.").waitFor();
    await expect(page.getByLabel("Message").inputValue()).resolves.toBe("When is the next egg payout?");
    await page.getByLabel("Email").fill("adwoa@example.com");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL(/\/contact\?sent=1$/);
    await page.getByTestId("contact-sent").waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "public-contact-nojs");
    // /kyc is for signed-in investors now (issue 17): test/e2e/kyc.e2e.test.ts.
    await context.close();
  }, 60_000);
});

describe("public pages with JavaScript", () => {
  it("updates the estimator as one types and filters the FAQ as one types", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => void (abortedByNextLoad(e) || errors.push(e.message)));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });

    await page.goto(`${server.url}/`);
    await hydrated(page, true);
    await expect(figure(page, "estimator", "total")).resolves.toBe("GH₵560.00");
    await page.locator("#estimator-units").fill("20");
    await expect.poll(() => figure(page, "estimator", "principal")).toBe("GH₵1,000.00");
    await expect(figure(page, "estimator", "total")).resolves.toBe("GH₵1,120.00");
    // Egg Note brings the egg figures (the cheapest egg batch on sale: GHS 100 at 1.1% a month), not 12% read as monthly.
    await page.locator("#estimator-product").selectOption("EGG");
    await expect.poll(() => figure(page, "estimator", "return")).toBe("GH₵264.00");
    await expectVisible(page.locator("#estimator").getByText("12-month illustrative"));
    await page.locator("#estimator-units").fill("");
    await expect.poll(() => figure(page, "estimator", "total")).toBe("GH₵0.00");
    await page.locator("#estimator-units").fill("0");
    await page.locator("#estimator").getByText("Units must be at least 1.").waitFor();
    // No request was needed for any of that.
    expect(page.url()).toBe(`${server.url}/`);

    await page.goto(`${server.url}/faq`);
    await hydrated(page, true);
    const search = page.getByPlaceholder("Search (e.g. payout, ROI, chicken)...");
    await search.pressSequentially("telecel", { delay: 20 });
    await expect.poll(() => page.locator("main details").count()).toBe(1);
    expect(page.url()).toBe(`${server.url}/faq`);
    await search.fill("no-such-words");
    await page.getByText("No FAQs match your search. Try different keywords or contact support").waitFor();
    await search.fill("   ");
    await expect.poll(() => page.locator("main details").count()).toBe(19);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "public-faq-js");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
