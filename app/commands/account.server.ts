import { msg } from "~/catalog/ref";
import crypto from "node:crypto";
import { confirmItIsYou, confirmPassword, type Proof } from "~/auth/account.server";
import { LoginError, RegisterError } from "~/auth/sign-in.server";
import { checkSecondFactor, countingWrongCodes } from "~/auth/two-factor.server";
import { resetLinksDelivered } from "~/auth/password-reset.server";
import { checkAccountClosable } from "~/domain/account";
import { DomainError } from "~/domain/errors";

import type { CodeInput, SignInCode } from "~/domain/two-factor";
import { now } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { sameSecret } from "~/lib/password.server";
import { clearAttempts, releaseAttempt, reserveAttempt, reserveAttempts } from "~/lib/rate-limit.server";
import * as contacts from "~/models/contacts.server";
import * as messages from "~/models/messages.server";
import * as pins from "~/models/pin.server";
import * as sessions from "~/models/sessions.server";
import * as twoFactor from "~/models/two-factor.server";
import * as users from "~/models/user.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";
import type { Language } from "~/catalog/languages";

/**
 * What a person asks of their own account: register, sign in and out, passwords, profile, contacts
 * and message preferences, sessions, two factors, closing the account. Signing in, registering and
 * the password-reset steps come before anyone is signed in: they take no CommandContext. Client
 * addresses (`ip`, as clientIp reads it) key the rate limits; `session` is what the signing-in
 * request says about itself (sessionMetaOf). Only the forms that send a code or a link send an
 * idempotency key (the account page's, the phone sign-in's first step, the reset request): a repeat of
 * those would send a second message; the others cannot change anything twice.
 */

/**
 * A key sent by a form filled before anyone signs in (the phone sign-in, the reset request), for the
 * account it names: in a space of its own per form, so that no other request stored under the key can
 * make it a 422 that would tell whether the account exists. A key it cannot use (hand-made, too long)
 * is ignored, for the same reason: the answer must not depend on the account.
 */
function keyBeforeSignIn(form: string, key: string | null | undefined): string | null {
  return key && /^[A-Za-z0-9._-]{1,100}$/.test(key) ? `${form}:${key}` : null;
}

// ---- register, sign in, sign out ----

/**
 * A new account, its email-confirmation link queued with it; `session`: also sign in (the page does,
 * the API does not). `language`: the one the person registered in, kept on the account so the
 * confirmation email and every message after speak it. English, the default, is not kept as a
 * choice: messages speak it anyway, and signing in elsewhere does not undo a language chosen there.
 */
export async function register(input: {
  fullName: string;
  email: string;
  password: string;
  session: sessions.SessionMeta | null;
  language: Language | null;
}): Promise<{ user: users.User; token: string | null }> {
  let user: users.User;
  try {
    user = await users.createUser({ email: input.email, fullName: input.fullName, password: input.password, confirmEmail: true, locale: input.language === "en" ? null : input.language });
  } catch (error) {
    if (error instanceof users.EmailTakenError) throw new RegisterError(409, msg("rules.emailTaken"), { email: msg("rules.emailTaken") });
    throw error;
  }
  const token = input.session ? users.createSession(user.id, input.session, { secondFactor: false }).token : null;
  return { user, token };
}

/**
 * The login's rate limits, shared by every way of signing in (a password, a phone number's code and
 * PIN): a sign-in attempt on `who` (an email, a phone number) from `ip`. Each attempt is counted
 * before the (slow, async) hash: parallel guesses cannot all pass the check first. The per-(address,
 * account) limit may refuse anything for that account.
 */
const signInKeys = (ip: string, who: string) => ({ accountKey: `login:${ip}:${who}`, addressKey: `login-ip:${ip}` });

function reserveSignInAttempt(ip: string, who: string): void {
  if (!reserveAttempt(signInKeys(ip, who).accountKey, getEnv().AUTH_RATE_LIMIT)) throw new LoginError(429, msg("rules.tooManyAttempts"));
}

/** Only failures count: after a sign-in the account's slate is wiped, and (unless it was over) the address's reservation given back. */
function signInSucceeded(ip: string, who: string, { addressOver }: { addressOver: boolean }): void {
  const { accountKey, addressKey } = signInKeys(ip, who);
  clearAttempts(accountKey);
  if (!addressOver) releaseAttempt(addressKey);
}

