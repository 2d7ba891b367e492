/**
 * Issue 26: every page and dialog a visitor, an investor or an admin can reach, opened in a phone
 * browser with JavaScript on, hydrates cleanly: no console error, no page error, no React hydration
 * warning, and no "Something went wrong" error boundary. The page routes are read from app/routes,
 * so a new page fails here until it is visited below (or excluded with a reason). One browser, a
 * fresh context per role, sessions signed directly (the login form is tested elsewhere).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser";
import { call } from "../support/client";
import { createBatch, createInvestor, linkFromOutbox, serverNow, signInAdmin, signInBrowser, type Investor, type SignedIn } from "../support/factories";
import { abortedByNextLoad, hydrated } from "../support/journey";
import { startServer, type TestServer } from "../support/server";

const ROUTES = path.resolve(import.meta.dirname, "../../app/routes");

/** Route modules that render a page (a default export), by Remix's route id ("routes/kyc"). */
const pageRoutes = fs
  .readdirSync(ROUTES)
  .filter((name) => /\.tsx?$/.test(name) && /^export default /m.test(fs.readFileSync(path.join(ROUTES, name), "utf8")))
  .map((name) => `routes/${name.replace(/\.tsx?$/, "")}`)
  .sort();

/** Page routes this test does not open, each with the reason. */
const EXCLUDED: Record<string, string> = {};

let server: TestServer;
let browser: Browser;
let admin: SignedIn;
let investor: Investor;
/** Route ids the browser matched on each page opened. */
const visited = new Set<string>();

