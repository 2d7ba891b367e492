// The production server: express in front of the Remix build, adding what every
// response needs (security headers with a CSP nonce, same-origin form posts,
// a body size limit, one log line per request) and a clean shutdown. With
// WEB_CONCURRENCY above 1 a primary process migrates the database once, then runs that many
// worker processes on the same port and SQLite file, replaces any that crash and drains them all
// on SIGTERM.
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

/** Pages are read (GET, HEAD) and their forms posted (POST); the API routes check their own methods. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];
/** What Remix routes: OPTIONS goes to a route's loader; any other method it cannot name. */
const REMIX_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];
/** A year, as browsers expect of a site that is HTTPS only. */
const HSTS = "max-age=31536000";

/**
 * The client's address. With TRUST_PROXY=n (n proxies in front, each appending the address it saw
 * to X-Forwarded-For), it is the entry n hops from the right of X-Forwarded-For + the socket's
 * address: what a client writes further left is never believed. With 0 (the default), the socket's.
 */
export function clientAddress(req, trustProxy) {
  const socket = req.socket.remoteAddress ?? "unknown";
  if (!trustProxy) return socket;
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  return chain[Math.max(0, chain.length - 1 - trustProxy)].slice(0, 100);
}

export async function createServer() {
  const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
  // Migrate and seed before the first request, so start-up problems show at once.
  build.entry.module.initDatabase();
  const { TRUST_PROXY: trustProxy, cookieSecure } = build.entry.module.getEnv();
  const { requestGate, canonicalRequestTarget, logger, hideLinkTokens, observeRequest } = build.entry.module;
  // Which worker answered (with WEB_CONCURRENCY above 1), on each request's log line.
  const workerIndex = process.env.AKOKO_WORKER_INDEX ? Number(process.env.AKOKO_WORKER_INDEX) : undefined;
  // 'self', and the payment provider's hosted checkout a deposit form is redirected to.
  const formAction = ["'self'", ...build.entry.module.formActionOrigins()].join(" ");

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // One path for every layer: the gates below, the log line and Remix (which reads originalUrl)
    // see the path as the router reads it (`/api/../logout` is /logout, a page, to each of them).
    const target = canonicalRequestTarget(req.url);
    if (target !== req.url) req.url = req.originalUrl = target;
    // The method as sent (an API request's may be renamed below).
    const method = req.method;
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    // The app notes the signed-in user here (app/lib/request-context.server.ts) for the log line.
    // Every log line written while serving this request carries its id; so does the answer.
    const context = { userId: null, requestId: crypto.randomUUID() };
    res.setHeader("X-Request-Id", context.requestId);
    // Only the server says who the client is; a client-sent value is dropped. Rate limits key on it.
    req.headers["x-akoko-client-ip"] = clientAddress(req, trustProxy);
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        `form-action ${formAction}`,
        "frame-ancestors 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    // Cookies marked Secure mean the site is served over HTTPS: browsers are told to keep to it.
    if (cookieSecure) res.setHeader("Strict-Transport-Security", HSTS);
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observeRequest({ method, path: req.path, status: res.statusCode, seconds });
      if (process.env.REQUEST_LOG === "off") return;
      // Headers, bodies and query strings are not logged, nor the token of a signed link in the path
      // (the logger redacts secrets by key besides).
      logger.info(
        { request_id: context.requestId, worker: workerIndex, method, path: hideLinkTokens(req.path), status: res.statusCode, duration_ms: Math.round(seconds * 10_000) / 10, user_id: context.userId },
        "request",
      );
    });
    build.entry.module.requestContext.run(context, next);
  });

  // A NUL character (%00) in the path or query: no link of ours has one, and PostgreSQL cannot read
  // one in text (a 500 there); bodies are the app's to refuse (the API) or clean (page forms).
  app.use((req, res, next) => {
    if (!req.url.includes("%00")) return next();
    res
      .status(400)
      .type("application/json")
      .send(JSON.stringify({ detail: "The address holds a NUL character (%00)." }));
  });

  // TRACE (which the Fetch API under Remix cannot even represent: it was a 500) on every path, and
  // anything but GET, HEAD and POST on a page (a PUT to /logout logged out), answer 405.
  app.use((req, res, next) => {
    const page = requestGate(req.path).kind === "page";
    if (req.method === "TRACE" || (page && !PAGE_METHODS.includes(req.method))) {
      if (page) res.set("Allow", PAGE_METHODS.join(", "));
      res
        .status(405)
        .type("application/json")
        .send(JSON.stringify({ detail: "Method not allowed." }));
      return;
    }
    // A method Remix cannot name (it answered with a logged error) reaches an API route as OPTIONS,
    // which no route takes: the route answers 405 naming the methods it does take.
    if (!REMIX_METHODS.includes(req.method)) req.method = "OPTIONS";
    next();
  });

  // Form posts from another site are refused (the session cookie is SameSite=Lax too).
  app.use((req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    let crossOrigin = site === "cross-site";
    if (origin) {
      try {
        crossOrigin = origin === "null" || new URL(origin).host !== req.get("host");
      } catch {
        crossOrigin = true;
      }
    }
    // ...except where a signed link in the URL, not a cookie, carries the authority (request-gates.ts):
    // there the other site's Origin is dropped, or Remix's own check would answer the action with a 500.
    if (crossOrigin && requestGate(req.path).crossSite) delete req.headers.origin;
    else if (crossOrigin) {
      res
        .status(403)
        .type("application/json")
        .send(JSON.stringify({ detail: "Cross-site form posts are not allowed." }));
      return;
    }
    // What a path may carry is the app's knowledge (app/lib/request-gates.ts): page actions read
    // urlencoded forms (multipart only where photos are uploaded); the API reads its own bodies.
    const gate = requestGate(req.path);
    const type = (req.get("content-type") ?? "").toLowerCase();
    const isForm = type.startsWith("application/x-www-form-urlencoded") || (gate.accepts === "form-or-multipart" && type.startsWith("multipart/form-data") && type.includes("boundary="));
    if (gate.accepts !== "any" && !isForm) {
      res
        .status(415)
        .type("application/json")
        .send(JSON.stringify({ detail: "Send this form as form data." }));
      return;
    }
    // The size limit reads Content-Length; a body streamed without one (chunked) could be any size.
    // Browsers and the app's own scripts always send a length.
    if (req.get("transfer-encoding") && !req.get("content-length")) {
      res
        .status(411)
        .type("application/json")
        .send(JSON.stringify({ detail: "Send the body with a Content-Length." }));
      return;
    }
    const length = Number(req.get("content-length") ?? 0);
    if (length > gate.maxBytes) {
      res
        .status(413)
        .type("application/json")
        .send(JSON.stringify({ detail: "The request body is too large." }));
      return;
    }
    next();
  });

  // Investors pay for every byte: HTML, CSS, JS and JSON go gzipped (a page shrinks to about a fifth).
  app.use(compression());
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Only a path into what public/ held at start reaches the disk: every page view asked the disk
  // for a file of its own name first (a stat per request, 2% of a page's CPU).
  const publicEntries = new Set(fs.readdirSync("public"));
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]) ? publicFiles(req, res, next) : next()));
  app.all("*", createRequestHandler({ build, getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }) }));

  return { app, build };
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;

