import { msg } from "~/catalog/ref";
import { createCookie } from "@remix-run/node";

import type { SignInCode } from "~/domain/two-factor";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import type { MessageRef } from "~/catalog/format";
import { clearAttempts, reserveAttempt } from "~/lib/rate-limit.server";
import { twoFactorEnabled, verifySecondFactor } from "~/models/two-factor.server";
import type { User } from "~/models/user.server";

/** Wrong codes one account may send per rate-limit window before 429 (a 6-digit code must not be guessable). */
export const TWO_FACTOR_TRIES = 5;

/** A second factor that was missing, wrong (401) or tried too often (429); the API answers it as `{"detail"}`. */
export class SecondFactorError extends HttpError {
  constructor(status: 401 | 429, message: string | MessageRef) {
    super(status, message);
  }
}

/**
 * Runs `attempt`, which checks a code and throws when it is wrong, under the account's count of wrong
 * codes: the sign-in's count, so every door that takes a code shares it. Past TWO_FACTOR_TRIES
 * failures in a window it answers 429 without trying; a success clears the count.
 */
export function countingWrongCodes<T>(userId: number, attempt: () => T): T {
  const key = `2fa:${userId}`;
  if (!reserveAttempt(key, TWO_FACTOR_TRIES)) throw new SecondFactorError(429, msg("rules.tooManyAttempts"));
  const result = attempt();
  clearAttempts(key);
  return result;
}

/**
 * For a user whose password was right: passes when two factors are off, or `code` is a valid,
 * unused code (counted as countingWrongCodes does). True when a code was checked: the session about
 * to begin passed the second factor.
 */
export function checkSecondFactor(user: Pick<User, "id">, code: SignInCode): boolean {
  if (!twoFactorEnabled(user.id)) return false;
  if (code === "missing") throw new SecondFactorError(401, msg("api.codeNeeded"));
  countingWrongCodes(user.id, () => {
    if (!verifySecondFactor(user.id, code)) throw new SecondFactorError(401, msg("api.codeWrong"));
  });
  return true;
}

/**
 * What keeps an admin's session from admin work (issue 20, 26), or null. Two factors belong to the
 * session: one that passed the second factor may work; otherwise "enrol" when production's rule
 * (ADMIN_TWO_FACTOR) wants two factors the account lacks, and "sign-in" when the account has them but
 * this session signed in without a code (say, it began before the account enrolled elsewhere).
 */
export function adminSecondFactorGap(user: Pick<User, "id" | "isAdmin">, sessionPassedSecondFactor: boolean): "enrol" | "sign-in" | null {
  if (!user.isAdmin || sessionPassedSecondFactor) return null;
  if (twoFactorEnabled(user.id)) return "sign-in";
  return getEnv().adminTwoFactorRequired ? "enrol" : null;
}

// ---- the page's second step: who passed the password, for five minutes ----

type Pending = { userId: number; redirectTo: string | null };

let pendingCookie: ReturnType<typeof createCookie> | undefined;
function getPendingCookie() {
  const env = getEnv();
  pendingCookie ??= createCookie("akoko_2fa", { httpOnly: true, sameSite: "lax", secure: env.cookieSecure, path: "/", maxAge: 300, secrets: [env.SESSION_SECRET] });
  return pendingCookie;
}

/** Set-Cookie for a sign-in waiting for its code (signed, five minutes). */
export function pendingSignInCookie(pending: Pending): Promise<string> {
  return getPendingCookie().serialize({ ...pending, expiresAt: Date.now() + 300_000 });
}

export async function readPendingSignIn(request: Request): Promise<Pending | null> {
  const value = await getPendingCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.userId !== "number" || typeof value.expiresAt !== "number" || value.expiresAt < Date.now()) return null;
  return { userId: value.userId, redirectTo: typeof value.redirectTo === "string" ? value.redirectTo : null };
}

export function clearPendingSignIn(): Promise<string> {
  return getPendingCookie().serialize("", { maxAge: 0 });
}
