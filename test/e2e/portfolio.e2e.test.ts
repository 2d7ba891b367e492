import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR, typeUnits } from "../support/browser";
import { call, type Client } from "../support/client";
import { createBatch, createInvestor, createRemittance, signInAdmin, signInBrowser, startInLay } from "../support/factories";
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

/** An OPEN egg batch of 1,000 units, 5% a month unless told. */
const newBatch = (options: { unitPrice: number; expectedRoi?: number }) => createBatch(server, { productType: "EGG", targetUnits: 1000, expectedRoi: 0.05, mortalityRate: 0.05, ...options }).id;

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const balance = (page: Page) => page.getByTestId("wallet-balance").textContent();

async function readDownload(page: Page, click: () => Promise<unknown>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file!) };
}

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("the portfolio in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("deposit, see an investment, filter, details, reinvest, withdraw with confirm, export CSV", async () => {
    const eggBatch = newBatch({ unitPrice: 10 });
    const paidBatch = newBatch({ unitPrice: 20, expectedRoi: 0.05 });
    const u = await createInvestor(server, { fullName: "Yaw Boateng" });
    const context = await phoneContext(browser, { javaScriptEnabled });
    // A clock the test can stop and move on, for the toast's 4.5 s.
    if (javaScriptEnabled) await context.clock.install();
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `portfolio-${name}-${tag}.png`, { fullPage: name === "overview" });

    // Anonymous -> login -> back to the portfolio.
    await page.goto(`${server.url}/portfolio`);
    await page.waitForURL(/\/login\?redirectTo=%2Fportfolio/);
    await page.getByLabel("Email").fill(u.email);
    await page.getByLabel("Password").fill(u.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/portfolio$/);
    await page.getByRole("heading", { name: "Your Portfolio" }).waitFor();
    await expectVisible(page.getByText("You have no investments yet."));

    // Deposit: the dialog opens from a link, a suggestion fills the amount in, the flash confirms.
    await page.getByRole("link", { name: "Deposit", exact: true }).click();
    const depositDialog = page.getByRole("dialog", { name: "Deposit" });
    await depositDialog.waitFor();
    await expectVisible(depositDialog.getByText("Deposits are simulated in this demo"));
    await expect(depositDialog.getByLabel("Amount (GHS)").inputValue()).resolves.toBe("50");
    await depositDialog.getByRole("link", { name: "Use GHS 500" }).click();
    // Without JavaScript the link reloads the dialog with ?amount=500; with it the field fills at once.
    if (!javaScriptEnabled) await page.waitForURL(/amount=500/);
    await expect.poll(() => page.getByRole("dialog", { name: "Deposit" }).getByLabel("Amount (GHS)").inputValue()).toBe("500");
    await shot("deposit");
    // The page's clock stands still from here until the toast is checked, however slow the machine.
    if (javaScriptEnabled) await page.clock.pauseAt(new Date(Date.now() + 1_000));
    await page.getByRole("dialog", { name: "Deposit" }).getByRole("button", { name: "Deposit" }).click();
    await page.getByText("Deposit successful").waitFor();
    await page.waitForURL((url) => !url.search.includes("dialog"));
    // Toasts disappear after 4.5 s; without JavaScript the message simply stays (no script can take it away).
    if (javaScriptEnabled) {
      await page.clock.runFor(4_000);
      await expectVisible(page.locator("[data-toast]"));
      await page.clock.runFor(1_000);
      await page.locator("[data-toast]").waitFor({ state: "detached" });
      await page.clock.resume();
    } else {
      await expectVisible(page.getByText("Deposit successful"));
    }
    await expect.poll(() => balance(page)).toMatch(/500\.00/);

    // Invest from the invest page's dialog (a link opens it without JavaScript), then see it in the table.
    await page.goto(`${server.url}/invest/eggs?dialog=invest&batch=${eggBatch}`);
    const investDialog = page.getByRole("dialog", { name: `Invest in Batch #${eggBatch}` });
    await typeUnits(page, investDialog, "3", javaScriptEnabled);
    await investDialog.getByRole("checkbox", { name: /I accept the/ }).check();
    await investDialog.getByRole("button", { name: "Invest" }).click();
    await expectVisible(page.getByText(`Investment confirmed: 3 units of Batch #${eggBatch}`));
    const eggInvestment = server.db().prepare("select id from investments where user_id = ? and batch_id = ?").get(u.id, eggBatch) as { id: number };
    await page.goto(`${server.url}/portfolio`);
    const paid = await call(u.api, "POST", "/api/v1/invest/create", { batch_id: paidBatch, units: 5 });
    expect(paid.status).toBe(201);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${paidBatch}/activate`)).status).toBe(200);
    startInLay(server, paidBatch); // its hens in lay this month: the month's run pays
    createRemittance(server, paidBatch);
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${paidBatch}/execute`)).status).toBe(200);
    const eggId = eggInvestment.id;
    const paidId = paid.body.investment.id as number;
    await page.getByRole("link", { name: "Refresh" }).click();
    const rows = page.locator("tr[data-investment-id]");
    await expect.poll(() => rows.count()).toBe(2);
    await expectVisible(page.getByText("Page 1 of 1"));
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot("overview");

    // Filter: status Paid shows nothing; search by batch shows the one investment; Clear (the filters fold behind one control).
    await page.getByText("Filter and sort").click();
    await page.getByLabel("Status").selectOption("PAID");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/status=PAID/);
    await page.getByText("No investments match these filters.").waitFor();
    await page.getByRole("link", { name: "Clear" }).first().click();
    await page.waitForURL(/\/portfolio$/);
    await page.getByText("Filter and sort").click();
    await page.getByLabel("Search by ID or batch").fill(`#${eggBatch}`);
    if (javaScriptEnabled) await page.waitForURL(/q=/);
    else await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/q=%23/);
    // The search matches ids and batch ids as text ("#9" also finds #19), so work out what must show.
    const needle = String(eggBatch);
    const expected = [eggId, ...(String(paidId).includes(needle) || String(paidBatch).includes(needle) ? [paidId] : [])];
    await expect.poll(() => rows.count()).toBe(expected.length);
    await expectVisible(page.locator(`tr[data-investment-id="${eggId}"]`));
    await shot("filtered");
    await page.getByRole("link", { name: "Clear" }).first().click();
    await page.waitForURL(/\/portfolio$/);

    // Details: payouts with a CSV download, or the empty text.
    await page.getByRole("link", { name: `Details of investment #${paidId}` }).click();
    const details = page.getByRole("dialog", { name: `Investment #${paidId}` });
    await details.waitFor();
    await expectVisible(details.getByText("MONTHLY"));
    await shot("details");
    const payoutCsv = await readDownload(page, () => details.getByRole("link", { name: "Download payouts (CSV)" }).click());
    expect(payoutCsv.name).toBe(`payouts-investment-${paidId}.csv`);
    expect([...payoutCsv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(payoutCsv.bytes.toString("utf8").slice(1)).toMatch(/^Payout ID,Amount,Kind,Date,Tax withheld \(GHS\),Net after tax \(GHS\)\r\n\d+,5\.00,MONTHLY,/);
    if (javaScriptEnabled) await page.getByText("Payout CSV downloaded").waitFor();
    await details.getByRole("link", { name: "Close" }).click();
    await page.getByRole("link", { name: `Details of investment #${eggId}` }).click();
    await page
      .getByRole("dialog", { name: `Investment #${eggId}` })
      .getByText("No payouts yet for this investment.")
      .waitFor();
    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Reinvest into the egg batch.
    await page.getByRole("link", { name: `Reinvest into Batch #${eggBatch}` }).click();
    const reinvest = page.getByRole("dialog", { name: `Reinvest into Batch #${eggBatch}` });
    await reinvest.waitFor();
    // Before money moves it says what the invest dialog says: cost, income after tax, dates, the way out, the risk.
    await expect(reinvest.getByTestId("invest-cost").textContent()).resolves.toMatch(/100\.00/);
    await expectVisible(reinvest.getByText("Capital is not guaranteed: you could lose some or all of the money you invest."));
    await reinvest.getByLabel("Units").fill("0");
    await reinvest.getByRole("button", { name: "Reinvest" }).click();
    await page.getByText("Enter a positive units amount.").waitFor();
    // The figures follow the units typed (without JavaScript, through "Check the cost").
    await typeUnits(page, page.getByRole("dialog"), "2", javaScriptEnabled);
    await expect(page.getByRole("dialog").getByTestId("invest-cost").textContent()).resolves.toMatch(/20\.00/);
    await expect(page.getByRole("dialog").getByTestId("invest-net-income").textContent()).resolves.toMatch(/1\.00/);
    // The terms box is required, as on the invest pages.
    await page.getByRole("dialog").getByRole("button", { name: "Reinvest" }).click();
    await page.getByText("Please accept terms & risk disclosure.").waitFor();
    await page.getByRole("dialog").getByLabel("I accept the Terms and the Risk Disclosure.").check();
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot("reinvest");
    await page.getByRole("dialog").getByRole("button", { name: "Reinvest" }).click();
    await page.getByText("Reinvest successful, refreshing...").waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    // 500 + 5 payout - 30 - 100 - 20
    await expect.poll(() => balance(page)).toMatch(/355\.00/);

    // Withdraw: available balance, 'Insufficient balance', then the confirm step.
    await page.getByRole("link", { name: "Withdraw", exact: true }).click();
    let withdraw = page.getByRole("dialog", { name: "Withdraw" });
    await withdraw.waitFor();
    await expect(withdraw.getByTestId("available-balance").textContent()).resolves.toMatch(/355\.00/);
    await withdraw.getByLabel("Amount (GHS)").fill("1000");
    await withdraw.getByLabel("Mobile money network").selectOption("MTN MoMo");
    await withdraw.getByLabel("Mobile money number or account number").fill("024 123 4567");
    await withdraw.getByRole("button", { name: "Withdraw" }).click();
    await page.getByText("Insufficient balance").waitFor();
    withdraw = page.getByRole("dialog", { name: "Withdraw" });
    await withdraw.getByLabel("Amount (GHS)").fill("55");
    if (javaScriptEnabled) {
      const prompts: string[] = [];
      page.once("dialog", (d) => {
        prompts.push(d.message());
        void d.dismiss();
      });
      await withdraw.getByRole("button", { name: "Withdraw" }).click();
      await expect.poll(() => prompts).toEqual(["Withdraw GHS 55.00?"]);
      await expect.poll(() => balance(page)).toMatch(/355\.00/);
      page.once("dialog", (d) => {
        prompts.push(d.message());
        void d.accept();
      });
      await withdraw.getByRole("button", { name: "Withdraw" }).click();
      await expect.poll(() => prompts).toEqual(["Withdraw GHS 55.00?", "Withdraw GHS 55.00?"]);
    } else {
      await withdraw.getByRole("button", { name: "Withdraw" }).click();
      const confirm = page.getByRole("dialog", { name: "Confirm withdrawal" });
      await confirm.getByText("Withdraw GHS 55.00?").waitFor();
      await shot("withdraw-confirm");
      await expect.poll(() => balance(page)).toMatch(/355\.00/);
      await confirm.getByRole("button", { name: "Confirm" }).click();
    }
    await page.getByText("Withdrawal processed").waitFor();
    await expect.poll(() => balance(page)).toMatch(/300\.00/);
    await page.getByText("Withdrawal to MTN MoMo").first().waitFor();

    // Export the investments as CSV.
    const exported = await readDownload(page, () => page.getByRole("link", { name: "Export (CSV)" }).click());
    expect(exported.name).toBe("investments.csv");
    const text = exported.bytes.toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe("Investment ID,Batch ID,Units,Amount (GHS),Status,Created At,Units Held,Cost Held (GHS),Units Exited");
    expect(lines.slice(1, -1)).toHaveLength(3);
    if (javaScriptEnabled) await page.getByText("CSV exported").waitFor();
    await expect(noSideScroll(page)).resolves.toBe(true);
    await shot("after-withdraw");

    await context.close();
  }, 120_000);

  it(`shows 'No records to export' for an empty export ${tag}`, async () => {
    const u = await createInvestor(server);
    const context = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(context, server, u);
    const page = await context.newPage();
    await page.goto(`${server.url}/portfolio`);
    await page.getByRole("link", { name: "Export (CSV)" }).click();
    await page.getByText("No records to export").waitFor();
    await context.close();
  }, 60_000);
});

it("a tap on Export (CSV) in the moment the page hydrates still says 'No records to export'", async () => {
  const u = await createInvestor(server);
  const context = await phoneContext(browser, { javaScriptEnabled: true });
  await signInBrowser(context, server, u);
  // React tells a developer-tools hook of each commit after the DOM is updated and before that
  // commit's effects run; the page's first commit is its hydration. The tap lands exactly there,
  // where a note cleared by an effect used to be wiped as soon as it was made.
  await context.addInitScript(() => {
    let tapped = false;
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        inject: () => 1,
        checkDCE: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onCommitFiberRoot: () => {
          const link = Array.from(document.querySelectorAll("a")).find((a) => a.textContent === "Export (CSV)");
          if (tapped || !link) return;
          tapped = true;
          link.click();
        },
      },
    });
  });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}/portfolio`);
  await expectVisible(page.getByText("No records to export"));
  // The app's note, not the export's redirect back with a flash: the tap never left the page.
  expect(asked).toContain("/portfolio");
  expect(asked).not.toContain("/portfolio/export.csv");
  await context.close();
});
