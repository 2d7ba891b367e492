/**
 * Factories: farms, batches, funded investors and signed-in clients in one line each, written
 * straight into the test server's SQLite file (server.db()) the way the app writes them, so set-up
 * costs no HTTP round trips and no login form. As the Epic Stack's Playwright `login` fixture does,
 * a signed-in user is a session row plus the session cookie signed with the server's secret
 * (app/lib/session.server.ts), never a click through /login. Tests that are about the API or the
 * forms (admin create-batch validation, login, registration) still go through them.
 *
 *   const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 50, expectedRoi: 0.01 });
 *   const kofi = await createInvestor(server, { walletGhs: 1000 });   // kofi.api (bearer), kofi.page (cookie)
 *   const admin = await signInAdmin(server);                          // the seeded admin, same shape
 *   await signInBrowser(context, server, kofi);                       // a Playwright context, signed in
 *   await signInBrowser(context, server, TEST_ADMIN.email);           // (a user by id or email too)
 */
import { createCookie } from "@remix-run/node";
import type { BrowserContext } from "playwright-core";
import { createInvestor as insertInvestor, createToken, hashPassword } from "../../scripts/lib/bulk-data.js";
import { Client, uniqueEmail, uniquePhone } from "./client";
import { TEST_ADMIN, type TestServer } from "./server";

/** As app/models/user.server.ts: a session lasts 30 days. */
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const SESSION_COOKIE = "akoko_session";

/** The server's clock (the real one, moved by its AKOKO_CLOCK_OFFSET_DAYS). */
export function serverNow(server: TestServer): Date {
  return new Date(Date.now() + server.clockOffsetMs);
}

/** GHS with at most 2 decimals -> pesewas; anything else is a mistake in the test. */
function toMinor(ghs: number, what: string): number {
  const minor = Math.round(ghs * 100);
  if (!Number.isFinite(ghs) || Math.abs(minor - ghs * 100) > 1e-6) throw new Error(`${what} must be GHS with at most 2 decimals, not ${ghs}`);
  return minor;
}

// ---- farms and batches ----

/** Ghana's poultry hubs, for farms that look like the real ones. */
const HUBS = [
  "Dormaa Ahenkro, Bono",
  "Techiman, Bono East",
  "Sunyani, Bono",
  "Kumasi, Ashanti",
  "Ejisu, Ashanti",
  "Nsawam, Eastern",
  "Koforidua, Eastern",
  "Dodowa, Greater Accra",
  "Ashaiman, Greater Accra",
  "Tamale, Northern",
];
let farmCount = 0;

export type Farm = { id: number; name: string; location: string; notes: string };

/** A farm (as the admin's create-farm form makes it, without the audit row). */
export function createFarm(server: TestServer, { name, location, notes = "" }: { name?: string; location?: string; notes?: string } = {}): Farm {
  farmCount += 1;
  const where = location ?? HUBS[farmCount % HUBS.length];
  const farmName = name ?? `${where.split(",")[0]} Poultry ${farmCount}`;
  const { id } = server.db().prepare("insert into farms (name, location, notes) values (?, ?, ?) returning id").get(farmName, where, notes) as { id: number };
  return { id, name: farmName, location: where, notes };
}

export type ProductType = "EGG" | "CHICKEN";
export type BatchStatus = "OPEN" | "ACTIVE" | "HARVESTED" | "CLOSED";

export type BatchOptions = {
  /** The farm; a new one (see createFarm) when left out. */
  farmId?: number;
  productType?: ProductType;
  /** GHS per unit, at most 2 decimals. */
  unitPrice?: number;
  targetUnits?: number;
  /** A fraction: monthly for eggs, per cycle for chicken. */
  expectedRoi?: number;
  /** OPEN by default. Another status is for a batch nobody holds (money moves only through the app). */
  status?: BatchStatus;
  /** YYYY-MM-DD; by default none while OPEN (activation sets it), the server's today otherwise. */
  startDate?: string | null;
  /** GHS per kg of feed; null shows as TBD. */
  feedPrice?: number | null;
  /** A fraction of the birds lost. */
  mortalityRate?: number;
};