/** The password checked under the login's rate limits; the user, or a LoginError (401, 429). */
async function checkCredentials({ email, password, ip }: { email: string; password: string; ip: string }): Promise<users.User> {
  reserveSignInAttempt(ip, email);
  // The address-wide counter is shared by everyone behind one address (a carrier's NAT, an office):
  // over its limit, wrong passwords get 429, but a correct password still logs in.
  const addressOver = !reserveAttempt(signInKeys(ip, email).addressKey, getEnv().LOGIN_FAILURES_PER_ADDRESS);
  const user = await users.verifyLogin(email, password);
  if (!user) {
    if (addressOver) throw new LoginError(429, msg("rules.tooManyAttempts"));
    throw new LoginError(401, msg("rules.invalidCredentials"));
  }
  signInSucceeded(ip, email, { addressOver });
  return user;
}

/**
 * Signs in with the password and, where the door takes both at once (the API), the two-factor `code`.
 * Without a `code` (the login page) an account with two factors on gets no session yet: `token` is
 * null and the page asks for the code on a second step (signInWithCode).
 */
export async function signIn(input: { email: string; password: string; code?: SignInCode; ip: string; session: sessions.SessionMeta }): Promise<{ user: users.User; token: string | null }> {
  const user = await checkCredentials(input);
  if (input.code === undefined && twoFactor.twoFactorEnabled(user.id)) return { user, token: null };
  const secondFactor = input.code === undefined ? false : checkSecondFactor(user, input.code);
  return { user, token: users.createSession(user.id, input.session, { secondFactor }).token };
}

/** The login page's second step: the user who passed the password minutes ago, and their code. */
export function signInWithCode(input: { userId: number; code: SignInCode; session: sessions.SessionMeta }): { token: string } {
  const secondFactor = checkSecondFactor({ id: input.userId }, input.code);
  return { token: users.createSession(input.userId, input.session, { secondFactor }).token };
}

// ---- signing in with a phone number (issue 31): the number, a code by SMS, the PIN ----

/**
 * Who a phone sign-in may reach: the open account whose confirmed phone the number is, that has a
 * PIN, and is no admin's (admins sign in with the password and two factors) and has no two factors on
 * (its owner asked for the app's code at every sign-in). Anything else is answered as a number nobody holds.
 */
function phoneSignInAccount(phone: string): users.User | null {
  const user = users.findUserByConfirmedPhone(phone);
  return user && !user.isAdmin && pins.pinState(user.id).hasPin && !twoFactor.twoFactorEnabled(user.id) ? user : null;
}

/** Codes one number may be sent per rate window, whoever asks: each SMS costs money and wakes a phone. */
const SIGN_IN_CODES_PER_NUMBER = 5;

/**
 * The first step of a sign-in with a phone number (`phone` in +233 form): a 6-digit code by SMS (10
 * minutes, 5 tries) when phoneSignInAccount finds the account, nothing otherwise; the door answers
 * the same either way. Counted as a password sign-in is, per address and number and per address
 * (a LoginError 429 past either), and per number. The same form sent again (its `key`) sends no
 * second code: it would cost an SMS and void the first, the one the person is about to type.
 */
export function requestPhoneSignInCode(input: { phone: string; ip: string; key?: string | null }): void {
  const env = getEnv();
  const { accountKey, addressKey } = signInKeys(input.ip, input.phone);
  const allowed = reserveAttempts([
    [accountKey, env.AUTH_RATE_LIMIT],
    [addressKey, env.LOGIN_FAILURES_PER_ADDRESS],
    [`sign-in-code:${input.phone}`, SIGN_IN_CODES_PER_NUMBER],
  ]);
  if (!allowed) throw new LoginError(429, msg("rules.tooManyAttempts"));
  const user = phoneSignInAccount(input.phone);
  if (!user) return;
  onceOnly({ actor: user, key: keyBeforeSignIn("sign-in-code", input.key) }, "send-sign-in-code", {}, () => {
    contacts.sendSignInCode(user.id, input.phone);
    return null;
  });
}

