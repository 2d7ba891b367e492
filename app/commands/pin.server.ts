import { confirmItIsYou, confirmPassword } from "~/auth/account.server";
import type { Language } from "~/catalog/languages";
import { msg } from "~/catalog/ref";
import { onceOnly, replayOf, secretParam, type CommandContext } from "~/commands/command.server";
import { DomainError } from "~/domain/errors";
import type { NewPin } from "~/domain/pin";
import * as pins from "~/models/pin.server";
import * as users from "~/models/user.server";

/**
 * The PIN and accounts registered by phone (issue 31), for every door: the account page and the
 * API set the PIN after the password; the USSD menus register by phone, find the caller by their
 * confirmed number, check the PIN before a money action and change it with the old one. The doors
 * parse first (readNewPin, readPinAttempt in app/domain/pin.ts; normalizeGhanaPhone); a refused PIN
 * is a PinRefused (a DomainError that keeps the refusal), or, from checkPin, a typed answer.
 */

export type { PinCheck } from "~/models/pin.server";

/**
 * Sets or replaces the PIN after the account's password (wrong ones count as at sign-in). An
 * account without a password (registered by phone) changes its PIN with the old one: changePin.
 * A PIN locked by wrong tries opens with the new one: the password proved who asks. The same
 * request again (its key: a resent form, a retried call) sets nothing and sends no second PIN_SET
 * notice; a new setting (a new key) does. The PIN is part of the request as an HMAC (secretParam).
 */
export async function setPin(ctx: CommandContext, input: { password: string; pin: NewPin }): Promise<void> {
  await confirmPassword({ user: ctx.actor, password: input.password, field: "current_password" });
  const pinHash = await pins.hashPin(input.pin);
  onceOnly(ctx, "set-pin", { pin: secretParam(`pin:${ctx.actor.id}`, input.pin) }, () => {
    pins.storePinHash(ctx.actor.id, pinHash);
    return null;
  });
}

/**
 * Replaces the PIN after the current one (checkPin's count and lock apply: a locked PIN is changed
 * after the lock). The same request again (its key) is answered before the old PIN is checked: that
 * PIN is no longer the PIN, and a resent form must not count as a wrong try or send a second notice.
 */
export async function changePin(ctx: CommandContext, input: { oldPin: string; newPin: NewPin }): Promise<void> {
  const params = { oldPin: secretParam(`pin:${ctx.actor.id}`, input.oldPin), newPin: secretParam(`pin:${ctx.actor.id}`, input.newPin) };
  if (replayOf(ctx, "change-pin", params)) return;
  await pins.requirePin(ctx.actor.id, input.oldPin, "current_pin");
  if (input.newPin === input.oldPin) throw new DomainError(422, msg("refusals.pinSame"), "new_pin");
  const pinHash = await pins.hashPin(input.newPin);
  onceOnly(ctx, "change-pin", params, () => {
    pins.storePinHash(ctx.actor.id, pinHash);
    return null;
  });
}

/**
 * What the USSD menus ask before a money action: ok, or why not (wrong, with the tries left; locked,
 * until when; no PIN). PIN_TRIES wrong ones in a row lock the PIN for PIN_LOCK_MINUTES, on the
 * account (every process sees it), and the owner is told by SMS and email; a right one resets the
 * count. `pinRefusalMessage` (app/domain/pin.ts) words a refusal.
 */
export function checkPin(ctx: CommandContext, pin: string): Promise<pins.PinCheck> {
  return pins.checkPin(ctx.actor.id, pin);
}

/**
 * A new account from a phone (the USSD door): the number is confirmed (the mobile network itself
 * gave it), with a PIN and no email or password. A number any account holds already is refused
 * (409, beside `phone`). `language`: the one the caller chose, which their SMS are written in.
 */
export function registerByPhone(input: { fullName: string; phone: string; pin: NewPin; language?: Language }): Promise<users.User> {
  return users.createPhoneUser({ fullName: input.fullName, phone: input.phone, pin: input.pin, locale: input.language ?? null });
}

/** The open account whose confirmed phone this is (any Ghana spelling), or null: who a USSD caller is. */
export function findUserByConfirmedPhone(phone: string): users.User | null {
  return users.findUserByConfirmedPhone(phone);
}

/** Whether the account has a PIN, and until when it is locked (null: open): what the account page shows. */
export function pinState(ctx: CommandContext): { hasPin: boolean; lockedUntil: string | null } {
  return pins.pinState(ctx.actor.id);
}

/**
 * An account without an email (registered by phone) adds one after its PIN (or its password, once
 * it has one): the email then receives a confirmation link, as at registration.
 */
export async function addEmail(ctx: CommandContext, input: { email: string; proof: { password: string } | { pin: string } }): Promise<void> {
  await confirmItIsYou({ user: ctx.actor, proof: input.proof, field: "pin" in input.proof ? "current_pin" : "current_password" });
  users.addEmail(ctx.actor.id, input.email);
}

/** An account without a password (registered by phone) sets one after its PIN. */
export async function setFirstPassword(ctx: CommandContext, input: { pin: string; newPassword: string }): Promise<void> {
  if (users.hasPassword(ctx.actor.id)) throw new DomainError(409, msg("refusals.passwordAlreadySet"), "new_password");
  await pins.requirePin(ctx.actor.id, input.pin, "current_pin");
  await users.setFirstPassword(ctx.actor.id, input.newPassword);
}
