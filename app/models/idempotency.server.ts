import { msg } from "~/catalog/ref";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DomainError } from "~/domain/errors";
import { canonicalJson } from "~/domain/idempotency";

import { getDb } from "~/lib/db.server";
import { idempotencyKeys } from "~/models/schema.server";
import { atomic } from "~/models/ledger.server";

/** Idempotency keys: a repeated request replays its first answer; a different one with the same key is refused. */

export type StoredAnswer<T> = { status: number; body: T; replayed: boolean };

/**
 * What a key is used for: `operation` names the action, `params` everything that makes this request
 * this one (targets, amounts, units, period, destination), normalised (see ~/domain/idempotency).
 */
export type OnceRequest = {
  userId: number;
  key: string | null | undefined;
  operation: string;
  params?: Record<string, unknown>;
  /** Names this same request was stored under before (with the same params): such a key still replays its first answer. */
  formerly?: readonly string[];
};

const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;

/** SHA-256 of the operation and the canonical JSON of its parameters. */
export function requestFingerprint(operation: string, params: Record<string, unknown> = {}): string {
  return createHash("sha256").update(canonicalJson({ operation, params })).digest("hex");
}

/**
 * Runs a money operation at most once per (user, key). The first answer is stored in the same
 * transaction as the change, with the request's fingerprint: the same request again gets that
 * answer and changes nothing; another request with the key is refused (422) and changes nothing.
 * Failures are not stored.
 */
export function once<T>({ userId, key, operation, params = {}, formerly = [] }: OnceRequest, run: () => { status: number; body: T }): StoredAnswer<T> {
  if (key === null || key === undefined || key === "") {
    const answer = atomic(run);
    return { ...answer, replayed: false };
  }
  if (!KEY_PATTERN.test(key)) throw new DomainError(422, msg("refusals.idempotencyKeyFormat"));
  const fingerprint = requestFingerprint(operation, params);
  return atomic(() => {
    const db = getDb();
    const previous = storedAnswer<T>({ userId, key, operation, params, formerly });
    if (previous) return previous;
    const answer = run();
    db.insert(idempotencyKeys)
      .values({ userId, key, operation, fingerprint, status: answer.status, responseJson: JSON.stringify(answer.body) })
      .run();
    return { ...answer, replayed: false };
  });
}

/**
 * The answer stored for this request's key, or null when the key is new (or none was sent); another
 * request stored under the key is refused (422), as in once(). For a command with slow work before
 * its change (a provider to ask, a check that a replay would fail): it answers a replay without
 * doing that work again. once() still decides, in its transaction, when two arrive together.
 */
export function storedAnswer<T>({ userId, key, operation, params = {}, formerly = [] }: OnceRequest): StoredAnswer<T> | null {
  if (key === null || key === undefined || key === "") return null;
  if (!KEY_PATTERN.test(key)) throw new DomainError(422, msg("refusals.idempotencyKeyFormat"));
  const previous = getDb()
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .get();
  if (!previous) return null;
  // Rows stored before fingerprints existed have '' and can only be matched by operation.
  const same = [operation, ...formerly].some((name) => previous.operation === name && (previous.fingerprint === "" || previous.fingerprint === requestFingerprint(name, params)));
  if (!same) throw new DomainError(422, msg("rules.idempotencyKeyReused"));
  return { status: previous.status, body: JSON.parse(previous.responseJson) as T, replayed: true };
}
