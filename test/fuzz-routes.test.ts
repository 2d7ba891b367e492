/**
 * Every /api/v1 route, read from the files app/routes/api.v1.*.ts (a new route is walked without a
 * line here), as an anonymous visitor, an investor and an admin, with what an attacker sends: JSON
 * nested 5,000 deep (as the whole body and inside each field, with an Idempotency-Key), every
 * method, wrong content types and multi-byte tokens. Every answer is a success or a 4xx with
 * {"detail"} (a 405 with an Allow header), never a 5xx, and the server logs no error while it
 * answers. test/fuzz.test.ts throws random input at the same routes; this walks all of them.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createInvestor, createSession, signInAdmin, type Investor } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

const DEPTH = 5_000;
const CONCURRENCY = 8;

/** The routes as Remix's flat routes name them: `api.v1.admin.batches.$id.logs.ts` is /api/v1/admin/batches/:id/logs. */
const ROUTE_FILES = fs
  .readdirSync(path.resolve(import.meta.dirname, "../app/routes"))
  .filter((f) => /^api\.v1\..+\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .sort();

/** A route's URL, each `$param` filled by `fill(segment before it, param)` and a splat by a path nobody serves. */
function routeUrl(file: string, fill: (owner: string, param: string) => string): string {
  const segments = file.replace(/\.tsx?$/, "").split(".");
  return `/${segments
    .filter((s) => !s.startsWith("_"))
    .map((s, i, all) => (s === "$" ? "no/such/route" : s.startsWith("$") ? fill(all[i - 1], s) : s.replace(/_$/, "")))
    .join("/")}`;
}

/** Text nested `depth` deep, built as text (the test's own JSON.stringify is not what is tested). */
const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/**
 * What the API reads, each with a value the rules would take, so that a request with one field
 * spoilt gets past the others to where that field is used (an idempotency fingerprint, a form).
 * No real password and no admin flag: the walk must not close or promote anyone.
 */
function plausibleFields(ids: Ids): Record<string, unknown> {
  return {
    batch_id: Number(ids.batches),
    units: 1,
    amount: 1,
    auto_reinvest: false,
    destination_id: Number(ids.destinations),
    kind: "mobile_money",
    method: "mobile_money",
    network: "MTN",
    phone: "0241234567",
    bank_code: "030100",
    account_number: "0241234567",
    name: "Kofi Mensah",
    code: "123456",
    otp: "123456",
    period: "2026-01",
    reference: "GRA-2026-01",
    reason: "Not readable",
    reserve_draw: 0,
    source: "FEES",
    email: "someone@example.com",
    username: "someone@example.com",
    password: "not-the-password",
    current_password: "not-the-password",
    new_password: "another-password-1",
    full_name: "Kofi Mensah",
    legal_name: "Kofi Mensah",
    date_of_birth: "1990-04-25",
    id_type: "GHANA_CARD",
    id_number: "GHA-123456789-0",
    title: "How It Works",
    body_md: "# Guide",
    farm_id: 1,
    location: "Kumasi, Ashanti",
    notes: "notes",
    product_type: "EGG",
    unit_price: 10,
    target_units: 100,
    feed_price: 6,
    mortality_rate: 0.05,
    expected_roi: 0.01,
    start_date: "2026-01-01",
    log_date: "2026-01-01",
    birds_alive: 100,
    deaths: 0,
    feed_kg: 10,
    eggs_collected: 50,
    revenue: 100,
    crates_sold: 3,
    price_per_crate: 40,
  };
}

/** JSON text of the plausible fields with `field` replaced by an array nested DEPTH deep. */
function withDeepField(fields: Record<string, unknown>, field: string): string {
  const marker = "__deep__";
  return JSON.stringify({ ...fields, [field]: marker }).replace(`"${marker}"`, deepArray(DEPTH));
}

/** Real ids for each kind of `$param`, by the path segment before it; anything else gets "1". */
type Ids = Record<string, string>;

type Who = "anon" | "investor" | "admin";
type Probe = { who: Who; method: string; url: string; body?: BodyInit; type?: string; headers?: Record<string, string>; what: string; only405?: boolean };
type Failure = { probe: string; why: string };

const MULTI_BYTE = "\u00fc\u20ac\u{1F414}"; // ü€🐔: 2, 3 and 4 bytes in UTF-8

let server: TestServer;
let investor: Investor;
let adminId: number;
const ids: Ids = {};

beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT: "100000" });
  adminId = (await signInAdmin(server)).id;
  investor = await createInvestor(server, { walletGhs: 5000 });
  const db = server.db();
  const products = (await call(new Client(server.url), "GET", "/api/v1/public/products")).body.products as Array<{ id: number; status: string }>;
  const open = products.find((p) => p.status === "OPEN")!;
  const invested = await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: open.id, units: 2 });
  const deposit = await call(investor.api, "POST", "/api/v1/invest/deposit", { amount: 10 });
  const destination = await call(investor.api, "POST", "/api/v1/invest/destinations", { kind: "mobile_money", network: "MTN", phone: "0241234567", name: investor.fullName });
  const withdrawal = await call(investor.api, "POST", "/api/v1/invest/withdraw", { amount: 1, destination_id: destination.body.id });
  const log = db.prepare("select id, batch_id from farm_logs order by id limit 1").get() as { id: number; batch_id: number } | undefined;
  const kyc = db.prepare("select id from kyc_submissions order by id limit 1").get() as { id: number } | undefined;
  const approval = db.prepare("select id from approvals order by id limit 1").get() as { id: number } | undefined;
  const exit = db.prepare("select id from exit_requests where user_id = ? order by id limit 1").get(investor.id) as { id: number } | undefined;
  // A session of the investor's that nobody walks with: ending it ends nobody's walk.
  createSession(server, investor.id);
  const spareSession = (db.prepare("select id from sessions where user_id = ? order by id desc limit 1").get(investor.id) as { id: number }).id;
  Object.assign(ids, {
    // A batch with a daily log when the seed wrote one, so .../logs/$logId/photos reaches the log.
    batches: String(log?.batch_id ?? open.id),
    payouts: String(open.id),
    invest: String(invested.body.investment?.id ?? 1),
    deposits: String(deposit.body.id ?? 1),
    destinations: String(destination.body.id ?? 1),
    withdrawals: String(withdrawal.body.id ?? 1),
    logs: String(log?.id ?? 1),
    kyc: String(kyc?.id ?? 1),
    approvals: String(approval?.id ?? 1),
    exits: String(exit?.id ?? 1),
    users: String(investor.id),
    sessions: String(spareSession),
    pages: "how-it-works",
  });
});
afterAll(async () => {
  await server?.stop();
});

