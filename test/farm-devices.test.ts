import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, serverNow, signInAdmin, type SignedIn } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

/**
 * Issue 29 point 7: a farm's device posts readings with a token an admin issued (API and page);
 * the batch page, the cards and the public API show them. Times are the server's clock minus
 * whole minutes, never a sleep.
 */
let server: TestServer;
let admin: SignedIn;

const READINGS = "/api/v1/farm-devices/readings";
/** A device may post this many times per window here (the 429 test reaches it). */
const POSTS_PER_WINDOW = 25;

beforeAll(async () => {
  // The request log on: the test below reads it for the token.
  server = await startServer({ REQUEST_LOG: undefined, DEVICE_POSTS_PER_WINDOW: String(POSTS_PER_WINDOW) });
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

const minutesAgo = (m: number) => new Date(serverNow(server).getTime() - m * 60_000).toISOString();
const reading = (minutes: number, over: Record<string, unknown> = {}) => ({ temperature_c: 27.4, humidity_pct: 63, ammonia_ppm: 11.5, recorded_at: minutesAgo(minutes), ...over });
const newBatch = () => createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 50 }).id;
const readingCount = (batchId: number) => (server.db().prepare("select count(*) n from farm_readings where batch_id = ?").get(batchId) as { n: number }).n;

async function issue(batchId: number, label = "House 1 sensor") {
  const res = await call(admin.api, "POST", `/api/v1/admin/batches/${batchId}/devices`, { label });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; label: string; token: string; batch_id: number };
}

/** Posts as a device: `body` as JSON with the token as a bearer. */
function post(token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const device = new Client(server.url);
  return call(device, "POST", READINGS, body, token === null ? headers : { Authorization: `Bearer ${token}`, ...headers });
}

describe("an admin issues a device token through the API", () => {
  it("answers the token once (201); only its SHA-256 is stored, and the issue is audited", async () => {
    const batchId = newBatch();
    const device = await issue(batchId, "House 2 sensor");
    expect(device).toMatchObject({ batch_id: batchId, label: "House 2 sensor", revoked_at: null, last_seen_at: null });
    expect(device.token).toMatch(/^akd_[A-Za-z0-9_-]{43}$/);
    const row = server.db().prepare("select token_hash from farm_devices where id = ?").get(device.id) as { token_hash: string };
    expect(row.token_hash).toBe(createHash("sha256").update(device.token).digest("hex"));
    // Nowhere in the database in clear: not the devices, not the audit, not a stored idempotent answer.
    const dump =
      JSON.stringify(server.db().prepare("select * from farm_devices").all()) +
      JSON.stringify(server.db().prepare("select * from audit_log").all()) +
      JSON.stringify(server.db().prepare("select * from idempotency_keys").all());
    expect(dump).not.toContain(device.token);
    expect(server.db().prepare("select action, detail from audit_log where batch_id = ? order by id desc limit 1").get(batchId)).toEqual({
      action: "device.issue",
      detail: `Device #${device.id} (House 2 sensor) issued`,
    });
    const list = await call(admin.api, "GET", `/api/v1/admin/batches/${batchId}/devices`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: device.id, batch_id: batchId, label: "House 2 sensor", issued_at: expect.any(String), revoked_at: null, last_seen_at: null }]);
  });

  it("refuses anonymous (401), an investor (403), an unknown batch (404) and a blank or long label (422)", async () => {
    const batchId = newBatch();
    expect((await call(new Client(server.url), "POST", `/api/v1/admin/batches/${batchId}/devices`, { label: "x" })).status).toBe(401);
    const investor = await createInvestor(server);
    expect((await call(investor.api, "POST", `/api/v1/admin/batches/${batchId}/devices`, { label: "x" })).status).toBe(403);
    expect(await call(admin.api, "POST", "/api/v1/admin/batches/999999/devices", { label: "x" })).toEqual({ status: 404, body: { detail: "Batch not found." } });
    expect(await call(admin.api, "POST", `/api/v1/admin/batches/${batchId}/devices`, { label: "  " })).toEqual({ status: 422, body: { detail: "Give the device a label." } });
    expect(await call(admin.api, "POST", `/api/v1/admin/batches/${batchId}/devices`, { label: "x".repeat(81) })).toEqual({ status: 422, body: { detail: "Keep the label under 80 characters." } });
    expect(server.db().prepare("select count(*) n from farm_devices where batch_id = ?").get(batchId)).toEqual({ n: 0 });
  });
});

