/**
 * Issue 12 (security review): each finding over HTTP against the built server.
 * Unit tests beside the code cover the same rules in detail (safeRedirect, text-rules, rate-limit, env).
 */
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLogin, call, Client, htmlText, uniqueEmail } from "./support/client";
import { createInvestor, linkFromOutbox, signIn, signInAdmin } from "./support/factories";
import { startServer, TEST_INVESTOR, type TestServer } from "./support/server";

const TOO_MANY = "Too many attempts. Please try again later.";
const NO_EMAIL = "Akoko does not send emails yet, so no reset link was sent.";
const HIDDEN_NAME = "Your name cannot contain control characters or text-direction marks.";

/** The production defaults for the address-wide limits (test/support raises them for other files). */
const REAL_LIMITS = {
  LOGIN_FAILURES_PER_ADDRESS: undefined,
  REGISTRATIONS_PER_ADDRESS: undefined,
  CONTACT_MESSAGES_PER_ADDRESS: undefined,
  RESET_REQUESTS_PER_ADDRESS: undefined,
  RESET_REQUESTS_PER_EMAIL: undefined,
};

/** Production defaults: TRUST_PROXY off, a login limit of 10 per address and account. */
let server: TestServer;
/** Behind one trusted proxy, with small limits so each can be seen. */
let proxied: TestServer;
beforeAll(async () => {
  [server, proxied] = await Promise.all([
    startServer({ AUTH_RATE_LIMIT: "10", ...REAL_LIMITS }),
    startServer({
      TRUST_PROXY: "1",
      AUTH_RATE_LIMIT: "2",
      LOGIN_FAILURES_PER_ADDRESS: "20",
      REGISTRATIONS_PER_ADDRESS: "3",
      CONTACT_MESSAGES_PER_ADDRESS: "3",
      RESET_REQUESTS_PER_ADDRESS: "5",
      RESET_REQUESTS_PER_EMAIL: "2",
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), proxied?.stop()]);
});

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

/** A client whose requests all come "through the proxy" from `address`. */
function from(base: string, address: string) {
  const client = new Client(base);
  const request = client.request.bind(client);
  client.request = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", address);
    return request(path, { ...init, headers });
  };
  return client;
}

const apiLoginStatus = async (client: Client, username: string, password: string) =>
  (await client.request("/api/v1/auth/login", { method: "POST", body: new URLSearchParams({ username, password }) })).status;

