import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "~/domain/idempotency";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createFarm, createInvestor, createRemittance, signInAdmin } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

/**
 * Issue 12 item 6: an Idempotency-Key is tied to the request it was first used for. The same
 * request again replays the first answer; another request (other target, amount, units, period,
 * destination...) with the same key is refused with 422 and changes nothing.
 */

const REUSED = "This idempotency key was already used for a different request.";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO_DATA: "true" });
  admin = (await signInAdmin(server)).api;
});
afterAll(async () => {
  await server?.stop();
});

let seq = 0;
const uniqueKey = (what: string) => `idem-${what}-${process.pid}-${Date.now()}-${++seq}`;

/** Everything a money call or admin action could change, to prove a refused or replayed request changed nothing. */
function snapshot() {
  const db = server.db();
  const all = (q: string) => db.prepare(q).all();
  return JSON.stringify([
    all("select id, balance_minor from accounts order by id"),
    all("select count(*) n from postings"),
    all("select id, units_held, status, auto_reinvest from investments order by id"),
    all("select id, units_placed, target_units, status, start_date from batches order by id"),
    all("select id, units_remaining, status from exit_requests order by id"),
    all("select count(*) n from payouts"),
    all("select count(*) n from payout_runs"),
    all("select count(*) n from farms"),
    all("select count(*) n from farm_logs"),
    all("select count(*) n from withdrawals"),
    all("select count(*) n from audit_log"),
    all("select count(*) n from idempotency_keys"),
    all("select slug, title, updated_at from pages order by slug"),
  ]);
}

async function expectInvariants() {
  expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
}

/** An OPEN egg batch: 100 units at GHS 100, 1% a month. */
const newBatch = (options: { productType?: "EGG" | "CHICKEN"; startDate?: string } = {}) =>
  createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 100, expectedRoi: 0.01, ...options }).id;

/**
 * An ACTIVE egg batch that started in January 2025 (so early exit is open and earlier periods can
 * be paid), `holder` holding `units`: bought and activated through the API, so the money is real.
 */
async function activeEgg(holder: Client, units = 10) {
  const id = newBatch({ startDate: "2025-01-01" });
  expect((await call(holder, "POST", "/api/v1/invest/create", { batch_id: id, units })).status).toBe(201);
  expect((await call(admin, "POST", `/api/v1/admin/batches/${id}/activate`)).status).toBe(200);
  createRemittance(server, id); // runs pay only what the farm remitted (issue 18)
  return id;
}

type Req = { method: string; path: string; body?: unknown };
type Case = {
  name: string;
  /** Builds the scene; returns who calls, the first request, requests that are the same request, and different ones. */
  setup: () => Promise<{ client: Client; first: Req; same: Req[]; different: Req[] }>;
};

const post = (path: string, body?: unknown): Req => ({ method: "POST", path, body });
const destination = { method: "MOMO", provider: "MTN MoMo", account_number: "024 123 4567" };
const logBody = { log_date: "2026-01-01", birds_alive: 10, feed_kg: 1, avg_weight_kg: 1 };
const pageBody = { title: "How it works", body_md: "Text", faqs: [], example_unit_price: 50, example_expected_roi: 0.12 };

