/**
 * Hostile input against every /api/v1 endpoint and every form action, as an anonymous visitor,
 * an investor and an admin. It passes only when no answer is a 5xx, no HTML page echoes the
 * injected markup unescaped, JSON answers stay JSON (with nosniff), and the ledger's invariants
 * hold afterwards. The generator is fast-check's, seeded (FUZZ_SEED=<n> replays a run).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client } from "./support/client";
import { createInvestor, signInAdmin } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
// A fixed seed keeps CI repeatable; FUZZ_SEED=<n> (or FUZZ_SEED=random) explores further.
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261122);
const CONCURRENCY = 8;
/** FUZZ_REPORT=1 prints how each target answered, to see that the inputs get past the guards. */
const REPORT: Record<string, Record<number, number>> | null = process.env.FUZZ_REPORT ? {} : null;

/** Markup that must never come back raw inside an HTML page. */
const MARKUP = ["<script>alert(1)</script>", '<img src=x onerror="alert(1)">', "<svg/onload=alert(1)>", '"><iframe src=javascript:alert(1)>'];
const HOSTILE = [
  ...MARKUP,
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  '" OR 1=1 --',
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "%00",
  "\u0000",
  "\u202eevil",
  "👩🏾‍🌾🐔🥚",
  "Ɔkɔɔ ne Ɛnam",
  "١٢٣",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "9".repeat(40),
  "-99999999999999999999",
  "10.005",
  " ",
  "",
  "null",
  "undefined",
  "[object Object]",
  "__proto__",
  "constructor",
];

/** Values a real form would send, so many requests get past validation and into the rules. */
const PLAUSIBLE = [
  "1",
  "2",
  "3",
  "5",
  "10",
  "50",
  "100",
  "500",
  "0.5",
  "12.34",
  "on",
  "true",
  "EGG",
  "CHICKEN",
  "2026-11-01",
  "2026-10",
  "MOMO",
  "BANK",
  "MTN MoMo",
  "0241234567",
  "Test Farm",
  "Kumasi, Ashanti",
  "ama@akoko.test",
  "correct-horse-battery",
];

const scalar = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.constantFrom(...PLAUSIBLE),
  fc.constantFrom(...PLAUSIBLE),
  fc.integer(),
  fc.integer({ min: -5, max: 50 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER, -1, 0, 1, 1.5, 1e21),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }) },
);
const idSegment = fc.oneof(fc.integer({ min: 1, max: 12 }).map(String), fc.constantFrom("0", "-1", "1.5", "abc", "99999999999999999999", "%3Cscript%3E", "%00", "%F0%9F%90%94", "1e3", " 1"));

type Target = {
  method: string;
  path: string | ((id: string) => string);
  fields: string[];
  as: Array<"anon" | "investor" | "admin">;
  page?: boolean;
  intents?: string[];
  valid?: Record<string, unknown>;
};

