/**
 * The PIN (issue 31): 4 to 6 digits that confirm a money action on USSD and finish a sign-in with a
 * phone number. The caller's number says who it is; the PIN says it is them (a network's number can
 * be spoofed), so a PIN must not be one a stranger guesses first. Pure: no I/O, no clock.
 */
import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { formatInstant } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";

export const PIN_MIN_DIGITS = 4;
export const PIN_MAX_DIGITS = 6;
/** Wrong PINs in a row that lock the PIN (and with it every USSD money action). */
export const PIN_TRIES = 3;
export const PIN_LOCK_MINUTES = 30;

/** A PIN that passed the rules below: what setting or changing a PIN takes. */
export type NewPin = string & { readonly __newPin: true };

/**
 * Whether every step from one digit to the next is `step` (+1 up, -1 down), counting 9 -> 0 as one
 * step up: 1234, 9876, 012345 and 7890 read as runs on a keypad's row.
 */
function isRun(digits: number[], step: 1 | -1): boolean {
  return digits.every((d, i) => i === 0 || (digits[i - 1] + step + 10) % 10 === d);
}

/** Why `pin` may not be a PIN, or null when it may: 4 to 6 digits, not one digit repeated, not a run. */
export function pinWeakness(pin: string): MessageRef | null {
  if (!new RegExp(`^[0-9]{${PIN_MIN_DIGITS},${PIN_MAX_DIGITS}}$`).test(pin)) return msg("refusals.pinFormat", { min: PIN_MIN_DIGITS, max: PIN_MAX_DIGITS });
  const digits = [...pin].map(Number);
  if (digits.every((d) => d === digits[0])) return msg("refusals.pinOneDigit");
  if (isRun(digits, 1) || isRun(digits, -1)) return msg("refusals.pinRun");
  return null;
}

/** A new PIN as typed (spaces around it ignored), or a 422 beside `field` saying what is wrong with it. */
export function readNewPin(input: unknown, field = "pin"): NewPin {
  const pin = typeof input === "string" ? input.trim() : "";
  const weakness = pinWeakness(pin);
  if (weakness) throw new DomainError(422, weakness, field);
  return pin as NewPin;
}

/** A PIN given to be checked, as typed (spaces around it ignored); anything not text is an empty guess. */
export function readPinAttempt(input: unknown): string {
  return typeof input === "string" ? input.trim().slice(0, 64) : "";
}

/**
 * Why a guess cannot be a PIN (empty, letters, not 4 to 6 digits), or null when it may be one. Every
 * PIN was set by the rules above, so such a guess could never be right: a door refuses it as it is
 * (a slip of the keypad, an empty send), without checking it or counting it toward the lock.
 */
export function malformedPinAttempt(guess: string): MessageRef | null {
  return new RegExp(`^[0-9]{${PIN_MIN_DIGITS},${PIN_MAX_DIGITS}}$`).test(guess) ? null : msg("refusals.pinFormat", { min: PIN_MIN_DIGITS, max: PIN_MAX_DIGITS });
}

/**
 * The moment a PIN locked now (at `nowMs`) opens again: 30 minutes on, rounded up to the whole minute,
 * so the time a person is told ("14:36 UTC") is when it opens, not a few seconds before.
 */
export function pinLockEnd(nowMs: number): string {
  return new Date(Math.ceil((nowMs + PIN_LOCK_MINUTES * 60_000) / 60_000) * 60_000).toISOString();
}

/** Whether a lock stored as `lockedUntil` (ISO, or null) still holds at `nowIso`. */
export function pinLockHolds(lockedUntil: string | null, nowIso: string): lockedUntil is string {
  return lockedUntil !== null && lockedUntil > nowIso;
}

/**
 * Why a PIN was not accepted: wrong (with the tries left before the lock), locked (until when), the
 * account has no PIN, or too many checks of it at once (tried again a moment later, it is answered).
 */
export type PinRefusal = { reason: "wrong"; triesLeft: number } | { reason: "locked"; until: string } | { reason: "no-pin" } | { reason: "busy" };

/** What a person is told of a refusal, in every door (a page, the API, a USSD screen). */
export function pinRefusalMessage(refusal: PinRefusal): MessageRef {
  switch (refusal.reason) {
    case "wrong":
      return msg("refusals.pinWrong", { count: refusal.triesLeft, minutes: PIN_LOCK_MINUTES });
    case "locked":
      // Ghana keeps UTC all year: the time is the one on the person's phone.
      return msg("refusals.pinLocked", { tries: PIN_TRIES, until: formatInstant(refusal.until) });
    case "no-pin":
      return msg("refusals.noPin");
    case "busy":
      return msg("rules.tooManyAttempts");
  }
}

const REFUSAL_STATUS = { wrong: 403, locked: 403, "no-pin": 409, busy: 429 } as const;

/**
 * A refused PIN as the error every door answers in its own way (a message beside `field`, a
 * `{"detail"}` with the status, a USSD screen); `refusal` keeps what it was.
 */
export class PinRefused extends DomainError {
  constructor(
    readonly refusal: PinRefusal,
    field = "pin",
  ) {
    super(REFUSAL_STATUS[refusal.reason], pinRefusalMessage(refusal), field);
    this.name = "PinRefused";
  }
}
