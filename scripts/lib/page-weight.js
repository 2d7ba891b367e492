// Page weight against the budget (docs/rules.md#weight-budgets): each page is loaded cold (a fresh
// browser context, so nothing comes from a cache) in Debian's Chromium with JavaScript on, and
// every HTML, CSS and JavaScript response it loads is gzipped here with zlib (default level 6),
// so the figure does not depend on what the server compresses. Images count at their raw size.
// Used by `npm run weight` (scripts/weight.js) and test/weight.test.ts.
import zlib from "node:zlib";

/** docs/rules.md#weight-budgets: HTML + CSS <= 40 KB gzipped, JavaScript <= 120 KB gzipped, no image over 30 KB, no web fonts. KB = 1,000 bytes (the stricter reading). */
export const BUDGET = { htmlCssBytes: 40_000, jsBytes: 120_000, imageBytes: 30_000, fonts: 0 };

export const PUBLIC_PAGES = ["/", "/how-it-works", "/faq", "/risk", "/terms", "/contact", "/login", "/register", "/invest/eggs", "/invest/chicken"];
/** Measured only when they answer 200: one batch's audit page, the first batch the public products call lists. */
export const OPTIONAL_PAGES = ["/batches/<first batch>"];
/** Signed in as the investor (a visitor sees /kyc's requirements only; the form is the heavier page). */
export const SIGNED_IN_PAGES = ["/portfolio", "/kyc"];
/** Signed in as an admin. */
export const ADMIN_PAGES = ["/admin"];

function kindOf(resourceType, contentType) {
  const type = contentType.toLowerCase();
  if (resourceType === "document" || type.includes("text/html")) return "html";
  if (resourceType === "stylesheet" || type.includes("text/css")) return "css";
  if (resourceType === "script" || type.includes("javascript")) return "js";
  if (resourceType === "image" || type.startsWith("image/")) return "image";
  if (resourceType === "font" || type.startsWith("font/") || type.includes("woff")) return "font";
  return "other";
}

/**
 * Loads one page cold and returns what it weighs.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {{ storageState?: any, language?: string }} [options] a signed-in state for pages behind the login; the language chosen ("ak": Twi)
 */
export async function measurePage(browser, url, { storageState, language } = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "en-GH", storageState });
  // The language as a reader chooses it: the cookie the language control sets.
  if (language) await context.addCookies([{ name: "lang", value: language, url }]);
  const page = await context.newPage();
  /** @type {Map<string, Promise<{ kind: string, url: string, rawBytes: number, gzipBytes: number } | null>>} */
  const seen = new Map();
  page.on("response", (response) => {
    const responseUrl = response.url();
    if (seen.has(responseUrl) || responseUrl.startsWith("data:")) return;
    const status = response.status();
    if (status >= 300 && status < 400) return;
    const kind = kindOf(response.request().resourceType(), response.headers()["content-type"] ?? "");
    seen.set(
      responseUrl,
      response.body().then(
        (body) => ({ kind, url: responseUrl, rawBytes: body.length, gzipBytes: zlib.gzipSync(body).length }),
        () => null,
      ),
    );
  });
  try {
    const response = await page.goto(url, { waitUntil: "load", timeout: 30_000 });
    // Hydrated means every script the page needs has arrived and run (the root layout marks it), so
    // nothing is left to weigh; a quiet network (networkidle) would cost half a second a page more.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 30_000 });
    const status = response?.status() ?? 0;
    const resources = (await Promise.all(seen.values())).filter((r) => r !== null);
    const sum = (kind) => resources.filter((r) => r.kind === kind).reduce((s, r) => s + r.gzipBytes, 0);
    const images = resources.filter((r) => r.kind === "image");
    const row = {
      page: language ? `${new URL(url).pathname} (${language})` : new URL(url).pathname,
      status,
      htmlBytes: sum("html"),
      cssBytes: sum("css"),
      jsBytes: sum("js"),
      jsFiles: resources.filter((r) => r.kind === "js").length,
      largestImageBytes: Math.max(0, ...images.map((r) => r.rawBytes)),
      fonts: resources.filter((r) => r.kind === "font").length,
      resources,
    };
    return { ...row, problems: budgetProblems(row) };
  } finally {
    await context.close();
  }
}

/** What a measured page breaks of the budget; empty when it fits. */
export function budgetProblems(row) {
  const problems = [];
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  if (row.status !== 200) problems.push(`answered ${row.status}`);
  if (row.htmlBytes + row.cssBytes > BUDGET.htmlCssBytes) problems.push(`HTML + CSS ${kb(row.htmlBytes + row.cssBytes)} > ${kb(BUDGET.htmlCssBytes)}`);
  if (row.jsBytes > BUDGET.jsBytes) problems.push(`JavaScript ${kb(row.jsBytes)} > ${kb(BUDGET.jsBytes)}`);
  if (row.largestImageBytes > BUDGET.imageBytes) problems.push(`an image of ${kb(row.largestImageBytes)} > ${kb(BUDGET.imageBytes)}`);
  if (row.fonts > BUDGET.fonts) problems.push(`${row.fonts} web font(s)`);
  return problems;
}