export type Batch = { id: number; farmId: number; productType: ProductType; unitPriceMinor: number; targetUnits: number; expectedRoi: number; status: BatchStatus; startDate: string | null };

/** Typical figures (typical Ghanaian figures, the admin defaults) for what a test leaves out. */
const BATCH_DEFAULTS: Record<ProductType, { unitPrice: number; targetUnits: number; expectedRoi: number; mortalityRate: number; feedPrice: number }> = {
  // Layers: about 1% a month (10-14% a year), 5-10% mortality over the laying cycle.
  EGG: { unitPrice: 100, targetUnits: 2000, expectedRoi: 0.01, mortalityRate: 0.06, feedPrice: 6 },
  // Broilers: 12% a cycle, 3-6% mortality.
  CHICKEN: { unitPrice: 50, targetUnits: 1000, expectedRoi: 0.12, mortalityRate: 0.04, feedPrice: 6 },
};

/** A batch nobody has invested in yet (as the admin's create-batch form makes it, without the audit row). */
export function createBatch(server: TestServer, options: BatchOptions = {}): Batch {
  const productType = options.productType ?? "EGG";
  const d = BATCH_DEFAULTS[productType];
  const status = options.status ?? "OPEN";
  const farmId = options.farmId ?? createFarm(server).id;
  const unitPriceMinor = toMinor(options.unitPrice ?? d.unitPrice, "unitPrice");
  const targetUnits = options.targetUnits ?? d.targetUnits;
  const expectedRoi = options.expectedRoi ?? d.expectedRoi;
  const feedPrice = options.feedPrice === undefined ? d.feedPrice : options.feedPrice;
  const today = serverNow(server).toISOString().slice(0, 10);
  const startDate = options.startDate !== undefined ? options.startDate : status === "OPEN" ? null : today;
  const endedAt = status === "HARVESTED" || status === "CLOSED" ? serverNow(server).toISOString() : null;
  const { id } = server
    .db()
    .prepare(
      "insert into batches (farm_id, product_type, unit_price_minor, target_units, expected_roi, status, feed_price_minor, mortality_rate, start_date, ended_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id",
    )
    .get(
      farmId,
      productType,
      unitPriceMinor,
      targetUnits,
      expectedRoi,
      status,
      feedPrice === null ? null : toMinor(feedPrice, "feedPrice"),
      options.mortalityRate ?? d.mortalityRate,
      startDate,
      endedAt,
    ) as { id: number };
  return { id, farmId, productType, unitPriceMinor, targetUnits, expectedRoi, status, startDate };
}

/**
 * Moves a batch's start date back to `months` and `days` before today (UTC, the real clock), counted
 * as SQLite's date('now', '-N months') counts: the 31st less a month past a 30-day month rolls over.
 */
export function backdateBatchStart(server: TestServer, batchId: number, { months = 0, days = 0 }: { months?: number; days?: number }): void {
  const start = new Date();
  start.setUTCMonth(start.getUTCMonth() - months);
  start.setUTCDate(start.getUTCDate() - days);
  server.db().prepare("update batches set start_date = ? where id = ?").run(start.toISOString().slice(0, 10), batchId);
  backdateHoldings(server, batchId, start.toISOString().slice(0, 10));
}

/**
 * Moves an egg batch's start date to the first day of the month two months before the server's
 * today: its hens come into lay this month (docs/rules.md#payouts), so a run may pay this month.
 * Its holdings keep their dates: bought this month, they are owed no earlier month, so none is due.
 * For tests that pay "this month" of a batch they just activated.
 */
export function startInLay(server: TestServer, batchId: number): string {
  const now = serverNow(server);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
  server.db().prepare("update batches set start_date = ? where id = ?").run(start, batchId);
  return start;
}

