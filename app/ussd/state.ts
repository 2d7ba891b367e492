import type { MessageRef } from "~/catalog/format";

/**
 * Where a caller is in the USSD menus, stored as JSON on the session's row between requests
 * (ussd_sessions.state). Plain data only: ids, counts, pesewas, catalog messages.
 *
 * `error` is a refusal to show above the screen once (the rules' own message: "Not enough units
 * available."), cleared by the next input.
 *
 * A PIN typed on one screen and needed on a later one (the PIN asked twice, the old PIN kept for
 * changePin) is held sealed (`sealed*`: AES-GCM, as TOTP secrets are, app/lib/kyc-crypto.server.ts),
 * never as typed, and the state that held it is gone once the session moves on.
 */

/** A mobile money network, as the payment provider names it (MomoNetwork, which tsc holds this to where a deposit is made). */
export type Network = "MTN" | "TELECEL" | "AT";

/** A money action waiting for the PIN: what the confirmation screen showed, to run once the PIN is right. */
export type MoneyAction =
  { kind: "invest"; batchId: number; units: number; listStart: number } | { kind: "deposit"; amountMinor: number; network: Network } | { kind: "withdraw"; destinationId: number; amountMinor: number };

/** The END screens that say how something ended (Hubtel's ClientState names each). */
export type OutcomeName = "registered" | "invested" | "depositStarted" | "depositDone" | "withdrawalRequested" | "pinChanged" | "pinLocked" | "noPin" | "cannotWithdraw" | "noDestination" | "refused";

export type UssdState = (
  | { at: "main"; notice?: MessageRef }
  /** A number no account holds (it may register), or one an account holds unconfirmed. */
  | { at: "newcomer" }
  | { at: "sharedNumber" }
  /** An admin's confirmed number: admins use the website, with two factors. */
  | { at: "adminNumber" }
  | { at: "registerName" }
  | { at: "registerPin"; fullName: string }
  | { at: "registerPinAgain"; fullName: string; sealedPin: string }
  | { at: "balance" }
  /** My investments from holding `start` (the next payout soonest first); `shown` on this page, `more` after it. */
  | { at: "holdings"; start: number; shown?: number; more?: boolean }
  | { at: "language" }
  /** Open batches from `start`; `ids` are the batches this page showed, in its order (1 to 5). */
  | { at: "investList"; start: number; ids?: number[]; more?: boolean }
  | { at: "investUnits"; batchId: number; listStart: number }
  | { at: "investConfirm"; batchId: number; units: number; listStart: number }
  | { at: "depositAmount" }
  /** The network to charge, asked only when the gateway did not say which one the caller is on. */
  | { at: "depositNetwork"; amountMinor: number }
  | { at: "depositConfirm"; amountMinor: number; network: Network }
  /** A deposit started earlier that waits for its Telecel Cash voucher. */
  | { at: "depositVoucher"; depositId: number }
  /** The saved mobile money destinations that may receive money now, from `start`; `ids` as investList's. */
  | { at: "withdrawList"; start: number; ids?: number[]; more?: boolean }
  | { at: "withdrawAmount"; destinationId: number }
  | { at: "withdrawConfirm"; destinationId: number; amountMinor: number }
  /** The PIN, before the money action runs. */
  | { at: "pin"; action: MoneyAction }
  | { at: "changePinOld" }
  | { at: "changePinNew"; sealedOld: string }
  | { at: "changePinAgain"; sealedOld: string; sealedNew: string }
  /** How something ended: an END screen of these lines (the first one cut to fit when it must). */
  | { at: "outcome"; name: OutcomeName; lines: Array<MessageRef | string> }
) & { error?: MessageRef | string };

export type Place = UssdState["at"];

/** Every place, so that tsc holds the list whole. */
const PLACES: Record<Place, true> = {
  main: true,
  newcomer: true,
  sharedNumber: true,
  adminNumber: true,
  registerName: true,
  registerPin: true,
  registerPinAgain: true,
  balance: true,
  holdings: true,
  language: true,
  investList: true,
  investUnits: true,
  investConfirm: true,
  depositAmount: true,
  depositNetwork: true,
  depositConfirm: true,
  depositVoucher: true,
  withdrawList: true,
  withdrawAmount: true,
  withdrawConfirm: true,
  pin: true,
  changePinOld: true,
  changePinNew: true,
  changePinAgain: true,
  outcome: true,
};

/** A stored state read back; anything unreadable (a row from another version of the menus) starts again at the main menu. */
export function readState(json: string): UssdState {
  try {
    const state = JSON.parse(json) as UssdState;
    if (state && typeof state === "object" && typeof state.at === "string" && Object.hasOwn(PLACES, state.at)) return state;
  } catch {
    /* an unreadable state: start again */
  }
  return { at: "main" };
}