const fixtures = {
  eggBatch: 0,
  chickenBatch: 0,
  investment: 0,
  deposit: 0,
  confirmLink: "",
  resetToken: "",
  unsubscribeLink: "",
  month: "",
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await signInAdmin(server);
  investor = await createInvestor(server, { walletGhs: 5_000, fullName: "Efua Boateng" });
  const db = server.db();
  fixtures.month = serverNow(server).toISOString().slice(0, 7);

  // An egg holding in an active batch (details, reinvest, exit, receipt, statements), and an open chicken batch.
  const startedAgo = new Date(serverNow(server).getTime() - 40 * 86_400_000).toISOString().slice(0, 10);
  fixtures.eggBatch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 100, startDate: startedAgo }).id;
  fixtures.chickenBatch = createBatch(server, { productType: "CHICKEN" }).id;
  const bought = await call(investor.api, "POST", "/api/v1/invest/create", { batch_id: fixtures.eggBatch, units: 10 });
  expect(bought.status).toBe(201);
  fixtures.investment = bought.body.investment.id;
  expect((await call(admin.api, "POST", `/api/v1/admin/batches/${fixtures.eggBatch}/activate`)).status).toBe(200);

  // A confirmed address, then a deposit: its status page, and a notice whose footer has an unsubscribe link.
  db.prepare("update users set email_verified_at = ? where id = ?").run(serverNow(server).toISOString(), investor.id);
  expect((await call(investor.api, "POST", "/api/v1/invest/deposit", { amount: 25 })).status).toBe(200);
  fixtures.deposit = (db.prepare("select id from deposits where user_id = ? order by id desc").get(investor.id) as { id: number }).id;
  fixtures.unsubscribeLink = (
    db.prepare("select unsubscribe_url from outbox where user_id = ? and unsubscribe_url is not null order by id desc").get(investor.id) as { unsubscribe_url: string }
  ).unsubscribe_url;

  // A newcomer's email-confirmation link, as the email carries it.
  const newcomer = await createInvestor(server, { tier: "REGISTERED" });
  expect((await newcomer.page.postForm("/account", { intent: "send-email-link" })).status).toBe(302);
  fixtures.confirmLink = linkFromOutbox(server, newcomer.email, "http://akoko.test/confirm-email/")!;
  expect(fixtures.confirmLink).toBeTruthy();

  // A live password-reset link (production on the demo outbox sends none, so it is written as the app writes it).
  fixtures.resetToken = crypto.randomBytes(32).toString("base64url");
  db.prepare("insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)").run(
    crypto.createHash("sha256").update(fixtures.resetToken).digest("hex"),
    investor.id,
    new Date(serverNow(server).getTime() + 3600_000).toISOString(),
  );

  // An identity submission for the admin's queue pages (the demo verifier approves it at once).
  const applicant = await createInvestor(server, { tier: "REGISTERED" });
  const kyc = new FormData();
  for (const [k, v] of Object.entries({ legal_name: "Yaa Asantewaa", date_of_birth: "1991-03-06", phone: "024 555 0177", id_type: "GHANA_CARD", id_number: "GHA-712345678-9" })) kyc.append(k, v);
  for (const field of ["id_front", "selfie"])
    kyc.append(field, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, ...new Array(200).fill(7), 0xff, 0xd9])], { type: "image/jpeg" }), `${field}.jpg`);
  expect((await applicant.api.request("/api/v1/kyc", { method: "POST", body: kyc })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page, what it was last asked to open, and what went wrong there ("<what was opened>: <message>"). */
type Watched = { page: Page; now: { what: string; expectedStatus?: number }; problems: string[] };

/** A page of the context that reports every console error, page error and hydration warning (all at once, at the end). */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const problems: string[] = [];
  const now: Watched["now"] = { what: "" };
  // The first line says what happened; the minified stack below it says nothing more.
  const firstLine = (text: string) => text.split("\n")[0].slice(0, 300);
  page.on("pageerror", (e) => void (abortedByNextLoad(e) || problems.push(`${now.what}: page error: ${firstLine(e.message)}`)));
  page.on("console", (m) => {
    const text = firstLine(m.text());
    // A page asked for on purpose with an error status (the 404 page) reports its own load.
    if (now.expectedStatus && text.startsWith(`Failed to load resource: the server responded with a status of ${now.expectedStatus}`)) return;
    if (m.type() === "error") problems.push(`${now.what}: console error: ${text}`);
    else if (m.type() === "warning" && /hydrat|did not match|Warning:/i.test(text)) problems.push(`${now.what}: console warning: ${text}`);
  });
  return { page, now, problems };
}

/** What the browser shows now: no error boundary; the matched routes are counted as visited. */
async function checkShown({ page, now, problems }: Watched) {
  const boundary = await page.locator("h1", { hasText: "Something went wrong" }).count();
  if (boundary > 0) problems.push(`${now.what}: the "Something went wrong" error boundary`);
  const ids = await page.evaluate(() =>
    ((window as unknown as { __remixRouter?: { state: { matches: Array<{ route: { id: string } }> } } }).__remixRouter?.state.matches ?? []).map((m) => m.route.id),
  );
  for (const id of ids) visited.add(id);
}

/** Waits until the page says `text` (or shows the error boundary instead), and checks it. */
async function shows(watched: Watched, text: string) {
  await watched.page
    .locator("main")
    .getByText(text)
    .or(watched.page.locator("h1", { hasText: "Something went wrong" }))
    .first()
    .waitFor();
  if ((await watched.page.locator("main").getByText(text).count()) === 0) watched.problems.push(`${watched.now.what}: does not say "${text}"`);
  await checkShown(watched);
}

/** Opens `url` (a path) as the context's person, waits for hydration and checks it. */
async function open(watched: Watched, role: string, url: string, expectedStatus = 200) {
  const what = `${role} ${url}`;
  watched.now.what = what;
  watched.now.expectedStatus = expectedStatus === 200 ? undefined : expectedStatus;
  const res = await watched.page.goto(`${server.url}${url}`);
  if (res?.status() !== expectedStatus) watched.problems.push(`${what}: answered ${res?.status()}, expected ${expectedStatus}`);
  await hydrated(watched.page, true);
  await checkShown(watched);
}

/** The cookie of a sign-in waiting for its two-factor code (app/auth/two-factor.server.ts), signed as the server signs it. */
async function pendingSignInCookie(userId: number) {
  const cookie = createCookie("akoko_2fa", { httpOnly: true, sameSite: "lax", path: "/", secrets: [server.sessionSecret] });
  const header = await cookie.serialize({ userId, redirectTo: null, expiresAt: Date.now() + 300_000 });
  return { name: "akoko_2fa", value: header.slice("akoko_2fa=".length, header.indexOf(";")), url: server.url };
}

describe("every page with JavaScript on, in a 360 px phone browser", () => {
  it("a visitor: the public pages, the invest dialogs' login prompt, sign-in steps, reset, confirm and unsubscribe links", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: true });
    await context.addCookies([await pendingSignInCookie(investor.id)]);
    const watched = await watchedPage(context);
    for (const url of [
      "/",
      "/how-it-works",
      "/faq",
      "/risk",
      "/terms",
      "/contact",
      "/invest/eggs",
      `/invest/eggs?dialog=invest&batch=${fixtures.eggBatch}`,
      `/invest/eggs?dialog=exit&batch=${fixtures.eggBatch}`,
      "/invest/chicken",
      `/invest/chicken?dialog=invest&batch=${fixtures.chickenBatch}`,
      `/batches/${fixtures.eggBatch}`,
      "/login",
      "/login/code",
      "/login/phone",
      "/register",
      "/reset-password",
      "/reset-password/code",
      `/reset-password/${fixtures.resetToken}`,
      "/reset-password/not-a-real-token",
      new URL(fixtures.unsubscribeLink).pathname,
      "/confirm-email/not-a-real-token",
    ])
      await open(watched, "visitor", url);
    await open(watched, "visitor", "/no-such-page", 404);
    // A link that was never ours says so, with its status.
    await open(watched, "visitor", "/unsubscribe/not-a-real-token", 404);

    // The confirmation link: the page asks, the button confirms (with JavaScript: a fetch of the action).
    const confirmPath = new URL(fixtures.confirmLink).pathname;
    await open(watched, "visitor", confirmPath);
    watched.now.what = `visitor ${confirmPath} (Confirm my email)`;
    await watched.page.getByRole("button", { name: "Confirm my email" }).click();
    await shows(watched, "Your email address is confirmed.");
    // Used once: opening it again says so.
    await open(watched, "visitor", confirmPath);
    await shows(watched, "This confirmation link has expired or was already used. Ask for a new one on your account page.");

    // Signing in with a phone number (issue 31): the number, then its code step.
    await open(watched, "visitor", "/login/phone");
    watched.now.what = "visitor /login/phone (Text me a code)";
    await watched.page.getByLabel("Phone number").fill("024 000 0002");
    await watched.page.getByRole("button", { name: "Text me a code" }).click();
    await shows(watched, "a 6-digit code is on its way by SMS");
    await context.close();
    expect(watched.problems).toEqual([]);
  }, 180_000);

  it("an investor: portfolio and its dialogs, deposit status, destinations, notices, receipt, statements, account, two-factor, KYC, invest dialogs", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: true });
    await signInBrowser(context, server, investor);
    const watched = await watchedPage(context);
    for (const url of [
      "/portfolio",
      "/portfolio?dialog=deposit",
      "/portfolio?dialog=withdraw",
      `/portfolio?dialog=details&id=${fixtures.investment}`,
      `/portfolio?dialog=reinvest&id=${fixtures.investment}`,
      `/portfolio/deposits/${fixtures.deposit}`,
      "/portfolio/destinations",
      "/portfolio/notices",
      "/portfolio/notices?before=999999",
      `/portfolio/investments/${fixtures.investment}/receipt`,
      "/portfolio/statements",
      `/portfolio/statements/${fixtures.month}`,
      "/account",
      "/account/two-factor",
      "/kyc",
      "/contact",
      `/invest/eggs?dialog=invest&batch=${fixtures.eggBatch}`,
      `/invest/eggs?dialog=exit&batch=${fixtures.eggBatch}`,
      "/invest/eggs?dialog=invest&batch=999999",
      `/invest/chicken?dialog=invest&batch=${fixtures.chickenBatch}`,
      `/batches/${fixtures.chickenBatch}`,
    ])
      await open(watched, "investor", url);
    await context.close();
    expect(watched.problems).toEqual([]);
  }, 180_000);

  it("an admin: every admin page and filter, and two-factor enrolment", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: true });
    await signInBrowser(context, server, admin);
    const watched = await watchedPage(context);
    for (const url of [
      "/admin",
      "/admin/approvals",
      "/admin/audit",
      `/admin/audit?batch=${fixtures.eggBatch}`,
      `/admin/batches/${fixtures.eggBatch}/logs`,
      `/admin/batches/${fixtures.eggBatch}/remittances`,
      `/admin/batches/${fixtures.eggBatch}/devices`,
      "/admin/content",
      "/admin/exits",
      "/admin/kyc",
      "/admin/kyc?status=APPROVED",
      "/admin/kyc?status=REJECTED",
      "/admin/messages",
      "/admin/outbox",
      "/admin/outbox?status=failed",
      "/admin/payments",
      "/admin/payments/reconciliation",
      "/admin/tax",
      "/account",
      "/account/two-factor",
    ])
      await open(watched, "admin", url);
    await context.close();
    expect(watched.problems).toEqual([]);
  }, 180_000);

  it("opened every page route in app/routes, or excludes it with a reason", () => {
    expect(pageRoutes.length).toBeGreaterThan(30);
    for (const [id, reason] of Object.entries(EXCLUDED)) expect(reason.length, id).toBeGreaterThan(10);
    expect(pageRoutes.filter((id) => !visited.has(id) && !(id in EXCLUDED))).toEqual([]);
    // An exclusion for a route that no longer exists, or that is opened anyway, is stale.
    expect(Object.keys(EXCLUDED).filter((id) => !pageRoutes.includes(id) || visited.has(id))).toEqual([]);
  });
});
