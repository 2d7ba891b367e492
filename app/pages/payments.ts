import type { Deposit } from "~/models/deposit.server";
import type { PaymentDestination, Withdrawal } from "~/models/withdrawal.server";
import { formatGhs, minorToCedis } from "~/domain/money";
import { msg } from "~/catalog/ref";
import type { StoredFlash } from "~/auth/session.server";

/**
 * Deposits, withdrawals and destinations as the JSON API and the pages show them (issue 15).
 * Amounts in cedis, like every other money field of /api/v1.
 */

/**
 * What the investor does next on a deposit still open. A flagged one was paid (for another amount):
 * its checkout or prompt is never offered again.
 */
export function nextActionOf(d: Pick<Deposit, "status" | "nextAction" | "flag">): Deposit["nextAction"] {
  return d.status === "PENDING" && d.flag === null ? d.nextAction : null;
}

/** A deposit as the API answers it; `message` is depositMessage(d, locale) (app/models/deposit.server.ts). */
export function depositJson(d: Deposit, message: string) {
  return {
    id: d.id,
    reference: d.reference,
    status: d.status,
    amount: minorToCedis(d.amountMinor),
    method: d.method,
    network: d.network,
    next_action: nextActionOf(d),
    ...(nextActionOf(d) === "redirect" && d.authorizationUrl ? { authorization_url: d.authorizationUrl } : {}),
    // Only once the provider took money that is going back (REFUNDED): TO_SEND, PENDING, PROCESSED or FAILED.
    refund_status: d.refundStatus === "SENDING" ? "TO_SEND" : d.refundStatus,
    message,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

export function withdrawalJson(w: Withdrawal, message: string) {
  return {
    id: w.id,
    reference: w.reference,
    status: w.status,
    amount: minorToCedis(w.amountMinor),
    destination_id: w.destinationId,
    destination: { method: w.method, provider: w.provider, account_number: w.accountNumber },
    message,
    created_at: w.createdAt,
    updated_at: w.updatedAt,
  };
}

/** `usableFrom`: when it may first receive money, after the cooling-off hours (destinationUsableAt). */
export function destinationJson(d: PaymentDestination, usableFrom: string) {
  return { id: d.id, kind: d.kind, network: d.network, bank_code: d.bankCode, label: d.label, account_number: d.accountNumber, name: d.name, created_at: d.createdAt, usable_from: usableFrom };
}

/** "MTN MoMo ···567": how a destination is named in a list without showing the whole number. */
export function destinationLabel(d: { label: string; accountNumber: string; name: string }): string {
  return `${d.label} ···${d.accountNumber.slice(-3)} (${d.name})`;
}

/** The portfolio's list of deposits and withdrawals in progress (#payments). */
export const PAYMENTS_ANCHOR = "payments";

export const depositStatusHref = (depositId: number) => `/portfolio/deposits/${depositId}`;

/** The flash after a withdrawal is sent on its way. */
export const withdrawalRequested = (amountMinor: number) => msg("investorTexts.withdrawalRequested", { amount: formatGhs(amountMinor) });

/** A ledger entry's line on the portfolio's statement (newest first, so a fresh movement is on its first page). */
export const statementLineAnchor = (entryId: number) => `entry-${entryId}`;
const statementLine = (entryId: number | null) => (entryId === null ? undefined : { href: `/portfolio#${statementLineAnchor(entryId)}`, text: msg("investorTexts.statementLine") });

/** What a credited deposit's flash says beside "Deposit successful": its reference, and its line on the statement. */
export function depositDone(d: { reference: string; entryId: number | null }): Pick<StoredFlash, "more" | "link"> {
  return { more: msg("investorTexts.reference", { reference: d.reference }), link: statementLine(d.entryId) };
}

/**
 * What a withdrawal's flash says beside its message: its reference and when it arrives (docs/rules.md#withdrawal-timing),
 * or, held for review, that an admin looks at it within the 24 hours an approval lives; and its line on the statement.
 */
export function withdrawalSent(w: { reference: string | null; entryId: number; method: "MOMO" | "BANK" }, held: boolean): Pick<StoredFlash, "more" | "link"> {
  const reference = w.reference ?? "";
  return {
    more: held ? msg("investorTexts.withdrawalHeld", { reference }) : msg(`investorTexts.withdrawalArrives.${w.method}`, { reference }),
    link: statementLine(w.entryId),
  };
}