const CASES: Case[] = [
  {
    name: "deposit (amount)",
    setup: async () => ({
      client: (await createInvestor(server)).api,
      first: post("/api/v1/invest/deposit", { amount: 100 }),
      same: [post("/api/v1/invest/deposit", { amount: "100.00" }), post("/api/v1/invest/deposit", { amount: " 100 " })],
      different: [post("/api/v1/invest/deposit", { amount: 50 }), post("/api/v1/invest/deposit", { amount: "100.01" }), post("/api/v1/invest/withdraw", { amount: 100 })],
    }),
  },
  {
    name: "withdraw (amount, destination)",
    setup: async () => ({
      client: (await createInvestor(server, { walletGhs: 500 })).api,
      first: post("/api/v1/invest/withdraw", { amount: 40, ...destination }),
      same: [post("/api/v1/invest/withdraw", { ...destination, amount: "40.00", account_number: "0241234567" })],
      different: [
        post("/api/v1/invest/withdraw", { amount: 41, ...destination }),
        post("/api/v1/invest/withdraw", { amount: 40, ...destination, account_number: "020 123 4567" }),
        post("/api/v1/invest/withdraw", { amount: 40 }),
        post("/api/v1/invest/deposit", { amount: 40 }),
      ],
    }),
  },
  {
    name: "invest (batch, units, auto-reinvest)",
    setup: async () => {
      const [x, y] = [newBatch(), newBatch()];
      return {
        client: (await createInvestor(server, { walletGhs: 10_000 })).api,
        first: post("/api/v1/invest/create", { batch_id: x, units: 2 }),
        same: [post("/api/v1/invest/create", { units: "2", batch_id: String(x) })],
        different: [
          post("/api/v1/invest/create", { batch_id: y, units: 2 }),
          post("/api/v1/invest/create", { batch_id: x, units: 3 }),
          post("/api/v1/invest/create", { batch_id: x, units: 2, auto_reinvest: true }),
        ],
      };
    },
  },
  {
    name: "early exit (batch, units)",
    setup: async () => {
      const u = await createInvestor(server, { walletGhs: 10_000 });
      const [x, y] = [await activeEgg(u.api), await activeEgg(u.api)];
      return {
        client: u.api,
        first: post("/api/v1/invest/early-exit", { batch_id: x, units: 2 }),
        same: [post("/api/v1/invest/early-exit", { batch_id: `${x}`, units: "2" })],
        different: [post("/api/v1/invest/early-exit", { batch_id: x, units: 3 }), post("/api/v1/invest/early-exit", { batch_id: y, units: 2 })],
      };
    },
  },
  {
    name: "cancel an early exit (exit id)",
    setup: async () => {
      const u = await createInvestor(server, { walletGhs: 10_000 });
      const exits: number[] = [];
      for (const batchId of [await activeEgg(u.api), await activeEgg(u.api)]) {
        const res = await call(u.api, "POST", "/api/v1/invest/early-exit", { batch_id: batchId, units: 1 });
        expect(res.status).toBe(201);
        exits.push(res.body.requests[0].id);
      }
      return { client: u.api, first: post(`/api/v1/invest/exits/${exits[0]}/cancel`), same: [], different: [post(`/api/v1/invest/exits/${exits[1]}/cancel`)] };
    },
  },
  {
    name: "create a farm (its fields)",
    setup: async () => ({
      client: admin,
      first: post("/api/v1/admin/farms", { name: "Replay Farm", location: "Tamale" }),
      same: [post("/api/v1/admin/farms", { location: "Tamale ", name: " Replay Farm" })],
      different: [post("/api/v1/admin/farms", { name: "Other Farm", location: "Tamale" })],
    }),
  },
  {
    name: "create a batch (its fields)",
    setup: async () => {
      const farm = createFarm(server, { name: "Batch Farm" }).id;
      const fields = { farm_id: farm, product_type: "CHICKEN", unit_price: 50, target_units: 1000, feed_price: 6, mortality_rate: 0.07, expected_roi: 0.12 };
      return {
        client: admin,
        first: post("/api/v1/admin/batches", fields),
        same: [post("/api/v1/admin/batches", { ...fields, unit_price: "50.00", farm_id: String(farm) })],
        different: [post("/api/v1/admin/batches", { ...fields, target_units: 2000 }), post("/api/v1/admin/batches", { ...fields, unit_price: 60 })],
      };
    },
  },
  {
    name: "activate a batch (batch id)",
    setup: async () => {
      const [x, y] = [newBatch(), newBatch()];
      return { client: admin, first: post(`/api/v1/admin/batches/${x}/activate`), same: [], different: [post(`/api/v1/admin/batches/${y}/activate`)] };
    },
  },
  {
    name: "execute a payout (batch id, period)",
    setup: async () => {
      const holder = (await createInvestor(server, { walletGhs: 10_000 })).api;
      const [x, y] = [await activeEgg(holder), await activeEgg(holder)];
      return {
        client: admin,
        first: post(`/api/v1/admin/payouts/${x}/execute`, {}),
        same: [post(`/api/v1/admin/payouts/${x}/execute`, { period: "" })],
        different: [post(`/api/v1/admin/payouts/${y}/execute`, {}), post(`/api/v1/admin/payouts/${x}/execute`, { period: "2025-03" })],
      };
    },
  },
  {
    name: "record a remittance (batch id, period, amount, sheet)",
    setup: async () => {
      const holder = (await createInvestor(server, { walletGhs: 10_000 })).api;
      const [x, y] = [await activeEgg(holder), await activeEgg(holder)];
      const fields = { period: "2025-03", amount: "12.50", crates_sold: 10 };
      return {
        client: admin,
        first: post(`/api/v1/admin/batches/${x}/remittances`, fields),
        same: [post(`/api/v1/admin/batches/${x}/remittances`, { ...fields, amount: 12.5, crates_sold: "10" })],
        different: [
          post(`/api/v1/admin/batches/${y}/remittances`, fields),
          post(`/api/v1/admin/batches/${x}/remittances`, { ...fields, amount: 13 }),
          post(`/api/v1/admin/batches/${x}/remittances`, { ...fields, crates_sold: 11 }),
        ],
      };
    },
  },
  {
    name: "close an egg batch (batch id)",
    setup: async () => {
      const holder = (await createInvestor(server, { walletGhs: 10_000 })).api;
      const [x, y] = [await activeEgg(holder), await activeEgg(holder)];
      return { client: admin, first: post(`/api/v1/admin/batches/${x}/close`), same: [], different: [post(`/api/v1/admin/batches/${y}/close`)] };
    },
  },
  {
    name: "delete a batch (batch id)",
    setup: async () => {
      const [x, y] = [newBatch(), newBatch()];
      return {
        client: admin,
        first: { method: "DELETE", path: `/api/v1/admin/batches/${x}` },
        same: [],
        different: [{ method: "DELETE", path: `/api/v1/admin/batches/${y}` }],
      };
    },
  },
  {
    name: "save a content page (its fields)",
    setup: async () => ({
      client: admin,
      first: { method: "PUT", path: "/api/v1/admin/pages/how-it-works", body: { ...pageBody, title: `Replay ${seq}` } },
      same: [{ method: "PUT", path: "/api/v1/admin/pages/how-it-works", body: { ...pageBody, title: `Replay ${seq} `, example_unit_price: "50.00" } }],
      different: [{ method: "PUT", path: "/api/v1/admin/pages/how-it-works", body: { ...pageBody, title: "Another title" } }],
    }),
  },
  {
    name: "record a daily log (batch id, fields)",
    setup: async () => {
      const [x, y] = [newBatch({ productType: "CHICKEN" }), newBatch({ productType: "CHICKEN" })];
      return {
        client: admin,
        first: post(`/api/v1/admin/batches/${x}/logs`, logBody),
        same: [post(`/api/v1/admin/batches/${x}/logs`, { ...logBody, birds_alive: "10" })],
        different: [post(`/api/v1/admin/batches/${y}/logs`, logBody), post(`/api/v1/admin/batches/${x}/logs`, { ...logBody, log_date: "2026-01-02" })],
      };
    },
  },
];

