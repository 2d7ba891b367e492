import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { hideLinkTokens } from "~/lib/logger.server";

/**
 * Prometheus metrics (prom-client), read at /metrics with METRICS_TOKEN: the process's own
 * (CPU, memory, event loop), request durations by route pattern and status, and what the business
 * cares about, counted where it happens.
 */
export const registry = new Registry();
// The event loop's delay is sampled every 100 ms, not prom-client's default 10 ms: each sample wakes
// the process, and at 10 ms an idle server spent about 1% of a core on them alone (16 ms of CPU a
// second idle against 3 at 100 ms). Ten samples a second still show a stalled loop within the second.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });

export const httpRequestDuration = new Histogram({
  name: "akoko_http_request_duration_seconds",
  help: "Time to answer a request, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Counter<L>({ name, help, labelNames, registers: [registry] });

export const businessCounters = {
  deposits: counter("akoko_deposits_total", "Deposits by how they ended (started, credited, refunded past a limit, refund_requested, failed, abandoned, flagged).", ["outcome"]),
  withdrawals: counter("akoko_withdrawals_total", "Withdrawals by how they ended (requested, settled, returned, flagged).", ["outcome"]),
  investments: counter("akoko_investments_total", "Units bought (one per purchase, from the primary offer or exits).", []),
  payouts: counter("akoko_payout_runs_total", "Payout runs executed, by kind.", ["kind"]),
  webhookEvents: counter("akoko_webhook_events_total", "Signed provider webhooks by outcome (and duplicates).", ["outcome"]),
};

/** PostgreSQL transactions run again after a serialization failure or a deadlock (app/lib/db.server.ts): a rising rate means hot rows. */
export const transactionRetries = counter("akoko_db_transaction_retries_total", "PostgreSQL transactions run again after a serialization failure or deadlock.", []);

const NUMBER = /^\d+$/;
/** Long random-looking segments (tokens, references) would make a label per request. */
const OPAQUE = /^(?=.*\d)[A-Za-z0-9_.=-]{16,}$/;

/**
 * The route pattern a path belongs to, for a label: ids and tokens become `:id`, so the number of
 * series stays the number of routes. Paths the app does not know are one label, `unmatched`.
 */
export function routePattern(path: string, status: number): string {
  if (status === 404) return "unmatched";
  if (path.startsWith("/build/")) return "/build/*";
  // A signed link's token or the USSD callback secret never becomes a label (a label is a secret's copy).
  return hideLinkTokens(path)
    .split("/")
    .map((segment) => (segment === "[token]" || NUMBER.test(segment) || OPAQUE.test(segment) ? ":id" : segment))
    .join("/")
    .slice(0, 120);
}

/** Called by scripts/server.js when a response has been sent. */
export function observeRequest({ method, path, status, seconds }: { method: string; path: string; status: number; seconds: number }): void {
  httpRequestDuration.observe({ method, route: routePattern(path, status), status: String(status) }, seconds);
}

// ---- several workers (WEB_CONCURRENCY): /metrics answers for all of them ----

// A worker answers the primary's collection requests with this registry (prom-client's own IPC;
// its worker-side listener is installed by constructing an AggregatorRegistry).
if (cluster.isWorker) {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

type MetricsMessage = { type: "akoko:metrics"; id: string; text?: string; error?: string };
const isMetricsMessage = (m: unknown): m is MetricsMessage => typeof m === "object" && m !== null && (m as { type?: unknown }).type === "akoko:metrics";

/** In the primary: collects every worker's metrics, summed, when a worker asks for them. */
export function startClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  return {
    onWorkerMessage(worker: Worker, message: unknown) {
      if (!isMetricsMessage(message)) return;
      aggregator.clusterMetrics().then(
        (text) => worker.send({ type: "akoko:metrics", id: message.id, text }),
        (error: unknown) => worker.send({ type: "akoko:metrics", id: message.id, error: String(error) }),
      );
    },
  };
}

/** The /metrics text: this process's, or, in a worker, every worker's through the primary. */
export function metricsText(): Promise<string> {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return registry.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not answer with the workers' metrics"));
    }, 5_000);
    function onMessage(message: unknown) {
      if (!isMetricsMessage(message) || message.id !== id) return;
      process.off("message", onMessage);
      clearTimeout(timer);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? "no metrics"));
    }
    process.on("message", onMessage);
    send({ type: "akoko:metrics", id });
  });
}
