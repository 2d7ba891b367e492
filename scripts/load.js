// `npm run load`: a mixed load on the built server, as a busy day would bring it.
// Starts the server on 127.0.0.1 (a free port, a temp SQLite file with the demo data), then 100
// concurrent clients (LOAD_CLIENTS) for 30 s (LOAD_SECONDS) each loop over a weighted mix, pausing
// like a person between requests (LOAD_THINK_MS, 1,000 ms on average, 500-1,500; 0 sends back to
// back and shows the saturation point instead):
// page views (Home, the invest pages, FAQ, How It Works, the investor's portfolio), API reads
// (products, overview, wallet, own investments), deposits and invests. It prints requests per
// second, p50/p95/p99 latency per kind and the error count, then checks the ledger invariants.
// Exits 1 when there is any error, page views' p95 reaches 100 ms, or an invariant fails (2 on a setting it cannot use).
// LOAD_ENGINE=postgres runs the server on a throwaway PostgreSQL server started here (removed at the
// end), LOAD_DATABASE_URL=postgres://... on an operator's empty database, as `npm run bench` does;
// there the p95 target, SQLite's, is printed, not judged.
// Every loop is bounded in time and requests and talks only to 127.0.0.1 (and LOAD_DATABASE_URL's server).
import os from "node:os";
import { createInvestors, createToken } from "./lib/bulk-data.js";
import { keepAliveAgent, request as requestOver } from "./lib/http-client.js";
import { ENGINE_NAMES, enginesFromEnv, measuredDatabases } from "./lib/measured-databases.js";
import { ensureBuild, importBuild, startBuiltServer } from "./lib/server-process.js";

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const MAX_REQUESTS = 2_000_000;
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const PAGE_P95_MS = 100;

const agent = keepAliveAgent(CLIENTS);
const request = (url, options) => requestOver(agent, url, options);

const PAGES = ["/", "/invest/eggs", "/invest/chicken", "/faq", "/how-it-works", "/portfolio"];
const READS = ["/api/v1/public/products", "/api/v1/public/overview", "/api/v1/invest/wallet", "/api/v1/invest/my"];
/** The mix: kind and weight (out of 100). */
const MIX = [
  ["page", 40],
  ["read", 30],
  ["deposit", 15],
  ["invest", 15],
];

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const fmt = (n, digits = 0) => n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  ensureBuild();
  const app = await importBuild();
  const { openSqlClient } = app;
  let plan;
  try {
    plan = enginesFromEnv(app, "LOAD");
  } catch (error) {
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  const databases = await measuredDatabases(app, plan.engines[0], { operatorUrl: plan.operatorUrl, variable: "LOAD_DATABASE_URL" });
  try {
    await loadOn(databases, openSqlClient);
  } finally {
    databases.close();
  }
}