/**
 * The batch's holdings as bought by `day` (YYYY-MM-DD), while it was open: what the holders of a
 * batch that started then had. A month's income is its holders' at the month's end (its record
 * date), so a holding bought since is owed none of the months before.
 */
export function backdateHoldings(server: TestServer, batchId: number, day: string): void {
  const at = `${day}T00:00:00.000Z`;
  server.db().prepare("update investments set created_at = ? where batch_id = ? and created_at > ?").run(at, batchId, at);
}

// ---- remittances ----

/**
 * What the farm remitted for a batch (issue 18), as recordRemittance books it without the audit
 * row: a REMITTANCE entry EXTERNAL -> the batch's SETTLEMENT account and the remittance row. Payout
 * runs pay only from it. By default enough for anything the batch's holders can be paid (their
 * principal plus two years of return), for tests that are about something else than funding.
 */
export function createRemittance(server: TestServer, batchId: number, { amountGhs, period }: { amountGhs?: number; period?: string } = {}): { id: number; amountMinor: number } {
  const db = server.db();
  const batch = db.prepare(`select product_type as "productType", expected_roi roi from batches where id = ?`).get(batchId) as { productType: ProductType; roi: number } | undefined;
  if (!batch) throw new Error(`No batch ${batchId}`);
  const principal = (db.prepare("select coalesce(sum(units_held * unit_price_minor), 0) p from investments where batch_id = ? and status = 'ACTIVE'").get(batchId) as { p: number }).p;
  const amountMinor = amountGhs === undefined ? Math.max(100, Math.ceil(principal * (1 + 24 * batch.roi))) : toMinor(amountGhs, "amountGhs");
  const at = serverNow(server).toISOString();
  const remitPeriod = period ?? (batch.productType === "CHICKEN" ? "HARVEST" : at.slice(0, 7));
  const account = (kind: string, owner: number | null) =>
    (
      (db.prepare("select id from accounts where kind = ? and user_id is null and batch_id is not distinct from ?").get(kind, owner) as { id: number } | undefined) ??
      (db.prepare("insert into accounts (kind, batch_id, updated_at) values (?, ?, ?) returning id").get(kind, owner, at) as { id: number })
    ).id;
  return db
    .transaction(() => {
      const external = account("EXTERNAL", null);
      const settlement = account("SETTLEMENT", batchId);
      const { id: entryId } = db
        .prepare("insert into journal_entries (kind, memo, batch_id, created_at) values ('REMITTANCE', ?, ?, ?) returning id")
        .get(`Batch #${batchId} remittance for ${remitPeriod}`, batchId, at) as { id: number };
      for (const [accountId, minor] of [
        [external, -amountMinor],
        [settlement, amountMinor],
      ]) {
        db.prepare("insert into postings (entry_id, account_id, amount_minor) values (?, ?, ?)").run(entryId, accountId, minor);
        db.prepare("update accounts set balance_minor = balance_minor + ?, updated_at = ? where id = ?").run(minor, at, accountId);
      }
      const { id } = db
        .prepare("insert into remittances (batch_id, period, amount_minor, entry_id, created_at) values (?, ?, ?, ?, ?) returning id")
        .get(batchId, remitPeriod, amountMinor, entryId, at) as { id: number };
      return { id, amountMinor };
      // IMMEDIATE: take the write lock at BEGIN (waiting out the server's writers); a deferred
      // transaction that upgrades to a write while the server commits fails with "database is locked".
    })
    .immediate();
}

// ---- users and sessions ----

/** A user signed in twice, as a phone app (bearer token) and a browser (session cookie) would be. */
export type SignedIn = {
  id: number;
  email: string;
  /** The API client's bearer token. */
  token: string;
  /** Sends `Authorization: Bearer <token>`. */
  api: Client;
  /** Holds a session cookie of its own, as after the login form. */
  page: Client;
};

