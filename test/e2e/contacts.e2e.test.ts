import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { createInvestor, signInBrowser } from "../support/factories";
import { hydrated, unlabelledFields } from "../support/journey";
import { sharedServer, type TestServer } from "../support/server";

/**
 * Issue 16: confirming the phone from the portfolio, in a 360 px phone browser, with JavaScript off
 * and on. The server runs on the demo outbox; the SMS code is read from it as a person reads their phone.
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

/** The newest code texted to the user (the demo outbox keeps the SMS). */
async function smsCode(userId: number, count: number): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const rows = server.db().prepare("select body_text from outbox where user_id = ? and kind = 'PHONE_CODE' order by id").all(userId) as Array<{ body_text: string }>;
    if (rows.length >= count) return /\b(\d{6})\b/.exec(rows[count - 1].body_text)![1];
    if (Date.now() > deadline) throw new Error("no SMS code in the outbox");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("confirming the phone $label", ({ javaScriptEnabled, tag }) => {
  it("from the portfolio's contact line: a code by SMS, a wrong code refused with the tries left, the right one confirms", async () => {
    const u = await createInvestor(server, { fullName: "Abena Owusu" });
    server
      .db()
      .prepare("update users set phone = ? where id = ?")
      .run(`+23320${tag === "js" ? "1" : "2"}234567`, u.id);
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, u);
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `contacts-${name}-${tag}.png`, { fullPage: true });

    await page.goto(`${server.url}/portfolio`);
    const line = page.getByTestId("contact-status");
    await expectVisible(line);
    await expect(line.textContent()).resolves.toContain("Phone not confirmed");
    await hydrated(page, javaScriptEnabled);
    await line.getByRole("link", { name: "Confirm to get payout messages by email and SMS" }).click();
    await page.waitForURL(/\/account#messages$/);
    const phone = page.getByTestId("phone-status");
    await expectVisible(phone.getByText("Not confirmed"));
    await hydrated(page, javaScriptEnabled);

    await phone.getByRole("button", { name: "Send me a code" }).click();
    await expectVisible(page.getByText("We sent a 6-digit code to your phone. It expires in 10 minutes."));
    const code = await smsCode(u.id, 1);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("6-digit code from the SMS").fill(wrong);
    await page.getByRole("button", { name: "Confirm phone" }).click();
    await expectVisible(page.getByText("That code is not right. 4 tries left."));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await expectAccessible(page);
    await shot("wrong-code");

    await page.getByLabel("6-digit code from the SMS").fill(code);
    await page.getByRole("button", { name: "Confirm phone" }).click();
    await expectVisible(page.getByText("Your phone number is confirmed."));
    await expectVisible(page.getByTestId("phone-status").getByText("Confirmed", { exact: true }));
    await expect(page.getByLabel("6-digit code from the SMS").count()).resolves.toBe(0);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await expectAccessible(page);
    await shot("confirmed");
    expect(server.db().prepare("select phone_verified_at is not null ok from users where id = ?").get(u.id)).toEqual({ ok: 1 });

    await page.goto(`${server.url}/portfolio`);
    await expect(page.getByTestId("contact-status").textContent()).resolves.toContain("Phone confirmed");
    await context.close();
  });
});
