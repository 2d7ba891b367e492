import crypto from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { queuePasswordChanged, queuePasswordReset } from "~/models/messages.server";
import { sendEmailConfirmation } from "~/models/contacts.server";
import { forgetMessagesOf } from "~/models/messages.server";
import { CLOSED_ACCOUNT_NAME, checkAccountClosable, closedAccountEmail, type AccountPosition } from "~/domain/account";
import { DomainError } from "~/domain/errors";
import { normalizeGhanaPhone } from "~/domain/kyc";
import type { NewPin } from "~/domain/pin";
import { msg } from "~/catalog/ref";
import { nowIso, now } from "~/lib/clock.server";
import { getDb, prepared } from "~/lib/db.server";
import { isUniqueViolation, type SqlBoolean } from "~/lib/sql-dialect.server";
import { DUMMY_HASH, hashPassword, verifyPassword } from "~/lib/password.server";
import { openPositionCounts } from "~/models/investment.server";
import { atomic, walletInfo } from "~/models/ledger.server";
import { passwordResets, sessions, users } from "~/models/schema.server";
import { noteSignInDevice, type SessionMeta } from "~/models/sessions.server";
import { recordAdminPasswordChange } from "~/models/admin-alerts.server";
import type { Language } from "~/catalog/languages";

/** `email` is null for an account registered by phone (issue 31) until its owner adds one. */
export type User = { id: number; email: string | null; fullName: string; phone: string | null; isAdmin: boolean; createdAt: string };

const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;

const publicColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  phone: users.phone,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

export function sha256(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function newToken() {
  return crypto.randomBytes(32).toString("base64url");
}

export function getUserById(id: number): User | undefined {
  return getDb().select(publicColumns).from(users).where(eq(users.id, id)).get();
}

/** An open account by its email (a closed one has no email of its own any more). */
export function getUserByEmail(email: string): User | undefined {
  return getDb()
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.closedAt)))
    .get();
}

export class EmailTakenError extends Error {}

/** `confirmEmail`: queue the email-confirmation link in the same transaction (registration does). */
/** `locale`: the language the person registered in, which their emails and SMS then speak (null: English until they choose). */
export async function createUser({
  email,
  fullName,
  password,
  confirmEmail = false,
  locale = null,
}: {
  email: string;
  fullName: string;
  password: string;
  confirmEmail?: boolean;
  locale?: Language | null;
}): Promise<User> {
  const passwordHash = await hashPassword(password);
  const db = getDb();
  try {
    return atomic(() => {
      const user = db.insert(users).values({ email: email.toLowerCase(), fullName, passwordHash, locale }).returning(publicColumns).get();
      if (confirmEmail) sendEmailConfirmation(user.id);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, users.email)) throw new EmailTakenError();
    throw error;
  }
}

/**
 * Whether `password` matches `stored`, the same work either way: an unknown account or one without a
 * password (registered by phone, issue 31) is checked against DUMMY_HASH, and refused whatever it gives.
 */
async function passwordMatches(password: string, stored: string | null | undefined): Promise<boolean> {
  const ok = await verifyPassword(password, stored ?? DUMMY_HASH);
  return ok && typeof stored === "string";
}

/**
 * An account registered by phone (issue 31): no email and no password, the phone confirmed (the
 * mobile network itself gave the number), the PIN hashed as a password is. A number any account
 * holds already (confirmed or not) is refused: checked and written under the write lock, so two
 * registrations of one number cannot both pass.
 */
export async function createPhoneUser({ fullName, phone, pin, locale }: { fullName: string; phone: string; pin: NewPin; locale: Language | null }): Promise<User> {
  const pinHash = await hashPassword(pin);
  return atomic(() => {
    const db = getDb();
    if (db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).get()) throw new DomainError(409, msg("refusals.phoneTaken"), "phone");
    return db.insert(users).values({ fullName, phone, phoneVerifiedAt: nowIso(), pinHash, locale }).returning(publicColumns).get();
  });
}

/**
 * The open account whose confirmed phone is `phone` (any Ghana spelling), for the doors where the
 * number says who it is (USSD, phone sign-in); null when none, or when more than one account
 * confirmed the same number (the number then names nobody).
 */
