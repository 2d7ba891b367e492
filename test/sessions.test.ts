import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createInvestor, signIn } from "./support/factories";
import { startServer, TEST_ADMIN, type TestServer } from "./support/server";
import { noticesIn } from "./support/notices";

/**
 * Issue 20: the account's sessions (browsers and API tokens) listed with their device, place hint and
 * times, ended one by one or all but this one, by the page (no JavaScript) and by the API; and an
 * admin's sign-in from a new device, or password change, audited and told to every admin.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** Logs in through the page's form with that User-Agent: a browser session, its cookie in the returned client. */
async function pageLogin(email: string, password: string, userAgent: string): Promise<Client> {
  const client = new Client(server.url);
  const res = await client.postForm("/login", { email, password }, { "User-Agent": userAgent });
  expect(res.status, await res.text()).toBe(302);
  return client;
}

/** Logs in through POST /api/v1/auth/login with that User-Agent: an API token. */
async function apiToken(email: string, password: string, userAgent = "curl/8.5.0"): Promise<Client> {
  const client = new Client(server.url);
  const res = await client.request("/api/v1/auth/login", { method: "POST", body: new URLSearchParams({ username: email, password }), headers: { "User-Agent": userAgent } });
  expect(res.status).toBe(200);
  client.bearer = ((await res.json()) as { access_token: string }).access_token;
  return client;
}

/** A fresh investor whose only sessions are the ones a test makes (the factory's two are ended). */
async function loneInvestor() {
  const investor = await createInvestor(server);
  server.db().prepare("delete from sessions where user_id = ?").run(investor.id);
  return investor;
}

type Listed = { id: number; kind: string; device: string; ip_hint: string; created_at: string; last_seen_at: string; current: boolean };

async function listed(client: Client): Promise<Listed[]> {
  const res = await call(client, "GET", "/api/v1/auth/sessions");
  expect(res.status).toBe(200);
  return res.body;
}

async function accountPage(client: Client) {
  const res = await client.get("/account");
  expect(res.status).toBe(200);
  return htmlText(await res.text());
}

/** The Sessions section's rows as the page shows them. */
function sessionRows(html: string) {
  const section = html.slice(html.indexOf('id="sessions"'), html.indexOf('id="close"'));
  return [...section.matchAll(/data-testid="session" data-session-id="(\d+)"([\s\S]*?)<\/li>/g)].map((m) => ({ id: Number(m[1]), text: m[2].replace(/<[^>]+>/g, " ") }));
}

describe("listing", () => {
  it("records each sign-in's kind, device and address; lists browsers and API tokens with the current one marked", async () => {
    const investor = await loneInvestor();
    const phone = await pageLogin(investor.email, investor.password, ANDROID_CHROME);
    await pageLogin(investor.email, investor.password, WINDOWS_FIREFOX);
    await apiToken(investor.email, investor.password);

    const rows = server.db().prepare("select kind, user_agent ua, ip, last_seen_at seen from sessions where user_id = ? order by id").all(investor.id) as {
      kind: string;
      ua: string;
      ip: string;
      seen: string;
    }[];
    expect(rows.map((r) => [r.kind, r.ua])).toEqual([
      ["browser", ANDROID_CHROME],
      ["browser", WINDOWS_FIREFOX],
      ["api", "curl/8.5.0"],
    ]);
    for (const r of rows) {
      expect(r.ip).toMatch(/127\.0\.0\.1|::1/);
      expect(r.seen).toBeTruthy();
    }

    const list = await listed(phone);
    expect(list).toHaveLength(3);
    expect(list.map((s) => [s.kind, s.device, s.current]).sort()).toEqual([
      ["api", "API client (curl)", false],
      ["browser", "Chrome on Android", true],
      ["browser", "Firefox on Windows", false],
    ]);
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(["created_at", "current", "device", "id", "ip_hint", "kind", "last_seen_at"]);
      expect(s.ip_hint).toBe("Local network");
    }
    // Never a token or its hash.
    expect(JSON.stringify(list)).not.toMatch(/token|hash/i);

    const html = await accountPage(phone);
    expect(html).toContain("Sessions");
    expect(html).toContain("Browsers");
    expect(html).toContain("API tokens");
    const page = sessionRows(html);
    expect(page).toHaveLength(3);
    const current = page.filter((r) => r.text.includes("This device"));
    expect(current).toHaveLength(1);
    expect(current[0].text).toContain("Chrome on Android");
    expect(html).toContain("Sign out everywhere else");
    expect(html).toContain("Local network");
  });

  it("moves last seen when a session is used, at most once a minute", async () => {
    const investor = await loneInvestor();
    const phone = await pageLogin(investor.email, investor.password, ANDROID_CHROME);
    const seen = () => (server.db().prepare("select last_seen_at s from sessions where user_id = ?").get(investor.id) as { s: string }).s;
    const old = new Date(Date.now() + server.clockOffsetMs - 10 * 60_000).toISOString();
    server.db().prepare("update sessions set last_seen_at = ? where user_id = ?").run(old, investor.id);
    await phone.get("/account");
    const first = seen();
    expect(first > old).toBe(true);
    // Within the minute: no write.
    await phone.get("/account");
    expect(seen()).toBe(first);
  });
});

