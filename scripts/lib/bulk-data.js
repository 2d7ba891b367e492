// Large, ledger-consistent data sets written straight into the database, for the crash-safety
// test, `npm run bench` and `npm run load`, and single funded investors for the test factories
// (test/support/factories.ts). `db` is better-sqlite3, or on PostgreSQL a PgSyncClient (the app's
// `openSqlClient`), which answers the same prepare/transaction calls; the SQL reads the same on
// both. Each row is what the real code writes (app/models/wallet.server.ts `deposit`,
// app/models/investment.server.ts `investInBatch`, app/models/user.server.ts `createSession`),
// only in one transaction instead of one per request, so 100,000 investments take a second or two
// (on SQLite) instead of minutes. The ledger invariants hold afterwards.
import crypto from "node:crypto";

/**
 * @typedef {import("better-sqlite3").Database | import("../../app/lib/pg-sync-client.server").PgSyncClient} Database
 */

/** SHA-256 hex, as sessions store bearer tokens. */
export function sha256(token) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * A password hash in app/lib/password.server.ts's format (scrypt N=2^14, r=8, p=1, 16-byte salt,
 * 64-byte key, NFKC-normalised password), so the user can also log in through the form. `cost`
 * (scrypt's N) is written into the hash, which the app reads back when it verifies, as it would
 * for a hash made under older parameters.
 * @param {string} password
 * @param {{ cost?: number }} [options]
 */
export function hashPassword(password, { cost = 16384 } = {}) {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password.normalize("NFKC"), salt, 64, { N: cost, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${cost}$8$1$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** The id of an account (created on first use), as `accountId()` in ledger.server.ts finds it. */
function account(db, kind, { userId = null, batchId = null } = {}) {
  const found = db.prepare("select id from accounts where kind = ? and user_id is not distinct from ? and batch_id is not distinct from ?").get(kind, userId, batchId);
  if (found) return found.id;
  return db.prepare("insert into accounts (kind, user_id, batch_id) values (?, ?, ?) returning id").get(kind, userId, batchId).id;
}

/**
 * The journal entry and postings of a demo deposit (EXTERNAL -> WALLET), as wallet.server.ts
 * `deposit` writes them; the caller moves the cached balances.
 * @param {Database} db
 */
function depositRows(db) {
  const insertEntry = db.prepare("insert into journal_entries (kind, memo, user_id) values ('DEPOSIT', 'Wallet deposit (demo)', ?) returning id");
  const insertPosting = db.prepare("insert into postings (entry_id, account_id, amount_minor) values (?, ?, ?)");
  return (/** @type {{ userId: number, walletId: number, externalId: number, depositMinor: number }} */ { userId, walletId, externalId, depositMinor }) => {
    const entry = insertEntry.get(userId).id;
    insertPosting.run(entry, externalId, -depositMinor);
    insertPosting.run(entry, walletId, depositMinor);
  };
}

/**
 * Creates `count` investors, each with a wallet funded by a demo deposit of `depositMinor`
 * (EXTERNAL -> WALLET) and, when `withTokens`, a bearer token (the session row holds its hash).
 * Returns their ids and tokens.
 *
 * @param {Database} db
 * @param {{ count: number, depositMinor?: number, withTokens?: boolean, prefix?: string }} options
 * @returns {Array<{ id: number, token: string | null }>}
 */
export function createInvestors(db, { count, depositMinor = 0, withTokens = false, prefix = "bulk" }) {
  const tag = `${prefix}.${process.pid}.${Date.now()}`;
  // Any non-matching hash: these investors sign in only through the tokens made here.
  const passwordHash = `scrypt$bulk$${crypto.randomBytes(8).toString("hex")}`;
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  // Verified (issue 17's tiers): load runs deposit and withdraw, which Registered accounts cannot do freely.
  const insertUser = db.prepare("insert into users (email, full_name, password_hash, kyc_tier) values (?, ?, ?, 'VERIFIED') returning id");
  const insertSession = db.prepare("insert into sessions (token_hash, user_id, expires_at) values (?, ?, ?)");
  const insertWallet = db.prepare("insert into accounts (kind, user_id, balance_minor) values ('WALLET', ?, ?) returning id");
  const writeDeposit = depositRows(db);
  return db
    .transaction(() => {
      const external = account(db, "EXTERNAL");
      const out = [];
      for (let i = 0; i < count; i++) {
        const id = insertUser.get(`${tag}.${i}@example.com`, `Bulk Investor ${i}`, passwordHash).id;
        const wallet = insertWallet.get(id, depositMinor).id;
        if (depositMinor > 0) writeDeposit({ userId: id, walletId: wallet, externalId: external, depositMinor });
        let token = null;
        if (withTokens) {
          token = crypto.randomBytes(32).toString("base64url");
          insertSession.run(sha256(token), id, expiresAt);
        }
        out.push({ id, token });
      }
      if (depositMinor > 0) {
        db.prepare("update accounts set balance_minor = balance_minor - ? where id = ?").run(depositMinor * count, external);
      }
      return out;
    })
    .immediate();
}

/**
 * Creates one user as registration does (email lower-cased) and, with `depositMinor` > 0, funds
 * the wallet as one demo deposit does: a DEPOSIT entry EXTERNAL -> WALLET, its two postings, and
 * both accounts' cached balances (and updated_at) moved, in one transaction. Without a deposit no
 * wallet account is made, as for a new registration (it is created on first use).
 * An account registered by phone (issue 31) has no email and no password (both null), its phone
 * confirmed (`phoneVerifiedAt`) and a PIN (`pinHash`, hashed as a password is).
 *
 * @param {Database} db
 * @param {{ email: string | null, fullName: string, passwordHash: string | null, depositMinor?: number, isAdmin?: boolean, tier?: "REGISTERED" | "VERIFIED" | "ENHANCED", phone?: string | null, phoneVerifiedAt?: string | null, pinHash?: string | null }} options
 * @returns {number} the user's id
 */
export function createInvestor(db, { email, fullName, passwordHash, depositMinor = 0, isAdmin = false, tier = "VERIFIED", phone = null, phoneVerifiedAt = null, pinHash = null }) {
  if (!Number.isSafeInteger(depositMinor) || depositMinor < 0) throw new Error(`A deposit is a whole, non-negative number of pesewas, not ${depositMinor}`);
  const writeDeposit = depositRows(db);
  const moveBalance = db.prepare("update accounts set balance_minor = balance_minor + ?, updated_at = ? where id = ?");
  return db
    .transaction(() => {
      const id = db
        .prepare("insert into users (email, full_name, password_hash, is_admin, kyc_tier, phone, phone_verified_at, pin_hash) values (?, ?, ?, ?, ?, ?, ?, ?) returning id")
        .get(email === null ? null : email.toLowerCase(), fullName, passwordHash, isAdmin ? 1 : 0, tier, phone, phoneVerifiedAt, pinHash).id;
      if (depositMinor > 0) {
        const walletId = account(db, "WALLET", { userId: id });
        const externalId = account(db, "EXTERNAL");
        writeDeposit({ userId: id, walletId, externalId, depositMinor });
        const at = new Date().toISOString();
        moveBalance.run(depositMinor, at, walletId);
        moveBalance.run(-depositMinor, at, externalId);
      }
      return id;
    })
    .immediate();
}

/**
 * Writes `count` investments of `units` units each in an OPEN batch, bought by `userIds` in turn
 * (round robin). Each one is an INVEST entry (WALLET -> ESCROW) and raises units_placed, exactly
 * as `investInBatch` does; the wallets must hold enough (fund them with `createInvestors`).
 *
 * @param {Database} db
 * @param {{ batchId: number, userIds: number[], count: number, units?: number }} options
 * @returns {number} the units placed
 */
export function insertInvestments(db, { batchId, userIds, count, units = 1 }) {
  const batch = db.prepare("select unit_price_minor, target_units, units_placed, status from batches where id = ?").get(batchId);
  if (!batch) throw new Error(`No batch ${batchId}`);
  if (batch.status !== "OPEN") throw new Error(`Batch ${batchId} is ${batch.status}, not OPEN`);
  if (batch.units_placed + count * units > batch.target_units) throw new Error(`Batch ${batchId} has no room for ${count * units} units`);
  const costMinor = units * batch.unit_price_minor;
  const insertEntry = db.prepare("insert into journal_entries (kind, memo, user_id, batch_id, external_ref, created_at) values ('INVEST', ?, ?, ?, ?, ?) returning id");
  const insertPosting = db.prepare("insert into postings (entry_id, account_id, amount_minor) values (?, ?, ?)");
  const insertInvestment = db.prepare("insert into investments (user_id, batch_id, units, units_held, amount_minor, unit_price_minor, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id");
  const memo = `Bought ${units} units of Batch #${batchId}`;
  return db
    .transaction(() => {
      const escrow = account(db, "ESCROW", { batchId });
      const wallets = new Map();
      const walletOf = db.prepare("select id from accounts where kind = 'WALLET' and user_id = ? and batch_id is null");
      for (const userId of userIds) {
        const row = walletOf.get(userId);
        if (!row) throw new Error(`User ${userId} has no wallet`);
        wallets.set(userId, row.id);
      }
      const spent = new Map();
      // Distinct, increasing timestamps, as investments made one after another would have.
      const start = Date.now() - count;
      for (let i = 0; i < count; i++) {
        const userId = userIds[i % userIds.length];
        const wallet = wallets.get(userId);
        // The investment first: its INVEST entry carries its reference (AKK-INV-<id>), as investInBatch writes it.
        const at = new Date(start + i).toISOString();
        const investmentId = insertInvestment.get(userId, batchId, units, units, costMinor, batch.unit_price_minor, at).id;
        const entry = insertEntry.get(memo, userId, batchId, `AKK-INV-${investmentId}`, at).id;
        insertPosting.run(entry, wallet, -costMinor);
        insertPosting.run(entry, escrow, costMinor);
        spent.set(wallet, (spent.get(wallet) ?? 0) + costMinor);
      }
      // The wallet CHECK (never negative) refuses an underfunded set, rolling everything back.
      const debit = db.prepare("update accounts set balance_minor = balance_minor - ? where id = ?");
      for (const [wallet, minor] of spent) debit.run(minor, wallet);
      db.prepare("update accounts set balance_minor = balance_minor + ? where id = ?").run(costMinor * count, escrow);
      db.prepare("update batches set units_placed = units_placed + ? where id = ?").run(count * units, batchId);
      return count * units;
    })
    .immediate();
}

/**
 * Signs in a user by writing a session row, as `createSession` does: the token works as a bearer
 * token and, in a signed cookie, as the page session. It expires after a day unless `expiresAt` says.
 * @param {Database} db
 * @param {number} userId
 * @param {{ expiresAt?: Date }} [options]
 */
export function createToken(db, userId, { expiresAt = new Date(Date.now() + 24 * 3600 * 1000) } = {}) {
  const token = crypto.randomBytes(32).toString("base64url");
  db.prepare("insert into sessions (token_hash, user_id, expires_at) values (?, ?, ?)").run(sha256(token), userId, expiresAt.toISOString());
  return token;
}