describe("a device posts readings", () => {
  let batchId: number;
  let token: string;
  beforeAll(async () => {
    batchId = newBatch();
    token = (await issue(batchId)).token;
  });

  it("one reading: 201 {stored: 1, duplicates: 0}, stored at its instant in UTC", async () => {
    const at = minutesAgo(600);
    // The same instant as Ghana's neighbours to the east write it.
    const sent = `${new Date(Date.parse(at) + 3600_000).toISOString().slice(0, 19)}+01:00`;
    expect(await post(token, reading(0, { recorded_at: sent }))).toEqual({ status: 201, body: { stored: 1, duplicates: 0 } });
    expect(server.db().prepare("select recorded_at, temperature_c, humidity_pct, ammonia_ppm from farm_readings where batch_id = ?").all(batchId)).toEqual([
      { recorded_at: `${at.slice(0, 19)}.000Z`, temperature_c: 27.4, humidity_pct: 63, ammonia_ppm: 11.5 },
    ]);
  });

  it("500 readings at once (a device catching up); the same again are duplicates and store nothing", async () => {
    const before = readingCount(batchId);
    const readings = Array.from({ length: 500 }, (_, i) => reading(700 + i));
    expect(await post(token, { readings })).toEqual({ status: 201, body: { stored: 500, duplicates: 0 } });
    expect(readingCount(batchId)).toBe(before + 500);
    expect(await post(token, { readings })).toEqual({ status: 201, body: { stored: 0, duplicates: 500 } });
    // Half old, half new: only the new are stored.
    const mixed = [...readings.slice(0, 2), reading(1300), reading(1301)];
    expect(await post(token, { readings: mixed })).toEqual({ status: 201, body: { stored: 2, duplicates: 2 } });
    expect(readingCount(batchId)).toBe(before + 502);
  });

  it("501 readings: 422, nothing stored", async () => {
    const before = readingCount(batchId);
    const readings = Array.from({ length: 501 }, (_, i) => reading(2000 + i));
    expect(await post(token, { readings })).toEqual({ status: 422, body: { detail: "At most 500 readings per request; this one has 501." } });
    expect(readingCount(batchId)).toBe(before);
  });

  it("one bad reading refuses them all, naming its index and why: out of range, a future time, no zone, too old, not a number", async () => {
    const before = readingCount(batchId);
    const bad = (i: number, over: Record<string, unknown>) => ({ readings: [reading(3000), reading(3001), { ...reading(3002), ...over }] });
    expect(await post(token, bad(2, { temperature_c: 75 }))).toEqual({
      status: 422,
      body: { detail: "Reading 2: temperature_c 75 is outside -10 to 60 °C.", index: 2, field: "temperature_c" },
    });
    expect((await post(token, bad(2, { humidity_pct: 101 }))).body).toMatchObject({ index: 2, field: "humidity_pct" });
    expect((await post(token, bad(2, { ammonia_ppm: -1 }))).body).toMatchObject({ index: 2, field: "ammonia_ppm" });
    expect(await post(token, bad(2, { recorded_at: minutesAgo(-10) }))).toEqual({
      status: 422,
      body: { detail: "Reading 2: recorded_at is more than 5 minutes in the future.", index: 2, field: "recorded_at" },
    });
    expect((await post(token, bad(2, { recorded_at: minutesAgo(31 * 24 * 60) }))).body).toMatchObject({ detail: "Reading 2: recorded_at is more than 30 days old." });
    expect((await post(token, bad(2, { recorded_at: "2026-11-26T10:00:00" }))).body).toMatchObject({ index: 2, field: "recorded_at" });
    expect(await post(token, bad(2, { temperature_c: "27" }))).toEqual({ status: 422, body: { detail: "Reading 2: temperature_c must be a number.", index: 2, field: "temperature_c" } });
    expect((await post(token, { readings: "lots" })).status).toBe(422);
    expect((await post(token, { readings: [] })).body).toEqual({ detail: "Send at least one reading." });
    expect(await post(token, "not an object")).toEqual({ status: 422, body: { detail: "The request body must be a JSON object." } });
    expect(readingCount(batchId)).toBe(before);
  });

  it("401 {detail} for a missing, unknown or revoked token; nothing stored", async () => {
    const before = readingCount(batchId);
    expect(await post(null, reading(4000))).toEqual({ status: 401, body: { detail: "Send the device token as Authorization: Bearer <token>." } });
    expect(await post("akd_" + "A".repeat(43), reading(4000))).toEqual({ status: 401, body: { detail: "Unknown or revoked device token." } });
    expect(await post("not-a-token", reading(4000))).toEqual({ status: 401, body: { detail: "Unknown or revoked device token." } });
    // A session's bearer token is no device token.
    expect((await post(admin.token, reading(4000))).status).toBe(401);
    const other = await issue(batchId, "Spare sensor");
    const revoked = await call(admin.api, "POST", `/api/v1/admin/batches/${batchId}/devices/${other.id}/revoke`);
    expect(revoked).toMatchObject({ status: 200, body: { id: other.id, revoked_at: expect.any(String) } });
    expect(await post(other.token, reading(4000))).toEqual({ status: 401, body: { detail: "Unknown or revoked device token." } });
    // Revoking again changes nothing; another batch's device is not found.
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${batchId}/devices/${other.id}/revoke`)).body.revoked_at).toBe(revoked.body.revoked_at);
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${newBatch()}/devices/${other.id}/revoke`)).status).toBe(404);
    expect(server.db().prepare("select count(*) n from audit_log where action = 'device.revoke' and batch_id = ?").get(batchId)).toEqual({ n: 1 });
    expect(readingCount(batchId)).toBe(before);
  });

  it("answers 429 past the device's requests per window", async () => {
    const { token: busy } = await issue(newBatch(), "Chatty sensor");
    for (let i = 0; i < POSTS_PER_WINDOW; i++) expect((await post(busy, reading(i + 1))).status).toBe(201);
    expect(await post(busy, reading(100))).toEqual({ status: 429, body: { detail: "Too many requests from this device. Try again in a few minutes." } });
  });

  it("the token is never in the server's log", async () => {
    const logs = await server.waitForLogs('"path":"/api/v1/farm-devices/readings"');
    expect(logs).toContain('"path":"/api/v1/farm-devices/readings"');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain("akd_");
  });
});

