import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBatch, createInvestor } from "./support/factories";
import { FakeAfricasTalking } from "./support/fake-ussd-africastalking";
import { startServer, type TestServer } from "./support/server";

/**
 * WEB_CONCURRENCY=2 (issue 19): two worker processes on one port and one SQLite file. What was
 * per process must hold across them (rate limits, idempotency, no overselling), a crashed worker is
 * replaced, and SIGTERM drains them all.
 */
const METRICS_TOKEN = "metrics-token-0123456789abcdef";
const USSD_CALLBACK_SECRET = "ussd-workers-secret-0123456789";
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ WEB_CONCURRENCY: "2", REQUEST_LOG: "on", METRICS_TOKEN, AUTH_RATE_LIMIT: "4", USSD_CALLBACK_SECRET });
  // Both workers say they are up.
  const deadline = Date.now() + 20_000;
  while ((server.logs().match(/running at .*worker \d/g) ?? []).length < 2) {
    if (Date.now() > deadline) throw new Error(`workers did not start:\n${server.logs()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  await server?.stop();
});

/** A fresh connection per request, so the primary hands requests to both workers. */
const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { Connection: "close", ...init.headers } });

function workersSeen(): Set<number> {
  return new Set(
    server
      .logs()
      .split("\n")
      .filter((l) => l.startsWith("{") && l.includes('"msg":"request"'))
      .map((l) => (JSON.parse(l) as { worker?: number }).worker)
      .filter((w): w is number => typeof w === "number"),
  );
}

describe("several worker processes on one SQLite file", () => {
  it("warns that the demo payments provider keeps its records in each worker's memory", () => {
    expect(server.logs()).toContain("WEB_CONCURRENCY is 2 with PAYMENTS_PROVIDER=demo: the demo provider keeps its charges and transfers in each worker's memory");
  });

  it("runs one process by default with the demo payments provider, in production", async () => {
    const single = await startServer({ WEB_CONCURRENCY: undefined });
    try {
      expect(single.logs()).toMatch(/running at http:\/\/localhost:\d+ \(NODE_ENV=production\)/);
      expect(single.logs()).not.toMatch(/worker \d|PAYMENTS_PROVIDER=demo/);
    } finally {
      await single.stop();
    }
  });

  it("serves from both workers", async () => {
    for (let i = 0; i < 20; i++) expect((await get("/healthz")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect([...workersSeen()].sort()).toEqual([1, 2]);
  });

  it("counts login failures once for all workers", async () => {
    const u = await createInvestor(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await get("/api/v1/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `username=${encodeURIComponent(u.email)}&password=wrong-password-${i}`,
      });
      statuses.push(res.status);
    }
    // AUTH_RATE_LIMIT=4 for one address and account: the fifth is refused, whichever worker answers.
    expect(statuses.slice(0, 4).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it("replays an idempotent deposit across workers and credits it once", async () => {
    const u = await createInvestor(server);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        get("/api/v1/invest/deposit", {
          method: "POST",
          headers: { Authorization: `Bearer ${u.token}`, "Content-Type": "application/json", "Idempotency-Key": "across-workers-1" },
          body: JSON.stringify({ amount: 40 }),
        }).then((r) => r.json() as Promise<{ balance: number }>),
      ),
    );
    expect(answers.every((a) => a.balance === 40)).toBe(true);
    const { b } = server.db().prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(u.id) as { b: number };
    expect(b).toBe(4_000);
  });

  it("answers one USSD session from both workers; a request that reaches both at once runs once", async () => {
    for (let i = 0; i < 6; i++) createBatch(server);
    const phone = "+233209990001";
    // A confirmed phone and a PIN (issue 31: Invest opens only for an account that has one).
    await createInvestor(server, { walletGhs: 10, phone, pin: "4071" });
    const fake = new FakeAfricasTalking(`${server.url}/ussd/africastalking/${USSD_CALLBACK_SECRET}`, { headers: { Connection: "close" } });
    await fake.dial(phone);
    expect(await fake.send("1")).toContain("Wallet: GHS 10.00");
    await fake.send("0");
    expect(await fake.send("2")).toMatch(/^9\. More$/m);
    const { ids } = JSON.parse((server.db().prepare("select state from ussd_sessions where phone = ?").get(phone) as { state: string }).state) as { ids: number[] };
    // "More", sent six times at once (a gateway retrying while the first is answered): one page further.
    const first = fake.send("9");
    const answers = await Promise.all([first, ...Array.from({ length: 5 }, () => fake.post().then((a) => a.screen))]);
    expect(new Set(answers).size).toBe(1);
    const state = JSON.parse((server.db().prepare("select state from ussd_sessions where phone = ?").get(phone) as { state: string }).state) as { start: number };
    expect(state.start).toBe(ids.length);
    // Each of the 10 requests has its log line once the workers have written it.
    const lines = () =>
      server
        .logs()
        .split("\n")
        .filter((l) => l.includes('"path":"/ussd/africastalking/[token]"'));
    for (const deadline = Date.now() + 5_000; lines().length < 10 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    expect([...new Set(lines().map((l) => (JSON.parse(l) as { worker?: number }).worker))].sort()).toEqual([1, 2]);
  });

  it("sums every worker's metrics at /metrics", async () => {
    const res = await get("/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const count = Number(/akoko_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)/.exec(text)?.[1]);
    expect(count).toBeGreaterThanOrEqual(20);
  });

  it("replaces a worker that crashes", async () => {
    const before = (server.logs().match(/running at .*worker \d/g) ?? []).length;
    // Kill one worker outright: find a child of the primary.
    const { execFileSync } = await import("node:child_process");
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(server.process.pid)])
      .toString()
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(children.length).toBe(2);
    process.kill(children[0], "SIGKILL");
    const deadline = Date.now() + 20_000;
    while ((server.logs().match(/running at .*worker \d/g) ?? []).length < before + 1) {
      if (Date.now() > deadline) throw new Error(`no replacement worker:\n${server.logs()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(server.logs()).toMatch(/worker \d \(pid \d+\) exited \(SIGKILL\); starting another/);
    for (let i = 0; i < 6; i++) expect((await get("/healthz")).status).toBe(200);
  });

  it("drains every worker on SIGTERM and exits 0", async () => {
    expect(await server.stop()).toBe(0);
  });
});