const send = (client: Client, req: Req, key: string) => call(client, req.method, req.path, req.body, { "Idempotency-Key": key });

describe("every API money call and admin action ties its Idempotency-Key to the request", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s: the same request replays, another one gets 422 and changes nothing", async (_name, c) => {
    const { client, first, same, different } = await c.setup();
    const key = uniqueKey("api");
    const answer = await send(client, first, key);
    expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
    const after = snapshot();

    for (const req of [first, ...same]) {
      expect(await send(client, req, key), `${req.method} ${req.path} ${JSON.stringify(req.body)}`).toEqual(answer);
      expect(snapshot()).toBe(after);
    }
    for (const req of different) {
      expect(await send(client, req, key), `${req.method} ${req.path} ${JSON.stringify(req.body)}`).toEqual({ status: 422, body: { detail: REUSED } });
      expect(snapshot()).toBe(after);
    }
    await expectInvariants();
  });

  it("the issue's scenario: executing batch A then batch B with one key does not pass A's run off as B's; B stays unpaid", async () => {
    const holder = await createInvestor(server, { walletGhs: 10_000 });
    const [a, b] = [await activeEgg(holder.api), await activeEgg(holder.api)];
    const runs = (batchId: number) => (server.db().prepare("select count(*) n from payout_runs where batch_id = ?").get(batchId) as { n: number }).n;
    const key = uniqueKey("execute");
    const paidA = await send(admin, post(`/api/v1/admin/payouts/${a}/execute`), key);
    expect(paidA.status).toBe(200);
    const walletAfterA = (await call(holder.api, "GET", "/api/v1/invest/wallet")).body.balance;

    const onB = await send(admin, post(`/api/v1/admin/payouts/${b}/execute`), key);
    expect(onB).toEqual({ status: 422, body: { detail: REUSED } });
    expect(runs(a)).toBe(1);
    expect(runs(b)).toBe(0);
    expect((await call(holder.api, "GET", "/api/v1/invest/wallet")).body.balance).toBe(walletAfterA);
    // With its own key, B is paid as usual.
    expect((await send(admin, post(`/api/v1/admin/payouts/${b}/execute`), uniqueKey("execute-b"))).status).toBe(200);
    expect(runs(b)).toBe(1);
    await expectInvariants();
  });

  it("keys are per user: another user's same key is a fresh request", async () => {
    const key = uniqueKey("shared");
    const [one, two] = [await createInvestor(server), await createInvestor(server)];
    expect((await send(one.api, post("/api/v1/invest/deposit", { amount: 10 }), key)).status).toBe(200);
    expect((await send(two.api, post("/api/v1/invest/deposit", { amount: 20 }), key)).body.balance).toBe(20);
  });

  it("a key stored before fingerprints existed (fingerprint '') still replays for the same operation", async () => {
    const u = await createInvestor(server);
    server
      .db()
      .prepare("insert into idempotency_keys (user_id, key, operation, fingerprint, status, response_json) values (?, 'legacy-1', 'invest/deposit', '', 200, ?)")
      .run(u.id, JSON.stringify({ message: "Deposit successful", amount: 5, balance: 5 }));
    const before = snapshot();
    expect(await send(u.api, post("/api/v1/invest/deposit", { amount: 5 }), "legacy-1")).toEqual({ status: 200, body: { message: "Deposit successful", amount: 5, balance: 5 } });
    expect(await send(u.api, post("/api/v1/invest/withdraw", { amount: 5 }), "legacy-1")).toEqual({ status: 422, body: { detail: REUSED } });
    expect(snapshot()).toBe(before);
  });

  it("a key stored under the API's own operation name, before commands, still replays the same request", async () => {
    const u = await createInvestor(server, { walletGhs: 500 });
    const key = uniqueKey("before-commands");
    const first = await send(u.api, post("/api/v1/invest/withdraw", { amount: 40, ...destination }), key);
    expect(first.status).toBe(200);
    // As the API stored it before commands: under invest/withdraw, fingerprinted with that name.
    const params = { amountMinor: 4_000, destinationId: null, unsaved: { method: "MOMO", provider: "MTN MoMo", accountNumber: "0241234567" } };
    const fingerprint = createHash("sha256")
      .update(canonicalJson({ operation: "invest/withdraw", params }))
      .digest("hex");
    expect(server.db().prepare("update idempotency_keys set operation = 'invest/withdraw', fingerprint = ? where user_id = ? and key = ?").run(fingerprint, u.id, key).changes).toBe(1);
    const before = snapshot();
    expect(await send(u.api, post("/api/v1/invest/withdraw", { ...destination, amount: "40.00" }), key)).toEqual(first);
    expect(await send(u.api, post("/api/v1/invest/withdraw", { ...destination, amount: 41 }), key)).toEqual({ status: 422, body: { detail: REUSED } });
    expect(snapshot()).toBe(before);
  });
});

