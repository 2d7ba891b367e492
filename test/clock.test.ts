/**
 * The server's clock can be set for tests (AKOKO_CLOCK_OFFSET_DAYS, outside production only):
 * restarting on the same database file with the clock moved reaches the early-exit month, a reset
 * link's hour and a session's 30 days without waiting, and without editing dates in the file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLogin, call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, linkFromOutbox, signIn, signInAdmin } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

const MINUTE_IN_DAYS = 1 / (24 * 60);

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO_DATA: "false" });
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Stops the server and starts another on its database (`clockOffsetDays` undefined: the real clock,
 * in production mode); `clients` follow it to its new port.
 */
async function restart(clockOffsetDays?: number, ...clients: Client[]) {
  const { dbFile } = server;
  await server.stop();
  server = await startServer({}, { dbFile, clockOffsetDays });
  for (const client of clients) client.baseUrl = server.url;
}

async function expectInvariants() {
  const admin = await signInAdmin(server);
  expect((await call(admin.api, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
}

describe("a server restarted with its clock moved", () => {
  it("40 days on, an early exit refused in the batch's first month succeeds", async () => {
    await restart();
    const batch = createBatch(server, { productType: "EGG", unitPrice: 10, targetUnits: 20, expectedRoi: 0.01 });
    const seller = await createInvestor(server, { fullName: "Adjoa Early", walletGhs: 200 });
    expect((await call(seller.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 20 })).status).toBe(201);
    const admin = await signInAdmin(server);
    const activated = await call(admin.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`);
    expect(activated.body.batch.start_date).toBe(new Date().toISOString().slice(0, 10));
    const refused = await call(seller.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 5 });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^Early exit opens one month after the batch starts, on \d{4}-\d{2}-\d{2}\.$/);

    await restart(40);
    // The sessions made above lasted 30 days: sign in again on the moved clock.
    const later = await signIn(server, seller.id);
    const ok = await call(later.api, "POST", "/api/v1/invest/early-exit", { batch_id: batch.id, units: 5 });
    expect(ok.status).toBe(201);
    expect(ok.body.detail).toBe("Early exit request submitted. We will notify you when a buyer is found.");
    // The page agrees: no "opens on" notice any more.
    const dialog = htmlText(await (await later.page.get(`/invest/eggs?dialog=exit&batch=${batch.id}`)).text());
    expect(dialog).not.toContain('data-testid="exit-notice"');
    await expectInvariants();
  });

  it("a password-reset link works for an hour and is refused after it", async () => {
    await restart(0);
    const u = await createInvestor(server, { fullName: "Kwesi Forgetful", password: "old-password-1" });
    const asked = await call(new Client(server.url), "POST", "/api/v1/auth/reset-password", { email: u.email });
    expect(asked.status).toBe(200);
    expect(asked.body.detail).toContain("on its way");
    // The link is in the email the demo outbox holds (the same text a real mailer would send).
    const link = new URL(linkFromOutbox(server, u.email, "http://akoko.test/reset-password/") ?? "http://x/none").pathname;
    expect(link).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const resetPage = async () => htmlText(await (await fetch(`${server.url}${link}`)).text());
    expect(await resetPage()).toContain("Set new password");

    await restart(59 * MINUTE_IN_DAYS);
    expect(await resetPage()).toContain("Set new password");

    await restart(61 * MINUTE_IN_DAYS);
    expect(await resetPage()).toContain("This reset link has expired or was already used.");
    const late = await new Client(server.url).postForm(link!, { password: "new-password-1", confirm: "new-password-1" });
    expect(htmlText(await late.text())).toContain("This reset link has expired or was already used.");
    // The password did not change.
    await apiLogin(server.url, u.email, "old-password-1");
    await expect(apiLogin(server.url, u.email, "new-password-1")).rejects.toThrow(/login failed: 401/);
  });

  it("a session is accepted until its 30 days are over, then refused on the API and the pages", async () => {
    await restart();
    const u = await createInvestor(server, { fullName: "Esi Sessions" });
    // One session from the real login (the app's own expiry), one from the factories (the same 30 days).
    const loggedIn = await apiLogin(server.url, u.email, u.password);
    const ask = async () => ({
      login: (await call(loggedIn, "GET", "/api/v1/auth/me")).status,
      api: (await call(u.api, "GET", "/api/v1/auth/me")).status,
      page: (await u.page.get("/portfolio")).status,
    });
    expect(await ask()).toEqual({ login: 200, api: 200, page: 200 });

    await restart(29, loggedIn, u.api, u.page);
    expect(await ask()).toEqual({ login: 200, api: 200, page: 200 });

    await restart(31, loggedIn, u.api, u.page);
    expect(await ask()).toEqual({ login: 401, api: 401, page: 302 });
    expect(await call(loggedIn, "GET", "/api/v1/auth/me")).toEqual({ status: 401, body: { detail: "Not authenticated." } });
    expect((await u.page.get("/portfolio")).headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/portfolio" })}`);
    // Signing in again works on the moved clock.
    expect((await call(await apiLogin(server.url, u.email, u.password), "GET", "/api/v1/auth/me")).status).toBe(200);
  });
});

describe("in production", () => {
  it("refuses to start with a shifted clock, and says which variable to unset", async () => {
    await expect(startServer({ AKOKO_CLOCK_OFFSET_DAYS: "40" })).rejects.toThrow(/Server exited \(1\):\nRefusing to start in production with AKOKO_CLOCK_OFFSET_DAYS set/);
  });
});