/**
 * The second step: the user whose code it is, or null, the same for a wrong, old or spent code and
 * for a number nobody holds. Each try counts towards the login's limit and the code's 5 tries.
 */
export function checkPhoneSignInCode(input: { phone: string; code: string; ip: string }): { userId: number } | null {
  reserveSignInAttempt(input.ip, input.phone);
  const user = phoneSignInAccount(input.phone);
  if (!user || !contacts.checkSignInCode(user.id, input.phone, input.code)) return null;
  return { userId: user.id };
}

/**
 * The last step, for the user whose code was right minutes ago: their PIN (a PinRefused when it is
 * wrong or locked: the same count and lock as a USSD money action), then a session like a password
 * sign-in's. A LoginError 401 when the account can no longer sign in by phone (the number or the PIN
 * went meanwhile, or it became an admin's).
 */
export async function signInWithPin(input: { userId: number; phone: string; pin: string; ip: string; session: sessions.SessionMeta }): Promise<{ user: users.User; token: string }> {
  reserveSignInAttempt(input.ip, input.phone);
  const user = phoneSignInAccount(input.phone);
  if (!user || user.id !== input.userId) throw new LoginError(401, msg("login.phone.startAgain"));
  await pins.requirePin(user.id, input.pin);
  signInSucceeded(input.ip, input.phone, { addressOver: false });
  return { user, token: users.createSession(user.id, input.session, { secondFactor: false }).token };
}

/** Ends the session (cookie or bearer) a request signed in with; nothing when it had none. */
export function signOut(input: { token: string | null }): void {
  if (input.token) users.deleteSession(input.token);
}

// ---- passwords ----

/** Whether a reset link went out: "unavailable" when no link could reach anyone (resetLinksDelivered). */
export type ResetRequestResult = "requested" | "unavailable";

/**
 * A request for a reset link, answered the same whether or not the account exists. Limited per client
 * address and per email (a 429 HttpError), counted before the account is looked up so the limit says
 * nothing about it either. The same form sent again (its `key`) makes no second reset: a second SMS
 * code would void the first.
 */
export function requestPasswordReset(input: { email: string; ip: string; key?: string | null }): ResetRequestResult {
  const env = getEnv();
  const allowed = reserveAttempts([
    [`reset-ip:${input.ip}`, env.RESET_REQUESTS_PER_ADDRESS],
    [`reset-email:${input.email}`, env.RESET_REQUESTS_PER_EMAIL],
  ]);
  if (!allowed) throw new HttpError(429, msg("rules.tooManyAttempts"));
  // A token nobody could receive is not made.
  if (!resetLinksDelivered()) return "unavailable";
  // The link (from APP_URL, never from the request's Host) goes out through the outbox, with the
  // code by SMS when the phone is confirmed.
  const user = users.getUserByEmail(input.email);
  if (!user) return "requested";
  onceOnly({ actor: user, key: keyBeforeSignIn("reset", input.key) }, "request-password-reset", {}, () => {
    users.createPasswordReset(input.email);
    return null;
  });
  return "requested";
}

/** A new password with the emailed link's token; false when the link expired or was used. */
export function resetPassword(input: { token: string; password: string }): Promise<boolean> {
  return users.resetPassword(input.token, input.password);
}

/**
 * A reset with the SMS code instead of the link. Counted per client address like the requests, and
 * each wrong code counts against its reset (5 tries), so a code cannot be guessed at speed. False
 * when the code is wrong, old or spent.
 */
export function resetPasswordWithCode(input: { email: string; code: string; password: string; ip: string }): Promise<boolean> {
  const env = getEnv();
  const allowed = reserveAttempts([
    [`reset-code-ip:${input.ip}`, env.RESET_REQUESTS_PER_ADDRESS],
    [`reset-code-email:${input.email}`, env.RESET_REQUESTS_PER_EMAIL * 5],
  ]);
  if (!allowed) throw new HttpError(429, msg("rules.tooManyAttempts"));
  return users.resetPasswordWithCode(input.email, input.code, input.password);
}

