import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";

import { readCode } from "~/domain/two-factor";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { clearAttempts, reserveAttempt } from "~/lib/rate-limit.server";
import { countingWrongCodes } from "~/auth/two-factor.server";
import { PASSWORD_MAX } from "~/forms/limits";
import { twoFactorEnabled, verifySecondFactor } from "~/models/two-factor.server";
import { requirePin } from "~/models/pin.server";
import { hasPassword, verifyUserPassword, type User } from "~/models/user.server";

/**
 * The checks behind what a signed-in investor changes about their own account (the commands in
 * app/commands/account.server.ts): each change asks for the password again, since a session left
 * open on a shared phone must not be enough to lock the owner out or close the account.
 */

/** Wrong guesses count per account against AUTH_RATE_LIMIT, as at the login: a stolen session cannot try passwords at speed. */
export async function confirmPassword({ user, password, field }: { user: Pick<User, "id">; password: string; field: string }): Promise<void> {
  const key = `password-check:${user.id}`;
  if (!reserveAttempt(key, getEnv().AUTH_RATE_LIMIT)) throw new HttpError(429, msg("rules.tooManyAttempts"));
  if (!(await verifyUserPassword(user.id, password))) throw new DomainError(403, msg("refusals.wrongPassword"), field);
  clearAttempts(key);
}

/**
 * What shows it is the account's owner: the password, or for an account without one (registered by
 * phone, issue 31) the PIN. Which one is the account's to say, never the request's: an account with a
 * password is asked for it, whatever else was sent.
 */
export type Proof = { password: string } | { pin: string };

/** Checks the proof beside `field`: a password as confirmPassword does, a PIN as checkPin does (counted towards its lock). */
export async function confirmItIsYou({ user, proof, field }: { user: Pick<User, "id">; proof: Proof; field: string }): Promise<void> {
  if ("pin" in proof && !hasPassword(user.id)) return requirePin(user.id, proof.pin, field);
  await confirmPassword({ user, password: "password" in proof ? proof.password : "", field });
}

// ---- changes a stolen session must not make alone (issue 26) ----

/** The password a form or JSON body sent again, or a 422 beside the field asking for it. */
export function readPasswordAgain(password: unknown): string {
  if (typeof password !== "string" || password === "" || password.length > PASSWORD_MAX) throw new DomainError(422, msg("refusals.passwordNeeded"), "password");
  return password;
}

/**
 * The password again and, with two factors on, a current code (app or recovery): what a session
 * alone, stolen or left open, cannot give. Wrong passwords and wrong codes count as at sign-in.
 */
export async function confirmPasswordAndCode({ user, password, code }: { user: User; password: string; code: string }): Promise<void> {
  await confirmPassword({ user, password: readPasswordAgain(password), field: "password" });
  if (!twoFactorEnabled(user.id)) return;
  if (code.trim() === "") throw new DomainError(422, msg("refusals.codeToConfirm"), "code");
  countingWrongCodes(user.id, () => {
    if (!verifySecondFactor(user.id, readCode(code))) throw new DomainError(422, msg("refusals.twoFactorCodeWrong"), "code");
  });
}