export type Investor = SignedIn & { password: string; fullName: string };

/** The signed cookie value for a session token, as app/lib/session.server.ts serializes it. */
export async function sessionCookieValue(server: TestServer, token: string): Promise<string> {
  const cookie = createCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secrets: [server.sessionSecret] });
  const header = await cookie.serialize(token);
  return header.slice(SESSION_COOKIE.length + 1, header.indexOf(";"));
}

/** A new session for the user (30 days from the server's clock, as createSession), returning its token. */
export function createSession(server: TestServer, userId: number): string {
  return createToken(server.db(), userId, { expiresAt: new Date(serverNow(server).getTime() + SESSION_TTL_MS) });
}

function userRow(server: TestServer, who: number | string) {
  const row = server
    .db()
    .prepare(`select id, email from users where ${typeof who === "number" ? "id" : "email"} = ?`)
    .get(typeof who === "string" ? who.toLowerCase() : who) as { id: number; email: string } | undefined;
  if (!row) throw new Error(`No user ${who}`);
  return row;
}

/** Signs in an existing user (by id or email): an API client and a page client, each with a session of its own. */
export async function signIn(server: TestServer, who: number | string): Promise<SignedIn> {
  const { id, email } = userRow(server, who);
  const token = createSession(server, id);
  const api = new Client(server.url);
  api.bearer = token;
  const page = new Client(server.url);
  page.setCookie(SESSION_COOKIE, await sessionCookieValue(server, createSession(server, id)));
  return { id, email, token, api, page };
}

/** The seeded admin (TEST_ADMIN), signed in. */
export async function signInAdmin(server: TestServer): Promise<SignedIn & { password: string }> {
  return { ...(await signIn(server, TEST_ADMIN.email)), password: TEST_ADMIN.password };
}

// One scrypt hash per password per run: hashing is deliberately slow (~50 ms), and a test needs
// the password to log in through the form, not a salt of its own.
const hashes = new Map<string, string>();

/**
 * scrypt's N for the factories' passwords and PINs: 2^10, not the app's 2^14. The server reads N
 * from the stored hash, so each form sign-in or PIN check of a factory's account costs it about
 * 3 ms of CPU instead of about 45 (about 900 such checks a run). The server's own hashes (sign-up,
 * a PIN set on /account, the seed's accounts, the unknown-email decoy) keep the app's cost, and
 * app/lib/password.server.test.ts pins it.
 */
const FACTORY_HASH_COST = 1024;

/** The scrypt hash of a password or PIN, made once per run (see `hashes`). */
function hashOnce(secret: string): string {
  let hash = hashes.get(secret);
  if (!hash) hashes.set(secret, (hash = hashPassword(secret, { cost: FACTORY_HASH_COST })));
  return hash;
}

/**
 * A new investor with `walletGhs` in the wallet (a demo deposit, as the app books it: the ledger
 * invariants hold), signed in for the API and the pages. The password is real: the login form
 * takes it too. Verified by default (issue 17's tiers: Registered accounts cannot withdraw and
 * deposit little); `tier` chooses. `phone`: confirmed, as after the SMS code (issue 31: what a USSD
 * caller is found by); `pin`: a PIN set, as on /account.
 */
export async function createInvestor(
  server: TestServer,
  {
    fullName = "Kofi Mensah",
    email = uniqueEmail(),
    password = "correct-horse-battery",
    walletGhs = 0,
    tier = "VERIFIED",
    phone,
    pin,
  }: { fullName?: string; email?: string; password?: string; walletGhs?: number; tier?: "REGISTERED" | "VERIFIED" | "ENHANCED"; phone?: string; pin?: string } = {},
): Promise<Investor> {
  const id = insertInvestor(server.db(), {
    email,
    fullName,
    passwordHash: hashOnce(password),
    depositMinor: toMinor(walletGhs, "walletGhs"),
    tier,
    phone: phone ?? null,
    phoneVerifiedAt: phone ? serverNow(server).toISOString() : null,
    pinHash: pin ? hashOnce(pin) : null,
  });
  return { ...(await signIn(server, id)), password, fullName };
}