/** Sets a new password after the current one and ends every other session of the user (cookies and bearer tokens) but `keepSessionToken`. */
export async function changePassword(ctx: CommandContext, input: { currentPassword: string; newPassword: string; keepSessionToken: string | null }): Promise<void> {
  await confirmPassword({ user: ctx.actor, password: input.currentPassword, field: "current_password" });
  await users.changePassword({ userId: ctx.actor.id, newPassword: input.newPassword, keepSessionToken: input.keepSessionToken });
}

// ---- profile, contacts, messages ----

/**
 * Changes the name and/or the phone (null clears it); a new phone has to be confirmed again. An
 * account without a password (registered by phone) signs in with its confirmed phone alone: it keeps
 * it until it has a password, or it could never sign in again.
 */
export function updateProfile(ctx: CommandContext, changes: { fullName?: string; phone?: string | null }): users.User {
  const current = users.getUserById(ctx.actor.id);
  if (changes.phone !== undefined && changes.phone !== current?.phone && !users.hasPassword(ctx.actor.id)) throw new DomainError(409, msg("refusals.phoneIsLogin"), "phone");
  return users.updateUserProfile(ctx.actor.id, changes);
}

/** The language the person reads Akoko in, kept on the account so their emails and SMS follow it. */
export function chooseLanguage(ctx: CommandContext, input: { language: Language }): void {
  users.setUserLocale(ctx.actor.id, input.language);
}

/** Confirmation links and SMS codes each user may ask for, and SMS codes one number is sent, per rate window (AUTH_RATE_WINDOW_SECONDS). */
const CONFIRMATIONS_PER_WINDOW = 5;

/** A new link to confirm the account's email address; the same request again (its key) sends none. */
export function sendEmailConfirmation(ctx: CommandContext): void {
  if (!reserveAttempt(`email-link:${ctx.actor.id}`, CONFIRMATIONS_PER_WINDOW)) throw new HttpError(429, msg("rules.tooManyAttempts"));
  onceOnly(ctx, "send-email-link", {}, () => {
    contacts.sendEmailConfirmation(ctx.actor.id);
    return null;
  });
}

/**
 * A new 6-digit code by SMS to the account's phone. Counted per account and per number: any account
 * may put someone else's number on itself, so the account's limit alone would let a handful of
 * accounts send that number as many codes as they liked. The same request again (its key) sends
 * none: a second code would cost an SMS and void the first one, the one the person is about to type.
 */
export function sendPhoneCode(ctx: CommandContext): void {
  const phone = users.getUserById(ctx.actor.id)?.phone;
  const limits: Array<[string, number]> = [[`phone-code:${ctx.actor.id}`, CONFIRMATIONS_PER_WINDOW]];
  if (phone) limits.push([`phone-code-to:${phone}`, CONFIRMATIONS_PER_WINDOW]);
  if (!reserveAttempts(limits)) throw new HttpError(429, msg("rules.tooManyAttempts"));
  onceOnly(ctx, "send-phone-code", {}, () => {
    contacts.sendPhoneCode(ctx.actor.id);
    return null;
  });
}

/** Confirms the phone with the code it was sent (as typed, spaces removed). */
export function confirmPhone(ctx: CommandContext, input: { code: string }): void {
  contacts.confirmPhone(ctx.actor.id, input.code);
}

/** Confirms an email address with its link's token (no sign-in needed); false when it is unknown, used, expired or for an old address. */
export function confirmEmail(input: { token: string }): boolean {
  return contacts.confirmEmail(input.token);
}

/** Which kinds of message go out by which channel. */
export function setNotificationPreferences(ctx: CommandContext, preferences: messages.Preferences): void {
  messages.setPreferences(ctx.actor.id, preferences);
}

/** Turns one kind of email off with a notice's signed link (no sign-in); null for a link we did not make. */
export function unsubscribe(input: { token: string }): ReturnType<typeof messages.unsubscribe> {
  return messages.unsubscribe(input.token);
}

// ---- sessions ----

/** Ends one of the user's own sessions or API tokens; false when there is no such session of theirs. */
export function endSession(ctx: CommandContext, input: { sessionId: number }): boolean {
  return sessions.endSessionById(ctx.actor.id, input.sessionId);
}

/** "Sign out everywhere else": every session and API token of the user but `keepSessionId`. */
export function endOtherSessions(ctx: CommandContext, input: { keepSessionId: number | null }): void {
  sessions.endOtherSessions(ctx.actor.id, input.keepSessionId);
}

