import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, NO_JAVASCRIPT, phoneContext, screenshot, SCREENSHOT_DIR, WITH_JAVASCRIPT } from "../support/browser";
import { abortedByNextLoad } from "../support/journey";
import { call, Client } from "../support/client";
import { createBatch, createFarm, serverNow, signInBrowser } from "../support/factories";
import { startServer, TEST_ADMIN, type TestServer } from "../support/server";

/**
 * Issue 29 point 7 on a 360 px phone, JavaScript off and on: the admin issues a device token on the
 * batch's device page (shown once), the device posts with it, and the batch page shows the reading,
 * its age and the 24-hour chart; a silent device says so.
 */
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
const minutesAgo = (m: number) => new Date(serverNow(server).getTime() - m * 60_000).toISOString();

describe.each([NO_JAVASCRIPT, WITH_JAVASCRIPT])("farm devices in a phone browser $label", ({ javaScriptEnabled, tag }) => {
  it("the admin issues a token, the device posts, the batch page shows the reading with its age and chart", async () => {
    const farm = createFarm(server, { name: `Sensor Layers ${tag}`, location: "Sunyani, Bono" });
    const batchId = createBatch(server, { farmId: farm.id, productType: "EGG" }).id;
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => void (abortedByNextLoad(e) || errors.push(e.message)));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const shot = (name: string) => screenshot(page, `devices-${name}-${tag}.png`, { fullPage: true });

    // The admin: from the dashboard's batch row to the device page; the token is on the page that follows the issue.
    await signInBrowser(context, server, TEST_ADMIN.email);
    await page.goto(`${server.url}/admin`);
    await page.locator(`a[href="/admin/batches/${batchId}/devices"]`).click();
    await expectVisible(page.getByRole("heading", { name: `Devices of Batch #${batchId}` }));
    await expectVisible(page.getByText("No device has been issued for this batch."));
    await page.getByLabel("Label").fill("House 1 sensor");
    await page.getByRole("button", { name: "Issue token" }).click();
    await expectVisible(page.getByText("Token for House 1 sensor"));
    const token = (await page.getByTestId("device-token").textContent())?.trim() ?? "";
    expect(token).toMatch(/^akd_[A-Za-z0-9_-]{43}$/);
    expect(await noSideScroll(page)).toBe(true);
    await shot("issued");

    // The device posts the last hours with it.
    const device = new Client(server.url);
    const readings = [5, 65, 125, 185, 245].map((m, i) => ({ temperature_c: 26 + i, humidity_pct: 60 + i, ammonia_ppm: 10, recorded_at: minutesAgo(m + 0.5) }));
    expect(await call(device, "POST", "/api/v1/farm-devices/readings", { readings }, { Authorization: `Bearer ${token}` })).toEqual({ status: 201, body: { stored: 5, duplicates: 0 } });

    // The batch page: the latest reading, its age, the chart (an image drawn on the server).
    await page.goto(`${server.url}/batches/${batchId}`);
    const strip = page.getByTestId("sensor-strip");
    await expectVisible(strip);
    await expect(page.getByTestId("sensor-source").textContent()).resolves.toBe("Latest reading 5 minutes ago");
    await expect(page.getByTestId("sensor-temp").textContent()).resolves.toBe("26°C");
    const chart = page.getByRole("img", { name: "Temperature, last 24 hours, °C" });
    await expectVisible(chart);
    expect(await chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    await shot("batch-page");

    // Back on the device page: listed with its last reading, the token no longer shown; revoking it.
    await page.goto(`${server.url}/admin/batches/${batchId}/devices`);
    await expectVisible(page.getByText("House 1 sensor"));
    expect(await page.getByTestId("device-token").count()).toBe(0);
    await page.getByRole("button", { name: "Revoke House 1 sensor" }).click();
    await expectVisible(page.getByText("Device House 1 sensor revoked: its token is refused from now on.").first());
    expect((await call(device, "POST", "/api/v1/farm-devices/readings", readings[0], { Authorization: `Bearer ${token}` })).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("a silent device: 'No reading for N hours'; a batch without one says so", async () => {
    const farm = createFarm(server, { name: `Quiet Layers ${tag}`, location: "Kumasi, Ashanti" });
    const silent = createBatch(server, { farmId: farm.id, productType: "EGG" }).id;
    const none = createBatch(server, { farmId: farm.id, productType: "EGG" }).id;
    // A device that last sent three and a half hours ago (written as the app stores it).
    const issued = server.db().prepare("insert into farm_devices (batch_id, label, token_hash) values (?, 'Old sensor', ?) returning id").get(silent, `hash-${tag}`) as { id: number };
    server
      .db()
      .prepare("insert into farm_readings (device_id, batch_id, recorded_at, temperature_c, humidity_pct, ammonia_ppm) values (?, ?, ?, 27, 60, 10)")
      .run(issued.id, silent, minutesAgo(3 * 60 + 30));
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.url}/batches/${silent}`);
    await expect(page.getByTestId("sensor-source").textContent()).resolves.toBe("No reading for 3 hours");
    await page.goto(`${server.url}/batches/${none}`);
    await expect(page.getByTestId("sensor-source").textContent()).resolves.toBe("No sensor device on this batch");
    expect(await page.getByTestId("sensor-temp").count()).toBe(0);
    await context.close();
  }, 60_000);
});
