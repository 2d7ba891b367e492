import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, createRemittance, linkFromOutbox, signInAdmin } from "./support/factories";
import { startServer, type TestServer } from "./support/server";
import { translate } from "~/catalog/index.server";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";

/** `path` sent exactly as written (fetch would resolve its dot segments and backslashes first). */
function rawRequest(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; requestId: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path, method: init.method ?? "GET", headers: init.headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, requestId: String(res.headers["x-request-id"]) }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/**
 * The log lines of each request, by their `msg`, once the last one's request line is written: an
 * error line would carry the request's id too.
 */
async function logLinesOf(server: TestServer, ids: string[]): Promise<string[][]> {
  const logs = (await server.waitForLogs(new RegExp(`"request_id":"${ids.at(-1)}".*"msg":"request"`))).split("\n");
  return ids.map((id) => logs.filter((l) => l.includes(`"request_id":"${id}"`)).map((l) => (JSON.parse(l) as { msg: string }).msg));
}

describe("request logs, health and body limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ REQUEST_LOG: "on", METRICS_TOKEN: METRICS_TOKEN });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers /healthz with 200 while the database answers", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("writes one JSON line per request with the user id, and never a password or token", async () => {
    const user = await createInvestor(server);
    const me = await call(user.api, "GET", "/api/v1/auth/me?probe=1");
    expect(me.status).toBe(200);
    await call(user.api, "POST", "/api/v1/invest/deposit", { amount: 25 });
    // An identity submission, stored: its ID number reaches no log line.
    const kyc = new FormData();
    for (const [k, v] of Object.entries({ legal_name: "Ama Owusu", date_of_birth: "1990-04-25", phone: "0241234567", id_type: "GHANA_CARD", id_number: "GHA-123456789-0" })) kyc.append(k, v);
    for (const field of ["id_front", "selfie"]) kyc.append(field, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: "image/jpeg" }), `${field}.jpg`);
    const unverified = await createInvestor(server, { tier: "REGISTERED" });
    expect((await unverified.api.request("/api/v1/kyc", { method: "POST", body: kyc })).status).toBe(201);
    // The identity submission's line is the last to come.
    const lines = (await server.waitForLogs('"path":"/api/v1/kyc"'))
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const meLine = lines.find((l) => l.path === "/api/v1/auth/me");
    expect(meLine).toMatchObject({ method: "GET", status: 200, user_id: user.id });
    expect(typeof meLine!.time).toBe("string");
    expect(typeof meLine!.duration_ms).toBe("number");
    expect(lines.find((l) => l.path === "/api/v1/invest/deposit")).toMatchObject({ method: "POST", user_id: user.id });
    const all = server.logs();
    expect(all).not.toContain(user.password);
    expect(all).not.toContain(user.token);
    expect(all).not.toContain("probe=1"); // query strings (tokens, searches) stay out of the log
    expect(all).not.toContain("123456789");
  });

  it("the demo outbox in production logs a message's kind and masked recipient, never its link or code (those are on /admin/outbox)", async () => {
    const u = await createInvestor(server);
    const phone = `+23324${String(process.pid % 1000).padStart(3, "0")}7788`;
    expect((await u.page.postForm("/account", { intent: "send-email-link" })).status).toBe(302);
    expect((await u.page.postForm("/account", { intent: "profile", full_name: u.fullName, phone })).status).toBe(302);
    expect((await u.page.postForm("/account", { intent: "send-phone-code" })).status).toBe(302);
    const rows = () =>
      server.db().prepare("select kind, status, body_text from outbox where user_id = ? and kind in ('EMAIL_CONFIRM', 'PHONE_CODE') order by id").all(u.id) as Array<{
        kind: string;
        status: string;
        body_text: string;
      }>;
    const deadline = Date.now() + 10_000;
    while (!(rows().length === 2 && rows().every((r) => r.status === "sent")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(rows().map((r) => [r.kind, r.status])).toEqual([
      ["EMAIL_CONFIRM", "sent"],
      ["PHONE_CODE", "sent"],
    ]);
    const link = linkFromOutbox(server, u.email, "http://akoko.test/confirm-email/")!;
    const code = /\b(\d{6})\b/.exec(rows()[1].body_text)![1];
    // A message's line reaches the test's copy of the log a moment after its row is marked sent.
    await server.waitForLogs(`[email not sent: demo outbox] EMAIL_CONFIRM to ${u.email[0]}***@${u.email.split("@")[1]}`);
    const logs = await server.waitForLogs(`[sms not sent: demo outbox] PHONE_CODE to +233 *** *** ${phone.slice(-3)}`);
    expect(logs).not.toContain(link.split("/").pop());
    expect(logs).not.toContain(`is ${code}`);
    expect(logs).not.toContain(u.email);
    expect(logs).not.toContain(phone);
    expect(logs).not.toContain("Confirm your email address");
    // The admin reads them whole on /admin/outbox.
    const admin = await signInAdmin(server);
    const page = await (await admin.page.get("/admin/outbox")).text();
    expect(page).toContain(link);
    expect(page).toContain(code);
    expect(htmlText(page)).toContain("read them here (the server log names only their kind and recipient).");
  });

  it("writes a signed link's path with [token] for its token, whatever its letter case, slashes or dot segments: on request lines (the demo outbox in production prints no link at all)", async () => {
    const u = await createInvestor(server);
    // A real email-confirmation link, as the account page sends it (the demo outbox prints the email).
    expect((await u.page.postForm("/account", { intent: "send-email-link" })).status).toBe(302);
    const link = linkFromOutbox(server, u.email, "http://akoko.test/confirm-email/");
    const confirmToken = link!.slice("http://akoko.test/confirm-email/".length);
    const resetToken = "Zx81kQ0pWm3vT5rLa9yBcD4eF6gH8iJ0kL2mN4oP6qR";
    const unsubscribeToken = `${u.id}.payouts.Q2x9${"v".repeat(28)}`;
    const anon = new Client(server.url);
    await anon.get(`/confirm-email/${confirmToken}`);
    await anon.get(`/reset-password/${resetToken}`);
    await anon.postForm(`/reset-password/${resetToken}`, { password: "another-password-1", confirm: "another-password-1" });
    await anon.get(`/unsubscribe/${unsubscribeToken}`);
    await anon.postForm(`/unsubscribe/${unsubscribeToken}`, { "List-Unsubscribe": "One-Click" });
    await anon.get("/reset-password/code");
    // The routes match any letter case, and a URL is read as a browser reads it (dot segments
    // resolved, a backslash for a slash, %-escaped letters): each of these reaches its link's page
    // (the made-up unsubscribe token is refused there, 404). A link spoilt with doubled slashes
    // reaches no page, but its token is no less a secret.
    const variants = [
      `/Reset-Password/${resetToken}`,
      `/CONFIRM-EMAIL/${confirmToken}`,
      `/UnSubscribe/${unsubscribeToken}`,
      `/reset-password/./${resetToken}`,
      `/x/../reset-password/${resetToken}`,
      `/reset-password\\${resetToken}`,
      `/%52eset-password/${resetToken}`,
      `/reset-password//${resetToken}`,
      `//confirm-email///${confirmToken}`,
    ];
    const variantIds: Record<string, string> = {};
    const statuses: number[] = [];
    for (const path of variants) {
      const { status, requestId } = await rawRequest(server.url, path);
      variantIds[path] = requestId;
      statuses.push(status);
    }
    expect(statuses).toEqual([200, 200, 404, 200, 200, 200, 200, 404, 404]);
    const requestPaths = () =>
      server
        .logs()
        .split("\n")
        .filter((l) => l.startsWith("{") && l.includes('"msg":"request"'))
        .map((l) => `${(JSON.parse(l) as { method: string }).method} ${(JSON.parse(l) as { path: string }).path}`);
    const expected = ["GET /confirm-email/[token]", "GET /reset-password/[token]", "POST /reset-password/[token]", "GET /unsubscribe/[token]", "POST /unsubscribe/[token]", "GET /reset-password/code"];
    // Each line is written when its answer has gone; the email when the outbox worker gets to it.
    const deadline = Date.now() + 10_000;
    while ((!expected.every((p) => requestPaths().includes(p)) || !server.logs().includes("[email not sent: demo outbox] EMAIL_CONFIRM to")) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    expect(requestPaths()).toEqual(expect.arrayContaining(expected));
    const logs = await server.waitForLogs(new RegExp(`"request_id":"${variantIds[variants.at(-1)!]}".*"msg":"request"`));
    for (const path of variants) {
      const line = logs.split("\n").find((l) => l.includes(`"request_id":"${variantIds[path]}"`) && l.includes('"msg":"request"'));
      expect(JSON.parse(line ?? "{}").path, path).toMatch(/^\/[\w-]+\/\[token\]$/);
    }
    for (const token of [confirmToken, resetToken, unsubscribeToken]) expect(server.logs()).not.toContain(token);
  });

  it("reads a path as the router does before any gate: a PUT to /api/../logout is 405, JSON posted to a page through /webhooks/%2e%2e/ is 415", async () => {
    const u = await createInvestor(server);
    const cookie = u.page.cookieHeader();
    for (const path of ["/api/../logout", "/webhooks/%2e%2e/logout", "/api\\..\\logout"]) {
      const res = await rawRequest(server.url, path, { method: "PUT", headers: { Cookie: cookie, Origin: server.url } });
      expect({ path, status: res.status }).toEqual({ path, status: 405 });
    }
    expect((await u.page.get("/portfolio")).status).toBe(200);
    const json = { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: '{"email":"a@b.c"}' };
    const ids: string[] = [];
    for (const path of ["/api/../login", "/webhooks/%2E%2E/contact", "/API/V1/../../register"]) {
      const res = await rawRequest(server.url, path, json);
      expect({ path, status: res.status }).toEqual({ path, status: 415 });
      ids.push(res.requestId);
    }
    expect(await logLinesOf(server, ids)).toEqual(ids.map(() => ["request"]));
  });

  it("logs no error for a request in Remix's old data protocol (?_data), which this app's pages never make", async () => {
    const anon = new Client(server.url);
    const ids: string[] = [];
    for (const path of ["/faq?_data=routes/faq", "/faq?_data=root", "/?_data=routes/_index", "/faq?_data=no-such-route"]) {
      const res = await anon.get(path);
      expect({ path, status: res.status < 500 }).toEqual({ path, status: true });
      ids.push(String(res.headers.get("x-request-id")));
    }
    expect(await logLinesOf(server, ids)).toEqual(ids.map(() => ["request"]));
  });

  it("answers a form posted to a page that takes none with 405 {detail} and Allow: GET, HEAD, to an unknown path with 404, and logs no error for either", async () => {
    const anon = new Client(server.url);
    const ids: string[] = [];
    const posted = async (path: string, headers: Record<string, string> = {}) => {
      const res = await anon.postForm(path, { a: 1 }, headers);
      ids.push(String(res.headers.get("x-request-id")));
      return res;
    };
    for (const path of ["/faq", "/risk", "/faq.data"]) {
      const res = await posted(path);
      expect({ path, status: res.status, allow: res.headers.get("allow"), type: res.headers.get("content-type") }).toEqual({
        path,
        status: 405,
        allow: "GET, HEAD",
        type: "application/json; charset=utf-8",
      });
      expect(await res.json()).toEqual({ detail: "Method not allowed." });
    }
    // In the reader's language, as every other answer.
    expect(await (await posted("/faq", { "Accept-Language": "ak" })).json()).toEqual({ detail: translate("ak", "api.methodNotAllowed") });
    // A path nobody serves is not found, whatever the method: the page a GET gets.
    const unknown = await posted("/no-such");
    expect(unknown.status).toBe(404);
    expect(htmlText(await unknown.text())).toContain("We could not find the page you were looking for.");
    expect((await posted("/no/such/page")).status).toBe(404);
    // A page with a form still takes it.
    const contact = await posted("/contact", {});
    expect(contact.status).toBe(400);
    expect((await anon.postForm("/contact", { name: "Ama", email: "ama@example.com", subject: "Hi", message: "A question about my wallet." })).status).toBe(302);
    // Each request's only line is its request line.
    expect(await logLinesOf(server, ids)).toEqual(ids.map(() => ["request"]));
  });

  it("gives every request an id, in the answer's X-Request-Id and on its log lines (pino: level and time)", async () => {
    const res = await fetch(`${server.url}/healthz`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 200));
    const line = server
      .logs()
      .split("\n")
      .filter((l) => l.includes(id!))
      .map((l) => JSON.parse(l) as Record<string, unknown>)[0];
    expect(line).toMatchObject({ level: "info", msg: "request", request_id: id, path: "/healthz", status: 200 });
  });

  it("inlines the stylesheet on a first visit (one round trip to paint) and links it, cached, once the cookie says it was sent", async () => {
    const first = await fetch(`${server.url}/invest/eggs`);
    const html = await first.text();
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith("akoko_css="));
    expect(cookie).toMatch(/^akoko_css=tailwind-[\w-]+\.css; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(/<style data-inline-stylesheet="">([\s\S]*?)<\/style>/.exec(html)?.[1].length).toBeGreaterThan(10_000);
    // The file is fetched too, without blocking the paint (a print stylesheet), so the next page finds it cached.
    expect(html).toMatch(/<link rel="stylesheet" href="\/build\/_assets\/tailwind-[\w-]+\.css" media="print"\/>/);
    const again = await fetch(`${server.url}/invest/chicken`, { headers: { Cookie: cookie!.split(";")[0] } });
    const next = await again.text();
    expect(next).not.toContain("data-inline-stylesheet");
    expect(next).toMatch(/<link rel="stylesheet" href="\/build\/_assets\/tailwind-[\w-]+\.css"\/>/);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("akoko_css="))).toBe(false);
    // A cookie from an older build inlines the new stylesheet again.
    expect(await (await fetch(`${server.url}/`, { headers: { Cookie: "akoko_css=tailwind-OLD.css" } })).text()).toContain("data-inline-stylesheet");
  });

  it("answers readiness at /readyz once migrations ran and the database takes writes", async () => {
    const before = Date.now();
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready" });
    // The check wrote and committed: the row another connection reads carries its time.
    const row = server.db().prepare("select checked_at from readiness_checks where id = 1").get() as { checked_at: number };
    expect(row.checked_at).toBeGreaterThanOrEqual(before);
  });

  it("serves Prometheus metrics only with METRICS_TOKEN: request durations by route pattern, process metrics", async () => {
    await fetch(`${server.url}/batches/1`);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789abcd" } })).status).toBe(401);
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/akoko_http_request_duration_seconds_count\{method="GET",route="\/batches\/:id",status="200"\} \d+/);
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("akoko_deposits_total");
  });

  it("counts a business event once it committed: a purchase once, a close's confirm step (rolled back) not at all", async () => {
    const metric = async (series: string) => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : 0;
    };
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100 });
    const investor = await createInvestor(server, { walletGhs: 1_000 });
    const bought = await metric("akoko_investments_total");
    expect((await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 2 })).status).toBe(201);
    expect(await metric("akoko_investments_total")).toBe(bought + 1);

    const { page: admin } = await signInAdmin(server);
    expect((await admin.postForm("/admin?index", { intent: "activate", batch_id: batch.id, confirmed: "1" })).status).toBe(302);
    createRemittance(server, batch.id);
    const closes = 'akoko_payout_runs_total{kind="PRINCIPAL"}';
    const before = await metric(closes);
    const ask = await admin.postForm("/admin?index", { intent: "close", batch_id: batch.id });
    expect(ask.status).toBe(200);
    expect(await metric(closes)).toBe(before);
    expect((await admin.postForm("/admin?index", { intent: "close", batch_id: batch.id, confirmed: "1" })).status).toBe(302);
    expect(await metric(closes)).toBe(before + 1);
  });

  it("sends pages, CSS, JavaScript and JSON gzipped, the page compressed as a whole", async () => {
    const raw = (path: string) =>
      new Promise<{ encoding: string | undefined; bytes: number; type: string | undefined }>((resolve, reject) => {
        http
          .get(`${server.url}${path}`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
            let bytes = 0;
            res.on("data", (chunk: Buffer) => (bytes += chunk.length));
            res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes, type: res.headers["content-type"] }));
          })
          .on("error", reject);
      });
    const home = await raw("/");
    expect(home.encoding).toBe("gzip");
    const plain = await (await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "identity" } })).text();
    // One gzip stream over the whole page: about a fifth of it, not a chain of small flushed blocks.
    expect(home.bytes).toBeLessThan(Buffer.byteLength(plain) / 3.5);
    const css = (plain.match(/href="(\/build\/[^"]+\.css)"/) ?? [])[1];
    expect(css).toBeTruthy();
    expect((await raw(css!)).encoding).toBe("gzip");
    expect((await raw("/api/v1/public/products")).encoding).toBe("gzip");
  });

  it("answers a junk multipart body with a 4xx, on every page and on the photo upload", async () => {
    const { api: admin } = await signInAdmin(server);
    const junk = { method: "POST", body: "--x\r\nnot a part", headers: { "Content-Type": "multipart/form-data; boundary=zzz", Origin: server.url } };
    for (const path of ["/login", "/register", "/contact", "/invest/eggs", "/portfolio", "/admin?index"]) {
      const res = await admin.request(path, junk);
      expect(res.status, path).toBe(415);
    }
    const upload = await admin.request("/admin/batches/1/logs", junk);
    expect(upload.status).toBeGreaterThanOrEqual(400);
    expect(upload.status).toBeLessThan(500);
  });

  it("refuses a body streamed without a Content-Length (411), so the size limit cannot be dodged", async () => {
    const user = await createInvestor(server);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/v1/invest/deposit`,
        { method: "POST", headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json", "Transfer-Encoding": "chunked" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.write('{"amount": ');
      req.end("10}");
    });
    expect(status).toBe(411);
    expect((await call(user.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(0);
  });

  it("refuses bodies over the limit with 413", async () => {
    const user = await createInvestor(server);
    const big = JSON.stringify({ amount: 1, pad: "x".repeat(2 * 1024 * 1024) });
    const res = await user.api.request("/api/v1/invest/deposit", { method: "POST", body: big, headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "The request body is too large." });
    const medium = JSON.stringify({ amount: 1, pad: "x".repeat(100 * 1024) });
    const res2 = await user.api.request("/api/v1/invest/deposit", { method: "POST", body: medium, headers: { "Content-Type": "application/json" } });
    expect(res2.status).toBe(413);
    expect((await call(user.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(0);
  });
});

describe("SIGTERM", () => {
  it("finishes in-flight invests, closes the database and exits 0; nothing accepted is lost", async () => {
    const server = await startServer();
    const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 1, targetUnits: 100_000, expectedRoi: 0.1 });
    const investors = await Promise.all(Array.from({ length: 20 }, () => createInvestor(server, { walletGhs: 1000 })));

    // Many invests in flight, then SIGTERM while they are being answered.
    const requests = investors.flatMap((u) =>
      Array.from({ length: 10 }, () =>
        call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 1 }).then(
          (r) => r.status,
          () => "refused" as const,
        ),
      ),
    );
    await new Promise((r) => setTimeout(r, 30));
    const exit = server.stop("SIGTERM");
    const statuses = await Promise.all(requests);
    expect(await exit).toBe(0);
    expect(server.logs()).toContain("SIGTERM received");

    const accepted = statuses.filter((s) => s === 201).length;
    expect(accepted).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 201 || s === "refused")).toBe(true);

    // Restart on the same file: every answered invest is there, and the ledger holds.
    const again = await startServer({}, { dbFile: server.dbFile });
    try {
      const db = again.db();
      expect(db.prepare("select count(*) n from investments where batch_id = ?").get(batch.id)).toEqual({ n: accepted });
      expect(db.prepare("select units_placed from batches where id = ?").get(batch.id)).toEqual({ units_placed: accepted });
      const { api: admin2 } = await signInAdmin(again);
      expect((await call(admin2, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
    } finally {
      await again.stop();
    }
  });
});