export function findUserByConfirmedPhone(phone: string): User | null {
  const number = normalizeGhanaPhone(phone);
  if (!number) return null;
  const found = getDb()
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.phone, number), isNotNull(users.phoneVerifiedAt), isNull(users.closedAt)))
    .limit(2)
    .all();
  return found.length === 1 ? found[0] : null;
}

/** Gives an account without an email one (issue 31), and queues its confirmation link with it. */
export function addEmail(userId: number, email: string): void {
  const db = getDb();
  try {
    atomic(() => {
      const added = db
        .update(users)
        .set({ email: email.toLowerCase(), emailVerifiedAt: null })
        .where(and(eq(users.id, userId), isNull(users.email), isNull(users.closedAt)))
        .run();
      if (added.changes !== 1) throw new DomainError(409, msg("refusals.emailAlreadySet"), "email");
      sendEmailConfirmation(userId);
    });
  } catch (error) {
    if (isUniqueViolation(error, users.email)) throw new DomainError(409, msg("rules.emailTaken"), "email");
    throw error;
  }
}

/** A first password for an account without one (issue 31); its owner hears of it as of a change. */
export async function setFirstPassword(userId: number, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  atomic(() => {
    const set = getDb()
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), isNull(users.passwordHash), isNull(users.closedAt)))
      .run();
    if (set.changes !== 1) throw new DomainError(409, msg("refusals.passwordAlreadySet"), "new_password");
    queuePasswordChanged(userId);
  });
}

/** Returns the user when the password matches; null otherwise (same work either way). */
export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const row = getDb()
    .select({ ...publicColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.closedAt)))
    .get();
  const ok = await passwordMatches(password, row?.passwordHash);
  if (!row || !ok) return null;
  const { passwordHash: _hash, ...user } = row;
  return user;
}

/** Changes the name and/or phone (null clears it); the email and is_admin never change here. */
export function updateUserProfile(userId: number, changes: { fullName?: string; phone?: string | null }): User {
  const db = getDb();
  atomic(() => {
    if (changes.fullName !== undefined) db.update(users).set({ fullName: changes.fullName }).where(eq(users.id, userId)).run();
    // A new number has to be confirmed again (its SMS code goes to the new number); the same one keeps its confirmation.
    if (changes.phone !== undefined)
      db.update(users)
        .set({ phone: changes.phone, phoneVerifiedAt: null })
        .where(and(eq(users.id, userId), sql`${users.phone} is distinct from ${changes.phone}`))
        .run();
  });
  return getUserById(userId)!;
}

/** Keeps the language the user chose, which their emails and SMS are then written in. */
export function setUserLocale(userId: number, locale: Language): void {
  getDb().update(users).set({ locale }).where(eq(users.id, userId)).run();
}

/** Whether the account has a password (one registered by phone has none until its owner sets one, issue 31). */
export function hasPassword(userId: number): boolean {
  return Boolean(getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get()?.passwordHash);
}

/** Whether `password` is the user's current one (same work whether or not it is). */
export async function verifyUserPassword(userId: number, password: string): Promise<boolean> {
  const row = getDb()
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .get();
  return passwordMatches(password, row?.passwordHash);
}

/**
 * Sets a new password and signs the user out everywhere except `keepSessionToken` (the session that
 * asked: cookie or bearer). A reset link still in a mailbox is spent too: it must not undo the change.
 */
export async function changePassword({ userId, newPassword, keepSessionToken }: { userId: number; newPassword: string; keepSessionToken: string | null }): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const keep = keepSessionToken ? sha256(keepSessionToken) : "";
  atomic(() => {
    const db = getDb();
    // A closed account keeps its unusable hash, even if it was closed while the new one was hashed.
    db.update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), isNull(users.closedAt)))
      .run();
    db.update(passwordResets)
      .set({ usedAt: nowIso() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
      .run();
    db.delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)))
      .run();
    queuePasswordChanged(userId);
    recordAdminPasswordChange(userId, "changed");
  });
}

