import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText, uniqueEmail } from "./support/client";
import { createInvestor, signIn, signInAdmin } from "./support/factories";
import { onPostgres } from "./support/postgres";
import { startServer, TEST_ADMIN, TEST_INVESTOR, type TestServer } from "./support/server";

let server: TestServer;
beforeAll(async () => {
  // An empty file: what the server itself does at its first start is what this file checks.
  server = await startServer({}, { freshDatabase: true });
});
afterAll(async () => {
  await server?.stop();
});

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

describe("start-up", () => {
  it("migrated and seeded the empty database with demo data", () => {
    const db = server.db();
    expect(db.prepare("select count(*) n from farms").get()).toMatchObject({ n: expect.any(Number) });
    const farms = (db.prepare("select count(*) n from farms").get() as { n: number }).n;
    const eggs = db.prepare("select status, count(*) n from batches where product_type='EGG' group by status").all();
    const chickens = (db.prepare("select count(*) n from batches where product_type='CHICKEN'").get() as { n: number }).n;
    expect(farms).toBeGreaterThanOrEqual(2);
    expect(chickens).toBeGreaterThanOrEqual(3);
    expect(eggs.map((r: any) => r.status).sort()).toEqual(["ACTIVE", "OPEN"]);
    expect((db.prepare("select count(*) n from batch_roi_history").get() as { n: number }).n).toBeGreaterThan(10);
    expect(db.prepare("select cast(is_admin as integer) as is_admin from users where email=?").get(TEST_ADMIN.email)).toEqual({ is_admin: 1 });
    expect(db.prepare("select title from pages where slug='how-it-works'").get()).toEqual({ title: "How It Works" });
    // SQLite's file is in WAL mode (readers never wait on the writer); PostgreSQL has no such mode.
    if (!onPostgres()) expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
  });

  it("seeds the money side through the ledger: active batches with investors, a demo investor with holdings and payouts", async () => {
    const db = server.db();
    const active = db.prepare("select id, product_type, units_placed, start_date from batches where status = 'ACTIVE' order by id").all() as Array<{
      id: number;
      product_type: string;
      units_placed: number;
      start_date: string;
    }>;
    expect(active.map((b) => b.product_type).sort()).toEqual(["CHICKEN", "EGG", "EGG"]);
    for (const b of active) expect(b.units_placed).toBeGreaterThan(0);
    const ama = db.prepare("select id from users where email = ?").get(TEST_INVESTOR.email) as { id: number };
    const holdings = db.prepare("select count(*) n from investments where user_id = ? and status = 'ACTIVE'").get(ama.id) as { n: number };
    expect(holdings.n).toBeGreaterThanOrEqual(2);
    const payouts = db.prepare("select period, created_at from payouts where user_id = ? and kind = 'MONTHLY' order by period").all(ama.id) as Array<{ period: string; created_at: string }>;
    expect(payouts.length).toBeGreaterThan(0);
    // Each month's income is dated in its month, never today.
    for (const p of payouts) expect(p.created_at.slice(0, 7)).toBe(p.period);
    // Every seeded month paid every holder of the layers: the buys are dated before the months they earn in.
    const runs = db
      .prepare("select r.period, r.count, (select count(*) from investments i where i.batch_id = r.batch_id and i.created_at <= r.created_at) holders from payout_runs r where r.kind = 'MONTHLY'")
      .all() as Array<{ period: string; count: number; holders: number }>;
    expect(runs.length).toBeGreaterThan(0);
    for (const r of runs) expect(r, r.period).toMatchObject({ count: r.holders, holders: 6 });
    const { api: admin } = await signInAdmin(server);
    const invariants = await admin.request("/api/v1/admin/invariants");
    expect(await invariants.json()).toEqual({ ok: true, problems: [] });
  });

  it("seeds issue 18's story: each paid month settled by a remittance whose sheet matches the daily logs, a run topped up from the reserve, one layer batch a month overdue", async () => {
    const db = server.db();
    const today = new Date(Date.now() + server.clockOffsetMs).toISOString().slice(0, 10);
    const runs = db.prepare("select batch_id, period, total_minor, reserve_draw_minor from payout_runs where kind = 'MONTHLY'").all() as Array<{
      batch_id: number;
      period: string;
      total_minor: number;
      reserve_draw_minor: number;
    }>;
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      const sheets = db.prepare("select * from remittances where batch_id = ? and period = ?").all(run.batch_id, run.period) as Array<Record<string, number | null>>;
      expect(sheets, `${run.batch_id} ${run.period}`).toHaveLength(1);
      const [sheet] = sheets;
      // The farm's net and the reserve's draw pay the run exactly.
      expect(sheet.amount_minor! + run.reserve_draw_minor).toBe(run.total_minor);
      // The sheet's crates and feed bill are the month's daily logs (whole crates of 30; feed at the batch's price).
      const logs = db.prepare("select sum(eggs_collected) eggs, sum(feed_kg) feed, count(*) n from farm_logs where batch_id = ? and log_date like ?").get(run.batch_id, `${run.period}-%`) as {
        eggs: number;
        feed: number;
        n: number;
      };
      const feedPrice = (db.prepare("select feed_price_minor f from batches where id = ?").get(run.batch_id) as { f: number }).f;
      if (logs.n === 0) continue; // a month after the demo logs end has no sheet to match
      expect(sheet.crates_sold).toBe(Math.floor(logs.eggs / 30));
      expect(sheet.feed_cost_minor).toBe(Math.round((Math.round(logs.feed * 1000) / 1000) * feedPrice));
      expect(sheet.revenue_minor).toBe(sheet.crates_sold! * sheet.price_per_crate_minor!);
      expect(sheet.revenue_minor! - sheet.feed_cost_minor! - sheet.vet_cost_minor! - sheet.other_costs_minor! - sheet.farm_share_minor!).toBe(sheet.amount_minor);
    }
    // One run was topped up from the reserve, which was funded (audited) for it.
    const topped = runs.filter((r) => r.reserve_draw_minor > 0);
    expect(topped).toHaveLength(1);
    expect(db.prepare("select count(*) n from audit_log where action = 'reserve.draw' and batch_id = ?").get(topped[0].batch_id)).toEqual({ n: 1 });
    const pub = new Client(server.url);
    const settlements = (await call(pub, "GET", `/api/v1/public/batches/${topped[0].batch_id}/settlements`)).body;
    expect(settlements.periods.find((p: { period: string }) => p.period === topped[0].period)).toMatchObject({ from_reserve: topped[0].reserve_draw_minor / 100 });

    // Exactly one active batch is overdue: a layer batch whose farm has not remitted last month.
    const active = db.prepare("select id from batches where status = 'ACTIVE'").all() as Array<{ id: number }>;
    const due = await Promise.all(active.map(async (b) => ({ id: b.id, next: (await call(pub, "GET", `/api/v1/public/batches/${b.id}/settlements`)).body.next_due })));
    const overdue = due.filter((d) => d.next.overdue_days > 0);
    expect(overdue).toHaveLength(1);
    const late = overdue[0];
    const lastMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
    expect(late.next.period).toBe(lastMonth);
    expect(db.prepare("select count(*) n from remittances where batch_id = ? and period = ?").get(late.id, lastMonth)).toEqual({ n: 0 });
    const days = late.next.overdue_days;
    const page = await pub.get(`/batches/${late.id}`);
    expect(await page.text()).toContain(`Overdue by ${days} day${days === 1 ? "" : "s"}`);
  });

  it("never re-seeds a non-empty database on restart", async () => {
    const db = server.db();
    db.prepare("delete from batch_roi_history").run();
    const before = (db.prepare("select count(*) n from batches").get() as { n: number }).n;
    await server.stop();
    server = await startServer({}, { dbFile: server.dbFile });
    const after = server.db();
    expect((after.prepare("select count(*) n from batches").get() as { n: number }).n).toBe(before);
    expect((after.prepare("select count(*) n from batch_roi_history").get() as { n: number }).n).toBe(0);
  });
});

