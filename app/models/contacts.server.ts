import { msg } from "~/catalog/ref";
/**
 * Confirming a contact (issue 16): the email address by a link (24 hours, once), the phone by a
 * 6-digit SMS code (10 minutes, 5 tries). Until confirmed, a contact receives security mail only.
 * A confirmation is for one address: if the address changed since, it confirms nothing.
 */
import crypto from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, ne } from "drizzle-orm";
import { DomainError } from "~/domain/errors";
import { now, nowIso } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { atomic } from "~/models/ledger.server";
import { queueEmailConfirmation, queuePhoneCode, queueSignInCode } from "~/models/messages.server";
import { contactConfirmations, users, type ConfirmationPurpose } from "~/models/schema.server";

const EMAIL_LINK_TTL_MS = 24 * 3600 * 1000;
const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_TRIES = 5;

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const hashMatches = (hash: string, secret: string) => crypto.timingSafeEqual(Buffer.from(hash), Buffer.from(sha256(secret)));

/** `email` is null for an account registered by phone (issue 31) until its owner adds one. */
export type ContactStatus = { email: string | null; emailConfirmed: boolean; phone: string | null; phoneConfirmed: boolean; codePending: boolean };

export function contactStatus(userId: number): ContactStatus {
  const u = getDb().select({ email: users.email, phone: users.phone, ev: users.emailVerifiedAt, pv: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  if (!u) throw new DomainError(404, msg("refusals.noSuchUser"));
  const pending = u.phone ? pendingCode(userId, u.phone, "CONFIRM") : undefined;
  return { email: u.email, emailConfirmed: Boolean(u.ev), phone: u.phone, phoneConfirmed: Boolean(u.pv && u.phone), codePending: Boolean(pending && pending.tries < PHONE_CODE_TRIES) };
}

/** Queues a confirmation link for the account's email (inside the caller's transaction when there is one). */
export function sendEmailConfirmation(userId: number): void {
  const db = getDb();
  atomic(() => {
    const u = db.select({ id: users.id, email: users.email, fullName: users.fullName, ev: users.emailVerifiedAt, closedAt: users.closedAt }).from(users).where(eq(users.id, userId)).get();
    if (!u || u.closedAt) throw new DomainError(404, msg("refusals.noSuchUser"));
    if (!u.email) throw new DomainError(409, msg("refusals.noEmail"));
    if (u.ev) throw new DomainError(409, msg("refusals.emailAlreadyConfirmed"));
    const token = crypto.randomBytes(32).toString("base64url");
    db.insert(contactConfirmations)
      .values({ userId, channel: "EMAIL", address: u.email, secretHash: sha256(token), expiresAt: new Date(now().getTime() + EMAIL_LINK_TTL_MS).toISOString(), createdAt: nowIso() })
      .run();
    queueEmailConfirmation({ ...u, email: u.email }, token);
  });
}

function findEmailConfirmation(token: string) {
  return getDb()
    .select()
    .from(contactConfirmations)
    .where(and(eq(contactConfirmations.secretHash, sha256(token)), eq(contactConfirmations.channel, "EMAIL"), isNull(contactConfirmations.usedAt), gt(contactConfirmations.expiresAt, nowIso())))
    .get();
}

/** Whether the link can still confirm (the page asks before it confirms, so a mail scanner's GET spends nothing). */
export function emailLinkValid(token: string): boolean {
  const row = findEmailConfirmation(token);
  if (!row) return false;
  const u = getDb().select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get();
  return u?.email === row.address;
}

/** Spends the link and marks the address confirmed; false when it is unknown, used, expired or for an old address. */
export function confirmEmail(token: string): boolean {
  const db = getDb();
  return atomic(() => {
    const row = findEmailConfirmation(token);
    if (!row) return false;
    const spent = db
      .update(contactConfirmations)
      .set({ usedAt: nowIso() })
      .where(and(eq(contactConfirmations.id, row.id), isNull(contactConfirmations.usedAt)))
      .run();
    if (spent.changes !== 1) return false;
    const done = db
      .update(users)
      .set({ emailVerifiedAt: nowIso() })
      .where(and(eq(users.id, row.userId), eq(users.email, row.address), isNull(users.closedAt)))
      .run();
    return done.changes === 1;
  });
}

// ---- codes by SMS: confirming the phone, and signing in with it (issue 31), each kept to its purpose ----

function pendingCode(userId: number, phone: string, purpose: ConfirmationPurpose) {
  return getDb()
    .select()
    .from(contactConfirmations)
    .where(
      and(
        eq(contactConfirmations.userId, userId),
        eq(contactConfirmations.channel, "SMS"),
        eq(contactConfirmations.purpose, purpose),
        eq(contactConfirmations.address, phone),
        isNull(contactConfirmations.usedAt),
        gt(contactConfirmations.expiresAt, nowIso()),
      ),
    )
    .orderBy(desc(contactConfirmations.id))
    .get();
}

/** A new 6-digit code for `phone` and `purpose` (inside the caller's transaction); any earlier one for it stops working. */
function issueCode(userId: number, phone: string, purpose: ConfirmationPurpose): string {
  const db = getDb();
  db.update(contactConfirmations)
    .set({ usedAt: nowIso() })
    .where(and(eq(contactConfirmations.userId, userId), eq(contactConfirmations.channel, "SMS"), eq(contactConfirmations.purpose, purpose), isNull(contactConfirmations.usedAt)))
    .run();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  db.insert(contactConfirmations)
    .values({ userId, channel: "SMS", purpose, address: phone, secretHash: sha256(code), expiresAt: new Date(now().getTime() + PHONE_CODE_TTL_MS).toISOString(), createdAt: nowIso() })
    .run();
  return code;
}

/**
 * Checks `code` against the latest one sent to `phone` for `purpose` (inside the caller's
 * transaction): "right" spends it; a wrong one counts a try and says how many are left (0: spent);
 * "expired" when there is none to try (never sent, used, 10 minutes old, or out of tries).
 */
function tryCode(userId: number, phone: string, purpose: ConfirmationPurpose, code: string): "right" | "expired" | { triesLeft: number } {
  const db = getDb();
  const row = pendingCode(userId, phone, purpose);
  if (!row || row.tries >= PHONE_CODE_TRIES) return "expired";
  if (!/^\d{6}$/.test(code) || !hashMatches(row.secretHash, code)) {
    db.update(contactConfirmations)
      .set({ tries: row.tries + 1 })
      .where(eq(contactConfirmations.id, row.id))
      .run();
    return { triesLeft: PHONE_CODE_TRIES - row.tries - 1 };
  }
  db.update(contactConfirmations).set({ usedAt: nowIso() }).where(eq(contactConfirmations.id, row.id)).run();
  return "right";
}

/** A new 6-digit code by SMS; any earlier code stops working. The caller rate-limits. */
export function sendPhoneCode(userId: number): void {
  const db = getDb();
  atomic(() => {
    const u = db.select({ phone: users.phone, pv: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId)).get();
    if (!u?.phone) throw new DomainError(409, msg("refusals.noPhone"), "phone");
    if (u.pv) throw new DomainError(409, msg("refusals.phoneAlreadyConfirmed"), "phone");
    queuePhoneCode(userId, u.phone, issueCode(userId, u.phone, "CONFIRM"));
  });
}

/**
 * Whether another open account has confirmed `phone` already. A confirmed number is how USSD and
 * phone sign-in know who is calling, so it belongs to one account: a second confirmation would make
 * it name nobody and lock its owner out.
 */
export function phoneConfirmedByAnother(phone: string, userId: number): boolean {
  return Boolean(
    getDb()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), isNull(users.closedAt), ne(users.id, userId)))
      .get(),
  );
}