/**
 * Signs a user (the demo investor, an admin) in through the login form and returns the browser
 * state (cookies), or null when the login fails.
 */
export async function signedInState(browser, baseUrl, { email, password }) {
  const context = await browser.newContext();
  try {
    const res = await context.request.post(`${baseUrl}/login`, { form: { email, password, redirectTo: "/portfolio" }, headers: { Origin: baseUrl }, maxRedirects: 0 });
    if (res.status() >= 400) return null;
    const state = await context.storageState();
    return state.cookies.some((c) => c.name === "akoko_session") ? state : null;
  } finally {
    await context.close();
  }
}

async function answers200(url, cookieHeader) {
  try {
    const res = await fetch(url, { redirect: "manual", headers: cookieHeader ? { Cookie: cookieHeader } : {} });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The path of the first batch's page (`/batches/<id>`), or null when no batch is listed. */
async function firstBatchPath(baseUrl) {
  try {
    const res = await fetch(`${baseUrl}/api/v1/public/products`);
    const body = await res.json();
    const list = Array.isArray(body) ? body : body.products;
    return list?.length ? `/batches/${list[0].id}` : null;
  } catch {
    return null;
  }
}

/**
 * Measures the public pages (both invest pages among them), a batch page when one answers 200,
 * /portfolio signed in as `investor` and /admin signed in as `admin`. Returns one row per page
 * measured and the pages skipped.
 * @param {{ baseUrl: string, browser: import("playwright-core").Browser, investor?: { email: string, password: string }, admin?: { email: string, password: string }, concurrency?: number }} options
 */
/** Measured in Twi too (its words are longer): the pages an investor reads, public and signed in. */
const TWI_PAGES = ["/", "/how-it-works", "/faq", "/invest/eggs", "/invest/chicken", "/portfolio", "/kyc"];

export async function measureSite({ baseUrl, browser, investor, admin, concurrency = 3 }) {
  const skipped = [];
  /** @type {Array<{ path: string, storageState?: any }>} */
  const jobs = PUBLIC_PAGES.map((path) => ({ path }));
  const batchPath = await firstBatchPath(baseUrl);
  if (batchPath && (await answers200(`${baseUrl}${batchPath}`))) jobs.push({ path: batchPath });
  else skipped.push(`${OPTIONAL_PAGES[0]} (${batchPath ? "not 200" : "no batch listed"})`);
  const signedIn = async (pages, who, user) => {
    const state = user ? await signedInState(browser, baseUrl, user) : null;
    for (const path of pages) {
      const cookieHeader = state?.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      if (state && (await answers200(`${baseUrl}${path}`, cookieHeader))) jobs.push({ path, storageState: state });
      else skipped.push(`${path} (${state ? "not 200" : `could not sign in as ${who}`})`);
    }
  };
  await signedIn(SIGNED_IN_PAGES, "the investor", investor);
  await signedIn(ADMIN_PAGES, "an admin", admin);
  const twiJobs = jobs.filter((j) => TWI_PAGES.includes(j.path) || /^\/batches\/\d+$/.test(j.path)).map((j) => ({ ...j, language: "ak" }));
  jobs.push(...twiJobs);
  // A few pages at a time, each in its own context (no shared cache), rows in the order above.
  const rows = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      rows[i] = await measurePage(browser, `${baseUrl}${jobs[i].path}`, { storageState: jobs[i].storageState, language: jobs[i].language });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return { rows, skipped };
}

/** A plain-text table of the rows (KB = 1,000 bytes, gzipped except images). */
export function formatTable(rows) {
  const kb = (n) => (n / 1000).toFixed(1);
  const header = ["page", "status", "HTML", "CSS", "HTML+CSS", "JS", "JS files", "largest img", "verdict"];
  const lines = rows.map((r) => [
    r.page,
    String(r.status),
    kb(r.htmlBytes),
    kb(r.cssBytes),
    kb(r.htmlBytes + r.cssBytes),
    kb(r.jsBytes),
    String(r.jsFiles),
    r.largestImageBytes ? kb(r.largestImageBytes) : "-",
    r.problems.length ? `OVER: ${r.problems.join("; ")}` : "ok",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [fmt(header), fmt(widths.map((w) => "-".repeat(w))), ...lines.map(fmt)].join("\n");
}
