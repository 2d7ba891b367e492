import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { uniqueEmail } from "../support/client";
import { sharedServer, type TestServer } from "../support/server";

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

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript" },
  { javaScriptEnabled: true, label: "with JavaScript" },
])("accounts in a phone browser $label", ({ javaScriptEnabled, label }) => {
  it("registers, lands on /portfolio greeted by name, logs out, logs back in", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const email = uniqueEmail("browser");
    await page.goto(`${server.url}/`);
    // The header menu is a <details> disclosure at 360 px: it opens without JavaScript.
    await page.getByText("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "FAQ" }).waitFor();
    await page.goto(`${server.url}/register`);
    await page.getByLabel("Full name").fill("Abena Sarpong");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-strong-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/portfolio$/);
    await expectVisible(page.getByRole("heading", { name: "Your Portfolio" }));
    await page.getByText("Menu", { exact: true }).click();
    await expectVisible(page.getByText("Hi, Abena Sarpong").last());
    await screenshot(page, `auth-registered-${javaScriptEnabled ? "js" : "nojs"}.png`);
    const noSideScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideScroll).toBe(true);

    await page.getByRole("button", { name: "Log out" }).last().click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText("Menu", { exact: true }).click();
    await page.getByRole("link", { name: "Log in" }).last().click();
    await page.waitForURL(/\/login/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Wrong email or password.").waitFor();
    await page.getByLabel("Password").fill("a-strong-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/portfolio$/);
    await context.close();
  }, 60_000);

  it(`shows field errors ${label}`, async () => {
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.url}/register`);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Enter a valid email address.").waitFor();
    await expectVisible(page.getByText("Enter your full name."));
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe("not-an-email");
    // Without JavaScript the page comes back from the server, which never echoes a password.
    if (!javaScriptEnabled) await expect(page.getByLabel("Password").inputValue()).resolves.toBe("");
    await context.close();
  }, 60_000);
});
