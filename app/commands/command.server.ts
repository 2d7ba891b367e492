import { createHmac } from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { once, storedAnswer } from "~/models/idempotency.server";

/**
 * What every command shares. A command is one operation a person can ask for (invest, withdraw,
 * close a batch...): it takes typed, already parsed input, the actor and the idempotency key, and
 * owns the idempotency check, the four-eyes rule and the transaction. Doors (page actions,
 * /api/v1 routes, USSD screens) guard, parse, call one command and answer. See docs/commands.md.
 */

/** Who asks: the signed-in investor or admin. Their id keys idempotency and the audit trail. */
export type Actor = { id: number };

/** A command's first argument: who asks, and the client's idempotency key (null: no replay protection). */
export type CommandContext = { actor: Actor; key: string | null };

/**
 * Runs a command's change at most once per (actor, key), in one transaction with the stored
 * result: the same request again gets the first result and changes nothing; another request with
 * the key is refused (422). The result must be plain JSON (it is what a replay returns), so a
 * command returns views (ids, amounts, JSON rows), never Dates or class instances.
 *
 * Operations are named `command/<name>`: a key stored by an earlier shape of the app is refused,
 * never replayed as if it were this command's result.
 */
export function onceOnly<T>(ctx: CommandContext, name: string, params: Record<string, unknown>, change: () => T): { result: T; replayed: boolean } {
  const answer = once({ userId: ctx.actor.id, key: ctx.key, operation: `command/${name}`, params }, () => ({ status: 200, body: change() }));
  return { result: answer.body, replayed: answer.replayed };
}

/**
 * The result stored for this very request (its key), or null when it is new: for a command whose
 * slow work comes before its change (asking the payment provider) or whose checks a replay would
 * fail (the destination it saved is now "already saved"). It then answers at once; onceOnly still
 * decides, in its transaction, when two copies arrive together. Another request with the key: 422.
 */
export function replayOf<T>(ctx: CommandContext, name: string, params: Record<string, unknown>): { result: T } | null {
  const stored = storedAnswer<T>({ userId: ctx.actor.id, key: ctx.key, operation: `command/${name}`, params });
  return stored ? { result: stored.body } : null;
}

/**
 * A secret (a PIN) as an idempotency parameter: its HMAC under SESSION_SECRET, so the fingerprint
 * stored with the key (a plain SHA-256) cannot be tried back to four to six digits.
 */
export function secretParam(label: string, secret: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`idempotency:${label}:${secret}`).digest("hex");
}
