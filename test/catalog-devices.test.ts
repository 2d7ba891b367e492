/**
 * Farm devices (issue 29) in the pseudo-locale: the sensor strip of a card and of the batch page in
 * each state (live, silent, waiting, none, the farm's log), Home's device lines, the admin's device
 * page with a token just issued, a refusal and a revocation's flash, and the device API's details.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client } from "./support/client";
import { createBatch, createFarm, serverNow, signInAdmin, type SignedIn } from "./support/factories";
import { wordsOutsideCatalog } from "./support/pseudo";
import { startServer, type TestServer } from "./support/server";
import { PSEUDO_OPEN } from "~/catalog/pseudo";

let server: TestServer;
let admin: SignedIn;
let visitor: Client;

beforeAll(async () => {
  server = await startServer({ PSEUDO_LOCALE: "true" });
  admin = await signInAdmin(server);
  admin.page.setCookie("lang", "pseudo");
  visitor = new Client(server.url);
  visitor.setCookie("lang", "pseudo");
});
afterAll(async () => {
  await server?.stop();
});

const FARM = { name: "Pseudo Sensor Farm", location: "Techiman, Bono East" };
const minutesAgo = (m: number) => new Date(serverNow(server).getTime() - m * 60_000).toISOString();
const reading = (minutes: number) => ({ temperature_c: 27.5, humidity_pct: 64, ammonia_ppm: 11, recorded_at: minutesAgo(minutes) });

const mainOf = (html: string) => /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";
/** The data these pages show: farms, places, device labels and the seed's names. */
function dataOf(): string[] {
  const column = (sql: string) => (server.db().prepare(sql).all() as Array<{ v: string }>).map((r) => r.v);
  return [...column("select name v from farms"), ...column("select location v from farms"), ...column("select label v from farm_devices"), "/api/v1/farm-devices/readings"].sort(
    (a, b) => b.length - a.length,
  );
}

async function issue(batchId: number, label: string) {
  const res = await call(admin.api, "POST", `/api/v1/admin/batches/${batchId}/devices`, { label });
  expect(res.status).toBe(201);
  return res.body as { id: number; token: string };
}

describe("farm devices in the pseudo-locale", () => {
  it("bracket every word of the strips, the batch page, Home and the admin's device page", async () => {
    const farm = createFarm(server, FARM);
    const live = createBatch(server, { farmId: farm.id, productType: "EGG" }).id;
    const silent = createBatch(server, { farmId: farm.id, productType: "EGG" }).id;
    const waiting = createBatch(server, { farmId: farm.id, productType: "CHICKEN" }).id;
    const logged = createBatch(server, { farmId: farm.id, productType: "CHICKEN" }).id;
    const post = (token: string, body: unknown) => call(new Client(server.url), "POST", "/api/v1/farm-devices/readings", body, { Authorization: `Bearer ${token}` });
    expect((await post((await issue(live, "House A")).token, { readings: [reading(4), reading(70), reading(200)] })).status).toBe(201);
    expect((await post((await issue(silent, "House B")).token, reading(5 * 60))).status).toBe(201);
    await issue(waiting, "House C");
    server
      .db()
      .prepare("insert into farm_logs (batch_id, log_date, birds_alive, deaths, feed_kg, avg_weight_kg, temperature_c, humidity_pct, ammonia_ppm) values (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .run(logged, "2026-11-01", 1000, 0, 20, 0.05, 27, 60, 5);

    const pages = [
      ...[live, silent, waiting, logged].map((id) => `/batches/${id}`),
      `/batches/${createBatch(server, { farmId: farm.id }).id}`,
      `/invest/eggs?q=${encodeURIComponent(FARM.name)}`,
      `/invest/chicken?q=${encodeURIComponent(FARM.name)}`,
      "/",
    ];
    for (const path of pages) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(200);
      const main = mainOf(await res.text());
      // Home's line starts with the values (data), the others with words.
      expect(main, path).toMatch(path === "/" ? /data-testid="sensor-source"/ : new RegExp(`data-testid="sensor-source"[^>]*>${PSEUDO_OPEN}`));
      expect(wordsOutsideCatalog(main, dataOf()), path).toEqual([]);
    }

    // The admin's page: empty, then with a token just issued, a refused label, and a revocation's flash.
    const path = `/admin/batches/${waiting}/devices`;
    const pageMain = async (res: Response) => mainOf(await res.text());
    expect(wordsOutsideCatalog(await pageMain(await admin.page.get(`/admin/batches/${logged}/devices`)), dataOf())).toEqual([]);
    const issued = await admin.page.postForm(path, { intent: "issue", label: "House D" });
    expect(issued.status).toBe(200);
    const issuedMain = await pageMain(issued);
    const token = /data-testid="device-token">(akd_[^<]+)</.exec(issuedMain)?.[1];
    expect(token).toBeDefined();
    expect(wordsOutsideCatalog(issuedMain, [...dataOf(), token!])).toEqual([]);
    const refused = await admin.page.postForm(path, { intent: "issue", label: "" });
    expect(refused.status).toBe(400);
    expect(wordsOutsideCatalog(await pageMain(refused), dataOf())).toEqual([]);
    const deviceId = (server.db().prepare("select id from farm_devices where label = 'House D'").get() as { id: number }).id;
    const revoked = await admin.page.postForm(path, { intent: "revoke", device_id: String(deviceId) });
    expect(revoked.status).toBe(302);
    const after = await pageMain(await admin.page.get(path));
    expect(after).toContain(PSEUDO_OPEN);
    expect(wordsOutsideCatalog(after, dataOf())).toEqual([]);
    // The page's dashboard link.
    expect(await (await admin.page.get("/admin")).text()).toContain(`/admin/batches/${live}/devices`);
  });

  it("the device API's refusals come from the catalog", async () => {
    const res = await call(new Client(server.url), "POST", "/api/v1/farm-devices/readings", reading(1), { Authorization: "Bearer akd_nothing" });
    // The device sends no language: its refusals are English.
    expect(res).toEqual({ status: 401, body: { detail: "Unknown or revoked device token." } });
  });
});
