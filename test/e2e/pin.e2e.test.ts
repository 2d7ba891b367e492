import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { expectVisible, launchBrowser, NO_JAVASCRIPT, phoneContext, screenshot, SCREENSHOT_DIR, WITH_JAVASCRIPT } from "../support/browser";
import { createInvestor, createPhoneInvestor, signInBrowser } from "../support/factories";
import { hydrated, unlabelledFields } from "../support/journey";
import { sharedServer, type TestServer } from "../support/server";

/**
 * Issue 31 in a 360 px phone browser, with JavaScript off and on: signing in with a phone number
 * (the number, the code the SMS brings, the PIN) and setting a PIN on /account. The server runs on
 * the demo outbox; the code is read from it as a person reads their phone.
 */
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

async function expectAccessible(page: Page) {
  const [violations, unlabelled] = await Promise.all([seriousViolations(page), unlabelledFields(page)]);
  expect(violations).toEqual([]);
  expect(unlabelled).toEqual([]);
}

/** The sign-in code last texted to `phone` (the demo outbox keeps the SMS it would send). */
async function signInCode(phone: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const row = server.db().prepare("select body_text from outbox where recipient = ? and kind = 'SIGN_IN_CODE' order by id desc").get(phone) as { body_text: string } | undefined;
    if (row) return /\b(\d{6})\b/.exec(row.body_text)![1];
    if (Date.now() > deadline) throw new Error("no sign-in code in the outbox");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each([NO_JAVASCRIPT, WITH_JAVASCRIPT])("the PIN $label", ({ javaScriptEnabled, tag }) => {
  it("signs in with a phone number: from /login, the number, the SMS code, a wrong PIN refused with the tries left, the right one", async () => {
    const yaa = await createPhoneInvestor(server, { fullName: "Yaa Asantewaa", pin: "4071" });
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `pin-${name}-${tag}.png`, { fullPage: true });

    await page.goto(`${server.url}/login`);
    await hydrated(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Log in with your phone number and PIN" }).click();
    await page.waitForURL(/\/login\/phone$/);
    await hydrated(page, javaScriptEnabled);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await expectAccessible(page);
    await shot("phone-number");

    const local = `0${yaa.phone.slice(4, 6)} ${yaa.phone.slice(6, 9)} ${yaa.phone.slice(9)}`;
    await page.getByLabel("Phone number").fill(local);
    await page.getByRole("button", { name: "Text me a code" }).click();
    await expectVisible(page.getByText("a 6-digit code is on its way by SMS"));
    await hydrated(page, javaScriptEnabled);
    const code = await signInCode(yaa.phone);
    await page.getByLabel("6-digit code from the SMS").fill(code);
    await page.getByRole("button", { name: "Continue" }).click();

    await expectVisible(page.getByText("The code is right. Now enter your PIN"));
    await hydrated(page, javaScriptEnabled);
    await page.getByLabel("Your PIN").fill("5802");
    await page.getByRole("button", { name: "Log in" }).click();
    await expectVisible(page.getByText("That PIN is not right. 2 tries left, then your PIN is locked for 30 minutes."));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await expectAccessible(page);
    await shot("wrong-pin");

    await page.getByLabel("Your PIN").fill("4071");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/portfolio$/);
    await expectVisible(page.getByRole("heading", { level: 1, name: "Your Portfolio" }));
    await shot("signed-in");
    await context.close();
  });

  it("sets a PIN on /account: a weak one is refused beside its field, then the PIN is saved", async () => {
    const kofi = await createInvestor(server, { fullName: "Kofi Boateng" });
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, kofi);
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `pin-${name}-${tag}.png`, { fullPage: true });

    await page.goto(`${server.url}/account#pin`);
    const section = page.locator("#pin");
    await expectVisible(section.getByText("You have no PIN yet."));
    await hydrated(page, javaScriptEnabled);
    await section.getByLabel("Account password").fill(kofi.password);
    await section.getByLabel("New PIN", { exact: true }).fill("1234");
    await section.getByLabel("New PIN again").fill("1234");
    await section.getByRole("button", { name: "Save PIN" }).click();
    await expectVisible(page.getByText("Your PIN cannot be digits in a row, like 1234 or 9876: choose one that is harder to guess."));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await expectAccessible(page);
    await shot("weak-pin");

    await hydrated(page, javaScriptEnabled);
    await section.getByLabel("Account password").fill(kofi.password);
    await section.getByLabel("New PIN", { exact: true }).fill("4071");
    await section.getByLabel("New PIN again").fill("4071");
    await section.getByRole("button", { name: "Save PIN" }).click();
    await expectVisible(page.getByText("Your PIN is saved."));
    await expectVisible(page.locator("#pin").getByText("You have a PIN."));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot("pin-saved");
    expect(server.db().prepare("select pin_hash like 'scrypt$%' ok from users where id = ?").get(kofi.id)).toEqual({ ok: 1 });
    await context.close();
  });
});