/** node:http, for what fetch refuses to send (TRACE). */
function rawRequest(base: string, method: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("1 and 7: redirectTo only ever leads to a page of this site", () => {
  // A tab or newline is dropped by browsers and a backslash read as a slash: "/\t/evil.example" went to //evil.example.
  const HOSTILE = ["/\t/evil.example", "/\t\\evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\r/evil.example", "/portfolio\r\nSet-Cookie: x=1", "/\\evil.example"];

  it("a signed-in visitor opening /login or /register is sent to /portfolio, not away", async () => {
    const { page } = await createInvestor(server);
    for (const to of HOSTILE) {
      for (const path of ["/login", "/register"]) {
        const res = await page.get(`${path}?${new URLSearchParams({ redirectTo: to })}`);
        expect({ to, path, status: res.status, location: res.headers.get("location") }).toEqual({ to, path, status: 302, location: "/portfolio" });
      }
    }
  });

  it("the login form carries only a safe redirectTo, and logging in goes there", async () => {
    const u = await createInvestor(server);
    for (const to of HOSTILE) {
      const anon = new Client(server.url);
      const html = await (await anon.get(`/login?${new URLSearchParams({ redirectTo: to })}`)).text();
      expect(html).toContain('name="redirectTo" value="/portfolio"');
      const res = await anon.postForm("/login", { email: u.email, password: u.password, redirectTo: to });
      expect({ to, status: res.status, location: res.headers.get("location") }).toEqual({ to, status: 302, location: "/portfolio" });
    }
  });

  it("registering goes to /portfolio, never a 500 after the account was created", async () => {
    for (const to of HOSTILE) {
      const email = uniqueEmail("redirect");
      const res = await new Client(server.url).postForm("/register", { full_name: "Efua Mensah", email, password: "goodpassword", redirectTo: to });
      expect({ to, status: res.status, location: res.headers.get("location") }).toEqual({ to, status: 302, location: "/portfolio" });
    }
  });
});

describe("2: parallel guesses cannot outrun the login limit", () => {
  it("evaluates no more than AUTH_RATE_LIMIT (10) of 25 parallel attempts; the right password as the 21st gets 429", async () => {
    const u = await createInvestor(server);
    const client = new Client(server.url);
    const first = Array.from({ length: 20 }, (_, i) => apiLoginStatus(client, u.email, `wrong-guess-${i}`));
    // Every guess above is on its way; wait for the first 429 (then ten are counted: a wrong guess is
    // never given back), then send the right one and four more. Waiting for any first answer raced
    // on a busy machine: a 401 could come back before the tenth guess had reached the server.
    await Promise.any(first.map((p) => p.then((status) => (status === 429 ? status : Promise.reject(new Error(`answered ${status}`))))));
    const rest = [apiLoginStatus(client, u.email, u.password), ...Array.from({ length: 4 }, (_, i) => apiLoginStatus(client, u.email, `late-guess-${i}`))];
    const statuses = [...(await Promise.all(first)), ...(await Promise.all(rest))];
    expect(statuses[20]).toBe(429);
    expect(statuses.filter((s) => s !== 429)).toEqual(Array(10).fill(401));
  });
});

describe("3: limits key on the real client, and a crowd behind one address is not locked out", () => {
  it("with TRUST_PROXY=1, two clients behind the proxy are limited separately (a forged left-hand entry changes nothing)", async () => {
    const u = await createInvestor(proxied);
    const a = from(proxied.url, "203.0.113.1");
    for (let i = 0; i < 2; i++) expect(await apiLoginStatus(a, u.email, "wrong-password")).toBe(401);
    expect(await apiLoginStatus(a, u.email, u.password)).toBe(429);
    // The proxy appends the address it saw: what the client wrote before it is not believed.
    expect(await apiLoginStatus(from(proxied.url, "198.51.100.99, 203.0.113.1"), u.email, u.password)).toBe(429);
    expect(await apiLoginStatus(from(proxied.url, "203.0.113.2"), u.email, u.password)).toBe(200);
  });

  it("with TRUST_PROXY=1, registrations and contact messages are counted per client", async () => {
    const register = (c: Client) => call(c, "POST", "/api/v1/auth/register", { email: uniqueEmail("crowd"), password: "goodpassword", full_name: "Kojo Crowd" }).then((r) => r.status);
    const a = from(proxied.url, "203.0.113.10");
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await register(a));
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(await register(from(proxied.url, "203.0.113.11"))).toBe(201);

    const form = { name: "Kojo", email: "kojo@example.com", subject: "Hello", message: "A question about Egg Notes." };
    const c = from(proxied.url, "203.0.113.12");
    const sent = [];
    for (let i = 0; i < 4; i++) sent.push((await c.postForm("/contact", form)).status);
    expect(sent).toEqual([302, 302, 302, 429]);
    expect((await from(proxied.url, "203.0.113.13").postForm("/contact", form)).status).toBe(302);
  });

  it("with TRUST_PROXY off, a forged X-Forwarded-For is ignored", async () => {
    const u = await createInvestor(server);
    for (let i = 0; i < 10; i++) expect(await apiLoginStatus(from(server.url, `203.0.113.${100 + i}`), u.email, "wrong-password")).toBe(401);
    expect(await apiLoginStatus(from(server.url, "198.51.100.7"), u.email, u.password)).toBe(429);
    const forged = new Client(server.url);
    expect(await apiLoginStatus(forged, u.email, u.password)).toBe(429);
  });

  it("50 failed logins for made-up emails from one address do not stop another account's correct login", async () => {
    const client = new Client(server.url);
    for (let round = 0; round < 10; round++) {
      const statuses = await Promise.all(Array.from({ length: 5 }, () => apiLoginStatus(client, uniqueEmail("made-up"), "guess-password")));
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
    }
    expect(await apiLoginStatus(client, TEST_INVESTOR.email, TEST_INVESTOR.password)).toBe(200);
    const page = await client.postForm("/login", { email: TEST_INVESTOR.email, password: TEST_INVESTOR.password });
    expect(page.status).toBe(302);
  });

  it("past the address-wide limit, a wrong password gets 429 but another account's correct one still logs in", async () => {
    const crowd = from(proxied.url, "203.0.113.50");
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      statuses.push(...(await Promise.all(Array.from({ length: 5 }, () => apiLoginStatus(crowd, uniqueEmail("made-up"), "guess-password")))));
    }
    expect(statuses.filter((s) => s === 401).length).toBe(20);
    expect(statuses.slice(20)).toEqual(Array(30).fill(429));
    const other = await createInvestor(proxied);
    expect(await apiLoginStatus(crowd, other.email, "not-the-password")).toBe(429);
    expect(await apiLoginStatus(crowd, TEST_INVESTOR.email, TEST_INVESTOR.password)).toBe(200);
    expect((await crowd.postForm("/login", { email: other.email, password: other.password })).status).toBe(302);
  });

  it("registrations and contact messages from one address allow far more than 10 per window by default", async () => {
    const client = new Client(server.url);
    for (let i = 0; i < 12; i++) {
      expect((await call(client, "POST", "/api/v1/auth/register", { email: uniqueEmail("nat"), password: "goodpassword", full_name: "Ama Nat" })).status).toBe(201);
      expect((await client.postForm("/contact", { name: "Ama", email: "ama@example.com", subject: "Hi", message: "A question about my wallet." })).status).toBe(302);
    }
  });
});