describe("ending sessions", () => {
  it("ends another session from the page's form (no JavaScript): it is signed out", async () => {
    const investor = await loneInvestor();
    const phone = await pageLogin(investor.email, investor.password, ANDROID_CHROME);
    const laptop = await pageLogin(investor.email, investor.password, WINDOWS_FIREFOX);
    const other = sessionRows(await accountPage(phone)).find((r) => r.text.includes("Firefox on Windows"))!;
    const res = await phone.postForm("/account", { intent: "end-session", session_id: String(other.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account#sessions");
    const { html } = await phone.follow("/account");
    expect(htmlText(html)).toContain("That session is signed out.");
    expect(sessionRows(htmlText(html)).map((r) => r.id)).not.toContain(other.id);
    // The laptop is logged out.
    const after = await laptop.get("/account");
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/login/);
  });

  it("refuses on the page to end another user's session, an unknown one, or the current one", async () => {
    const investor = await loneInvestor();
    const stranger = await loneInvestor();
    const phone = await pageLogin(investor.email, investor.password, ANDROID_CHROME);
    const theirs = await pageLogin(stranger.email, stranger.password, WINDOWS_FIREFOX);
    const theirId = (await listed(theirs))[0].id;
    for (const id of [String(theirId), "999999", "abc"]) {
      const res = await phone.postForm("/account", { intent: "end-session", session_id: id });
      expect(res.status).toBe(404);
      expect(htmlText(await res.text())).toContain("Session not found.");
    }
    expect((await theirs.get("/account")).status).toBe(200);
    const mine = (await listed(phone))[0].id;
    const res = await phone.postForm("/account", { intent: "end-session", session_id: String(mine) });
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("That is the session you are using. To end it, log out.");
  });

  it("ends a session and an API token by the API; a revoked token gets 401; another user's session is 404", async () => {
    const investor = await loneInvestor();
    const stranger = await signIn(server, (await createInvestor(server)).id);
    const phone = await pageLogin(investor.email, investor.password, ANDROID_CHROME);
    const laptop = await pageLogin(investor.email, investor.password, WINDOWS_FIREFOX);
    const script = await apiToken(investor.email, investor.password);
    const app = await apiToken(investor.email, investor.password, "okhttp/4.12.0");

    const list = await listed(app);
    const tokenRow = list.find((s) => s.device === "API client (curl)")!;
    expect(tokenRow.kind).toBe("api");
    const laptopRow = list.find((s) => s.device === "Firefox on Windows")!;

    // Someone else cannot end them, nor learn they exist.
    expect((await call(stranger.api, "DELETE", `/api/v1/auth/sessions/${tokenRow.id}`)).status).toBe(404);
    expect((await call(app, "DELETE", "/api/v1/auth/sessions/999999")).status).toBe(404);
    expect((await call(app, "DELETE", "/api/v1/auth/sessions/abc")).status).toBe(404);
    expect((await call(script, "GET", "/api/v1/auth/me")).status).toBe(200);

    expect((await call(app, "DELETE", `/api/v1/auth/sessions/${tokenRow.id}`)).status).toBe(204);
    const revoked = await call(script, "GET", "/api/v1/auth/me");
    expect(revoked.status).toBe(401);
    expect(revoked.body.detail).toBeTruthy();
    expect((await call(app, "DELETE", `/api/v1/auth/sessions/${tokenRow.id}`)).status).toBe(404);

    expect((await call(app, "DELETE", `/api/v1/auth/sessions/${laptopRow.id}`)).status).toBe(204);
    expect((await laptop.get("/account")).status).toBe(302);
    expect((await phone.get("/account")).status).toBe(200);

    // API tokens are listed on the page too, and ended there the same way.
    const page = sessionRows(await accountPage(phone));
    const appRow = page.find((r) => r.text.includes("API client (OkHttp)"))!;
    expect(appRow).toBeTruthy();
    expect((await phone.postForm("/account", { intent: "end-session", session_id: String(appRow.id) })).status).toBe(302);
    expect((await call(app, "GET", "/api/v1/auth/me")).status).toBe(401);
  });

  it("signs out everywhere else, by the page and by the API, keeping the session that asked", async () => {
    const investor = await loneInvestor();
    const phone = await pageLogin(investor.email, investor.password, ANDROID_CHROME);
    const laptop = await pageLogin(investor.email, investor.password, WINDOWS_FIREFOX);
    const script = await apiToken(investor.email, investor.password);
    const res = await phone.postForm("/account", { intent: "end-other-sessions" });
    expect(res.status).toBe(302);
    const { html } = await phone.follow("/account");
    expect(htmlText(html)).toContain("Every other session and API token of your account is signed out.");
    expect(htmlText(html)).not.toContain("Sign out everywhere else");
    expect((await laptop.get("/account")).status).toBe(302);
    expect((await call(script, "GET", "/api/v1/auth/me")).status).toBe(401);
    expect((await listed(phone)).map((s) => s.current)).toEqual([true]);

    const tablet = await pageLogin(investor.email, investor.password, IPHONE_SAFARI);
    const app = await apiToken(investor.email, investor.password);
    expect((await call(app, "POST", "/api/v1/auth/sessions/revoke-others")).status).toBe(204);
    expect((await tablet.get("/account")).status).toBe(302);
    expect((await phone.get("/account")).status).toBe(302);
    const left = await listed(app);
    expect(left.map((s) => [s.kind, s.current])).toEqual([["api", true]]);
  });

  it("ends every other session when the password changes", async () => {
    const investor = await loneInvestor();
    const phone = await pageLogin(investor.email, investor.password, ANDROID_CHROME);
    const laptop = await pageLogin(investor.email, investor.password, WINDOWS_FIREFOX);
    const script = await apiToken(investor.email, investor.password);
    const res = await phone.postForm("/account", { intent: "password", current_password: investor.password, new_password: "a-brand-new-password", confirm_password: "a-brand-new-password" });
    expect(res.status).toBe(302);
    expect((await laptop.get("/account")).status).toBe(302);
    expect((await call(script, "GET", "/api/v1/auth/me")).status).toBe(401);
    expect((await listed(phone)).map((s) => s.device)).toEqual(["Chrome on Android"]);
  });

  it("answers 401 without a session and 405 for the wrong method", async () => {
    const anon = new Client(server.url);
    expect((await call(anon, "GET", "/api/v1/auth/sessions")).status).toBe(401);
    expect((await call(anon, "DELETE", "/api/v1/auth/sessions/1")).status).toBe(401);
    expect((await call(anon, "POST", "/api/v1/auth/sessions/revoke-others")).status).toBe(401);
    const investor = await createInvestor(server);
    expect((await call(investor.api, "POST", "/api/v1/auth/sessions")).status).toBe(405);
    expect((await call(investor.api, "GET", "/api/v1/auth/sessions/revoke-others")).status).toBe(405);
  });
});

describe("admins", () => {
  const adminId = () => (server.db().prepare("select id from users where email = ?").get(TEST_ADMIN.email) as { id: number }).id;
  const audits = (id: number, action: string) => server.db().prepare("select detail from audit_log where admin_id = ? and action = ?").all(id, action) as { detail: string }[];
  const alerts = (id: number) => noticesIn(server, "user_id = ? and kind = 'ADMIN_SECURITY'", id);
  const alertMails = (email: string) =>
    server.db().prepare("select subject, body_text text, category from outbox where recipient = ? and kind = 'ADMIN_SECURITY' order by id").all(email) as {
      subject: string;
      text: string;
      category: string;
    }[];

  it("audits an admin's sign-in from a new device and tells every admin once; the same device again is not news", async () => {
    // A second admin, with a confirmed email: security alerts reach it whatever its preferences.
    const colleague = await createInvestor(server, { fullName: "Esi Admin" });
    server.db().prepare("update users set is_admin = true, email_verified_at = ? where id = ?").run(new Date().toISOString(), colleague.id);
    server.db().prepare("insert into message_preferences (user_id, category, channel, enabled, updated_at) values (?, 'news', 'EMAIL', false, ?)").run(colleague.id, new Date().toISOString());
    const id = adminId();
    const before = { audits: audits(id, "admin.new_device").length, mine: alerts(id).length, theirs: alerts(colleague.id).length, mails: alertMails(colleague.email).length };

    const ua = "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
    await pageLogin(TEST_ADMIN.email, TEST_ADMIN.password, ua);
    expect(audits(id, "admin.new_device").length).toBe(before.audits + 1);
    expect(audits(id, "admin.new_device").at(-1)!.detail).toBe("Chrome on Chromebook, Local network");
    const message = `Admin ${TEST_ADMIN.email} signed in from a new device: Chrome on Chromebook (Local network).`;
    expect(alerts(id).length).toBe(before.mine + 1);
    expect(alerts(id).at(-1)!.message).toBe(message);
    expect(alerts(colleague.id).length).toBe(before.theirs + 1);
    expect(alerts(colleague.id).at(-1)!.message).toBe(message);
    const mails = alertMails(colleague.email);
    expect(mails.length).toBe(before.mails + 1);
    expect(mails.at(-1)).toMatchObject({ subject: "Security alert for Akoko admins", category: "security" });
    expect(mails.at(-1)!.text).toContain(message);

    // The same device again (another browser session, then an API login from it): not news.
    await pageLogin(TEST_ADMIN.email, TEST_ADMIN.password, ua);
    await apiToken(TEST_ADMIN.email, TEST_ADMIN.password, ua);
    expect(audits(id, "admin.new_device").length).toBe(before.audits + 1);
    expect(alerts(colleague.id).length).toBe(before.theirs + 1);

    // An investor's new device is nobody's business but theirs.
    const investor = await loneInvestor();
    const count = server.db().prepare("select count(*) n from notifications where kind = 'ADMIN_SECURITY'").get() as { n: number };
    await pageLogin(investor.email, investor.password, IPHONE_SAFARI);
    expect(server.db().prepare("select count(*) n from notifications where kind = 'ADMIN_SECURITY'").get()).toEqual(count);
  });

  it("audits every change of an admin's password and tells every admin", async () => {
    const admin = await createInvestor(server, { fullName: "Yaw Admin" });
    server.db().prepare("update users set is_admin = true where id = ?").run(admin.id);
    const before = alerts(adminId()).length;
    const res = await call(admin.api, "POST", "/api/v1/auth/change-password", { current_password: admin.password, new_password: "another-long-password" });
    expect(res.status).toBe(204);
    expect(audits(admin.id, "admin.password_change")).toEqual([{ detail: "from the account" }]);
    expect(
      alerts(adminId())
        .slice(before)
        .map((a) => a.message),
    ).toEqual([`The password of admin ${admin.email} was changed.`]);
    expect(alerts(admin.id).at(-1)!.message).toBe(`The password of admin ${admin.email} was changed.`);

    // An investor's password change is not audited.
    const investor = await createInvestor(server);
    expect((await call(investor.api, "POST", "/api/v1/auth/change-password", { current_password: investor.password, new_password: "another-long-password" })).status).toBe(204);
    expect(audits(investor.id, "admin.password_change")).toEqual([]);
  });
});
