/**
 * What the provider's word means for a deposit or a withdrawal (issue 15), as pure decisions the
 * models carry out in one transaction each. Statuses are ours (PENDING, SUCCEEDED, ...); the
 * provider's are lower-case (see app/integrations/payments).
 */
import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";

/** How long things may wait. */
export const PAYMENT_TIMINGS = {
  /** A status page refreshing itself asks the provider at most this often per deposit. */
  recheckMs: 5_000,
  /** A checkout never paid, or a charge the provider never saw, is given up after this long. */
  abandonAfterMs: 60 * 60 * 1000,
  /** The admin page flags anything still pending after this long. */
  stuckAfterMs: 30 * 60 * 1000,
} as const;

export type OurDepositStatus = "PENDING" | "SUCCEEDED" | "FAILED" | "ABANDONED" | "REFUNDED";
export type OurWithdrawalStatus = "PENDING" | "SUCCEEDED" | "FAILED" | "REVERSED";
export type ProviderChargeStatus = "succeeded" | "failed" | "abandoned" | "pending" | "unknown" | "not_found";
export type ProviderTransferStatus = "succeeded" | "failed" | "reversed" | "pending" | "otp" | "unknown" | "not_found";

/** The voucher or code an investor typed for a deposit, as read: 4 to 12 letters or digits, spaces around it dropped. */
export type OtpRead = { ok: true; code: string } | { ok: false };

export function readOtp(input: unknown): OtpRead {
  const code = typeof input === "string" ? input.trim() : "";
  return /^[0-9A-Za-z]{4,12}$/.test(code) ? { ok: true, code } : { ok: false };
}

export type Confirmation = { status: ProviderChargeStatus; amountMinor: number | null; currency: string | null };

export type DepositDecision = { kind: "credit" } | { kind: "flag"; detail: MessageRef } | { kind: "fail" } | { kind: "abandon" } | { kind: "wait" };

/** One or two disagreements, as one phrase ("amount 5001 instead of 5000 and currency NGN instead of GHS"). */
const bothOf = (problems: MessageRef[]): MessageRef => (problems.length === 1 ? problems[0] : msg("paymentFlags.both", { first: problems[0], second: problems[1] }));

/**
 * What to do with a deposit, given the provider's word on it. A success is credited once, whatever
 * state we had given up on (the money did arrive), unless its amount or currency differ from what
 * we asked for: then a person must look. A failure ends a PENDING deposit; an unpaid checkout or a
 * charge the provider never saw is abandoned after `abandonAfterMs`. A refunded deposit is final: its
 * money went back, so a success repeated later credits nothing. (Whether a credit fits the tier's
 * limits is the caller's check, with the account's figures.)
 */
export function decideDeposit(deposit: { status: OurDepositStatus; amountMinor: number; currency: string; createdAtMs: number; flagged: boolean }, word: Confirmation, nowMs: number): DepositDecision {
  if (deposit.status === "SUCCEEDED" || deposit.status === "REFUNDED") return { kind: "wait" };
  if (word.status === "succeeded") {
    const problems: MessageRef[] = [];
    const none = msg("paymentFlags.none");
    if (word.amountMinor !== deposit.amountMinor) problems.push(msg("paymentFlags.amount", { got: word.amountMinor ?? none, wanted: deposit.amountMinor }));
    if ((word.currency ?? "").toUpperCase() !== deposit.currency) problems.push(msg("paymentFlags.currency", { got: word.currency ?? none, wanted: deposit.currency }));
    if (problems.length > 0) return deposit.flagged ? { kind: "wait" } : { kind: "flag", detail: msg("paymentFlags.depositMismatch", { problems: bothOf(problems) }) };
    return { kind: "credit" };
  }
  if (deposit.status !== "PENDING") return { kind: "wait" };
  if (word.status === "failed") return { kind: "fail" };
  if ((word.status === "abandoned" || word.status === "not_found") && nowMs - deposit.createdAtMs >= PAYMENT_TIMINGS.abandonAfterMs) return { kind: "abandon" };
  return { kind: "wait" };
}

export type TransferWord = { status: ProviderTransferStatus; amountMinor: number | null; currency: string | null };

export type WithdrawalDecision =
  | { kind: "settle" }
  | { kind: "return"; status: "FAILED" | "REVERSED" }
  | { kind: "flag"; detail: MessageRef }
  /** The provider never got the transfer (our call died before it): send it again, same reference. */
  | { kind: "resend" }
  | { kind: "wait" };

