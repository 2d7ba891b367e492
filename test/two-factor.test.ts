/**
 * Issue 20's two-factor sign-in through the real server: enrolment by API and page (QR code as SVG,
 * the secret as text, a first code, ten recovery codes shown once), sign-in with and without the
 * code (page: a second step; API: 401 naming the code), a replayed code refused, recovery codes
 * used once, wrong codes rate limited, and an admin without two factors blocked in production. Issue 26:
 * two factors belong to the session, and turning them off or renewing the recovery codes asks for the
 * password and a code, wrong codes counted as at sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createInvestor, signIn, signInAdmin, type Investor } from "./support/factories";
import { startServer, TEST_ADMIN, type TestServer } from "./support/server";
import { awayFromStepEnd, codeFor, enrolTwoFactor } from "./support/totp";
import { noticesIn } from "./support/notices";

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

/** An investor with two factors on through the API (u.api); the codes for the steps before now are spent. */
async function enrolled(): Promise<Investor & { secret: string; recovery: string[] }> {
  const u = await createInvestor(server);
  return { ...u, ...(await enrolTwoFactor(u.api)) };
}

describe("enrolment and sign-in through the API", () => {
  it("a first code turns it on and gives ten recovery codes; a wrong first code does not", async () => {
    const u = await createInvestor(server);
    const setup = await call(u.api, "POST", "/api/v1/auth/2fa/setup");
    expect(setup.body.otpauth_url).toMatch(new RegExp(`^otpauth://totp/Akoko:.+\\?.*secret=${setup.body.secret}`));
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/enable", { code: "000000" })).status).toBe(422);
    expect(server.db().prepare("select totp_enabled_at from users where id = ?").get(u.id)).toEqual({ totp_enabled_at: null });
    const enabled = await call(u.api, "POST", "/api/v1/auth/2fa/enable", { code: codeFor(setup.body.secret) });
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.body.recovery_codes).size).toBe(10);
    for (const code of enabled.body.recovery_codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Stored only as hashes; the secret sealed.
    const stored =
      JSON.stringify(server.db().prepare("select * from recovery_codes where user_id = ?").all(u.id)) + JSON.stringify(server.db().prepare("select totp_secret from users where id = ?").get(u.id));
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

  it("turns off only with the password and a valid code; then the password alone signs in", async () => {
    const u = await enrolled();
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/disable", { password: u.password, code: "123456" })).status).toBe(422);
    // Issue 26: a session alone (a stolen one) cannot take the second factor off.
    expect(await call(u.api, "POST", "/api/v1/auth/2fa/disable", { code: u.recovery[0] })).toEqual({ status: 422, body: { detail: "Enter your password to confirm it is you." } });
    expect(await call(u.api, "POST", "/api/v1/auth/2fa/disable", { password: "not-the-password", code: u.recovery[0] })).toEqual({
      status: 403,
      body: { detail: "That is not your current password." },
    });
    expect(server.db().prepare("select totp_enabled_at is not null on_ from users where id = ?").get(u.id)).toEqual({ on_: 1 });
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/disable", { password: u.password, code: u.recovery[0] })).status).toBe(200);
    expect((await apiLogin(u.email, u.password)).status).toBe(200);
    expect(server.db().prepare("select count(*) n from recovery_codes where user_id = ?").get(u.id)).toEqual({ n: 0 });
  });

  it("makes new recovery codes with the password and a current app code (issue 26)", async () => {
    const u = await enrolled();
    expect(await call(u.api, "POST", "/api/v1/auth/2fa/recovery-codes", { code: codeFor(u.secret) })).toEqual({ status: 422, body: { detail: "Enter your password to confirm it is you." } });
    const made = await call(u.api, "POST", "/api/v1/auth/2fa/recovery-codes", { password: u.password, code: codeFor(u.secret) });
    expect(made.status).toBe(200);
    expect(made.body.recovery_codes).toHaveLength(10);
    // The old ones no longer work.
    expect((await apiLogin(u.email, u.password, u.recovery[0])).status).toBe(401);
    expect((await apiLogin(u.email, u.password, made.body.recovery_codes[0])).status).toBe(200);
  });

  it("rate limits wrong codes when turning off, as at sign-in: 429 after 5, even with the right code then (issue 26)", async () => {
    const u = await enrolled();
    for (let i = 0; i < 5; i++) expect((await call(u.api, "POST", "/api/v1/auth/2fa/disable", { password: u.password, code: "111111" })).status).toBe(422);
    expect(await call(u.api, "POST", "/api/v1/auth/2fa/disable", { password: u.password, code: "111111" })).toEqual({ status: 429, body: { detail: "Too many attempts. Please try again later." } });
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/disable", { password: u.password, code: u.recovery[0] })).status).toBe(429);
    expect((await call(u.api, "POST", "/api/v1/auth/2fa/recovery-codes", { password: u.password, code: codeFor(u.secret) })).status).toBe(429);
    expect(server.db().prepare("select totp_enabled_at is not null on_ from users where id = ?").get(u.id)).toEqual({ on_: 1 });
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

  it("turning off and new recovery codes ask for the password and a code; wrong codes meet a clear 429 after 5 (issue 26)", async () => {
    const u = await enrolled();
    // Turning two factors on ended the other sessions: a new browser session (signed in as after the code).
    const page = (await signIn(server, u.id)).page;
    const state = await page.follow("/account/two-factor");
    expect(state.html).toContain('data-testid="two-factor-state"');
    expect(state.html.match(/name="password"/g)).toHaveLength(2);
    const noPassword = await page.postForm("/account/two-factor", { intent: "disable", code: u.recovery[0] });
    expect(noPassword.status).toBe(422);
    expect(htmlText(await noPassword.text())).toContain("Enter your password to confirm it is you.");
    for (let i = 0; i < 5; i++) {
      const wrong = await page.postForm("/account/two-factor", { intent: "regenerate", password: u.password, code: "111111" });
      expect(wrong.status).toBe(422);
      expect(htmlText(await wrong.text())).toContain("That code is not right.");
    }
    const limited = await page.postForm("/account/two-factor", { intent: "disable", password: u.password, code: u.recovery[0] });
    expect(limited.status).toBe(429);
    const shown = htmlText(await limited.text());
    expect(shown).toContain("Too many attempts. Please try again later.");
    expect(shown).not.toContain(u.password);
    expect(server.db().prepare("select totp_enabled_at is not null on_ from users where id = ?").get(u.id)).toEqual({ on_: 1 });
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
    // Issue 26: turning two factors on ended the admin's other session (the page's), signed in without the code.
    expect((await admin.page.request("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    expect(server.db().prepare("select action from audit_log where action = 'admin.2fa.enable'").all()).toHaveLength(1);
    // Every admin is told (the in-app notice beside the security email).
    expect(noticesIn(server, "kind = 'ADMIN_SECURITY'").filter((n) => n.message.includes("turned two-factor sign-in on"))).toHaveLength(1);
    // The admin's next sign-in asks for the code.
    expect((await apiLogin(TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(401);
    expect((await apiLogin(TEST_ADMIN.email, TEST_ADMIN.password, codeFor(setup.body.secret))).status).toBe(200);
  });
});

describe("two factors belong to the session (issue 26)", () => {
  it("turning them on ends the account's other sessions; a session signed in without the code never does admin work", async () => {
    const a = await createInvestor(server, { fullName: "Efua Admin" });
    server.db().prepare("update users set is_admin = true where id = ?").run(a.id);
    // Two sessions, each signed in with the password only: both may only enrol.
    expect((await call(a.api, "GET", "/api/v1/admin/stats")).status).toBe(403);
    expect((await a.page.request("/admin")).headers.get("Location")).toBe("/account/two-factor");
    const { secret } = await enrolTwoFactor(a.api);
    // The session that enrolled passed the code; the other one is over.
    expect((await call(a.api, "GET", "/api/v1/admin/stats")).status).toBe(200);
    expect((await a.page.request("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    expect(server.db().prepare("select count(*) n from sessions where user_id = ?").get(a.id)).toEqual({ n: 1 });

    // A session that signed in with the password only and outlived the enrolment (one from before this
    // rule): the account has two factors, the session does not.
    const stale = await signIn(server, a.id);
    const stats = await call(stale.api, "GET", "/api/v1/admin/stats");
    expect(stats).toEqual({ status: 403, body: { detail: "This session signed in without a two-factor code. Log out, then log in again with your code to do admin work." } });
    const page = await stale.page.follow("/admin");
    expect(page.url).toBe(`${server.url}/account/two-factor`);
    expect(page.html).toContain('data-testid="sign-in-again"');

    // Signing in again with the code: admin work.
    const login = await apiLogin(a.email, a.password, codeFor(secret));
    expect(login.status).toBe(200);
    const fresh = new Client(server.url);
    fresh.bearer = login.body.access_token;
    expect((await call(fresh, "GET", "/api/v1/admin/stats")).status).toBe(200);
  });
});
