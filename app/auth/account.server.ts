import crypto from "node:crypto";
import { checkAccountClosable } from "~/domain/account";
import { DomainError } from "~/domain/errors";
import { TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { now } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { sameSecret } from "~/lib/password.server";
import { clearAttempts, reserveAttempt } from "~/lib/rate-limit.server";
import { sessionTokenOf } from "~/auth/session.server";
import { accountPosition, changePassword, closeUserAccount, sha256, verifyUserPassword, type User } from "~/models/user.server";

/**
 * What a signed-in investor changes about their own account (the page and the API call these):
 * each change asks for the password again, since a session left open on a shared phone must not
 * be enough to lock the owner out or close the account.
 */

export const WRONG_PASSWORD = "That is not your current password.";
export const CLOSE_CONFIRMATION_EXPIRED = "This confirmation has expired. Enter your password again.";

/** Wrong guesses count per account against AUTH_RATE_LIMIT, as at the login: a stolen session cannot try passwords at speed. */
export async function confirmPassword({ user, password, field }: { user: User; password: string; field: string }): Promise<void> {
  const key = `password-check:${user.id}`;
  if (!reserveAttempt(key, getEnv().AUTH_RATE_LIMIT)) throw new HttpError(429, TOO_MANY_ATTEMPTS);
  if (!(await verifyUserPassword(user.id, password))) throw new DomainError(403, WRONG_PASSWORD, field);
  clearAttempts(key);
}

/** Sets a new password and ends every other session of the user (cookies and bearer tokens); this one stays. */
export async function changeOwnPassword({ user, request, currentPassword, newPassword }: { user: User; request: Request; currentPassword: string; newPassword: string }): Promise<void> {
  await confirmPassword({ user, password: currentPassword, field: "current_password" });
  await changePassword({ userId: user.id, newPassword, keepSessionToken: await sessionTokenOf(request) });
}

/** Closes the account after the password, when checkAccountClosable allows it (a 409 naming why otherwise). */
export async function closeOwnAccount({ user, password }: { user: User; password: string }): Promise<void> {
  await confirmPassword({ user, password, field: "password" });
  closeUserAccount(user.id);
}

// ---- the page's confirm step without JavaScript ----
// The password was checked at the first step; the confirm form carries this signed, short-lived
// ticket instead of the password (a password is never written back into a page).

const TICKET_TTL_MS = 10 * 60 * 1000;

function ticketMac(userId: number, sessionToken: string, expiresMs: number) {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`close-account:${userId}:${sha256(sessionToken)}:${expiresMs}`).digest("base64url");
}

/** Checks the password and that the account may close now, and returns the ticket the confirm step posts. */
export async function askToCloseAccount({ user, request, password }: { user: User; request: Request; password: string }): Promise<string> {
  await confirmPassword({ user, password, field: "password" });
  checkAccountClosable(accountPosition(user.id));
  const expiresMs = now().getTime() + TICKET_TTL_MS;
  return `${expiresMs}.${ticketMac(user.id, (await sessionTokenOf(request)) ?? "", expiresMs)}`;
}

/** Closes the account with the confirm step's ticket (bound to this user and this session, ten minutes). */
export async function closeAccountWithTicket({ user, request, ticket }: { user: User; request: Request; ticket: string }): Promise<void> {
  const [expires, mac = ""] = ticket.split(".");
  const expiresMs = Number(expires);
  const expected = Number.isSafeInteger(expiresMs) ? ticketMac(user.id, (await sessionTokenOf(request)) ?? "", expiresMs) : "";
  const valid = expected !== "" && sameSecret(mac, expected) && expiresMs > now().getTime();
  if (!valid) throw new DomainError(400, CLOSE_CONFIRMATION_EXPIRED, "password");
  closeUserAccount(user.id);
}