/** What decides whether the account may be closed now (see checkAccountClosable). */
export function accountPosition(userId: number): AccountPosition {
  const row = getDb().select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).get();
  const inFlight = prepared<[number, number], { n: number }>(
    "select (select count(*) from deposits where user_id = ? and status = 'PENDING') + (select count(*) from withdrawals where user_id = ? and status = 'PENDING') n",
  ).get(userId, userId)!.n;
  return { balanceMinor: walletInfo(userId).balanceMinor, ...openPositionCounts(userId), paymentsInFlight: inFlight, isAdmin: row?.isAdmin ?? false };
}

/** A hash no password can match (verifyPassword knows only scrypt): the closed account can never log in. */
const UNUSABLE_PASSWORD_HASH = "closed-account";

/**
 * Closes the account (Terms, "Account usage and termination") when checkAccountClosable allows it:
 * in one transaction, read under the write lock so no deposit or fill slips in between, the name,
 * email, phone, password and PIN go, and every session and reset link of the user is deleted. The row
 * itself stays, as do its wallet account, investments, payouts and journal entries: the ledger is
 * append-only and points at it.
 */
export function closeUserAccount(userId: number): void {
  atomic(() => {
    checkAccountClosable(accountPosition(userId));
    const db = getDb();
    db.update(users)
      .set({
        fullName: CLOSED_ACCOUNT_NAME,
        email: closedAccountEmail(userId),
        phone: null,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        pinHash: null,
        pinFailures: 0,
        pinLockedUntil: null,
        closedAt: nowIso(),
      })
      .where(and(eq(users.id, userId), isNull(users.closedAt)))
      .run();
    db.delete(sessions).where(eq(sessions.userId, userId)).run();
    db.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
    forgetMessagesOf(userId);
  });
}

// ---- sessions (cookie and bearer tokens share this table) ----

/**
 * A new session (a browser's cookie or an API client's bearer token) for the user, recording what the
 * signing-in request said about itself (kind, User-Agent, address) and the device it came from
 * (noteSignInDevice: an admin's new device is audited and told to the admins) in one transaction.
 */
/** `secondFactor`: the sign-in passed a two-factor code (issue 26: two factors belong to the session). */
export function createSession(userId: number, meta: SessionMeta, { secondFactor }: { secondFactor: boolean }): { token: string; expiresAt: Date } {
  const token = newToken();
  const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
  const db = getDb();
  atomic(() => {
    const at = nowIso();
    db.insert(sessions)
      .values({
        tokenHash: sha256(token),
        userId,
        expiresAt: expiresAt.toISOString(),
        createdAt: at,
        lastSeenAt: at,
        kind: meta.kind,
        userAgent: meta.userAgent?.slice(0, 512) || null,
        ip: meta.ip,
        secondFactorAt: secondFactor ? at : null,
      })
      .run();
    // Housekeeping: drop this user's expired sessions.
    db.delete(sessions)
      .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, at)))
      .run();
    noteSignInDevice(userId, meta);
  });
  return { token, expiresAt };
}

// Every authenticated request runs this: a statement compiled once (see `prepared`).
const SESSION_USER_SQL = `select u.id, u.email, u.full_name as "fullName", u.phone, u.is_admin as "isAdmin", u.created_at as "createdAt", s.id as "sessionId", s.last_seen_at as "lastSeenAt", s.second_factor_at is not null as "secondFactor" from sessions s join users u on u.id = s.user_id where s.token_hash = ? and s.expires_at > ? and u.closed_at is null`;

/**
 * The user a token signs in, with the session's id, when it was last seen (touchSession) and whether
 * it passed the second factor.
 */
export function getSessionByToken(token: string): { user: User; sessionId: number; lastSeenAt: string | null; secondFactor: boolean } | undefined {
  const row = prepared<[string, string], Omit<User, "isAdmin"> & { isAdmin: SqlBoolean; sessionId: number; lastSeenAt: string | null; secondFactor: SqlBoolean }>(SESSION_USER_SQL).get(
    sha256(token),
    nowIso(),
  );
  if (!row) return undefined;
  const { sessionId, lastSeenAt, secondFactor, ...user } = row;
  return { user: { ...user, isAdmin: Boolean(user.isAdmin) }, sessionId, lastSeenAt, secondFactor: Boolean(secondFactor) };
}

export function getUserBySessionToken(token: string): User | undefined {
  return getSessionByToken(token)?.user;
}