/** A client signed in afresh for one request: a walk that logs out (or is logged out) spoils no other request. */
function clientFor(who: Who): Client {
  const client = new Client(server.url);
  if (who !== "anon") client.bearer = createSession(server, who === "admin" ? adminId : investor.id);
  return client;
}

async function send(p: Probe): Promise<{ status: number; failure: Failure | null }> {
  const headers = new Headers(p.headers);
  if (p.type) headers.set("Content-Type", p.type);
  // Money routes fingerprint their parameters for the key: the nesting reaches that code too.
  if (!headers.has("Idempotency-Key")) headers.set("Idempotency-Key", randomUUID());
  const label = `${p.who} ${p.method} ${p.url.slice(0, 120)} (${p.what})`;
  let res: Response;
  try {
    res = await clientFor(p.who).request(p.url, { method: p.method, body: p.body, headers });
  } catch (error) {
    return { status: 0, failure: { probe: label, why: `request failed: ${String(error)}` } };
  }
  const text = await res.text();
  const fail = (why: string) => ({ status: res.status, failure: { probe: label, why } });
  if (res.status >= 500) return fail(`${res.status}: ${text.slice(0, 200)}`);
  if (res.status >= 400 && p.method !== "HEAD") {
    let detail: unknown;
    try {
      detail = (JSON.parse(text) as { detail?: unknown }).detail;
    } catch {
      /* not JSON */
    }
    if (typeof detail !== "string" || detail === "") return fail(`${res.status} without {"detail"}: ${text.slice(0, 200)}`);
  }
  if (p.only405 && res.status !== 405) return fail(`${res.status}, not 405`);
  if (res.status === 405) {
    const allow = res.headers.get("Allow");
    if (!allow) return fail("405 without an Allow header");
    if (
      allow
        .split(",")
        .map((m) => m.trim())
        .includes(p.method)
    )
      return fail(`405 for ${p.method}, which Allow (${allow}) names`);
  }
  return { status: res.status, failure: null };
}