/**
 * What to do with a withdrawal, given the provider's word. The money is already out of the wallet
 * (in PAYOUTS_PENDING): a success moves it on, a failure brings it back, and a reversal after a
 * success brings it back too. Final states stay final.
 */
export function decideWithdrawal(withdrawal: { status: OurWithdrawalStatus; amountMinor: number; flagged: boolean }, word: TransferWord): WithdrawalDecision {
  if (withdrawal.status === "SUCCEEDED") return word.status === "reversed" ? { kind: "return", status: "REVERSED" } : { kind: "wait" };
  if (withdrawal.status !== "PENDING") return { kind: "wait" };
  switch (word.status) {
    case "succeeded": {
      const problems: MessageRef[] = [];
      if (word.amountMinor !== null && word.amountMinor !== withdrawal.amountMinor) problems.push(msg("paymentFlags.amount", { got: word.amountMinor, wanted: withdrawal.amountMinor }));
      if (word.currency !== null && word.currency.toUpperCase() !== "GHS") problems.push(msg("paymentFlags.currencyOnly", { got: word.currency }));
      if (problems.length > 0) return withdrawal.flagged ? { kind: "wait" } : { kind: "flag", detail: msg("paymentFlags.withdrawalMismatch", { problems: bothOf(problems) }) };
      return { kind: "settle" };
    }
    case "failed":
      return { kind: "return", status: "FAILED" };
    case "reversed":
      return { kind: "return", status: "REVERSED" };
    case "not_found":
      // A flagged transfer waits for a person, who returns the money (four eyes): never sent again on its own.
      return withdrawal.flagged ? { kind: "wait" } : { kind: "resend" };
    default:
      return { kind: "wait" };
  }
}

// ---- a person resolves a flagged row (docs/payments.md#flagged-rows) ----

/**
 * May a flagged deposit be refunded through the provider? Only one still PENDING whose payment the
 * provider confirms now, for an amount or currency other than ours (what flagged it): a payment that
 * now matches is credited by asking again, one never made has nothing to refund. The refund is the
 * provider's own amount (docs/decisions/013-flagged-deposits-are-refunded.md).
 */
export function mismatchRefundable(deposit: { status: OurDepositStatus; amountMinor: number; currency: string; flagged: boolean }, word: Confirmation): MessageRef | null {
  if (deposit.status !== "PENDING" || !deposit.flagged) return msg("refusals.depositNotFlagged");
  if (word.status !== "succeeded") return msg("refusals.depositNotPaid");
  if (word.amountMinor === deposit.amountMinor && (word.currency ?? "").toUpperCase() === deposit.currency) return msg("refusals.depositMatchesNow");
  return null;
}

/**
 * May a flagged withdrawal's money go back to the wallet? Only while it is PENDING and the provider
 * says the transfer failed, was reversed, or never reached it: anything else may still be paid out.
 */
export function flaggedReturnable(withdrawal: { status: OurWithdrawalStatus; flagged: boolean }, word: TransferWord): MessageRef | null {
  if (withdrawal.status !== "PENDING" || !withdrawal.flagged) return msg("refusals.withdrawalNotFlagged");
  if (word.status === "failed" || word.status === "reversed" || word.status === "not_found") return null;
  return msg("refusals.transferNotFailed");
}

/** True when a PENDING deposit or withdrawal has waited long enough that a person should look. */
export function isStuck(status: string, createdAtMs: number, nowMs: number): boolean {
  return status === "PENDING" && nowMs - createdAtMs > PAYMENT_TIMINGS.stuckAfterMs;
}

// ---- reconciliation ----

/** One movement as we hold it: the row's status and what the ledger moved under its reference. */
export type OurMovement = {
  kind: "deposit" | "withdrawal";
  reference: string;
  status: OurDepositStatus | OurWithdrawalStatus;
  amountMinor: number;
  /** Pesewas the ledger moved to or from the outside under this reference (0 when nothing yet). */
  ledgerMinor: number;
  /** A withdrawal reserved and waiting for an admin's review (four eyes): never sent, so the provider has no transfer yet. */
  heldForReview?: boolean;
};
/** One movement as the provider lists it. */
export type TheirMovement = {
  kind: "deposit" | "withdrawal";
  reference: string;
  status: ProviderChargeStatus | ProviderTransferStatus;
  amountMinor: number | null;
  currency: string | null;
};