// ---- two factors ----

/** Starts (or, unless `fresh`, shows again) an enrolment: a secret kept pending until a first code confirms it. */
export function startTwoFactorSetup(ctx: CommandContext, input: { fresh: boolean }): Promise<twoFactor.TwoFactorSetup> {
  return twoFactor.startTwoFactorSetup(ctx.actor.id, input);
}

/**
 * Turns two factors on with a first app code: the ten recovery codes (shown once); the account's other
 * sessions end. Not for an account without a password (registered by phone): it signs in with its
 * phone and PIN, which two factors would shut, and turning them off asks for the password.
 */
export function enableTwoFactor(ctx: CommandContext, input: { sessionId: number | null; code: CodeInput }): string[] {
  if (!users.hasPassword(ctx.actor.id)) throw new DomainError(409, msg("refusals.twoFactorNeedsPassword"), "code");
  return twoFactor.enableTwoFactor({ userId: ctx.actor.id, ...input });
}

/** Turns two factors off after the password and a valid code (app or recovery). */
export async function disableTwoFactor(ctx: CommandContext, input: { password: string; code: CodeInput }): Promise<void> {
  await confirmPassword({ user: ctx.actor, password: input.password, field: "password" });
  countingWrongCodes(ctx.actor.id, () => twoFactor.disableTwoFactor(ctx.actor.id, input.code));
}

/** Ten new recovery codes (the old ones stop working) after the password and a current app code. */
export async function renewRecoveryCodes(ctx: CommandContext, input: { password: string; code: CodeInput }): Promise<string[]> {
  await confirmPassword({ user: ctx.actor, password: input.password, field: "password" });
  return countingWrongCodes(ctx.actor.id, () => twoFactor.regenerateRecoveryCodes(ctx.actor.id, input.code));
}

// ---- closing the account ----

/**
 * Closes the account after the password (the PIN for an account without one: confirmItIsYou), when
 * checkAccountClosable allows it (a 409 naming why otherwise); every session ends.
 */
export async function closeAccount(ctx: CommandContext, input: Proof): Promise<void> {
  await confirmItIsYou({ user: ctx.actor, proof: input, field: proofField(input) });
  users.closeUserAccount(ctx.actor.id);
}

/** The form field a proof was typed in: the password, or the current PIN. */
const proofField = (proof: Proof) => ("pin" in proof ? "current_pin" : "password");

// The page's confirm step without JavaScript: the password was checked at the first step; the
// confirm form carries this signed, short-lived ticket instead of the password (a password is never
// written back into a page). It is bound to the user and to the session that asked.

const TICKET_TTL_MS = 10 * 60 * 1000;

function ticketMac(userId: number, sessionToken: string, expiresMs: number) {
  return crypto
    .createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`close-account:${userId}:${users.sha256(sessionToken)}:${expiresMs}`)
    .digest("base64url");
}

/** Checks the password (or PIN) and that the account may close now, and returns the ticket the confirm step posts. */
export async function askToCloseAccount(ctx: CommandContext, input: { proof: Proof; sessionToken: string | null }): Promise<string> {
  await confirmItIsYou({ user: ctx.actor, proof: input.proof, field: proofField(input.proof) });
  checkAccountClosable(users.accountPosition(ctx.actor.id));
  const expiresMs = now().getTime() + TICKET_TTL_MS;
  return `${expiresMs}.${ticketMac(ctx.actor.id, input.sessionToken ?? "", expiresMs)}`;
}

/** Closes the account with the confirm step's ticket (this user, this session, ten minutes). */
export function closeAccountWithTicket(ctx: CommandContext, input: { ticket: string; sessionToken: string | null }): void {
  const [expires, mac = ""] = input.ticket.split(".");
  const expiresMs = Number(expires);
  const expected = Number.isSafeInteger(expiresMs) ? ticketMac(ctx.actor.id, input.sessionToken ?? "", expiresMs) : "";
  const valid = expected !== "" && sameSecret(mac, expected) && expiresMs > now().getTime();
  if (!valid) throw new DomainError(400, msg("refusals.closeConfirmationExpired"), "password");
  users.closeUserAccount(ctx.actor.id);
}