/** Runs probes CONCURRENCY at a time; returns each one's status (0 when it failed to send). */
async function sendAll(probes: Probe[], failures: Failure[]): Promise<number[]> {
  const statuses: number[] = new Array(probes.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < probes.length) {
        const i = next++;
        const { status, failure } = await send(probes[i]);
        statuses[i] = status;
        if (failure) failures.push(failure);
      }
    }),
  );
  return statuses;
}

/** The server's log lines at level error or above, and stack traces written around the logger. */
function errorLines(logs: string): string[] {
  return logs.split("\n").filter((line) => {
    if (/^\s+at .+[(:]/.test(line)) return true;
    if (!line.startsWith("{")) return false;
    try {
      const level = (JSON.parse(line) as { level?: unknown }).level;
      return level === "error" || level === "fatal";
    } catch {
      return false;
    }
  });
}

const WHO: Who[] = ["anon", "investor", "admin"];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** No route takes these: Remix would run a loader for OPTIONS, and has no name for the others. */
const NO_ROUTE_METHODS = ["OPTIONS", "PROPFIND", "M-SEARCH"];
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

describe(`every /api/v1 route (${ROUTE_FILES.length} files) under hostile input`, () => {
  it("reads the routes from app/routes", () => {
    expect(ROUTE_FILES.length).toBeGreaterThan(60);
    expect(routeUrl("api.v1.admin.batches.$id.logs.$logId.photos.ts", (owner, param) => `${owner}:${param}`)).toBe("/api/v1/admin/batches/batches:$id/logs/logs:$logId/photos");
  });

  it("answers each a success or a 4xx with {detail} (405 with Allow), never a 5xx, and logs no error", async () => {
    const failures: Failure[] = [];
    const logsBefore = server.logs().length;
    const urls = ROUTE_FILES.map((f) => routeUrl(f, (owner) => ids[owner] ?? "1"));
    const fields = plausibleFields(ids);

    // 1. Every method, without a body and with the plausible fields as JSON.
    const first: Probe[] = [];
    for (const url of urls)
      for (const who of WHO)
        for (const method of METHODS) {
          first.push({ who, method, url, what: "no body" });
          if (BODY_METHODS.includes(method)) first.push({ who, method, url, body: JSON.stringify(fields), type: "application/json", what: "plausible JSON" });
        }
    // The catch-all route (api.v1.$.ts) answers every method 404.
    for (const url of urls.filter((u) => !u.includes("no/such/route")))
      for (const method of NO_ROUTE_METHODS) first.push({ who: "investor", method, url, what: "a method no route takes", only405: true });
    const firstStatuses = await sendAll(first, failures);

    // 2. Where a method is taken (not 405) and the caller let in (not 401/403): the hostile bodies.
    const hostile: Probe[] = [];
    first.forEach((p, i) => {
      if (p.what !== "plausible JSON" || [401, 403, 405].includes(firstStatuses[i])) return;
      const base = { who: p.who, method: p.method, url: p.url };
      hostile.push(
        { ...base, body: deepObject(DEPTH), type: "application/json", what: "an object nested 5,000 deep" },
        { ...base, body: deepArray(DEPTH), type: "application/json", what: "an array nested 5,000 deep" },
        ...Object.keys(fields).map((field) => ({ ...base, body: withDeepField(fields, field), type: "application/json", what: `${field} nested 5,000 deep` })),
        { ...base, body: "hello", type: "text/plain", what: "text/plain" },
        { ...base, body: "<a>1</a>", type: "application/xml", what: "XML" },
        { ...base, body: "a=1&b=2", type: "application/json", what: "a form labelled JSON" },
        { ...base, body: "--x\r\nnothing", type: "multipart/form-data", what: "multipart without a boundary" },
        { ...base, body: "--zz\r\nContent-Disposition: form-data\r\n\r\n--zz", type: "multipart/form-data; boundary=zz", what: "junk multipart" },
        { ...base, body: new Uint8Array(Buffer.from('{"units":1}')), what: "no Content-Type" },
        {
          ...base,
          body: new URLSearchParams({ ticket: `1.${MULTI_BYTE}`, token: MULTI_BYTE, code: MULTI_BYTE, otp: MULTI_BYTE, password: MULTI_BYTE }).toString(),
          type: "application/x-www-form-urlencoded",
          what: "multi-byte tokens in a form",
        },
        {
          ...base,
          body: JSON.stringify({ ...fields, ticket: `${Date.now() + 60_000}.${MULTI_BYTE.repeat(15)}`, token: MULTI_BYTE.repeat(11), code: MULTI_BYTE, otp: MULTI_BYTE }),
          type: "application/json",
          what: "multi-byte tokens in JSON",
        },
      );
    });
    // 3. Multi-byte ids and tokens in the path and the Authorization header.
    for (const file of ROUTE_FILES.filter((f) => f.includes("$"))) {
      const url = routeUrl(file, () => encodeURIComponent(MULTI_BYTE));
      for (const who of WHO)
        for (const method of ["GET", "POST"])
          hostile.push({ who, method, url, body: method === "POST" ? JSON.stringify(fields) : undefined, type: method === "POST" ? "application/json" : undefined, what: "multi-byte id" });
    }
    for (const url of urls) hostile.push({ who: "anon", method: "GET", url, headers: { Authorization: "Bearer t\u00f6k\u00e9n" }, what: "a Latin-1 bearer token" });
    await sendAll(hostile, failures);

    expect(failures.slice(0, 25), `${failures.length} of ${first.length + hostile.length} requests failed`).toEqual([]);
    expect(errorLines(server.logs().slice(logsBefore)).slice(0, 10)).toEqual([]);
    expect((await call(clientFor("admin"), "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
  }, 240_000);
});

describe("signed links and tickets of another byte length", () => {
  // 32 and 43 characters, as the real MACs, but two bytes each: a byte-wise comparison must not throw.
  const twoByte = (n: number) => "\u00e9".repeat(n);

  it("an unsubscribe link is a 404 (opened or posted), never a 500", async () => {
    const logsBefore = server.logs().length;
    const path = `/unsubscribe/${investor.id}.payouts.${encodeURIComponent(twoByte(32))}`;
    const anon = new Client(server.url);
    const opened = await anon.get(path);
    expect(opened.status).toBe(404);
    expect(htmlText(await opened.text())).toContain("This unsubscribe link is not valid.");
    const posted = await fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(posted.status).toBe(404);
    expect(errorLines(server.logs().slice(logsBefore))).toEqual([]);
  });

  it("the close-account confirm ticket is a 400 and closes nothing", async () => {
    const logsBefore = server.logs().length;
    const u = await createInvestor(server);
    const res = await u.page.postForm("/account", { intent: "close", confirmed: "1", ticket: `${Date.now() + 60_000}.${twoByte(43)}` });
    expect(res.status).toBe(400);
    expect(server.db().prepare("select closed_at from users where id = ?").get(u.id)).toEqual({ closed_at: null });
    expect(errorLines(server.logs().slice(logsBefore))).toEqual([]);
  });

  it("reset-password and confirm-email links with multi-byte tokens answer without a 5xx", async () => {
    const anon = new Client(server.url);
    for (const page of ["/reset-password/", "/confirm-email/"]) {
      const path = page + encodeURIComponent(twoByte(43));
      expect((await anon.get(path)).status).toBeLessThan(500);
      expect((await anon.postForm(path, { password: "another-password-1", confirm: "another-password-1" })).status).toBeLessThan(500);
    }
  });
});