export function deleteSession(token: string) {
  getDb()
    .delete(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .run();
}

// ---- password reset ----

/** Creates a one-hour single-use reset token; null when no such user (the caller answers the same either way). */
/**
 * Creates a one-hour single-use reset token and queues its email (and a 6-digit code by SMS when the
 * phone is confirmed) in the same transaction; null when no such user (the caller answers the same either way).
 */
export function createPasswordReset(email: string): { token: string; user: User } | null {
  const user = getUserByEmail(email);
  if (!user) return null;
  const token = newToken();
  const db = getDb();
  atomic(() => {
    const phoneConfirmed = db.select({ pv: users.phoneVerifiedAt }).from(users).where(eq(users.id, user.id)).get()?.pv;
    const code = user.phone && phoneConfirmed ? String(crypto.randomInt(0, 1_000_000)).padStart(6, "0") : null;
    db.insert(passwordResets)
      .values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(now().getTime() + RESET_TTL_MS).toISOString(), codeHash: code ? sha256(`${user.id}:${code}`) : null })
      .run();
    queuePasswordReset({ ...user, email: email.toLowerCase() }, token, code && user.phone ? { phone: user.phone, code } : null);
  });
  return { token, user };
}

export const RESET_CODE_TRIES = 5;

/**
 * The SMS code's way in: the email and the code instead of the link. The newest unspent, unexpired
 * reset of that account with a code; 5 wrong codes spend the code (the link keeps working).
 * Returns the reset's id to spend, or null (the same for an unknown email, a wrong or an old code).
 */
export function findResetByCode(email: string, code: string): number | null {
  const user = getUserByEmail(email);
  if (!user || !/^\d{6}$/.test(code)) return null;
  const db = getDb();
  return atomic(() => {
    const reset = db
      .select({ id: passwordResets.id, codeHash: passwordResets.codeHash, codeTries: passwordResets.codeTries })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, nowIso()), sql`${passwordResets.codeHash} is not null`))
      .orderBy(sql`${passwordResets.id} desc`)
      .get();
    if (!reset?.codeHash || reset.codeTries >= RESET_CODE_TRIES) return null;
    const expected = Buffer.from(reset.codeHash);
    const given = Buffer.from(sha256(`${user.id}:${code}`));
    if (!crypto.timingSafeEqual(expected, given)) {
      db.update(passwordResets)
        .set({ codeTries: reset.codeTries + 1 })
        .where(eq(passwordResets.id, reset.id))
        .run();
      return null;
    }
    return reset.id;
  });
}

export function findValidPasswordReset(token: string) {
  return getDb()
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, nowIso())))
    .get();
}

/** Sets the new password, spends this token and every other unused one of the user, and signs out all their sessions. */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  const reset = findValidPasswordReset(token);
  if (!reset) return false;
  return spendReset(reset, password);
}

/** The same with the SMS code (findResetByCode). */
export async function resetPasswordWithCode(email: string, code: string, password: string): Promise<boolean> {
  const id = findResetByCode(email, code);
  if (id === null) return false;
  const reset = getDb().select({ id: passwordResets.id, userId: passwordResets.userId }).from(passwordResets).where(eq(passwordResets.id, id)).get();
  return reset ? spendReset(reset, password) : false;
}

async function spendReset(reset: { id: number; userId: number }, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const db = getDb();
  return atomic(() => {
    const spent = db
      .update(passwordResets)
      .set({ usedAt: nowIso() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .run();
    if (spent.changes !== 1) return false;
    // Any other link still in a mailbox (or a log) must not set the password again.
    db.update(passwordResets)
      .set({ usedAt: nowIso() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
      .run();
    db.update(users).set({ passwordHash }).where(eq(users.id, reset.userId)).run();
    db.delete(sessions).where(eq(sessions.userId, reset.userId)).run();
    queuePasswordChanged(reset.userId);
    recordAdminPasswordChange(reset.userId, "reset");
    return true;
  });
}

/** The user as the API shows it (the API's field names). */
export function userJson(user: User) {
  return { id: user.id, email: user.email, full_name: user.fullName, phone: user.phone, is_admin: user.isAdmin, created_at: user.createdAt };
}