const API: Target[] = [
  { method: "POST", path: "/api/v1/auth/register", fields: ["email", "password", "full_name"], as: ["anon"] },
  { method: "POST", path: "/api/v1/auth/login", fields: ["username", "password", "code"], as: ["anon"] },
  { method: "POST", path: "/api/v1/auth/2fa/setup", fields: [], as: ["anon", "investor"] },
  { method: "POST", path: "/api/v1/auth/2fa/enable", fields: ["code"], as: ["anon", "investor"] },
  { method: "POST", path: "/api/v1/auth/2fa/disable", fields: ["password", "code"], as: ["anon", "investor"] },
  { method: "POST", path: "/api/v1/auth/2fa/recovery-codes", fields: ["password", "code"], as: ["anon", "investor"] },
  { method: "GET", path: "/api/v1/auth/me", fields: [], as: ["anon", "investor"] },
  { method: "PUT", path: "/api/v1/auth/me", fields: ["full_name", "email", "is_admin"], as: ["anon", "investor"] },
  { method: "POST", path: "/api/v1/auth/reset-password", fields: ["email"], as: ["anon"] },
  { method: "GET", path: "/api/v1/auth/sessions", fields: [], as: ["anon", "investor"] },
  // Signed in, a lucky id would end the fuzzer's own token and leave the rest of the run at 401.
  { method: "DELETE", path: (id) => `/api/v1/auth/sessions/${id}`, fields: [], as: ["anon"] },
  { method: "POST", path: "/api/v1/auth/sessions/revoke-others", fields: [], as: ["anon", "investor"] },
  { method: "GET", path: "/api/v1/public/overview", fields: [], as: ["anon"] },
  { method: "GET", path: "/api/v1/public/products", fields: ["product_type"], as: ["anon"] },
  { method: "GET", path: (id) => `/api/v1/public/pages/${id}`, fields: [], as: ["anon"] },
  { method: "POST", path: "/api/v1/invest/create", fields: ["batch_id", "units", "auto_reinvest"], as: ["anon", "investor", "admin"], valid: { batch_id: 2, units: 1 } },
  { method: "POST", path: "/api/v1/invest/early-exit", fields: ["batch_id", "units"], as: ["investor"] },
  { method: "GET", path: "/api/v1/invest/wallet", fields: [], as: ["investor"] },
  { method: "GET", path: "/api/v1/invest/my", fields: [], as: ["investor"] },
  { method: "GET", path: (id) => `/api/v1/invest/${id}/payouts`, fields: [], as: ["investor"] },
  { method: "POST", path: (id) => `/api/v1/invest/${id}/auto-reinvest`, fields: ["auto_reinvest"], as: ["anon", "investor"] },
  { method: "GET", path: "/api/v1/invest/exits", fields: [], as: ["investor"] },
  { method: "POST", path: (id) => `/api/v1/invest/exits/${id}/cancel`, fields: [], as: ["investor"] },
  { method: "GET", path: "/api/v1/invest/notifications", fields: [], as: ["investor"] },
  { method: "POST", path: "/api/v1/invest/deposit", fields: ["amount"], as: ["anon", "investor"], valid: { amount: 10 } },
  {
    method: "POST",
    path: "/api/v1/invest/withdraw",
    fields: ["amount", "method", "provider", "account_number"],
    as: ["investor"],
    valid: { amount: 1, method: "MOMO", provider: "MTN MoMo", account_number: "0241234567" },
  },
  {
    method: "POST",
    path: "/api/v1/invest/destinations",
    fields: ["kind", "network", "phone", "bank_code", "account_number", "name", "password", "code"],
    as: ["anon", "investor"],
    valid: { kind: "mobile_money", network: "MTN", phone: "0241234567", name: "Kofi Mensah", password: "correct-horse-battery" },
  },
  { method: "GET", path: "/api/v1/admin/farms", fields: [], as: ["investor", "admin"] },
  { method: "POST", path: "/api/v1/admin/farms", fields: ["name", "location", "notes"], as: ["investor", "admin"] },
  { method: "GET", path: "/api/v1/admin/batches", fields: [], as: ["admin"] },
  {
    method: "POST",
    path: "/api/v1/admin/batches",
    fields: ["farm_id", "product_type", "unit_price", "target_units", "feed_price", "mortality_rate", "expected_roi", "id", "start_date"],
    as: ["investor", "admin"],
    valid: { farm_id: 1, product_type: "EGG", unit_price: 10, target_units: 100, feed_price: 6, mortality_rate: 0.05, expected_roi: 0.01 },
  },
  { method: "GET", path: "/api/v1/admin/stats", fields: [], as: ["admin"] },
  { method: "DELETE", path: (id) => `/api/v1/admin/batches/${id}`, fields: [], as: ["investor", "admin"] },
  { method: "POST", path: (id) => `/api/v1/admin/batches/${id}/activate`, fields: [], as: ["investor", "admin"] },
  { method: "POST", path: (id) => `/api/v1/admin/batches/${id}/close`, fields: [], as: ["admin"] },
  { method: "GET", path: (id) => `/api/v1/admin/payouts/${id}/simulate`, fields: ["period"], as: ["admin"] },
  { method: "POST", path: (id) => `/api/v1/admin/payouts/${id}/execute`, fields: ["period", "reserve_draw"], as: ["investor", "admin"] },
  { method: "GET", path: (id) => `/api/v1/admin/batches/${id}/remittances`, fields: [], as: ["investor", "admin"] },
  {
    method: "POST",
    path: (id) => `/api/v1/admin/batches/${id}/remittances`,
    fields: ["period", "amount", "crates_sold", "price_per_crate", "birds_sold", "live_weight_kg", "price_per_kg", "revenue", "feed_cost", "vet_cost", "other_costs", "farm_share"],
    as: ["investor", "admin"],
  },
  { method: "GET", path: "/api/v1/admin/reserve", fields: [], as: ["investor", "admin"] },
  { method: "GET", path: "/api/v1/kyc", fields: [], as: ["anon", "investor"] },
  { method: "GET", path: "/api/v1/invest/statements", fields: ["year"], as: ["anon", "investor"] },
  { method: "GET", path: "/api/v1/admin/tax", fields: ["month"], as: ["investor", "admin"] },
  { method: "POST", path: "/api/v1/admin/tax/payments", fields: ["period", "amount", "reference"], as: ["investor", "admin"] },
  {
    method: "POST",
    path: "/api/v1/kyc",
    fields: ["legal_name", "date_of_birth", "phone", "id_type", "id_number"],
    as: ["anon", "investor"],
    valid: { legal_name: "Ama Owusu", date_of_birth: "1990-04-25", phone: "0241234567", id_type: "GHANA_CARD", id_number: "GHA-123456789-0" },
  },
  { method: "GET", path: "/api/v1/admin/kyc", fields: ["status"], as: ["investor", "admin"] },
  { method: "POST", path: (id) => `/api/v1/admin/kyc/${id}/approve`, fields: [], as: ["investor", "admin"] },
  { method: "POST", path: (id) => `/api/v1/admin/kyc/${id}/reject`, fields: ["reason"], as: ["investor", "admin"] },
  { method: "GET", path: (id) => `/kyc/files/${id}/selfie`, fields: [], as: ["anon", "investor", "admin"] },
  { method: "GET", path: (id) => `/api/v1/public/batches/${id}/settlements`, fields: [], as: ["anon"] },
  { method: "POST", path: "/api/v1/admin/reserve", fields: ["amount", "source"], as: ["investor", "admin"] },
  // Issue 20: four eyes and admin roles.
  { method: "GET", path: "/api/v1/admin/approvals", fields: [], as: ["investor", "admin"] },
  { method: "POST", path: (id) => `/api/v1/admin/approvals/${id}/approve`, fields: [], as: ["investor", "admin"] },
  { method: "POST", path: (id) => `/api/v1/admin/approvals/${id}/reject`, fields: ["reason"], as: ["investor", "admin"] },
  { method: "GET", path: "/api/v1/admin/users", fields: [], as: ["investor", "admin"] },
  { method: "POST", path: (id) => `/api/v1/admin/users/${id}/role`, fields: ["is_admin"], as: ["investor", "admin"] },
  { method: "GET", path: "/api/v1/admin/invariants", fields: [], as: ["investor"] },
  { method: "GET", path: (id) => `/api/v1/${id}`, fields: [], as: ["anon"] },
];