describe("7: methods that are not documented get 405", () => {
  it("TRACE is refused on every path with {detail}", async () => {
    for (const path of ["/api/v1/auth/me", "/api/v1/public/products", "/api/v1/nowhere", "/", "/login"]) {
      const res = await rawRequest(server.url, "TRACE", path);
      expect({ path, status: res.status }).toEqual({ path, status: 405 });
      expect(res.type).toContain("application/json");
      expect(JSON.parse(res.body)).toEqual({ detail: "Method not allowed." });
    }
  });

  it("logout (page and API) answers PUT, PATCH and DELETE with 405 and keeps the session", async () => {
    const u = await createInvestor(server);
    const { page } = u;
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await page.request("/logout", { method, body: new URLSearchParams({}), headers: { Origin: server.url } });
      expect({ method, status: res.status }).toEqual({ method, status: 405 });
      const api = await u.api.request("/api/v1/auth/logout", { method });
      expect({ method, status: api.status }).toEqual({ method, status: 405 });
      expect(await api.json()).toEqual({ detail: "Method not allowed." });
    }
    expect((await page.get("/portfolio")).status).toBe(200);
    expect((await call(u.api, "GET", "/api/v1/auth/me")).status).toBe(200);
  });

  it("reset-password (pages and API) answers PUT, PATCH and DELETE with 405 and changes nothing", async () => {
    const u = await createInvestor(server);
    const token = crypto.randomBytes(32).toString("base64url");
    server
      .db()
      .prepare("insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)")
      .run(sha256(token), u.id, new Date(Date.now() + 3600_000).toISOString());
    const client = new Client(server.url);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const form = { method, headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" } };
      expect((await client.request(`/reset-password/${token}`, { ...form, body: new URLSearchParams({ password: "hijacked-pass", confirm: "hijacked-pass" }) })).status).toBe(405);
      expect((await client.request("/reset-password", { ...form, body: new URLSearchParams({ email: u.email }) })).status).toBe(405);
      const api = await call(client, method, "/api/v1/auth/reset-password", { email: u.email });
      expect({ method, ...api }).toEqual({ method, status: 405, body: { detail: "Method not allowed." } });
    }
    expect(server.db().prepare("select used_at from password_resets where token_hash = ?").get(sha256(token))).toEqual({ used_at: null });
    await apiLogin(server.url, u.email, u.password);
  });
});

