import net from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, widerThanTheirBoxes } from "../support/browser";
import { call } from "../support/client";
import { createInvestor, signInAdmin, signInBrowser } from "../support/factories";
import { startFakePaystack, type FakePaystack } from "../support/fake-paystack";
import { startServer, TEST_ADMIN, type TestServer } from "../support/server";
import { formatGhs } from "~/domain/money";
import { translatorFor } from "~/catalog/index.server";
import { withdrawPrompt } from "~/pages/portfolio";

/**
 * Issue 15's journey in a phone browser, with Paystack (the fake, over real HTTP): deposit by
 * mobile money, see it pending, approve it on the "phone", see it credited; save a mobile money
 * number and withdraw to it. Without JavaScript the status page refreshes itself (meta refresh);
 * with it, it polls.
 */
let server: TestServer;
let fake: FakePaystack;
let browser: Browser;

/** A port free right now, so the server's APP_URL (where the hosted checkout sends the investor back) is known before it starts. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  fake = await startFakePaystack();
  const port = await freePort();
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      PAYMENTS_PROVIDER: "paystack",
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_BASE_URL: fake.url,
      PAYMENTS_SWEEP_SECONDS: "0",
    }),
    launchBrowser(),
  ]);
  fake.webhookUrl = `${server.url}/webhooks/paystack`;
});
// Issue 15, point 8: the ledger's invariants hold after each journey too.
afterEach(async () => {
  await fake.flushWebhooks();
  const admin = (await signInAdmin(server)).api;
  expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

const balance = (page: Page) => page.getByTestId("wallet-balance").textContent();
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("money in and out through Paystack in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("deposits by MoMo (pending, approved, credited) and withdraws to a saved number", async () => {
    const u = await createInvestor(server, { fullName: "Abena Owusu" });
    server.db().prepare("update users set phone = '+233551234987' where id = ?").run(u.id);
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, u);
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `payments-${name}-${tag}.png`);

    // The deposit dialog asks how to pay; the number comes from the profile.
    await page.goto(`${server.url}/portfolio?dialog=deposit`);
    const dialog = page.getByRole("dialog", { name: "Deposit" });
    await dialog.waitFor();
    await expect(dialog.getByText("Deposits are simulated in this demo").count()).resolves.toBe(0);
    await expect(dialog.getByLabel("Mobile money number").inputValue()).resolves.toBe("+233 55 123 4987");
    await dialog.getByLabel("Amount (GHS)").fill("120");
    await dialog.getByLabel("Mobile money network").selectOption("MTN");
    await dialog.getByRole("button", { name: "Deposit" }).click();

    // The status page: pending, with what to do, and nothing credited yet.
    await page.waitForURL(/\/portfolio\/deposits\/\d+$/);
    await expectVisible(page.getByTestId("deposit-message").getByText("Approve the payment prompt on your phone"));
    expect(await noSideScroll(page)).toBe(true);
    if (!javaScriptEnabled) expect(await page.locator("noscript").innerHTML()).toContain('http-equiv="refresh"');
    await shot("pending");
    const depositId = Number(/deposits\/(\d+)/.exec(page.url())![1]);
    const reference = (server.db().prepare("select reference from deposits where id = ?").get(depositId) as { reference: string }).reference;
    expect((server.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(u.id) as { b: number } | undefined)?.b ?? 0).toBe(0);

    // The investor approves on the phone; Paystack's signed webhook arrives; the page sees it by itself.
    fake.approveCharge(reference);
    await fake.flushWebhooks();
    await expectVisible(page.getByTestId("deposit-message").getByText("Deposit successful"), 15_000);
    await expectVisible(page.getByText(`Your wallet balance is now ${formatGhs(12_000)}`));
    await shot("credited");

    // The statement shows the movement.
    await page.goto(`${server.url}/portfolio`);
    expect(await balance(page)).toContain("120.00");
    await expectVisible(page.getByText("Wallet deposit (mobile money)").first());

    // Withdraw: no destination yet, so the dialog sends the investor to save one.
    await page.goto(`${server.url}/portfolio?dialog=withdraw`);
    await page.getByRole("dialog", { name: "Withdraw" }).getByRole("link", { name: "Add a destination" }).click();
    await page.waitForURL(/\/portfolio\/destinations$/);
    await page.getByLabel("Mobile money network").selectOption("MTN");
    await page.getByLabel("Mobile money number").fill("024 123 4567");
    // Issue 26: the password again, so a session alone cannot add a destination.
    await page.getByLabel("Your password").fill(u.password);
    await page.getByRole("button", { name: "Save destination" }).click();
    await expectVisible(page.getByText("Destination saved. You can now withdraw to it."));
    await expectVisible(page.getByTestId("destination").getByText("MTN MoMo ···567 (Abena Owusu)"));
    expect(await noSideScroll(page)).toBe(true);
    await shot("destinations");

    await page.getByRole("link", { name: "Back to withdraw" }).click();
    const withdraw = page.getByRole("dialog", { name: "Withdraw" });
    await withdraw.waitFor();
    await withdraw.getByLabel("Amount (GHS)").fill("70");
    await expect(withdraw.getByLabel("Send to").locator("option:checked").textContent()).resolves.toContain("MTN MoMo ···567");
    if (javaScriptEnabled) {
      page.once("dialog", (d) => {
        expect(d.message()).toBe(withdrawPrompt(translatorFor("en"), 7_000));
        void d.accept();
      });
      await withdraw.getByRole("button", { name: "Withdraw" }).click();
    } else {
      await withdraw.getByRole("button", { name: "Withdraw" }).click();
      const confirm = page.getByRole("dialog", { name: "Confirm withdrawal" });
      await expectVisible(confirm.getByText(withdrawPrompt(translatorFor("en"), 7_000)));
      await confirm.getByRole("button", { name: "Confirm" }).click();
    }
    await expectVisible(page.getByText(`Withdrawal of ${formatGhs(7_000)} requested: it is on its way.`));
    await expectVisible(page.getByTestId("payment-withdrawal").getByText("Pending"));
    expect(await balance(page)).toContain("50.00");
    // The statement shows the money leaving the wallet when it is requested, not when it arrives.
    await expectVisible(page.getByRole("region", { name: "Wallet statement" }).getByText("Withdrawal to MTN MoMo").first());
    await shot("withdrawal-pending");

    // The network pays it out; after the webhook the investor sees it gone from "in progress".
    const transfer = [...fake.transfers.values()].find((t) => t.status === "pending" && t.amount === 7000 && t.recipient.accountNumber === "0241234567")!;
    fake.settleTransfer(transfer.reference, "success");
    await fake.flushWebhooks();
    await page.goto(`${server.url}/portfolio`);
    await expect(page.getByTestId("payment-withdrawal").count()).resolves.toBe(0);
    await expectVisible(page.getByText(`Your withdrawal of ${formatGhs(7_000)} was sent to MTN MoMo.`));
    expect(await balance(page)).toContain("50.00");
    await context.close();

    // The admin reads the payments on a phone too, in English and in Twi: each list, and a day whose
    // reconciliation finds a charge the ledger lacks, is a card per row; no box is wider than itself.
    const planted = `planted-${tag}-0001`;
    fake.setTime(new Date("2024-03-05T10:00:00Z"));
    fake.nextChargeOutcome("success");
    const charge = await fetch(`${fake.url}/charge`, {
      method: "POST",
      headers: { Authorization: `Bearer ${fake.secretKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "stranger@example.com", amount: 12_345, currency: "GHS", reference: planted, mobile_money: { phone: "0209998887", provider: "mtn" } }),
    });
    fake.setTime(null);
    expect(charge.status).toBe(200);
    await fake.flushWebhooks();
    const adminContext = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(adminContext, server, TEST_ADMIN.email);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${server.url}/admin/payments?list=events`);
    await expectVisible(adminPage.getByRole("region", { name: "Webhook events table" }));
    for (const lang of ["en", "ak"]) {
      await adminContext.addCookies([{ name: "lang", value: lang, url: server.url }]);
      for (const [pathname, rows, name] of [
        ["/admin/payments?list=deposits", "tr[data-deposit-id]", "deposits"],
        ["/admin/payments?list=withdrawals", "tr[data-withdrawal-id]", "withdrawals"],
        ["/admin/payments?list=events", "tr[data-event-id]", "events"],
        ["/admin/payments/reconciliation?date=2024-03-05", "tr[data-difference]", "reconciliation"],
      ]) {
        await adminPage.goto(`${server.url}${pathname}`);
        expect(await adminPage.locator("html").getAttribute("lang")).toBe(lang === "ak" ? "ak" : "en-GH");
        expect(await adminPage.locator(rows).count(), `${pathname}: rows`).toBeGreaterThan(0);
        await expect.soft(widerThanTheirBoxes(adminPage), `${pathname} in ${lang}`).resolves.toEqual([]);
        expect(await noSideScroll(adminPage)).toBe(true);
        await adminPage.locator(rows).first().scrollIntoViewIfNeeded();
        await screenshot(adminPage, `payments-admin-${name}-${lang}-${tag}.png`);
      }
    }
    await adminContext.close();
  });

  it("deposits by card through the hosted checkout and comes back to a credited deposit", async () => {
    const u = await createInvestor(server, { fullName: "Kwame Asante" });
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, u);
    const page = await context.newPage();
    await page.goto(`${server.url}/portfolio?dialog=deposit`);
    const dialog = page.getByRole("dialog", { name: "Deposit" });
    await dialog.getByLabel("Amount (GHS)").fill("75");
    await dialog.getByLabel("Card or bank").check();
    await dialog.getByRole("button", { name: "Deposit" }).click();
    // The form post ends on the provider's page (the CSP's form-action allows its origin).
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/checkout/`));
    await page.getByRole("button", { name: "Pay" }).click();
    // Back on our status page, which verifies with the provider before it answers.
    await page.waitForURL(/\/portfolio\/deposits\/\d+\?.*reference=akoko-deposit-/);
    await expectVisible(page.getByTestId("deposit-message").getByText("Deposit successful"));
    await expectVisible(page.getByText(`Your wallet balance is now ${formatGhs(7_500)}`));
    await context.close();
  });
});