/** Pages: GET with hostile query strings, POST with hostile forms. */
const PAGES: Target[] = [
  { method: "GET", path: "/", fields: ["product", "units", "unit_price", "roi"], as: ["anon"], page: true },
  { method: "GET", path: "/how-it-works", fields: ["product", "units", "unit_price", "roi"], as: ["anon"], page: true },
  { method: "GET", path: "/faq", fields: ["q"], as: ["anon"], page: true },
  { method: "GET", path: "/login", fields: ["redirectTo"], as: ["anon"], page: true },
  { method: "POST", path: "/login", fields: ["email", "password", "redirectTo"], as: ["anon"], page: true },
  { method: "POST", path: "/login/code", fields: ["code"], as: ["anon"], page: true },
  { method: "POST", path: "/account/two-factor", fields: ["intent", "password", "code"], as: ["investor"], page: true, intents: ["enable", "disable", "regenerate", "nope"] },
  {
    method: "POST",
    path: "/portfolio/destinations",
    fields: ["intent", "kind", "network", "phone", "bank_code", "account_number", "name", "password", "code", "destination_id"],
    as: ["investor"],
    page: true,
    intents: ["add", "remove", "nope"],
    valid: { intent: "add", kind: "mobile_money", network: "MTN", phone: "0241234567", name: "Kofi Mensah", password: "correct-horse-battery" },
  },
  { method: "POST", path: "/register", fields: ["full_name", "email", "password"], as: ["anon"], page: true },
  {
    method: "POST",
    path: "/contact",
    fields: ["name", "email", "subject", "message"],
    as: ["anon", "investor"],
    page: true,
    valid: { name: "Ama", email: "ama@example.com", subject: "Payouts", message: "When is the next egg payout?" },
  },
  {
    method: "POST",
    path: "/kyc",
    fields: ["legal_name", "date_of_birth", "phone", "id_type", "id_number"],
    as: ["anon", "investor"],
    page: true,
    valid: { legal_name: "Ama Owusu", date_of_birth: "1990-04-25", phone: "0241234567", id_type: "GHANA_CARD", id_number: "GHA-123456789-0" },
  },
  { method: "POST", path: "/admin/kyc", fields: ["intent", "id", "reason"], as: ["investor", "admin"], page: true, intents: ["approve", "reject", "nope"] },
  { method: "GET", path: "/admin/approvals", fields: [], as: ["investor", "admin"], page: true },
  { method: "POST", path: "/admin/approvals", fields: ["intent", "id", "reason"], as: ["investor", "admin"], page: true, intents: ["approve", "reject", "nope"] },
  { method: "POST", path: "/admin/tax", fields: ["period", "amount", "reference"], as: ["investor", "admin"], page: true },
  { method: "GET", path: "/admin/tax", fields: ["month"], as: ["admin"], page: true },
  { method: "GET", path: "/portfolio/statements", fields: ["year"], as: ["investor"], page: true },
  { method: "GET", path: (id) => `/portfolio/statements/${id}`, fields: [], as: ["investor"], page: true },
  { method: "POST", path: "/reset-password", fields: ["email"], as: ["anon"], page: true },
  { method: "POST", path: (id) => `/reset-password/${id}`, fields: ["password"], as: ["anon"], page: true },
  { method: "POST", path: "/reset-password/code", fields: ["email", "code", "password", "confirm"], as: ["anon"], page: true },
  { method: "GET", path: (id) => `/confirm-email/${id}`, fields: [], as: ["anon"], page: true },
  { method: "POST", path: (id) => `/confirm-email/${id}`, fields: [], as: ["anon", "investor"], page: true },
  { method: "GET", path: (id) => `/unsubscribe/${id}`, fields: [], as: ["anon"], page: true },
  { method: "POST", path: (id) => `/unsubscribe/${id}`, fields: ["List-Unsubscribe"], as: ["anon"], page: true },
  {
    method: "POST",
    path: "/account",
    fields: ["intent", "code", "payouts_EMAIL", "news_SMS", "session_id"],
    as: ["investor"],
    page: true,
    intents: ["send-email-link", "send-phone-code", "confirm-phone", "preferences", "end-session", "end-other-sessions", "nope"],
  },
  { method: "GET", path: "/admin/outbox", fields: ["status"], as: ["investor", "admin"], page: true },
  { method: "POST", path: "/admin/outbox", fields: ["id", "status"], as: ["investor", "admin"], page: true },
  { method: "GET", path: "/portfolio", fields: ["q", "status", "min", "max", "from", "to", "sort", "per", "page", "spage", "dialog", "id", "amount"], as: ["investor"], page: true },
  {
    method: "POST",
    path: "/portfolio",
    fields: ["intent", "amount", "idempotency_key", "investment_id", "units", "exit_id", "method", "momo_provider", "bank_name", "account_number", "confirmed", "auto_reinvest"],
    as: ["investor"],
    page: true,
    intents: ["deposit", "withdraw", "reinvest", "cancel_exit", "auto_reinvest", "nope"],
    valid: { intent: "deposit", amount: "10" },
  },
  { method: "GET", path: (id) => `/portfolio/investments/${id}/receipt`, fields: [], as: ["investor"], page: true },
  { method: "GET", path: "/invest/eggs", fields: ["q", "status", "sort", "dialog", "batch", "calc_batch", "amount"], as: ["anon", "investor"], page: true },
  { method: "GET", path: "/invest/chicken", fields: ["q", "status", "sort", "dialog", "batch"], as: ["anon", "investor"], page: true },
  {
    method: "POST",
    path: "/invest/eggs",
    fields: ["intent", "batch_id", "units", "terms", "auto_reinvest", "idempotency_key"],
    as: ["anon", "investor"],
    page: true,
    intents: ["invest", "exit", "nope"],
    valid: { intent: "invest", batch_id: "2", units: "1", terms: "on" },
  },
  { method: "POST", path: "/invest/chicken", fields: ["intent", "batch_id", "units", "terms", "auto_reinvest", "idempotency_key"], as: ["anon", "investor"], page: true, intents: ["invest", "exit"] },
  { method: "GET", path: (id) => `/batches/${id}`, fields: ["page"], as: ["anon", "investor"], page: true },
  { method: "GET", path: "/admin", fields: ["dialog", "batch", "intent"], as: ["investor", "admin"], page: true },
  {
    method: "POST",
    path: "/admin?index",
    fields: [
      "intent",
      "name",
      "location",
      "notes",
      "farm_id",
      "product_type",
      "unit_price",
      "target_units",
      "feed_price",
      "mortality_rate",
      "expected_roi",
      "start_date",
      "batch_id",
      "period",
      "confirmed",
      "idempotency_key",
      "reserve_draw",
      "amount",
      "source",
    ],
    as: ["investor", "admin"],
    page: true,
    intents: ["create_farm", "create_batch", "activate", "simulate", "execute", "close", "delete", "fund_reserve", "nope"],
    valid: { intent: "create_batch", farm_id: "1", product_type: "CHICKEN", unit_price: "50", target_units: "1000", feed_price: "6", mortality_rate: "0.07", expected_roi: "0.12" },
  },
  { method: "GET", path: (id) => `/admin/batches/${id}/logs`, fields: [], as: ["admin"], page: true },
  {
    method: "POST",
    path: (id) => `/admin/batches/${id}/logs`,
    fields: [
      "intent",
      "log_date",
      "birds_alive",
      "deaths",
      "feed_kg",
      "eggs_collected",
      "avg_weight_kg",
      "temperature_c",
      "humidity_pct",
      "ammonia_ppm",
      "notes",
      "incident",
      "incident_description",
      "log_id",
      "idempotency_key",
    ],
    as: ["investor", "admin"],
    page: true,
    intents: ["log", "photos", "nope"],
  },
  { method: "GET", path: (id) => `/admin/batches/${id}/remittances`, fields: ["period"], as: ["admin"], page: true },
  {
    method: "POST",
    path: (id) => `/admin/batches/${id}/remittances`,
    fields: ["period", "amount", "crates_sold", "price_per_crate", "birds_sold", "live_weight_kg", "price_per_kg", "revenue", "feed_cost", "vet_cost", "other_costs", "farm_share", "idempotency_key"],
    as: ["investor", "admin"],
    page: true,
  },
  { method: "GET", path: "/admin/audit", fields: ["batch"], as: ["admin"], page: true },
  { method: "GET", path: "/admin/exits", fields: [], as: ["admin"], page: true },
  { method: "GET", path: "/admin/messages", fields: [], as: ["admin"], page: true },
  {
    method: "POST",
    path: "/admin/content",
    fields: ["intent", "title", "body_md", "faq_question", "faq_answer", "example_unit_price", "example_expected_roi"],
    as: ["investor", "admin"],
    page: true,
    intents: ["preview", "save"],
    valid: { intent: "save", title: "How It Works", body_md: "# Guide", example_unit_price: "50", example_expected_roi: "0.12" },
  },
  { method: "GET", path: "/how-it-works", fields: [], as: ["anon"], page: true },
  { method: "GET", path: "/portfolio/export.csv", fields: ["q", "status", "min", "max", "from", "to", "sort"], as: ["investor"], page: true },
  { method: "GET", path: "/portfolio/statement.csv", fields: [], as: ["investor"], page: true },
  { method: "GET", path: (id) => `/portfolio/payouts/${id}`, fields: [], as: ["investor"], page: true },
];

