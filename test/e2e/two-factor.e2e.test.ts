import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { createInvestor } from "../support/factories";
import { hydrated, unlabelledFields } from "../support/journey";
import { sharedServer, type TestServer } from "../support/server";
import { codeFor } from "../support/totp";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login?redirectTo=%2Faccount`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("two-factor sign-in in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("enrols from the account page with the QR code, shows the recovery codes once, then asks for a code at login", async () => {
    const u = await createInvestor(server, { fullName: "Ekow Asante" });
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `two-factor-${name}-${tag}.png`, { fullPage: true });

    await logIn(page, u.email, u.password);
    await page.waitForURL(/\/account$/);
    await hydrated(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Set up or manage two-factor sign-in" }).click();
    await page.waitForURL(/\/account\/two-factor$/);
    // The QR code is an SVG drawn by the server; the key is there as text for typing in.
    const qr = page.getByTestId("totp-qr").locator("svg");
    expect(await qr.evaluate((svg) => svg.getBoundingClientRect().width)).toBeGreaterThan(100);
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await unlabelledFields(page)).toEqual([]);
    await shot("enrol");

    await page.getByLabel("Code", { exact: true }).fill("000000");
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByText("That code is not right.").waitFor();
    // Enrol with this step's code and sign in below with the next step's: a browser round trip on a
    // busy machine can cross a step boundary, and the server takes each step once and one step either side.
    await page.getByLabel("Code", { exact: true }).fill(codeFor(secret));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByTestId("recovery-codes").waitFor();
    const codes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
    expect(codes).toHaveLength(10);
    expect(await noSideScroll(page)).toBe(true);
    await shot("recovery-codes");
    await context.close();

    // A new phone: the password, then the code.
    const second = await phoneContext(browser, { javaScriptEnabled });
    const again = await second.newPage();
    await logIn(again, u.email, u.password);
    await again.waitForURL(/\/login\/code$/);
    await again.getByLabel("Code", { exact: true }).fill("123456");
    await again.getByRole("button", { name: "Log in" }).click();
    await again.getByText("That two-factor code is not right").waitFor();
    await again.getByLabel("Code", { exact: true }).fill(codeFor(secret, 1));
    await again.getByRole("button", { name: "Log in" }).click();
    await again.waitForURL(/\/account$/);
    await again.getByRole("heading", { name: "Your account", level: 1 }).waitFor();
    await screenshot(again, `two-factor-signed-in-${tag}.png`);
    await second.close();

    // Lost the phone: a recovery code instead.
    const third = await phoneContext(browser, { javaScriptEnabled });
    const lost = await third.newPage();
    await logIn(lost, u.email, u.password);
    await lost.waitForURL(/\/login\/code$/);
    await lost.getByLabel("Code", { exact: true }).fill(codes[0]);
    await lost.getByRole("button", { name: "Log in" }).click();
    await lost.waitForURL(/\/account$/);
    await third.close();
  }, 90_000);
});
