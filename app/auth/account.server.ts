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
import { countingWrongCodes } from "~/auth/two-factor.server";
import { PASSWORD_MAX } from "~/forms/limits";
import { disableTwoFactor, regenerateRecoveryCodes, twoFactorEnabled, TWO_FACTOR_CODE_WRONG, verifySecondFactor } from "~/models/two-factor.server";
import { accountPosition, changePassword, closeUserAccount, sha256, verifyUserPassword, type User } from "~/models/user.server";
import { addDestination, type NewDestination, type PaymentDestination } from "~/models/withdrawal.server";

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

// ---- changes a stolen session must not make alone (issue 26) ----

export const PASSWORD_NEEDED = "Enter your password to confirm it is you.";
export const CODE_TO_CONFIRM = "Enter the code your authenticator app shows now, or one of your recovery codes.";

/** The password a form or JSON body sent again, or a 422 beside the field asking for it. */
function passwordOf(password: unknown): string {
  if (typeof password !== "string" || password === "" || password.length > PASSWORD_MAX) throw new DomainError(422, PASSWORD_NEEDED, "password");
  return password;
}

/**
 * The password again and, with two factors on, a current code (app or recovery): what a session
 * alone, stolen or left open, cannot give. Wrong passwords and wrong codes count as at sign-in.
 */
export async function confirmPasswordAndCode({ user, password, code }: { user: User; password: unknown; code: unknown }): Promise<void> {
  await confirmPassword({ user, password: passwordOf(password), field: "password" });
  if (!twoFactorEnabled(user.id)) return;
  if (typeof code !== "string" || code.trim() === "") throw new DomainError(422, CODE_TO_CONFIRM, "code");
  countingWrongCodes(user.id, () => {
    if (!verifySecondFactor(user.id, code)) throw new DomainError(422, TWO_FACTOR_CODE_WRONG, "code");
  });
}

/** Turns two factors off after the password and a valid code (app or recovery). */
export async function turnOffTwoFactor({ user, password, code }: { user: User; password: unknown; code: unknown }): Promise<void> {
  await confirmPassword({ user, password: passwordOf(password), field: "password" });
  countingWrongCodes(user.id, () => disableTwoFactor(user.id, code));
}

/** Ten new recovery codes (the old ones stop working) after the password and a current app code. */
export async function renewRecoveryCodes({ user, password, code }: { user: User; password: unknown; code: unknown }): Promise<string[]> {
  await confirmPassword({ user, password: passwordOf(password), field: "password" });
  return countingWrongCodes(user.id, () => regenerateRecoveryCodes(user.id, code));
}

/**
 * Saves a payout destination (addDestination) once the owner confirmed it is them: the destination is
 * checked first, so a mistyped number does not spend a code.
 */
export function addOwnDestination({
  user,
  password,
  code,
  destination,
}: {
  user: User;
  password: unknown;
  code: unknown;
  destination: Omit<NewDestination, "userId" | "confirmOwner">;
}): Promise<PaymentDestination> {
  return addDestination({ ...destination, userId: user.id, confirmOwner: () => confirmPasswordAndCode({ user, password, code }) });
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
  return crypto
    .createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`close-account:${userId}:${sha256(sessionToken)}:${expiresMs}`)
    .digest("base64url");
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