const ENCODINGS = ["json", "form", "form", "form", "form-duplicated", "multipart", "multipart", "malformed-json", "text", "empty", "wrong-type-json"] as const;

const caseArb = fc.record({
  target: fc.constantFrom(...API, ...PAGES),
  who: fc.integer({ min: 0, max: 2 }),
  id: idSegment,
  values: fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), value), { maxLength: 14 }),
  extra: fc.dictionary(fc.constantFrom("extra", "__proto__", "is_admin", "user_id", "balance", "status"), scalar, { maxKeys: 2 }),
  drop: fc.integer({ min: 0, max: 20 }),
  encoding: fc.constantFrom(...ENCODINGS),
  intent: fc.nat(),
  origin: fc.constantFrom("same", "same", "same", "none", "evil"),
  /** Start from a valid body and spoil one or two fields: reaches the rules behind validation. */
  nearlyValid: fc.boolean(),
});

type Case = ReturnType<typeof caseArb.generate>["value"];
type Failure = { label: string; why: string };

let server: TestServer;
const clients: Record<"anon" | "investor" | "admin", Client> = {} as never;

beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT: "100000" });
  clients.anon = new Client(server.url);
  clients.admin = (await signInAdmin(server)).api;
  // Something to act on: money in the wallet and a holding in a seeded batch.
  const investor = await createInvestor(server, { walletGhs: 5000 });
  clients.investor = investor.api;
  const products = (await call(clients.anon, "GET", "/api/v1/public/products")).body.products as Array<{ id: number; status: string }>;
  const open = products.find((p) => p.status === "OPEN");
  if (open) await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: open.id, units: 2 });
});
afterAll(async () => {
  await server?.stop();
});