/** An account registered by phone (issue 31): no email, no password, its phone confirmed and a PIN. */
export type PhoneInvestor = { id: number; phone: string; pin: string; fullName: string; token: string; api: Client; page: Client };

/**
 * An account as registerByPhone makes it (issue 31): no email and no password, the phone confirmed,
 * the PIN hashed as a password is; `walletGhs` funded as createInvestor funds it. Signed in for the
 * API and the pages (as a phone sign-in would leave it), and Registered unless `tier` says otherwise.
 */
export async function createPhoneInvestor(
  server: TestServer,
  {
    fullName = "Yaa Asantewaa",
    phone = uniquePhone(),
    pin = "4071",
    walletGhs = 0,
    tier = "REGISTERED",
  }: { fullName?: string; phone?: string; pin?: string; walletGhs?: number; tier?: "REGISTERED" | "VERIFIED" | "ENHANCED" } = {},
): Promise<PhoneInvestor> {
  const pinHash = hashOnce(pin);
  const id = insertInvestor(server.db(), {
    email: null,
    fullName,
    passwordHash: null,
    depositMinor: toMinor(walletGhs, "walletGhs"),
    tier,
    phone,
    phoneVerifiedAt: serverNow(server).toISOString(),
    pinHash,
  });
  const token = createSession(server, id);
  const api = new Client(server.url);
  api.bearer = token;
  const page = new Client(server.url);
  page.setCookie(SESSION_COOKIE, await sessionCookieValue(server, createSession(server, id)));
  return { id, phone, pin, fullName, token, api, page };
}

// ---- browsers ----

/** The session cookie as Playwright takes it (for addCookies, or a storageState's cookies). */
export async function browserCookie(server: TestServer, token: string) {
  return { name: SESSION_COOKIE, value: await sessionCookieValue(server, token), url: server.url, httpOnly: true, sameSite: "Lax" as const };
}

/** A user as an id, an email, or anything with an id (an Investor, a SignedIn). */
type Who = number | string | { id: number };
const idOf = (server: TestServer, who: Who) => (typeof who === "object" ? who.id : userRow(server, who).id);

/**
 * Signs a Playwright browser context in as the user (a session of its own, its cookie added to the
 * context), as the Epic Stack's `login` fixture does: no login form.
 */
export async function signInBrowser(context: BrowserContext, server: TestServer, who: Who): Promise<void> {
  await context.addCookies([await browserCookie(server, createSession(server, idOf(server, who)))]);
}

/** A signed-in storageState for the user, for page-weight measurements (newContext({ storageState })). */
export async function signedInStorageState(server: TestServer, who: Who) {
  const cookie = await browserCookie(server, createSession(server, idOf(server, who)));
  const { hostname } = new URL(server.url);
  return { cookies: [{ name: cookie.name, value: cookie.value, domain: hostname, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" as const }], origins: [] };
}

// ---- messages (issue 16) ----

/**
 * The newest email queued for `to` in the server's outbox whose text holds a link starting with
 * `prefix` (e.g. "http://akoko.test/reset-password/"): how tests on the demo outbox read what a
 * person would get (the row is written in the request's own transaction, so it is there at once).
 */
export function linkFromOutbox(server: TestServer, to: string, prefix: string): string | null {
  const rows = server.db().prepare("select body_text from outbox where recipient = ? and channel = 'EMAIL' order by id desc").all(to.toLowerCase()) as Array<{ body_text: string }>;
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const row of rows) {
    const m = new RegExp(`${escaped}[A-Za-z0-9._~%-]+`).exec(row.body_text);
    if (m) return m[0];
  }
  return null;
}