describe("deleting a batch that has a device", () => {
  it("goes with its devices while they sent nothing; readings are its record and keep it (409), never a 500", async () => {
    const quiet = newBatch();
    await issue(quiet, "Unused sensor");
    expect((await call(admin.api, "DELETE", `/api/v1/admin/batches/${quiet}`)).status).toBe(200);
    expect(server.db().prepare("select count(*) n from farm_devices where batch_id = ?").get(quiet)).toEqual({ n: 0 });
    const recorded = newBatch();
    const { token } = await issue(recorded);
    expect((await post(token, reading(1))).status).toBe(201);
    expect(await call(admin.api, "DELETE", `/api/v1/admin/batches/${recorded}`)).toEqual({ status: 409, body: { detail: "This batch has sensor readings on record and cannot be deleted." } });
    expect(readingCount(recorded)).toBe(1);
  });
});

describe("the public list: GET /api/v1/public/batches/{id}/readings", () => {
  it("the last 24 hours, oldest first, with when the device last sent one; 404 for an unknown batch", async () => {
    const batchId = newBatch();
    const { token } = await issue(batchId);
    expect((await call(new Client(server.url), "GET", `/api/v1/public/batches/${batchId}/readings`)).body).toEqual({
      batch_id: batchId,
      has_device: true,
      last_seen_at: null,
      silent: null,
      window_hours: 24,
      readings: [],
    });
    await post(token, { readings: [reading(5), reading(25 * 60), reading(90, { temperature_c: 30 })] });
    const res = await call(new Client(server.url), "GET", `/api/v1/public/batches/${batchId}/readings`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ batch_id: batchId, has_device: true, silent: false });
    expect(res.body.last_seen_at).toBe(res.body.readings.at(-1).recorded_at);
    expect(res.body.readings.map((r: { temperature_c: number }) => r.temperature_c)).toEqual([30, 27.4]);
    expect(res.body.readings[0]).toEqual({ recorded_at: expect.any(String), temperature_c: 30, humidity_pct: 63, ammonia_ppm: 11.5 });
    expect(await call(new Client(server.url), "GET", "/api/v1/public/batches/999999/readings")).toEqual({ status: 404, body: { detail: "Batch not found." } });
    const none = newBatch();
    expect((await call(new Client(server.url), "GET", `/api/v1/public/batches/${none}/readings`)).body).toMatchObject({ has_device: false, last_seen_at: null, readings: [] });
  });
});