/** A configuration problem is the operator's to fix: say what to set, without a stack trace. */
function exitOnConfigurationProblem(error) {
  if (error instanceof Error && (error.message.startsWith("Refusing to start") || error.message.startsWith("Invalid environment configuration"))) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** One process serving requests: alone, or as one worker of several. */
async function runServer() {
  let created;
  try {
    created = await createServer();
  } catch (error) {
    exitOnConfigurationProblem(error);
  }
  const { app, build } = created;
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const server = app.listen(port, host, () => {
    const address = server.address();
    const shown = typeof address === "object" && address ? address.port : port;
    console.log(`Akoko is running at http://localhost:${shown} (NODE_ENV=${process.env.NODE_ENV ?? "development"}${cluster.isWorker ? `, worker ${process.env.AKOKO_WORKER_INDEX}` : ""})`);
  });
  // Background work runs in one process only (the first worker): deposits and withdrawals left
  // pending (a lost webhook, a stop mid-payment) are asked about again, and email and SMS leave
  // through the outbox worker (OUTBOX_WORKER=false leaves it to another process). Each is safe
  // from any process (changes re-read their rows under the write lock; messages are leased); one
  // runner just avoids asking the provider twice.
  const runsJobs = !cluster.isWorker || process.env.AKOKO_WORKER_INDEX === "1";
  const stopSweep = runsJobs ? build.entry.module.startPaymentsSweep() : () => {};
  // Rejected identity submissions lose their images after 30 days.
  const stopPurge = runsJobs ? build.entry.module.startKycImagePurge() : () => {};
  if (runsJobs) build.entry.module.startOutboxWorker();
  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    stopSweep();
    stopPurge();
    console.log(`${signal} received: finishing in-flight requests, then closing the database.`);
    // Messages in flight get their answers recorded before the database closes.
    const stopped = build.entry.module.stopOutboxWorker();
    server.close(async () => {
      await stopped;
      build.entry.module.closeDb();
      process.exit(0);
    });
    // Connections close as soon as they fall idle: an answered request's connection would otherwise
    // wait out the keep-alive timeout before the server may exit.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // A server whose parent is gone (a cluster primary or `npm start`, killed outright) stops too,
  // rather than hold the port alone.
  if (process.channel) process.on("disconnect", () => stop("parent gone"));
}

/**
 * The primary of several workers: checks the configuration, migrates and seeds once, then forks.
 * A worker that dies is replaced (unless workers keep dying at start-up: then it gives up);
 * SIGTERM is passed to every worker, and the primary exits when they have all drained.
 */
async function runPrimary(count) {
  if (usesDemoPayments()) console.warn(demoProviderNote(count));
  const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
  try {
    build.entry.module.getEnv();
    build.entry.module.initDatabase();
    build.entry.module.closeDb();
  } catch (error) {
    exitOnConfigurationProblem(error);
  }
  const metrics = build.entry.module.startClusterMetrics();
  let stopping = false;
  let quickDeaths = 0;
  const fork = (index) => {
    const startedAt = Date.now();
    const worker = cluster.fork({ AKOKO_WORKER_INDEX: String(index) });
    worker.on("message", (message) => metrics.onWorkerMessage(worker, message));
    worker.on("exit", (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      console.error(`worker ${index} (pid ${worker.process.pid}) exited (${signal ?? code}); starting another`);
      quickDeaths = Date.now() - startedAt < 5_000 ? quickDeaths + 1 : 0;
      if (quickDeaths >= 5) {
        console.error("workers keep dying at start-up: giving up");
        process.exit(1);
      }
      fork(index);
    });
  };
  for (let i = 1; i <= count; i++) fork(i);
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: draining ${count} workers.`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  if (process.channel) process.on("disconnect", () => stop("parent gone"));
}

/**
 * WEB_CONCURRENCY, or the machine's cores in production and 1 elsewhere; 1 by default with the demo
 * payments provider, which keeps its charges and transfers in its process's memory (demoProviderNote).
 */
function workerCount() {
  const given = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(given) && given >= 1) return Math.min(given, 64);
  if (usesDemoPayments()) return 1;
  return process.env.NODE_ENV === "production" ? os.availableParallelism() : 1;
}

const usesDemoPayments = () => (process.env.PAYMENTS_PROVIDER || "demo") === "demo";

/**
 * Why several workers and the demo payments provider do not mix: each worker has its own demo
 * memory, so a checkout's return reaching another worker finds no charge, and the reconciliation
 * reads one worker's part.
 */
const demoProviderNote = (count) =>
  `WEB_CONCURRENCY is ${count} with PAYMENTS_PROVIDER=demo: the demo provider keeps its charges and transfers in each worker's memory, so a card checkout may not be found by the worker it returns to and the reconciliation shows one worker's part. Use one worker with the demo provider.`;

if (isMain) {
  const count = cluster.isPrimary ? workerCount() : 1;
  if (cluster.isPrimary && count > 1) await runPrimary(count);
  else await runServer();
}
