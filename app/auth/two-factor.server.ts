import { createCookie } from "@remix-run/node";
import { TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { getEnv } from "~/lib/env.server";
import { clearAttempts, reserveAttempt } from "~/lib/rate-limit.server";
import { twoFactorEnabled, verifySecondFactor } from "~/models/two-factor.server";
import type { User } from "~/models/user.server";

/** Wrong codes one account may send per rate-limit window before 429 (a 6-digit code must not be guessable). */
export const TWO_FACTOR_TRIES = 5;

export const CODE_NEEDED = "Two-factor code needed: send the 6-digit code from your authenticator app, or one of your recovery codes, as the form field code.";
export const CODE_WRONG = "That two-factor code is not right, or was already used. Enter the code your authenticator app shows now, or an unused recovery code.";
export const ENROLMENT_NEEDED = "Admins must turn on two-factor sign-in first: enrol at /account/two-factor (or POST /api/v1/auth/2fa/setup, then /api/v1/auth/2fa/enable).";

export class SecondFactorError extends Error {
  constructor(
    readonly status: 401 | 429,
    message: string,
  ) {
    super(message);
  }
}

/**
 * For a user whose password was right: passes when two factors are off, or `code` is a valid,
 * unused code. Wrong codes are counted per account; past TWO_FACTOR_TRIES in a window, 429.
 */
export function checkSecondFactor(user: Pick<User, "id">, code: unknown): void {
  if (!twoFactorEnabled(user.id)) return;
  if (code === null || code === undefined || (typeof code === "string" && code.trim() === "")) throw new SecondFactorError(401, CODE_NEEDED);
  const key = `2fa:${user.id}`;
  if (!reserveAttempt(key, TWO_FACTOR_TRIES)) throw new SecondFactorError(429, TOO_MANY_ATTEMPTS);
  if (!verifySecondFactor(user.id, code)) throw new SecondFactorError(401, CODE_WRONG);
  clearAttempts(key);
}

/** An admin who must enrol before anything else (production's rule, ADMIN_TWO_FACTOR). */
export function mustEnrolTwoFactor(user: Pick<User, "id" | "isAdmin">): boolean {
  return user.isAdmin && getEnv().adminTwoFactorRequired && !twoFactorEnabled(user.id);
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
