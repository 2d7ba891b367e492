/**
 * Issue 20's two-factor sign-in through the real server: enrolment by API and page (QR code as SVG,
 * the secret as text, a first code, ten recovery codes shown once), sign-in with and without the
 * code (page: a second step; API: 401 naming the code), a replayed code refused, recovery codes
 * used once, wrong codes rate limited, and an admin without two factors blocked in production.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createInvestor, signInAdmin, type Investor } from "./support/factories";
import { startServer, TEST_ADMIN, type TestServer } from "./support/server";
import { awayFromStepEnd, codeFor } from "./support/totp";

let server: TestServer;
beforeAll(async () => {
  // Production's rule: admins must enrol.
  server = await startServer({ ADMIN_TWO_FACTOR: "required" });
});
afterAll(async () => {
  await server?.stop();
});

async function apiLogin(email: string, password: string, code?: string) {
  const client = new Client(server.url);
  const fields: Record<string, string> = { username: email, password, ...(code === undefined ? {} : { code }) };
  const res = await client.request("/api/v1/auth/login", { method: "POST", body: new URLSearchParams(fields) });
  return { status: res.status, body: await res.json() };
}

/** An investor with two factors on through the API; the codes for the steps before now are spent. */
async function enrolled(): Promise<Investor & { secret: string; recovery: string[] }> {
  const u = await createInvestor(server);
  const setup = await call(u.api, "POST", "/api/v1/auth/2fa/setup");
  expect(setup.status).toBe(200);
  await awayFromStepEnd();
  expect(setup.body.otpauth_url).toMatch(new RegExp(`^otpauth://totp/Akoko:.+\\?.*secret=${setup.body.secret}`));
  const enabled = await call(u.api, "POST", "/api/v1/auth/2fa/enable", { code: codeFor(setup.body.secret, -1) });
  expect(enabled.status).toBe(200);
  return { ...u, secret: setup.body.secret, recovery: enabled.body.recovery_codes };
}

describe("enrolment and sign-in through the API", () => {
  it("a first code turns it on and gives ten recovery codes; a wrong first code does not", async () => {
    const u = await createInvestor(server);
    const setup = await call(u.api, "POST", "/api/v1/auth/2fa/setup");
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/enable", { code: "000000" })).status).toBe(422);
    expect(server.db().prepare("select totp_enabled_at from users where id = ?").get(u.id)).toEqual({ totp_enabled_at: null });
    const enabled = await call(u.api, "POST", "/api/v1/auth/2fa/enable", { code: codeFor(setup.body.secret) });
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.body.recovery_codes).size).toBe(10);
    for (const code of enabled.body.recovery_codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Stored only as hashes; the secret sealed.
    const stored = JSON.stringify(server.db().prepare("select * from recovery_codes where user_id = ?").all(u.id)) + JSON.stringify(server.db().prepare("select totp_secret from users where id = ?").get(u.id));
    for (const code of enabled.body.recovery_codes) expect(stored).not.toContain(code);
    expect(stored).not.toContain(setup.body.secret);
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/setup")).status).toBe(409);
  });

  it("login answers 401 naming the code without it, takes it as a form field, and refuses it replayed", async () => {
    const u = await enrolled();
    const without = await apiLogin(u.email, u.password);
    expect(without).toEqual({ status: 401, body: { detail: "Two-factor code needed: send the 6-digit code from your authenticator app, or one of your recovery codes, as the form field code." } });
    expect((await apiLogin(u.email, "wrong-password", codeFor(u.secret))).status).toBe(401);
    const code = codeFor(u.secret);
    const ok = await apiLogin(u.email, u.password, code);
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toEqual(expect.any(String));
    const replay = await apiLogin(u.email, u.password, code);
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toMatch(/not right, or was already used/);
    // The next step's code still works (a phone a little ahead).
    expect((await apiLogin(u.email, u.password, codeFor(u.secret, 1))).status).toBe(200);
  });

  it("a recovery code signs in once", async () => {
    const u = await enrolled();
    const [first] = u.recovery;
    expect((await apiLogin(u.email, u.password, first.toUpperCase())).status).toBe(200);
    expect((await apiLogin(u.email, u.password, first)).status).toBe(401);
    expect((await apiLogin(u.email, u.password, u.recovery[1].replace("-", ""))).status).toBe(200);
  });

  it("wrong codes are rate limited per account (429), even with the right password", async () => {
    const u = await enrolled();
    for (let i = 0; i < 5; i++) expect((await apiLogin(u.email, u.password, "111111")).status).toBe(401);
    expect((await apiLogin(u.email, u.password, "111111")).status).toBe(429);
    expect((await apiLogin(u.email, u.password, codeFor(u.secret))).status).toBe(429);
  });

  it("turns off only with a valid code; then the password alone signs in", async () => {
    const u = await enrolled();
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/disable", { code: "123456" })).status).toBe(422);
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/disable", { code: u.recovery[0] })).status).toBe(200);
    expect((await apiLogin(u.email, u.password)).status).toBe(200);
    expect(server.db().prepare("select count(*) n from recovery_codes where user_id = ?").get(u.id)).toEqual({ n: 0 });
  });
});