describe("the pages show the device's readings", () => {
  const page = async (path: string) => htmlText(await (await new Client(server.url).get(path)).text());
  /** The strip's text: what the card or the batch page says of the house's conditions. */
  const strip = (html: string) => /data-testid="sensor-source"[^>]*>(?:<time[^>]*>)?([^<]+)</.exec(html)?.[1];

  it("the latest reading with its age, a 24-hour chart, and the card on the list says the same", async () => {
    const batchId = newBatch();
    const { token } = await issue(batchId);
    // 3.5 minutes ago reads as 3 minutes for the next half minute; the readings of the last hours draw the charts.
    await post(token, { readings: [reading(3.5, { temperature_c: 34.2 }), reading(65), reading(125), reading(185)] });
    const html = await page(`/batches/${batchId}`);
    expect(strip(html)).toBe("Latest reading 3 minutes ago");
    expect(html).toContain('data-testid="sensor-temp">34.2°C');
    // The 24-hour chart: an SVG drawn on the server, beside the page (its HTML is at its weight budget).
    expect(html).toContain(`<img src="/batches/${batchId}/sensor.svg" alt="Temperature, last 24 hours, °C"`);
    const chart = await new Client(server.url).get(`/batches/${batchId}/sensor.svg`);
    expect(chart.status).toBe(200);
    expect(chart.headers.get("Content-Type")).toContain("image/svg+xml");
    const svg = await chart.text();
    expect(svg).toContain("<title>Temperature, last 24 hours, °C</title>");
    expect(svg).toMatch(/<path d="M[\d.,L]+"/);
    const list = await page(`/invest/eggs`);
    const card = list.slice(list.indexOf(`data-batch="${batchId}"`));
    expect(strip(card)).toBe("Latest reading 3 minutes ago");
  });

  it("Home's cards: each one's device line", async () => {
    const html = await page("/");
    const lines = [...html.matchAll(/data-testid="sensor-source">([^<]+)</g)].map((m) => m[1]);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/(\d°C · [\d.]+% · [\d.]+ ppm · (Latest reading|No reading for)|^No sensor device on this batch$|^Sensor installed, no reading yet$)/);
  });

  it("'No reading for N hours' once the device is silent", async () => {
    const batchId = newBatch();
    const { token } = await issue(batchId);
    await post(token, { readings: [reading(5 * 60 + 30), reading(6 * 60)] });
    const html = await page(`/batches/${batchId}`);
    expect(strip(html)).toBe("No reading for 5 hours");
  });

  it("a batch without a device says so, and shows no made-up values", async () => {
    const batchId = newBatch();
    const html = await page(`/batches/${batchId}`);
    expect(strip(html)).toBe("No sensor device on this batch");
    expect(html).not.toContain('data-testid="sensor-temp"');
    expect(html).not.toContain("sensor.svg");
    expect((await new Client(server.url).get(`/batches/${batchId}/sensor.svg`)).status).toBe(404);
    expect(html).not.toMatch(/demo values/i);
    const { token } = await issue(batchId);
    expect(strip(await page(`/batches/${batchId}`))).toBe("Sensor installed, no reading yet");
    void token;
  });
});

