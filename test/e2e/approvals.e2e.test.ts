import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { abortedByNextLoad } from "../support/journey";
import { call } from "../support/client";
import { createBatch, createInvestor, createRemittance, signInAdmin, signInBrowser } from "../support/factories";
import { startServer, TEST_ADMIN, type TestServer } from "../support/server";

/** Issue 20: four eyes in a phone browser. Admin A executes a payout; admin B approves it on /admin/approvals. */
let server: TestServer;
let browser: Browser;
let secondAdminId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  secondAdminId = (await createInvestor(server, { fullName: "Efua Second-Admin" })).id;
  server.db().prepare("update users set is_admin = true where id = ?").run(secondAdminId);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("four eyes in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("admin A's payout run is sent for approval; admin B approves it and it pays", async () => {
    const batchId = createBatch(server, { productType: "CHICKEN", unitPrice: 20, targetUnits: 100, expectedRoi: 0.12 }).id;
    const investor = await createInvestor(server, { walletGhs: 500 });
    expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: batchId, units: 10 })).status).toBe(201);
    const admin = await signInAdmin(server);
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${batchId}/activate`, {})).status).toBe(200);
    createRemittance(server, batchId);

    const errors: string[] = [];
    const a = await (await phoneContext(browser, { javaScriptEnabled })).newPage();
    a.on("pageerror", (e) => void (abortedByNextLoad(e) || errors.push(e.message)));
    a.on("dialog", (dialog) => void dialog.accept());
    await signInBrowser(a.context(), server, TEST_ADMIN.email);
    await a.goto(`${server.url}/admin`);
    const row = a.locator(`tr[data-batch-id="${batchId}"]`);
    await row.getByRole("button", { name: "Execute Payout" }).click();
    // The confirm prompt stays (the server's step, with JavaScript too since issue 29).
    const confirm = a.getByRole("dialog", { name: "Please confirm" });
    await expectVisible(confirm.getByText("Execute real payouts?"));
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(a.getByText("Sent for approval: a second admin must approve it on /admin/approvals."));
    await expectVisible(row.getByText("ACTIVE"));
    await screenshot(a, `approvals-sent-${tag}.png`, { fullPage: true });

    const b = await (await phoneContext(browser, { javaScriptEnabled })).newPage();
    b.on("pageerror", (e) => void (abortedByNextLoad(e) || errors.push(e.message)));
    await signInBrowser(b.context(), server, secondAdminId);
    await b.goto(`${server.url}/admin/approvals`);
    const id = (server.db().prepare("select max(id) id from approvals").get() as { id: number }).id;
    const item = b.locator(`li[data-approval-id="${id}"]`);
    await expectVisible(item.getByText(`Execute the`));
    await expect(noSideScroll(b)).resolves.toBe(true);
    await screenshot(b, `approvals-waiting-${tag}.png`, { fullPage: true });
    await item.getByRole("button", { name: "Approve" }).click();
    await expectVisible(b.getByText(new RegExp(`Request #${id} approved\\. Payouts executed for Batch #${batchId}: 1 paid`)));
    await expectVisible(b.locator(`li[data-approval-id="${id}"][data-status="APPROVED"]`));
    expect((server.db().prepare("select status from batches where id = ?").get(batchId) as { status: string }).status).toBe("HARVESTED");
    expect(errors).toEqual([]);
    await a.context().close();
    await b.context().close();
  });
});
