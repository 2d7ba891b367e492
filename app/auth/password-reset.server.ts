import { RESET_REQUESTED, RESET_UNAVAILABLE } from "~/pages/account";
import { TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { getEnv } from "~/lib/env.server";
import { clientIp, HttpError } from "~/lib/http.server";
import { reserveAttempts } from "~/lib/rate-limit.server";
import { createPasswordReset } from "~/models/user.server";

/**
 * Whether a reset link reaches anyone. There is no mail service yet: outside production the link is
 * printed to the server log (how developers use it); in production nothing could deliver it.
 */
export function resetLinksDelivered(): boolean {
  return getEnv().NODE_ENV !== "production";
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
  const reset = createPasswordReset(email);
  // From APP_URL, never from the request: its Host (and X-Forwarded-Host) are the client's to choose.
  if (reset) console.log(`[password reset] ${reset.user.email}: ${env.appUrl}/reset-password/${reset.token}`);
  return RESET_REQUESTED;
}