function bodyFields(c: Case): Record<string, unknown> {
  const fields = c.target.fields;
  const out: Record<string, unknown> = {};
  if (c.nearlyValid && c.target.valid) {
    Object.assign(out, c.target.valid);
    for (const [i, v] of c.values.slice(0, 2)) out[fields[i % fields.length]] = v;
    return out;
  }
  if (fields.length) {
    for (const [i, v] of c.values) out[fields[i % fields.length]] = v;
    if (c.drop < fields.length) delete out[fields[c.drop]];
  }
  if (c.target.intents) out.intent ??= c.target.intents[c.intent % c.target.intents.length];
  return { ...out, ...c.extra };
}

const text = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

function encode(c: Case, fields: Record<string, unknown>): { body?: BodyInit; headers: Record<string, string> } {
  switch (c.encoding) {
    case "json":
      return { body: JSON.stringify(fields), headers: { "Content-Type": "application/json" } };
    case "wrong-type-json":
      return { body: JSON.stringify([fields, 1]), headers: { "Content-Type": "application/json" } };
    case "malformed-json":
      return { body: JSON.stringify(fields).slice(0, -1) + ",,", headers: { "Content-Type": "application/json" } };
    case "form":
    case "form-duplicated": {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) {
        p.append(k, text(v));
        if (c.encoding === "form-duplicated") p.append(k, text(v) + "1");
      }
      return { body: p.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
    }
    case "multipart": {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, text(v));
      return { body: f, headers: {} };
    }
    case "text":
      return { body: text(fields), headers: { "Content-Type": "text/plain" } };
    case "empty":
      return { headers: { "Content-Type": "application/json" } };
  }
}

