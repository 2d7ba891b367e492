/**
 * The PIN on the account (issue 31): stored as a password is (scrypt, app/lib/password.server.ts),
 * never logged and never answered by any API. Every check is counted on the user's row, so the lock
 * holds across processes: PIN_TRIES wrong ones in a row lock the PIN for PIN_LOCK_MINUTES (a right
 * one resets the count), and while it is locked even the right PIN is refused. The lock is told to
 * the owner by SMS and email (a security notice, PIN_LOCKED), and so is a new PIN (PIN_SET).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { msg } from "~/catalog/ref";
import { PIN_TRIES, PinRefused, pinLockEnd, pinLockHolds, type NewPin, type PinRefusal } from "~/domain/pin";
import { formatInstant } from "~/domain/calendar";
import { now, nowIso } from "~/lib/clock.server";
import { getDb, prepared } from "~/lib/db.server";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { atomic } from "~/models/ledger.server";
import { notify } from "~/models/notification.server";
import { users } from "~/models/schema.server";

export type PinCheck = { ok: true } | ({ ok: false } & PinRefusal);

/** What the account page says of the PIN: whether there is one, and until when it is locked (null: open). */
export function pinState(userId: number): { hasPin: boolean; lockedUntil: string | null } {
  const row = getDb().select({ pinHash: users.pinHash, lockedUntil: users.pinLockedUntil }).from(users).where(eq(users.id, userId)).get();
  return { hasPin: Boolean(row?.pinHash), lockedUntil: row && pinLockHolds(row.lockedUntil, nowIso()) ? row.lockedUntil : null };
}

/**
 * Stores a new PIN and opens a lock with it: whoever sets it proved who they are another way (the
 * password) or with the PIN itself. Nothing for a closed account.
 */
export async function storePin(userId: number, pin: NewPin): Promise<void> {
  storePinHash(userId, await hashPin(pin));
}

/** A new PIN's hash (scrypt, slow and async): made before the transaction that stores it. */
export function hashPin(pin: NewPin): Promise<string> {
  return hashPassword(pin);
}

/** Stores a PIN hashed by hashPin, as storePin does: one transaction, inside a command's onceOnly. */
export function storePinHash(userId: number, pinHash: string): void {
  atomic(() => {
    const stored = getDb()
      .update(users)
      .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
      .where(and(eq(users.id, userId), isNull(users.closedAt)))
      .run();
    // A new PIN lets money move on USSD: the owner hears of it, as of a changed password.
    if (stored.changes === 1) notify(userId, "PIN_SET", msg("notices.pinSet"));
  });
}

/**
 * Counts a check before the (slow, async) hash, as the login counts a password: parallel guesses
 * cannot all pass before any is counted. The count it reached, with the hash to check against; or why
 * nothing may be checked now (no PIN, locked, or as many checks in flight as tries left).
 */
function reserveCheck(userId: number): { pinHash: string; count: number } | PinRefusal {
  const reserved = prepared<[number, string, number], { pinHash: string; count: number }>(
    `update users set pin_failures = pin_failures + 1
       where id = ? and closed_at is null and pin_hash is not null and (pin_locked_until is null or pin_locked_until <= ?) and pin_failures < ?
       returning pin_hash as "pinHash", pin_failures as count`,
  ).get(userId, nowIso(), PIN_TRIES);
  return reserved ?? refusalNow(userId);
}

/** Why a check cannot go ahead, read as the row stands. */
function refusalNow(userId: number): PinRefusal {
  const row = getDb().select({ pinHash: users.pinHash, closedAt: users.closedAt, lockedUntil: users.pinLockedUntil }).from(users).where(eq(users.id, userId)).get();
  if (!row?.pinHash || row.closedAt) return { reason: "no-pin" };
  if (pinLockHolds(row.lockedUntil, nowIso())) return { reason: "locked", until: row.lockedUntil };
  return { reason: "busy" };
}

/**
 * A wrong PIN, counted as the `count`-th in a row: at PIN_TRIES the PIN locks, once (concurrent
 * checks lock it one time and tell the owner one time), and the owner is told by SMS and email.
 */
function settleWrong(userId: number, count: number): PinRefusal {
  if (count < PIN_TRIES) return { reason: "wrong", triesLeft: PIN_TRIES - count };
  return atomic(() => {
    const until = pinLockEnd(now().getTime());
    const locked = getDb()
      .update(users)
      .set({ pinLockedUntil: until, pinFailures: 0 })
      .where(and(eq(users.id, userId), sql`${users.pinFailures} >= ${PIN_TRIES}`, sql`(${users.pinLockedUntil} is null or ${users.pinLockedUntil} <= ${nowIso()})`))
      .run();
    if (locked.changes !== 1) return refusalNow(userId);
    notify(userId, "PIN_LOCKED", msg("notices.pinLocked", { tries: PIN_TRIES, until: formatInstant(until) }));
    return { reason: "locked" as const, until };
  });
}

/** A right PIN resets the count, unless a check that ran beside it locked the PIN meanwhile. */
function settleRight(userId: number): PinCheck {
  const reset = getDb()
    .update(users)
    .set({ pinFailures: 0 })
    .where(and(eq(users.id, userId), sql`(${users.pinLockedUntil} is null or ${users.pinLockedUntil} <= ${nowIso()})`))
    .run();
  return reset.changes === 1 ? { ok: true } : { ok: false, ...refusalNow(userId) };
}

/**
 * Checks `pin` against the account's PIN: ok, or why not (wrong, with the tries left; locked, until
 * when; no PIN). Anything that is not the PIN is a wrong one (an empty or malformed guess included).
 */
export async function checkPin(userId: number, pin: string): Promise<PinCheck> {
  const reserved = reserveCheck(userId);
  if ("reason" in reserved) return { ok: false, ...reserved };
  const right = await verifyPassword(pin, reserved.pinHash);
  return right ? settleRight(userId) : { ok: false, ...settleWrong(userId, reserved.count) };
}

/** checkPin for a change that needs the PIN: throws PinRefused (beside `field`) unless it is right. */
export async function requirePin(userId: number, pin: string, field = "pin"): Promise<void> {
  const check = await checkPin(userId, pin);
  if (check.ok) return;
  const { ok: _ok, ...refusal } = check;
  throw new PinRefused(refusal, field);
}
