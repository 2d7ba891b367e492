import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { Client } from "../support/client";
import { createInvestor } from "../support/factories";
import { hydrated, unlabelledFields } from "../support/journey";
import { sharedServer, type TestServer } from "../support/server";

/** Issue 20: the account page's Sessions section on a 360 px phone, ending another session, with and without JavaScript. */

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

const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("the sessions list in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("lists this phone and a laptop, and ends the laptop's session", async () => {
    const u = await createInvestor(server, { fullName: "Abena Sarpong" });
    server.db().prepare("delete from sessions where user_id = ?").run(u.id);
    // A laptop signed in elsewhere.
    const laptop = new Client(server.url);
    expect((await laptop.postForm("/login", { email: u.email, password: u.password }, { "User-Agent": WINDOWS_FIREFOX })).status).toBe(302);

    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.url}/login?redirectTo=%2Faccount`);
    await page.getByLabel("Email").fill(u.email);
    await page.getByLabel("Password").fill(u.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/account$/);
    await hydrated(page, javaScriptEnabled);

    const sessions = page.locator("#sessions");
    await sessions.scrollIntoViewIfNeeded();
    await expectVisible(sessions.getByRole("heading", { name: "Sessions" }));
    await expectVisible(sessions.getByText("This device"));
    const laptopRow = sessions.getByTestId("session").filter({ hasText: "Firefox on Windows" });
    await expectVisible(laptopRow);
    await expectVisible(laptopRow.getByText("Local network"));
    await expect(sessions.getByTestId("session").count()).resolves.toBe(2);
    await expect(noSideScroll(page)).resolves.toBe(true);
    const [violations, unlabelled] = await Promise.all([seriousViolations(page), unlabelledFields(page)]);
    expect(violations).toEqual([]);
    expect(unlabelled).toEqual([]);
    await screenshot(page, `sessions-${tag}.png`, { fullPage: true });

    await laptopRow.getByRole("button", { name: /^End Firefox on Windows/ }).click();
    await expectVisible(page.getByText("That session is signed out."));
    await expect.poll(() => sessions.getByTestId("session").count()).toBe(1);
    await expectVisible(sessions.getByText("This device"));
    // The laptop is logged out; this phone is not.
    expect((await laptop.get("/account")).status).toBe(302);
    await expect(sessions.getByRole("button", { name: "Sign out everywhere else" }).count()).resolves.toBe(0);
    await context.close();
  });
});