async function runCase(c: Case): Promise<Failure | null> {
  const who = c.target.as[c.who % c.target.as.length];
  const client = clients[who];
  const basePath = typeof c.target.path === "function" ? c.target.path(c.id) : c.target.path;
  const fields = bodyFields(c);
  let path = basePath;
  let init: RequestInit = { method: c.target.method, headers: {} };
  if (c.target.method === "GET" || c.target.method === "DELETE") {
    const q = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, text(v)]));
    if ([...q].length) path += (path.includes("?") ? "&" : "?") + q;
  } else {
    const { body, headers } = encode(c, fields);
    init = { method: c.target.method, body, headers };
  }
  const headers = new Headers(init.headers);
  if (c.origin === "same" && c.target.method !== "GET") headers.set("Origin", server.url);
  if (c.origin === "evil" && c.target.method !== "GET") headers.set("Origin", "https://evil.example");
  const label = `${who} ${c.target.method} ${path.slice(0, 160)} [${c.encoding}, origin ${c.origin}] ${JSON.stringify(fields).slice(0, 200)}`;
  let res: Response;
  try {
    res = await client.request(path, { ...init, headers });
  } catch (error) {
    return { label, why: `request failed: ${String(error)}` };
  }
  const body = await res.text();
  if (REPORT) {
    const key = `${c.target.method} ${typeof c.target.path === "string" ? c.target.path : c.target.path(":id")}`;
    const row = (REPORT[key] ??= {});
    row[res.status] = (row[res.status] ?? 0) + 1;
  }
  if (res.status >= 500) return { label, why: `${res.status}: ${body.slice(0, 300)}` };
  const type = res.headers.get("Content-Type") ?? "";
  if (type.includes("text/html")) {
    const echoed = MARKUP.find((m) => body.includes(m));
    if (echoed) return { label, why: `HTML echoes ${echoed} unescaped` };
  } else if (path.startsWith("/api/v1") && res.status !== 204) {
    if (!type.includes("application/json")) return { label, why: `API answered ${type || "no type"}` };
    if (res.headers.get("X-Content-Type-Options") !== "nosniff") return { label, why: "no nosniff" };
    if (res.status >= 400) {
      const parsed = JSON.parse(body) as { detail?: unknown };
      if (typeof parsed.detail !== "string") return { label, why: `4xx without a detail: ${body.slice(0, 200)}` };
    }
  }
  return null;
}