describe("the frame of every page", () => {
  it("sets security headers with a per-request CSP nonce", async () => {
    const a = await fetch(`${server.url}/`);
    const b = await fetch(`${server.url}/login`);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await a.text();
    expect(html).toContain(`nonce="${nonce}"`);
    for (const script of html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`);
  });

  it("shows Log in and Get started when logged out, with title and description", async () => {
    const html = htmlText(await (await fetch(`${server.url}/`)).text());
    expect(html).toContain(">Log in<");
    expect(html).toContain(">Get started<");
    expect(html).toMatch(/<title>[^<]+\| Akoko<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain("Navigate");
    expect(html).toContain("Products");
    expect(html).toContain("Legal");
    expect(html).toContain(`© ${new Date().getUTCFullYear()} Akoko`);
  });

  it("answers unknown routes with the not-found page and a Go home link (404)", async () => {
    const res = await fetch(`${server.url}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go home<\/a>/);
  });

  it("answers unknown API paths with JSON 404", async () => {
    const res = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Not found." });
  });
});

describe("register and login pages (no JavaScript)", () => {
  it("registers, lands on /portfolio logged in, greets by name, logs out", async () => {
    const client = new Client(server.url);
    const email = uniqueEmail();
    const res = await client.postForm("/register", { full_name: "Esi Boateng", email, password: "goodpassword", redirectTo: "/portfolio" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/portfolio");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("akoko_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const { html, url } = await client.follow("/portfolio");
    expect(url).toContain("/portfolio");
    expect(htmlText(html)).toContain("Hi, Esi Boateng");
    expect(html).toContain('href="/portfolio"');

    // The token in the cookie is stored hashed, never in clear.
    const rows = server.db().prepare("select token_hash from sessions s join users u on u.id=s.user_id where u.email=?").all(email) as Array<{ token_hash: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    const out = await client.postForm("/logout", {});
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(server.db().prepare("select count(*) n from sessions s join users u on u.id=s.user_id where u.email=?").get(email)).toEqual({ n: 0 });
    const after = await client.follow("/portfolio");
    expect(after.url).toContain("/login?redirectTo=%2Fportfolio");
  });

  it("shows each error beside its field and keeps the typed values, never the password", async () => {
    const client = new Client(server.url);
    const res = await client.postForm("/register", { full_name: "", email: "not-an-email", password: "short" });
    expect(res.status).toBe(400);
    const html = htmlText(await res.text());
    expect(html).toContain("Enter your full name.");
    expect(html).toContain("Enter a valid email address.");
    expect(html).toContain("Use at least 8 characters for your password.");
    expect(html).toContain('value="not-an-email"');
    expect(html).not.toContain('value="short"');
  });

  it("refuses a second account with the same email in any case", async () => {
    const client = new Client(server.url);
    const email = uniqueEmail();
    expect((await client.postForm("/register", { full_name: "First", email, password: "goodpassword" })).status).toBe(302);
    const res = await new Client(server.url).postForm("/register", { full_name: "Second", email: email.toUpperCase(), password: "goodpassword" });
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("An account with this email already exists.");
  });

  it("logs in to a safe redirectTo only, with one generic message for wrong credentials", async () => {
    const client = new Client(server.url);
    const wrong = await client.postForm("/login", { email: TEST_INVESTOR.email, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    const wrongHtml = htmlText(await wrong.text());
    expect(wrongHtml).toContain("Wrong email or password.");
    expect(wrongHtml).toContain(`value="${TEST_INVESTOR.email}"`);
    const unknown = await client.postForm("/login", { email: "nobody@example.com", password: "wrong-password" });
    expect(htmlText(await unknown.text())).toContain("Wrong email or password.");

    const evil = await client.postForm("/login", { email: TEST_INVESTOR.email, password: TEST_INVESTOR.password, redirectTo: "//evil.example" });
    expect(evil.headers.get("location")).toBe("/portfolio");
    const client2 = new Client(server.url);
    const ok = await client2.postForm("/login", { email: TEST_INVESTOR.email.toUpperCase(), password: TEST_INVESTOR.password, redirectTo: "/invest/eggs" });
    expect(ok.headers.get("location")).toBe("/invest/eggs");
  });

  it("links the login page to /register with 'Create one'", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    expect(html).toMatch(/<a[^>]*href="\/register[^"]*"[^>]*>Create one<\/a>/);
  });

  it("shows the Admin link only to admins", async () => {
    const { page: admin } = await signInAdmin(server);
    const header = (html: string) => html.slice(0, html.indexOf("<main"));
    expect(header(await (await admin.get("/")).text())).toContain('href="/admin">Admin</a>');
    const { page: investor } = await signIn(server, TEST_INVESTOR.email);
    const html = header(await (await investor.get("/")).text());
    expect(html).toContain('href="/portfolio">Portfolio</a>');
    expect(html).not.toContain('href="/admin">Admin</a>');
    expect(header(await (await fetch(`${server.url}/`)).text())).not.toContain('href="/portfolio">Portfolio</a>');
  });

  it("refuses form posts from another origin", async () => {
    const client = new Client(server.url);
    const res = await client.postForm("/login", { email: TEST_INVESTOR.email, password: TEST_INVESTOR.password }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("auth API", () => {
  it("registers (201), logs in with form-encoded username/password, reads and updates me", async () => {
    const email = uniqueEmail();
    const client = new Client(server.url);
    const reg = await client.json("/api/v1/auth/register", "POST", { email, password: "goodpassword", full_name: "Yaw Asante" });
    expect(reg.status).toBe(201);
    expect(await reg.json()).toMatchObject({ email, full_name: "Yaw Asante", is_admin: false });

    const login = await client.request("/api/v1/auth/login", { method: "POST", body: new URLSearchParams({ username: email, password: "goodpassword" }) });
    expect(login.status).toBe(200);
    const token = (await login.json()) as { access_token: string; token_type: string };
    expect(token.token_type).toBe("bearer");
    expect(token.access_token.length).toBeGreaterThan(30);

    const auth = { Authorization: `Bearer ${token.access_token}` };
    const me = await fetch(`${server.url}/api/v1/auth/me`, { headers: auth });
    expect(await me.json()).toMatchObject({ email, full_name: "Yaw Asante", is_admin: false });

    const put = await fetch(`${server.url}/api/v1/auth/me`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ full_name: "Yaw A. Asante", is_admin: true, email: "changed@example.com" }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ email, full_name: "Yaw A. Asante", is_admin: false });
    expect(server.db().prepare("select cast(is_admin as integer) as is_admin, email from users where email=?").get(email)).toEqual({ is_admin: 0, email });

    // A bearer token works for the cookie pages' user too, and logout revokes it.
    const out = await fetch(`${server.url}/api/v1/auth/logout`, { method: "POST", headers: auth });
    expect(out.status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/auth/me`, { headers: auth })).status).toBe(401);
  });

  it("accepts the page's cookie on /api/v1/auth/me", async () => {
    const client = new Client(server.url);
    await client.postForm("/login", { email: TEST_INVESTOR.email, password: TEST_INVESTOR.password });
    const res = await client.get("/api/v1/auth/me");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: TEST_INVESTOR.email });
  });

  it.each([
    ["no token", {}, 401],
    ["a made-up token", { Authorization: "Bearer not-a-real-token" }, 401],
    ["an empty bearer", { Authorization: "Bearer " }, 401],
  ])("GET me with %s answers %i with detail", async (_label, headers, status) => {
    const res = await fetch(`${server.url}/api/v1/auth/me`, { headers });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ detail: "Not authenticated." });
  });

  it.each([
    ["malformed JSON", "{not json", "application/json", 400],
    ["a JSON array", "[1,2]", "application/json", 422],
    ["form data instead of JSON", "email=a%40b.co", "application/x-www-form-urlencoded", 415],
    ["missing fields", "{}", "application/json", 422],
    ["a bad email", JSON.stringify({ email: "nope", password: "goodpassword", full_name: "X" }), "application/json", 422],
    ["a short password", JSON.stringify({ email: "short@example.com", password: "1234567", full_name: "X" }), "application/json", 422],
    ["numbers for strings", JSON.stringify({ email: 5, password: 12345678, full_name: [] }), "application/json", 422],
  ])("register with %s answers %i with detail", async (_label, body, type, status) => {
    const res = await fetch(`${server.url}/api/v1/auth/register`, { method: "POST", headers: { "Content-Type": type }, body });
    expect(res.status).toBe(status);
    const json = (await res.json()) as { detail: string };
    expect(typeof json.detail).toBe("string");
  });

  it("register with a taken email answers 409", async () => {
    const res = await fetch(`${server.url}/api/v1/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: TEST_INVESTOR.email.toUpperCase(), password: "goodpassword", full_name: "Copy" }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: "An account with this email already exists." });
  });

  it.each([
    ["JSON instead of a form", JSON.stringify({ username: "a", password: "b" }), "application/json", 415],
    ["missing password", "username=ama%40akoko.test", "application/x-www-form-urlencoded", 422],
    ["a wrong password", `username=${encodeURIComponent(TEST_INVESTOR.email)}&password=nope`, "application/x-www-form-urlencoded", 401],
  ])("login with %s answers %i with detail", async (_label, body, type, status) => {
    const res = await fetch(`${server.url}/api/v1/auth/login`, { method: "POST", headers: { "Content-Type": type }, body });
    expect(res.status).toBe(status);
    expect(typeof ((await res.json()) as { detail: string }).detail).toBe("string");
  });

  it("PUT me with bad bodies answers 4xx and changes nothing", async () => {
    const { page: client } = await signIn(server, TEST_INVESTOR.email);
    for (const [body, type] of [
      ["{", "application/json"],
      [JSON.stringify({ full_name: "" }), "application/json"],
      ["full_name=x", "text/plain"],
    ]) {
      const res = await client.request("/api/v1/auth/me", { method: "PUT", body, headers: { "Content-Type": type } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(server.db().prepare("select full_name from users where email=?").get(TEST_INVESTOR.email)).toEqual({ full_name: "Ama Owusu" });
  });
});

describe("password reset", () => {
  // Asking for a link (its rate limits, APP_URL, what production says) is tested in test/security.test.ts.
  it("sets a new password through /reset-password/<token> once, and signs out old sessions", async () => {
    const { id, email, page: client } = await createInvestor(server, { fullName: "Reset Me", password: "old-password" });
    const db = server.db();
    const token = crypto.randomBytes(32).toString("base64url");
    db.prepare("insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)").run(sha256(token), id, new Date(Date.now() + 3600_000).toISOString());

    const page = await fetch(`${server.url}/reset-password/${token}`);
    expect(await page.text()).toContain("Set new password");
    const mismatch = await new Client(server.url).postForm(`/reset-password/${token}`, { password: "new-password-1", confirm: "other-password" });
    expect(htmlText(await mismatch.text())).toContain("The two passwords do not match.");
    const ok = await new Client(server.url).postForm(`/reset-password/${token}`, { password: "new-password-1", confirm: "new-password-1" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/login");
    // Old session revoked; token spent; new password works.
    expect((await client.follow("/portfolio")).url).toContain("/login");
    const again = await new Client(server.url).postForm(`/reset-password/${token}`, { password: "new-password-2", confirm: "new-password-2" });
    expect(htmlText(await again.text())).toContain("This reset link has expired or was already used.");
    const login = await new Client(server.url).postForm("/login", { email, password: "new-password-1" });
    expect(login.status).toBe(302);
  });

  it("refuses an expired token", async () => {
    const token = crypto.randomBytes(32).toString("base64url");
    const db = server.db();
    const { id } = db.prepare("select id from users where email=?").get(TEST_INVESTOR.email) as { id: number };
    db.prepare("insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)").run(sha256(token), id, new Date(Date.now() - 1000).toISOString());
    expect(htmlText(await (await fetch(`${server.url}/reset-password/${token}`)).text())).toContain("This reset link has expired or was already used.");
  });
});

describe("rate limiting", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ AUTH_RATE_LIMIT: "3", REGISTRATIONS_PER_ADDRESS: "3" });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("answers 429 after repeated failed logins, on the page and the API", async () => {
    const client = new Client(limited.url);
    for (let i = 0; i < 3; i++) expect((await client.postForm("/login", { email: TEST_INVESTOR.email, password: "wrong" })).status).toBe(401);
    const page = await client.postForm("/login", { email: TEST_INVESTOR.email, password: TEST_INVESTOR.password });
    expect(page.status).toBe(429);
    expect(htmlText(await page.text())).toContain("Too many attempts. Please try again later.");
    const api = await fetch(`${limited.url}/api/v1/auth/login`, { method: "POST", body: new URLSearchParams({ username: TEST_INVESTOR.email, password: TEST_INVESTOR.password }) });
    expect(api.status).toBe(429);
    expect(await api.json()).toEqual({ detail: "Too many attempts. Please try again later." });
  });

  it("limits registrations per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${limited.url}/api/v1/auth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: uniqueEmail(), password: "goodpassword", full_name: "Spam" }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