describe("10: password reset", () => {
  it("limits reset requests per email (whether or not it has an account) and per address", async () => {
    const u = await createInvestor(proxied);
    const client = from(proxied.url, "203.0.113.80");
    const post = (email: string) => call(client, "POST", "/api/v1/auth/reset-password", { email });
    const real = [await post(u.email), await post(u.email), await post(u.email)];
    const madeUp = uniqueEmail("nobody");
    const fake = [await post(madeUp), await post(madeUp), await post(madeUp)];
    expect(real.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(fake).toEqual(real);
    expect(real[2].body).toEqual({ detail: TOO_MANY });
    // Four counted from this address so far; the fifth is the last.
    expect((await post(uniqueEmail("other"))).status).toBe(200);
    expect((await post(uniqueEmail("other"))).status).toBe(429);
    const page = await client.postForm("/reset-password", { email: uniqueEmail("other") });
    expect(page.status).toBe(429);
    expect(htmlText(await page.text())).toContain(TOO_MANY);
    // The per-email limit holds from another address too.
    expect((await call(from(proxied.url, "203.0.113.81"), "POST", "/api/v1/auth/reset-password", { email: u.email })).status).toBe(429);
  });

  it("using one reset link spends every other link of that user and ends all their sessions", async () => {
    const u = await createInvestor(server);
    const db = server.db();
    const tokens = [1, 2, 3].map(() => crypto.randomBytes(32).toString("base64url"));
    for (const t of tokens) db.prepare("insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)").run(sha256(t), u.id, new Date(Date.now() + 3600_000).toISOString());
    const ok = await new Client(server.url).postForm(`/reset-password/${tokens[1]}`, { password: "brand-new-pass", confirm: "brand-new-pass" });
    expect(ok.status).toBe(302);
    for (const t of [tokens[0], tokens[2]]) {
      expect(htmlText(await (await fetch(`${server.url}/reset-password/${t}`)).text())).toContain("This reset link has expired or was already used.");
      const again = await new Client(server.url).postForm(`/reset-password/${t}`, { password: "attacker-pass-1", confirm: "attacker-pass-1" });
      expect(htmlText(await again.text())).toContain("This reset link has expired or was already used.");
    }
    expect((await call(u.api, "GET", "/api/v1/auth/me")).status).toBe(401);
    await apiLogin(server.url, u.email, "brand-new-pass");
  });

  it("in production says truthfully that no email is sent, on the page and the API, without telling whether the account exists", async () => {
    const count = () => (server.db().prepare("select count(*) n from password_resets").get() as { n: number }).n;
    const before = count();
    const form = htmlText(await (await fetch(`${server.url}/reset-password`)).text());
    expect(form).toContain(NO_EMAIL);
    expect(form).not.toContain("Send reset link");
    const page = await new Client(server.url).postForm("/reset-password", { email: TEST_INVESTOR.email });
    expect(page.status).toBe(200);
    const text = htmlText(await page.text());
    expect(text).toContain(NO_EMAIL);
    expect(text).not.toContain("on its way");
    const client = new Client(server.url);
    const real = await call(client, "POST", "/api/v1/auth/reset-password", { email: TEST_INVESTOR.email });
    const fake = await call(client, "POST", "/api/v1/auth/reset-password", { email: uniqueEmail("nobody") });
    expect(real.status).toBe(200);
    expect(fake).toEqual(real);
    expect(real.body.detail).toContain(NO_EMAIL);
    // Nothing could deliver a link, so none is made.
    expect(count()).toBe(before);
  });

  describe("outside production", () => {
    let dev: TestServer;
    beforeAll(async () => {
      dev = await startServer({ NODE_ENV: "test", APP_URL: "https://akoko.example" });
    });
    afterAll(async () => {
      await dev?.stop();
    });

    it("queues the link in the demo outbox (and prints it to the log), built from APP_URL and never from the request's Host", async () => {
      const u = await createInvestor(dev);
      const res = await fetch(`${dev.url}/api/v1/auth/reset-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
        body: JSON.stringify({ email: u.email }),
      });
      expect(res.status).toBe(200);
      const link = linkFromOutbox(dev, u.email, "https://akoko.example/reset-password/");
      expect(link).toMatch(/^https:\/\/akoko\.example\/reset-password\/[A-Za-z0-9_-]{43}$/);
      // The demo outbox prints every message to the log for developers.
      const deadline = Date.now() + 5000;
      while (!dev.logs().includes(link!) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(dev.logs()).toContain(`[email not sent: demo outbox] to ${u.email}: Reset your Akoko password`);
      expect(dev.logs()).toContain(link!);
      expect(dev.logs()).not.toContain("evil.example");
      expect(JSON.stringify(dev.db().prepare("select * from outbox").all())).not.toContain("evil.example");
      // And the admin reads it at /admin/outbox.
      const admin = await signInAdmin(dev);
      const page = htmlText(await (await admin.page.get("/admin/outbox")).text());
      expect(page).toContain("Demo outbox: email and SMS are not sent");
      expect(page).toContain(link!);
    });

    it("answers the same whether or not the email exists, and stores a one-hour token only for real accounts", async () => {
      const count = () => (dev.db().prepare("select count(*) n from password_resets").get() as { n: number }).n;
      const before = count();
      const client = new Client(dev.url);
      const a = await call(client, "POST", "/api/v1/auth/reset-password", { email: TEST_INVESTOR.email });
      const b = await call(client, "POST", "/api/v1/auth/reset-password", { email: "nobody-here@example.com" });
      expect(a.status).toBe(200);
      expect(b).toEqual(a);
      expect(a.body.detail).toContain("on its way");
      expect(count()).toBe(before + 1);
      const row = dev.db().prepare("select expires_at, created_at from password_resets order by id desc limit 1").get() as { expires_at: string; created_at: string };
      const minutes = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 60000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60.1);
      expect((await call(client, "POST", "/api/v1/auth/reset-password", { email: "not-an-email" })).status).toBe(422);
      const page = htmlText(await (await fetch(`${dev.url}/reset-password`)).text());
      expect(page).toContain("Send reset link");
    });
  });
});

describe("15: pages for a signed-in user are never cached", () => {
  it("sends Cache-Control: private, no-store on every page and data request of a signed-in user", async () => {
    const { page: investor } = await signIn(server, TEST_INVESTOR.email);
    const { page: admin } = await signInAdmin(server);
    const checks: Array<[Client, string]> = [
      [investor, "/portfolio"],
      [investor, "/"],
      [investor, "/invest/eggs"],
      [investor, "/faq"],
      [investor, "/contact"],
      [investor, "/no-such-page"],
      [investor, "/admin"],
      [investor, "/portfolio?_data=routes%2Fportfolio"],
      [investor, "/?_data=root"],
      [admin, "/admin"],
      [admin, "/admin/messages"],
    ];
    for (const [client, path] of checks) {
      const res = await client.get(path);
      expect({ path, status: res.status < 500, cache: res.headers.get("cache-control") }).toEqual({ path, status: true, cache: "private, no-store" });
    }
    const contact = await investor.postForm("/contact", { name: "Ama", email: "ama@example.com", subject: "Hi", message: "short" });
    expect(contact.status).toBe(400);
    expect(contact.headers.get("cache-control")).toBe("private, no-store");
    expect((await investor.get("/api/v1/auth/me")).headers.get("cache-control")).toBe("no-store");
  });

  it("leaves public pages for anonymous visitors as they were", async () => {
    for (const path of ["/", "/invest/eggs", "/faq"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control") ?? "").not.toContain("no-store");
    }
  });
});

describe("17: names shown to others refuse control characters and text-direction marks", () => {
  it("on the register page and API, and on the contact form", async () => {
    const page = await new Client(server.url).postForm("/register", { full_name: "Ama\u202eOwusu", email: uniqueEmail("bidi"), password: "goodpassword" });
    expect(page.status).toBe(400);
    expect(htmlText(await page.text())).toContain(HIDDEN_NAME);
    const api = await call(new Client(server.url), "POST", "/api/v1/auth/register", { full_name: "Ama\u0007", email: uniqueEmail("bell"), password: "goodpassword" });
    expect(api).toEqual({ status: 422, body: { detail: HIDDEN_NAME } });
    // A NUL is refused before the body is read, wherever it is (test/nul-characters.test.ts).
    const nul = await call(new Client(server.url), "POST", "/api/v1/auth/register", { full_name: "Ama\u0000", email: uniqueEmail("nul"), password: "goodpassword" });
    expect(nul).toEqual({ status: 400, body: { detail: "full_name holds a NUL character (U+0000), which no text may hold." } });
    const u = await createInvestor(server);
    expect(await call(u.api, "PUT", "/api/v1/auth/me", { full_name: "\u2067Kofi" })).toEqual({ status: 422, body: { detail: HIDDEN_NAME } });
    const contact = await new Client(server.url).postForm("/contact", { name: "Kofi\u202e", email: "kofi@example.com", subject: "Hi\u0007", message: "A question about my wallet." });
    expect(contact.status).toBe(400);
    const text = htmlText(await contact.text());
    expect(text).toContain(HIDDEN_NAME);
    expect(text).toContain("The subject cannot contain control characters or text-direction marks.");
  });
});

describe("HSTS: browsers are told to keep to HTTPS whenever cookies are Secure", () => {
  let secure: TestServer;
  beforeAll(async () => {
    // COOKIE_SECURE's production default (the other test servers turn it off to speak plain HTTP).
    secure = await startServer({ COOKIE_SECURE: undefined });
  });
  afterAll(async () => {
    await secure?.stop();
  });

  /** A page, the API, assets, a redirect, not-found pages and refusals made before the app is reached. */
  async function answers(base: string) {
    const home = await fetch(`${base}/`);
    const css = /href="(\/build\/[^"]+\.css)"/.exec(await home.text())?.[1];
    expect(css).toBeTruthy();
    const get = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: "manual", ...init });
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const all: Array<[string, Response]> = [
      ["page", home],
      ["API", await get("/api/v1/public/products")],
      ["API error", await get("/api/v1/auth/me")],
      ["built asset", await get(css!)],
      ["public file", await get("/favicon.svg")],
      ["redirect", await get("/portfolio")],
      ["page not found", await get("/no-such-page")],
      ["API not found", await get("/api/v1/no-such-route")],
      ["405", await get("/login", { method: "PUT", headers: { ...form, Origin: base }, body: "a=1" })],
      ["cross-site post", await get("/login", { method: "POST", headers: { ...form, Origin: "https://evil.example" }, body: "a=1" })],
      ["413", await get("/login", { method: "POST", headers: { ...form, Origin: base }, body: `a=${"x".repeat(1024 * 1024)}` })],
      ["HEAD", await get("/", { method: "HEAD" })],
    ];
    return all.map(([what, res]) => ({ what, status: res.status, hsts: res.headers.get("strict-transport-security") }));
  }

  it("sends max-age=31536000 on every response when cookies are Secure (the production default)", async () => {
    const seen = await answers(secure.url);
    expect(seen.filter((a) => a.hsts !== "max-age=31536000")).toEqual([]);
    expect(seen.find((a) => a.what === "redirect")!.status).toBe(302);
    expect(seen.find((a) => a.what === "page not found")!.status).toBe(404);
    expect(seen.find((a) => a.what === "413")!.status).toBe(413);
  });

  it("marks every cookie Secure then, the stylesheet's and the language's too", async () => {
    const home = await fetch(`${secure.url}/?lang=ak`);
    const cookies = home.headers.getSetCookie();
    expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual(["akoko_css", "lang"]);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/; Secure(;|$)/);
  });

  it("sends none when they are not (COOKIE_SECURE=false: plain HTTP)", async () => {
    expect((await answers(server.url)).filter((a) => a.hsts !== null)).toEqual([]);
  });
});