describe(`fuzz: ${RUNS} hostile requests (FUZZ_SEED=${SEED})`, () => {
  it("never answers 5xx, never echoes markup into HTML, and the ledger holds", async () => {
    const cases = fc.sample(caseArb, { numRuns: RUNS, seed: SEED });
    // A few 1 MB strings too: refused as too large, never a crash.
    const huge = "A".repeat(1024 * 1024);
    for (const target of [...API, ...PAGES].filter((t) => t.method === "POST").slice(0, 6)) {
      cases.push({ target, who: 0, id: "1", values: [[0, huge]], extra: {}, drop: 99, encoding: "json", intent: 0, origin: "same", nearlyValid: false });
      cases.push({ target, who: 1, id: "1", values: [[0, huge]], extra: {}, drop: 99, encoding: "form", intent: 0, origin: "same", nearlyValid: false });
    }
    const failures: Failure[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const failure = await runCase(cases[next++]);
          if (failure) failures.push(failure);
        }
      }),
    );
    if (REPORT) console.table(Object.fromEntries(Object.entries(REPORT).map(([k, v]) => [k, JSON.stringify(v)])));
    expect(failures.slice(0, 15), `seed ${SEED}: ${failures.length} failures`).toEqual([]);
    const invariants = await call(clients.admin, "GET", "/api/v1/admin/invariants");
    expect(invariants.body).toEqual({ ok: true, problems: [] });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 240_000);
});