describe("the pages, without JavaScript", () => {
  it("enrols from the account page with a server-rendered QR code, then logs in on a second step", async () => {
    const u = await createInvestor(server);
    const page = await u.page.follow("/account/two-factor");
    expect(page.res.status).toBe(200);
    expect(page.html).toMatch(/data-testid="totp-qr"[^>]*><svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(page.html)![1];
    // A reload shows the same pending secret (the app may already have scanned it).
    expect((await u.page.follow("/account/two-factor")).html).toContain(secret);
    const wrong = await u.page.postForm("/account/two-factor", { intent: "enable", code: "000000" });
    expect(wrong.status).toBe(422);
    expect(htmlText(await wrong.text())).toContain("That code is not right.");
    await awayFromStepEnd();
    const on = await u.page.postForm("/account/two-factor", { intent: "enable", code: codeFor(secret, -1) });
    expect(on.status).toBe(200);
    const shown = htmlText(await on.text());
    expect(shown).toContain("shown only this once");
    expect([...shown.matchAll(/<li>([a-z0-9]{5}-[a-z0-9]{5})<\/li>/g)]).toHaveLength(10);

    const browser = new Client(server.url);
    const login = await browser.postForm("/login", { email: u.email, password: u.password, redirectTo: "/account" });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/login/code");
    // Not signed in yet.
    expect((await browser.request("/portfolio")).status).toBe(302);
    const bad = await browser.postForm("/login/code", { code: "999999" });
    expect(bad.status).toBe(401);
    expect(htmlText(await bad.text())).toContain("That two-factor code is not right");
    const good = await browser.postForm("/login/code", { code: codeFor(secret) });
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toBe("/account");
    expect((await browser.request("/portfolio")).status).toBe(200);
    // The code step without a password first goes back to the login page.
    expect((await new Client(server.url).request("/login/code")).headers.get("Location")).toBe("/login");
  });
});

describe("admins in production", () => {
  it("an admin without two factors reaches only the enrolment page (pages redirect, the API answers 403), then everything once enrolled", async () => {
    const admin = await signInAdmin(server);
    const dashboard = await admin.page.request("/admin");
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("Location")).toBe("/account/two-factor");
    expect((await admin.page.request("/portfolio")).headers.get("Location")).toBe("/account/two-factor");
    const api = await call(admin.api, "GET", "/api/v1/admin/stats");
    expect(api.status).toBe(403);
    expect(api.body.detail).toMatch(/^Admins must turn on two-factor sign-in first/);
    const enrol = await admin.page.follow("/account/two-factor");
    expect(enrol.res.status).toBe(200);
    expect(enrol.html).toContain('data-testid="must-enrol"');

    const setup = await call(admin.api, "POST", "/api/v1/auth/2fa/setup");
    expect(setup.status).toBe(200);
    await awayFromStepEnd();
    expect((await call(admin.api, "POST", "/api/v1/auth/2fa/enable", { code: codeFor(setup.body.secret, -1) })).status).toBe(200);
    expect((await call(admin.api, "GET", "/api/v1/admin/stats")).status).toBe(200);
    expect((await admin.page.request("/admin")).status).toBe(200);
    expect(server.db().prepare("select action from audit_log where action = 'admin.2fa.enable'").all()).toHaveLength(1);
    // Every admin is told (the in-app notice beside the security email).
    expect(server.db().prepare("select message from notifications where kind = 'ADMIN_SECURITY' and message like '%turned two-factor sign-in on%'").all()).toHaveLength(1);
    // The admin's next sign-in asks for the code.
    expect((await apiLogin(TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(401);
    expect((await apiLogin(TEST_ADMIN.email, TEST_ADMIN.password, codeFor(setup.body.secret))).status).toBe(200);
  });
});
