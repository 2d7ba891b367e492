import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { createInvestor } from "../support/factories";
import { hydrated, unlabelledFields } from "../support/journey";
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

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** No serious or critical axe finding and every field labelled, for what the page shows now. */
async function expectAccessible(page: Page) {
  const [violations, unlabelled] = await Promise.all([seriousViolations(page), unlabelledFields(page)]);
  expect(violations).toEqual([]);
  expect(unlabelled).toEqual([]);
}

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("the account page in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("edits the name and phone, changes the password, and closes the account through the confirm step", async () => {
    const u = await createInvestor(server, { fullName: "Esi Mensah" });
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const prompts: string[] = [];
    page.on("dialog", (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    const shot = (name: string) => screenshot(page, `account-${name}-${tag}.png`, { fullPage: true });

    // Logged out: log in first, then back here.
    await page.goto(`${server.url}/account`);
    await page.waitForURL(/\/login\?redirectTo=%2Faccount/);
    await page.getByLabel("Email").fill(u.email);
    await page.getByLabel("Password").fill(u.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole("heading", { name: "Your account", level: 1 }).waitFor();
    await hydrated(page, javaScriptEnabled);
    // The header menu (a <details> at 360 px) links here.
    await page.getByText("Menu", { exact: true }).click();
    await expectVisible(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Account" }));
    await page.getByText("Menu", { exact: true }).click();
    await expect(noSideScroll(page)).resolves.toBe(true);
    await expectAccessible(page);
    await shot("page");

    // A phone number that is not Ghanaian: the message beside the field, what was typed kept.
    await page.getByLabel("Full name").fill("Esi Adjoa Mensah");
    await page.getByLabel("Phone number (optional)").fill("12345");
    await page.getByRole("button", { name: "Save details" }).click();
    await expectVisible(page.getByText("Enter a Ghana phone number like 024 123 4567 or +233 24 123 4567."));
    await expect(page.getByLabel("Phone number (optional)").inputValue()).resolves.toBe("12345");
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Esi Adjoa Mensah");
    await expectAccessible(page);

    // Name and phone saved: a toast, the values back in +233 form, the greeting renamed.
    await page.getByLabel("Phone number (optional)").fill("024 123 4567");
    await page.getByRole("button", { name: "Save details" }).click();
    await expectVisible(page.getByText("Your details are saved."));
    await expect.poll(() => page.getByLabel("Phone number (optional)").inputValue()).toBe("+233 24 123 4567");
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Esi Adjoa Mensah");
    await page.getByText("Menu", { exact: true }).click();
    await expectVisible(page.getByText("Hi, Esi Adjoa Mensah").last());
    await page.getByText("Menu", { exact: true }).click();

    // The password: a wrong current one is refused beside its field; then changed.
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("esi-new-password");
    await page.getByLabel("New password again").fill("esi-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectVisible(page.getByText("That is not your current password."));
    if (!javaScriptEnabled) await expect(page.getByLabel("Current password").inputValue()).resolves.toBe("");
    await page.getByLabel("Current password").fill(u.password);
    await page.getByLabel("New password", { exact: true }).fill("esi-new-password");
    await page.getByLabel("New password again").fill("esi-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectVisible(page.getByText("Your password is changed."));
    await expect.poll(() => page.getByLabel("Current password").inputValue()).toBe("");
    await shot("saved");

    // Close: window.confirm with JavaScript, the server's confirm step without it.
    await page.getByLabel("Your password").fill("esi-new-password");
    await page.getByRole("button", { name: "Close my account" }).click();
    const prompt = "Close your Akoko account for good? You cannot log in again, and this cannot be undone.";
    if (javaScriptEnabled) {
      await page.waitForURL(`${server.url}/`);
      expect(prompts).toEqual([prompt]);
    } else {
      const confirm = page.getByRole("dialog", { name: "Close your account?" });
      await confirm.waitFor();
      await expectVisible(confirm.getByText(prompt));
      await expectAccessible(page);
      await shot("close-confirm");
      await confirm.getByRole("button", { name: "Yes, close my account" }).click();
      await page.waitForURL(`${server.url}/`);
      expect(prompts).toEqual([]);
    }
    await expectVisible(page.getByText("Your account is closed and your personal details are removed."));
    const row = server.db().prepare("select email, full_name, phone, closed_at from users where id = ?").get(u.id) as Record<string, string | null>;
    expect(row).toMatchObject({ email: `closed-${u.id}@closed.invalid`, full_name: "Closed account", phone: null });
    expect(row.closed_at).not.toBeNull();

    // The old credentials now get the normal wrong-credentials answer.
    await page.goto(`${server.url}/login`);
    await page.getByLabel("Email").fill(u.email);
    await page.getByLabel("Password").fill("esi-new-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expectVisible(page.getByText("Wrong email or password."));
    await context.close();
  }, 90_000);
});