export type Difference = {
  kind: "deposit" | "withdrawal";
  reference: string;
  problem: "missing_in_ledger" | "missing_at_provider" | "amount" | "currency" | "status";
  /** What differs, rendered in the reader's language where it is read. */
  detail: MessageRef;
};

/** Which of the provider's states agree with each of ours. */
const AGREES: Record<OurMovement["kind"], Record<string, string[]>> = {
  deposit: {
    SUCCEEDED: ["succeeded"],
    PENDING: ["pending", "abandoned", "unknown"],
    FAILED: ["failed"],
    ABANDONED: ["abandoned", "failed"],
    // Paid, then refunded: the provider shows it paid until the refund is processed, then reversed (failed to us).
    REFUNDED: ["succeeded", "failed"],
  },
  withdrawal: {
    SUCCEEDED: ["succeeded"],
    PENDING: ["pending", "otp", "unknown"],
    FAILED: ["failed"],
    REVERSED: ["reversed"],
  },
};

/** A difference names states and kinds by their catalog names and amounts as money, in the reader's language. */
const ourStatus = (o: OurMovement) => msg(`adminPayments.state.${o.status}`);
const theirStatus = (t: TheirMovement) => msg(`reconciliation.provider.${t.status}`);
const kindName = (m: { kind: OurMovement["kind"] }) => msg(`reconciliation.kind.${m.kind}`);
const moneyOrUnknown = (minor: number | null) => (minor === null ? "?" : { money: minor });

/** A state in which money has moved (so the ledger must show it and the provider must have it). */
const MOVED = new Set(["SUCCEEDED"]);

/**
 * Every difference between the provider's movements and ours for the references either side knows.
 * `ours` must hold our row for every reference in `theirs` that we have at all (whatever its day).
 */
export function reconcile(ours: OurMovement[], theirs: TheirMovement[]): Difference[] {
  const out: Difference[] = [];
  const key = (m: { kind: string; reference: string }) => `${m.kind}:${m.reference}`;
  const ourByKey = new Map(ours.map((m) => [key(m), m]));
  const theirByKey = new Map(theirs.map((m) => [key(m), m]));
  for (const t of theirs) {
    const o = ourByKey.get(key(t));
    if (!o) {
      if (t.status === "succeeded" || t.status === "pending" || t.status === "otp")
        out.push({
          kind: t.kind,
          reference: t.reference,
          problem: "missing_in_ledger",
          detail: msg("reconciliation.missingInLedger", { status: theirStatus(t), kind: kindName(t), amount: moneyOrUnknown(t.amountMinor) }),
        });
      continue;
    }
    if (!AGREES[o.kind][o.status]?.includes(t.status))
      out.push({ kind: o.kind, reference: o.reference, problem: "status", detail: msg("reconciliation.status", { ours: ourStatus(o), theirs: theirStatus(t) }) });
    if (t.currency !== null && t.currency.toUpperCase() !== "GHS")
      out.push({ kind: o.kind, reference: o.reference, problem: "currency", detail: msg("reconciliation.currency", { currency: t.currency }) });
    // A refunded payment never reached the ledger: it went back from the provider's balance.
    if (t.status === "succeeded" && o.status !== "REFUNDED" && t.amountMinor !== o.ledgerMinor)
      out.push({ kind: o.kind, reference: o.reference, problem: "amount", detail: msg("reconciliation.amount", { amount: moneyOrUnknown(t.amountMinor), ledger: { money: o.ledgerMinor } }) });
  }
  for (const o of ours) {
    if (theirByKey.has(key(o))) continue;
    // Held for review: only the reservation moved (WALLET -> PAYOUTS_PENDING); nothing was sent to be missing.
    if (o.heldForReview && o.ledgerMinor === 0) continue;
    if (MOVED.has(o.status) || o.ledgerMinor !== 0 || o.status === "PENDING")
      out.push({
        kind: o.kind,
        reference: o.reference,
        problem: "missing_at_provider",
        detail: msg("reconciliation.missingAtProvider", { status: ourStatus(o), kind: kindName(o), amount: { money: o.amountMinor }, ledger: { money: o.ledgerMinor } }),
      });
  }
  return out;
}