describe("the admin's device page", () => {
  it("issues a token shown once on the page that follows, and revokes it (JavaScript off)", async () => {
    const batchId = newBatch();
    const path = `/admin/batches/${batchId}/devices`;
    const first = htmlText(await (await admin.page.get(path)).text());
    expect(first).toContain(`Devices of Batch #${batchId}`);
    expect(first).toContain("No device has been issued for this batch.");
    const res = await admin.page.postForm(path, { intent: "issue", label: "Barn sensor" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const html = htmlText(await res.text());
    const token = /data-testid="device-token">(akd_[A-Za-z0-9_-]{43})</.exec(html)?.[1];
    expect(token).toBeDefined();
    expect(html).toContain("Token for Barn sensor");
    // Shown once: the page read again lists the device, never its token.
    const again = htmlText(await (await admin.page.get(path)).text());
    expect(again).toContain("Barn sensor");
    expect(again).not.toContain(token!);
    expect(await post(token!, reading(1))).toEqual({ status: 201, body: { stored: 1, duplicates: 0 } });
    // A blank label is refused beside the field; nothing issued.
    const blank = await admin.page.postForm(path, { intent: "issue", label: "" });
    expect(blank.status).toBe(400);
    expect(htmlText(await blank.text())).toContain("Give the device a label.");
    const deviceId = (server.db().prepare("select id from farm_devices where batch_id = ?").all(batchId) as Array<{ id: number }>).map((d) => d.id);
    expect(deviceId).toHaveLength(1);
    const revoke = await admin.page.postForm(path, { intent: "revoke", device_id: deviceId[0] });
    expect(revoke.status).toBe(302);
    expect(revoke.headers.get("Location")).toBe(path);
    const after = htmlText(await (await admin.page.get(path)).text());
    expect(after).toContain("Device Barn sensor revoked: its token is refused from now on.");
    expect(after).toContain('data-revoked="true"');
    expect((await post(token!, reading(2))).status).toBe(401);
    expect(server.logs()).not.toContain(token!);
  });

  it("the same issue or revoke form sent again (a reload without JavaScript) changes nothing: one device, the token not shown again", async () => {
    const batchId = newBatch();
    const path = `/admin/batches/${batchId}/devices`;
    const devices = () => server.db().prepare("select id, revoked_at from farm_devices where batch_id = ?").all(batchId) as Array<{ id: number; revoked_at: string | null }>;
    const audits = (action: string) => (server.db().prepare("select count(*) n from audit_log where batch_id = ? and action = ?").get(batchId, action) as { n: number }).n;
    const tokenIn = (html: string) => /data-testid="device-token">(akd_[A-Za-z0-9_-]{43})</.exec(html)?.[1];
    const form = { intent: "issue", label: "Dan 2", idempotency_key: `issue-${batchId}` };
    const first = await admin.page.postForm(path, form);
    expect(first.status).toBe(200);
    const token = tokenIn(await first.text());
    expect(token).toBeDefined();
    const replay = await admin.page.postForm(path, form);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Cache-Control")).toContain("no-store");
    const replayed = htmlText(await replay.text());
    expect(tokenIn(replayed)).toBeUndefined();
    expect(replayed).toContain("Dan 2 was already issued by this same form. Its token was shown once, on the first answer, and is not kept. If it was not copied, revoke Dan 2 and issue a new token.");
    expect(devices()).toHaveLength(1);
    expect(audits("device.issue")).toBe(1);
    expect(await post(token!, reading(1))).toEqual({ status: 201, body: { stored: 1, duplicates: 0 } });
    // The API's Idempotency-Key does the same: the device again, its token not.
    const issueApi = () => call(admin.api, "POST", `/api/v1/admin/batches/${batchId}/devices`, { label: "Dan 4" }, { "Idempotency-Key": `api-issue-${batchId}` });
    const viaApi = await issueApi();
    expect(viaApi.body.token).toMatch(/^akd_/);
    expect(await issueApi()).toEqual({ status: 201, body: { ...viaApi.body, token: null } });
    expect(devices()).toHaveLength(2);
    // The stored answers keep no token.
    const stored = JSON.stringify(server.db().prepare("select * from idempotency_keys").all());
    for (const t of [token!, viaApi.body.token]) expect(stored).not.toContain(t);
    // The key with another label is refused; nothing issued.
    const other = await admin.page.postForm(path, { ...form, label: "Dan 3" });
    expect(other.status).toBe(422);
    expect(htmlText(await other.text())).toContain("This idempotency key was already used for a different request.");
    expect(devices()).toHaveLength(2);

    const revoke = { intent: "revoke", device_id: devices().find((d) => d.id !== viaApi.body.id)!.id, idempotency_key: `revoke-${batchId}` };
    for (let i = 0; i < 2; i++) {
      const res = await admin.page.postForm(path, revoke);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(path);
    }
    expect(htmlText(await (await admin.page.get(path)).text())).toContain("Device Dan 2 revoked: its token is refused from now on.");
    expect(audits("device.revoke")).toBe(1);

    // Each form the page shows carries its own key, fresh on every page.
    const html = await (await admin.page.get(path)).text();
    const keys = [...html.matchAll(/name="idempotency_key" value="([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toHaveLength(2);
    expect((await (await admin.page.get(path)).text()).match(/name="idempotency_key" value="([^"]+)"/)?.[1]).not.toBe(keys[0]);
  });

  it("is for admins only", async () => {
    const investor = await createInvestor(server);
    const batchId = newBatch();
    expect((await investor.page.get(`/admin/batches/${batchId}/devices`)).status).toBe(403);
    expect((await investor.page.postForm(`/admin/batches/${batchId}/devices`, { intent: "issue", label: "x" })).status).toBe(403);
    expect(server.db().prepare("select count(*) n from farm_devices where batch_id = ?").get(batchId)).toEqual({ n: 0 });
    expect((await admin.page.get("/admin/batches/999999/devices")).status).toBe(404);
  });
});
