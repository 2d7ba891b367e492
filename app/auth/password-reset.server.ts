import { RESET_REQUESTED, RESET_UNAVAILABLE } from "~/pages/account";
import { TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { getEnv } from "~/lib/env.server";
import { clientIp, HttpError } from "~/lib/http.server";
import { reserveAttempts } from "~/lib/rate-limit.server";
import { createPasswordReset, resetPasswordWithCode } from "~/models/user.server";

/**
 * Whether a reset link reaches anyone: with a real mailer (EMAIL_PROVIDER=smtp) always; with the demo
 * outbox only outside production, where developers read it on /admin/outbox and in the log. A
 * production server on the demo outbox says so instead of promising a link that never comes.
 */
export function resetLinksDelivered(): boolean {
  const env = getEnv();
  return env.EMAIL_PROVIDER !== "demo" || env.NODE_ENV !== "production";
}

/**
 * Handles a request for a reset link and returns the message to show, the same whether or not the
 * account exists. Limited per client address and per email (a 429 HttpError), counted before the
 * account is looked up so the limit says nothing about it either.
 */
export function requestPasswordReset(email: string, request: Request): string {
  const env = getEnv();
  const allowed = reserveAttempts([
    [`reset-ip:${clientIp(request)}`, env.RESET_REQUESTS_PER_ADDRESS],
    [`reset-email:${email}`, env.RESET_REQUESTS_PER_EMAIL],
  ]);
  if (!allowed) throw new HttpError(429, TOO_MANY_ATTEMPTS);
  // A token nobody could receive is not made.
  if (!resetLinksDelivered()) return RESET_UNAVAILABLE;
  // The link (from APP_URL, never from the request's Host) goes out through the outbox, with the
  // code by SMS when the phone is confirmed; the answer is the same whether or not the account exists.
  createPasswordReset(email);
  return RESET_REQUESTED;
}

/**
 * A reset with the SMS code instead of the link. Counted per client address like the requests, and
 * each wrong code counts against its reset (5 tries), so a code cannot be guessed at speed.
 */
export async function resetWithCode({ email, code, password, request }: { email: string; code: string; password: string; request: Request }): Promise<boolean> {
  if (
    !reserveAttempts([
      [`reset-code-ip:${clientIp(request)}`, getEnv().RESET_REQUESTS_PER_ADDRESS],
      [`reset-code-email:${email}`, getEnv().RESET_REQUESTS_PER_EMAIL * 5],
    ])
  )
    throw new HttpError(429, TOO_MANY_ATTEMPTS);
  return resetPasswordWithCode(email, code, password);
}
