import type { MessageRef } from "~/catalog/format";

/**
 * Where a caller is in the USSD menus, stored as JSON on the session's row between requests
 * (ussd_sessions.state). Plain data only: ids, counts, pesewas, catalog messages.
 *
 * `error` is a refusal to show above the screen once (the rules' own message: "Not enough units
 * available."), cleared by the next input.
 */
export type UssdState = (
  | { at: "main"; notice?: MessageRef }
  /** A number no account holds, or more than one does. */
  | { at: "newcomer" }
  | { at: "sharedNumber" }
  | { at: "balance" }
  /** My investments from holding `start` (the next payout soonest first); `shown` on this page, `more` after it. */
  | { at: "holdings"; start: number; shown?: number; more?: boolean }
  | { at: "language" }
  /** Open batches from `start`; `ids` are the batches this page showed, in its order (1 to 5). */
  | { at: "investList"; start: number; ids?: number[]; more?: boolean }
  | { at: "investUnits"; batchId: number; listStart: number }
  | { at: "investConfirm"; batchId: number; units: number; listStart: number }
  | { at: "depositAmount" }
  | { at: "depositConfirm"; amountMinor: number }
  /** Something USSD cannot do yet (it needs the PIN): where to do it instead. */
  | { at: "notYet" }
) & { error?: MessageRef | string };

export type Place = UssdState["at"];

const PLACES: readonly Place[] = ["main", "newcomer", "sharedNumber", "balance", "holdings", "language", "investList", "investUnits", "investConfirm", "depositAmount", "depositConfirm", "notYet"];

/** A stored state read back; anything unreadable (a row from another version of the menus) starts again at the main menu. */
export function readState(json: string): UssdState {
  try {
    const state = JSON.parse(json) as UssdState;
    if (state && typeof state === "object" && PLACES.includes(state.at)) return state;
  } catch {
    /* an unreadable state: start again */
  }
  return { at: "main" };
}