async function loadOn(databases, openSqlClient) {
  const server = await startBuiltServer({ databaseUrl: databases.newDatabaseUrl("load") });
  const db = openSqlClient(server.databaseUrl);
  const failures = [];
  try {
    const adminId = db.prepare("select id from users where is_admin = true").get().id;
    const adminToken = createToken(db, adminId);
    const api = async (path, { method = "GET", json } = {}) => {
      const res = await request(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${adminToken}`, ...(json ? { "Content-Type": "application/json" } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
      return { status: res.status, body: res.text ? JSON.parse(res.text) : null };
    };
    const farmId = db.prepare("select id from farms order by id limit 1").get().id;
    const batch = await api("/api/v1/admin/batches", {
      method: "POST",
      json: { farm_id: farmId, product_type: "CHICKEN", unit_price: 10, target_units: 10_000_000, feed_price: 6, mortality_rate: 0.04, expected_roi: 0.1 },
    });
    if (batch.status !== 201) throw new Error(`creating the load batch: ${batch.status}`);
    // Funded investors with sessions: every client is one of them. GH₵10,000 each leaves room under
    // a Verified account's wallet cap (GH₵40,000) for the deposits the mix makes.
    const investors = createInvestors(db, { count: CLIENTS * 4, depositMinor: 1_000_000, withTokens: true, prefix: "load" });

    const latencies = { page: [], read: [], deposit: [], invest: [] };
    const errors = [];
    let sent = 0;
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    const investBody = JSON.stringify({ batch_id: batch.body.id, units: 1 });
    const depositBody = JSON.stringify({ amount: 10 });

    async function client(n) {
      // People arrive over the first second or so, not all in the same millisecond.
      if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, (THINK_MS * n) / CLIENTS));
      let i = 0;
      while (performance.now() < endAt && sent < MAX_REQUESTS) {
        sent += 1;
        i += 1;
        const who = investors[(n + i * CLIENTS) % investors.length];
        const auth = { Authorization: `Bearer ${who.token}` };
        let roll = (n * 7919 + i * 104729) % 100;
        const kind = MIX.find(([, weight]) => (roll -= weight) < 0)[0];
        let call;
        if (kind === "page") call = request(`${server.url}${PAGES[(n + i) % PAGES.length]}`, { headers: auth });
        else if (kind === "read") call = request(`${server.url}${READS[(n + i) % READS.length]}`, { headers: auth });
        else {
          const path = kind === "deposit" ? "/api/v1/invest/deposit" : "/api/v1/invest/create";
          call = request(`${server.url}${path}`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: kind === "deposit" ? depositBody : investBody });
        }
        const t0 = performance.now();
        try {
          const res = await call;
          latencies[kind].push(performance.now() - t0);
          if (res.status >= 400) errors.push(`${kind} ${res.status} ${res.text.slice(0, 120)}`);
        } catch (error) {
          errors.push(`${kind} ${error.message}`);
        }
        if (THINK_MS > 0) {
          const pause = THINK_MS * (0.5 + ((n * 31 + i * 17) % 100) / 100);
          await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, endAt - performance.now()))));
        }
      }
    }
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const elapsed = (performance.now() - started) / 1000;

    const total = Object.values(latencies).reduce((n, l) => n + l.length, 0);
    console.log(
      `Akoko load: ${CLIENTS} clients for ${fmt(elapsed, 1)} s, ${THINK_MS ? `each pausing ${fmt(THINK_MS / 2)}-${fmt((THINK_MS * 3) / 2)} ms between requests` : "back to back (saturation)"}, on ${os.cpus().length} CPU(s), Node ${process.version}, ${databases.label}`,
    );
    console.log(`${fmt(total)} requests, ${fmt(total / elapsed)} req/s, ${errors.length} errors`);
    console.log("kind       count     req/s    p50 ms   p95 ms   p99 ms");
    for (const [kind, list] of Object.entries(latencies)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `${kind.padEnd(8)} ${fmt(sorted.length).padStart(8)} ${fmt(sorted.length / elapsed).padStart(8)} ${fmt(percentile(sorted, 50), 1).padStart(9)} ${fmt(percentile(sorted, 95), 1).padStart(8)} ${fmt(percentile(sorted, 99), 1).padStart(8)}`,
      );
    }
    const pageP95 = percentile(
      [...latencies.page].sort((a, b) => a - b),
      95,
    );
    if (errors.length) failures.push(`${errors.length} errors, e.g. ${errors.slice(0, 3).join(" | ")}`);
    if (pageP95 >= PAGE_P95_MS) {
      const miss = `page views p95 ${fmt(pageP95, 1)} ms >= ${PAGE_P95_MS} ms`;
      if (databases.engine === "sqlite") failures.push(miss);
      else console.log(`${miss} (SQLite's target: printed, not judged, on ${ENGINE_NAMES[databases.engine]})`);
    }
    const invariants = await api("/api/v1/admin/invariants");
    console.log(`ledger invariants: ${invariants.body?.ok ? "all hold" : JSON.stringify(invariants.body?.problems?.slice(0, 5))}`);
    if (!invariants.body?.ok) failures.push("ledger invariants broken");
    const placed = db.prepare("select units_placed from batches where id = ?").get(batch.body.id).units_placed;
    console.log(`invests placed ${fmt(placed)} units (one per accepted invest); deposits and invests all went through the ledger`);
  } finally {
    db.close();
    agent.destroy();
    await server.stop();
  }
  if (failures.length) {
    console.log(`MISS: ${failures.join("; ")}`);
    process.exitCode = 1;
  } else if (databases.engine === "sqlite") {
    console.log(`ok: no errors, page views p95 under ${PAGE_P95_MS} ms, invariants hold`);
  } else {
    console.log("ok: no errors, invariants hold");
  }
}

await main();
