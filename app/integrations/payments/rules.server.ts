/**
 * The rules both payment adapters share (references, phones, amounts, our messages), apart from
 * index.server.ts so the adapters import them without an import cycle. index.server.ts re-exports all.
 */
import type { MessageRef } from "~/catalog/format";
import { englishOf } from "~/domain/errors";
import { normalizeGhanaPhone } from "~/domain/kyc";
import type { VerifiedCharge } from "./index.server";

/** Something went wrong that has no status to report (a bad reference, a refused key, no answer to a list call). */
export class PaymentsError extends Error {
  /** What a person may read of it (a deposit's state, an admin's flag), from the catalog; null: a fault for the logs only. */
  public ref: MessageRef | null;
  constructor(
    public code: "config" | "bad_request" | "rejected" | "unauthorized" | "timeout" | "network" | "provider",
    /** A catalog message when a person reads it; plain English when only the logs do (a programmer's mistake, a refused key). */
    message: MessageRef | string,
    /** The provider's own words, for the logs only. */
    public providerMessage?: string,
    public httpStatus?: number,
  ) {
    super(englishOf(message));
    this.ref = typeof message === "string" ? null : message;
    this.name = "PaymentsError";
  }
}

const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,100}$/;
const CHARGE_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

/**
 * Our reference for a provider call, derived from our own row so every retry reuses it:
 * `akoko-withdrawal-000042`. It fits both Paystack's charge rule (letters, digits, `-`, `.`, `=`) and
 * its transfer rule (lowercase, digits, `-`, `_`, 16+ characters).
 */
export function paymentReference(purpose: "deposit" | "withdrawal", id: number | string): string {
  const key = String(id).toLowerCase();
  if (!/^[a-z0-9]+$/.test(key)) throw new PaymentsError("bad_request", "A payment reference is made from a row id of letters and digits.");
  return `akoko-${purpose}-${key.padStart(6, "0")}`;
}

export function isTransferReference(reference: string): boolean {
  return TRANSFER_REFERENCE.test(reference);
}

export function assertTransferReference(reference: string): void {
  if (!isTransferReference(reference)) throw new PaymentsError("bad_request", "A transfer reference is 16 to 100 lowercase letters, digits, '-' or '_'.");
}

export function assertChargeReference(reference: string): void {
  if (!CHARGE_REFERENCE.test(reference)) throw new PaymentsError("bad_request", "A charge reference is 1 to 100 letters, digits, '-', '.' or '='.");
}

export function assertAmountMinor(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new PaymentsError("bad_request", "An amount is a positive whole number of pesewas.");
}

/** A Ghana number as the networks write it: 0 and nine digits (0551234987); null when it is not one. */
export function localGhanaPhone(phone: string): string | null {
  const international = normalizeGhanaPhone(phone);
  return international ? `0${international.slice(4)}` : null;
}

/**
 * How a verified collection differs from what we asked for; empty means it may be credited (when
 * its status is `succeeded`). A mismatch is flagged for a person, never credited.
 */
export function chargeMismatches(
  verified: Pick<VerifiedCharge, "reference" | "amountMinor" | "currency">,
  expected: { reference: string; amountMinor: number; currency?: string },
): Array<"reference" | "amount" | "currency"> {
  const out: Array<"reference" | "amount" | "currency"> = [];
  if (verified.reference !== expected.reference) out.push("reference");
  if (verified.amountMinor !== expected.amountMinor) out.push("amount");
  if ((verified.currency ?? "").toUpperCase() !== (expected.currency ?? "GHS")) out.push("currency");
  return out;
}

/** Our words for each next step (never the provider's text). */
export const PAYMENT_MESSAGES = {
  approveOnPhone: "Approve the payment prompt on your phone to finish the deposit.",
  enterOtp: "Enter the code from your phone to finish the deposit (Telecel Cash: dial *110# to get a voucher).",
  wrongOtp: "That code did not work. Check it and try again.",
  pending: "We are waiting for your network to confirm the payment.",
  failed: "The payment did not go through. Please try again.",
  succeeded: "Deposit successful",
  transferPending: "Your withdrawal is on its way.",
  transferFailed: "The withdrawal could not be sent.",
  transferOtp: "The transfer needs a one-time code to go out.",
  badPhone: "Enter a Ghana mobile money number like 024 123 4567.",
  badRecipient: "Check the account number and the bank or network.",
} as const;