/** Checks the code against the latest one sent to the current phone: 5 tries, 10 minutes. Throws the message to show. */
export function confirmPhone(userId: number, code: string): void {
  if (!/^\d{6}$/.test(code)) throw new DomainError(400, msg("refusals.phoneCodeFormat"), "code");
  const db = getDb();
  const wrong = atomic(() => {
    const u = db.select({ phone: users.phone, pv: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId)).get();
    if (!u?.phone) throw new DomainError(409, msg("refusals.noPhone"), "code");
    if (u.pv) throw new DomainError(409, msg("refusals.phoneAlreadyConfirmed"), "code");
    const tried = tryCode(userId, u.phone, "CONFIRM", code);
    if (tried === "expired") throw new DomainError(400, msg("refusals.phoneCodeExpired"), "code");
    if (tried !== "right") return tried.triesLeft;
    // After the right code (it proves the phone is here), so nobody learns whose number is whose by guessing.
    if (phoneConfirmedByAnother(u.phone, userId)) throw new DomainError(409, msg("refusals.phoneTaken"), "code");
    db.update(users)
      .set({ phoneVerifiedAt: nowIso() })
      .where(and(eq(users.id, userId), eq(users.phone, u.phone)))
      .run();
    return null;
  });
  // Thrown after the transaction, so the counted try is kept.
  if (wrong !== null) throw new DomainError(400, wrong > 0 ? msg("refusals.phoneCodeWrong", { count: wrong }) : msg("refusals.phoneCodeExpired"), "code");
}

/** A 6-digit sign-in code by SMS to the account's confirmed `phone` (issue 31); any earlier sign-in code stops working. The caller rate-limits. */
export function sendSignInCode(userId: number, phone: string): void {
  atomic(() => queueSignInCode(userId, phone, issueCode(userId, phone, "SIGN_IN")));
}

/** Whether `code` is the sign-in code last sent to `phone` (spent when it is); a wrong one counts against its 5 tries. */
export function checkSignInCode(userId: number, phone: string, code: string): boolean {
  return atomic(() => tryCode(userId, phone, "SIGN_IN", code)) === "right";
}