describe("page forms: the hidden idempotency_key is tied to the form's request too", () => {
  const formKey = (html: string) => /name="idempotency_key" value="([^"]+)"/.exec(html)![1];
  const balance = (userId: number) => (server.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { b: number } | undefined)?.b ?? 0;

  it("portfolio: a deposit form replayed with the key of an earlier deposit but another amount is refused with a message", async () => {
    const u = await createInvestor(server);
    const key = formKey(await (await u.page.get("/portfolio?dialog=deposit")).text());
    expect((await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "120.50", idempotency_key: key })).status).toBe(302);
    // The same form again (a double tap) replays: one deposit.
    expect((await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "120.5", idempotency_key: key })).status).toBe(302);
    expect(balance(u.id)).toBe(12050);
    const before = snapshot();
    const other = await u.page.postForm("/portfolio?dialog=deposit", { intent: "deposit", amount: "999", idempotency_key: key });
    expect(other.status).toBe(400);
    const text = htmlText(await other.text());
    expect(text).toContain(REUSED);
    expect(text).toMatch(/name="amount"[^>]*value="999"/);
    expect(snapshot()).toBe(before);
    expect(balance(u.id)).toBe(12050);
  });

  it("invest page: an invest form replayed with the same key for another batch is refused", async () => {
    const u = await createInvestor(server, { walletGhs: 1000 });
    const [x, y] = [newBatch(), newBatch()];
    const key = uniqueKey("invest-page");
    const fields = { intent: "invest", units: "1", terms: "on", idempotency_key: key };
    expect((await u.page.postForm("/invest/eggs", { ...fields, batch_id: x })).status).toBe(302);
    const before = snapshot();
    const other = await u.page.postForm("/invest/eggs", { ...fields, batch_id: y });
    expect(other.status).toBe(400);
    expect(htmlText(await other.text())).toContain(REUSED);
    expect(snapshot()).toBe(before);
  });

  it("admin dashboard: executing batch A then batch B with one form key is refused for B; B stays unpaid", async () => {
    const adminPage = (await signInAdmin(server)).page;
    const holder = (await createInvestor(server, { walletGhs: 10_000 })).api;
    const [a, b] = [await activeEgg(holder), await activeEgg(holder)];
    const key = uniqueKey("admin-page");
    expect((await adminPage.postForm("/admin?index", { intent: "execute", batch_id: a, confirmed: "1", idempotency_key: key })).status).toBe(302);
    const before = snapshot();
    const onB = await adminPage.postForm("/admin?index", { intent: "execute", batch_id: b, confirmed: "1", idempotency_key: key });
    expect(onB.status).toBe(400);
    expect(htmlText(await onB.text())).toContain(REUSED);
    expect(snapshot()).toBe(before);
    expect((server.db().prepare("select count(*) n from payout_runs where batch_id = ?").get(b) as { n: number }).n).toBe(0);
  });
});
