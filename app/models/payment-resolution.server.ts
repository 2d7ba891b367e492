import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { minorToCedis } from "~/domain/money";
import { flaggedReturnable, mismatchRefundable, type Confirmation, type TransferWord } from "~/domain/payments";
import { getPaymentsProvider, PaymentsError } from "~/integrations/payments/index.server";
import { eq } from "drizzle-orm";
import { accountLabel } from "~/domain/account";
import { getDb } from "~/lib/db.server";
import { recordAudit } from "~/models/audit.server";
import { users } from "~/models/schema.server";
import { applyDepositWord, depositById, refundMismatchedDeposit, retryDepositRefund, sendDepositRefund, type Deposit, type DepositWordOutcome } from "~/models/deposit.server";
import { atomic } from "~/models/ledger.server";
import { applyWithdrawalWord, returnFlaggedWithdrawal, withdrawalById, type Withdrawal, type WithdrawalWordOutcome } from "~/models/withdrawal.server";

/**
 * A person resolves a flagged deposit or withdrawal (docs/payments.md#flagged-deposits-and-withdrawals),
 * always on the provider's word, never on an amount typed by the admin:
 * - asking the provider again applies its fresh word by the normal rules (as a webhook would);
 * - refunding a deposit paid for another amount, asking again for a refund that failed, and returning
 *   a withdrawal whose transfer failed or never existed move money, so they wait for a second admin
 *   (four eyes: the runners below, run by app/models/approval-actions.server.ts).
 */

type Params = Record<string, unknown>;
type Outcome = { body: Record<string, unknown>; message: MessageRef };
const num = (v: unknown) => (typeof v === "number" ? v : Number(v));

/** The provider's answer, or a 503 that changes nothing when it does not answer. */
async function ask<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof PaymentsError) throw new DomainError(503, msg("refusals.providerNoAnswer"));
    throw error;
  }
}

function getDeposit(depositId: number): Deposit {
  const row = depositById(depositId);
  if (!row) throw new DomainError(404, msg("refusals.depositNotFound"));
  return row;
}

function getWithdrawal(withdrawalId: number): Withdrawal {
  const row = withdrawalById(withdrawalId);
  if (!row) throw new DomainError(404, msg("refusals.withdrawalNotFound"));
  return row;
}

/** Whose deposit or withdrawal it is, as an approval's summary names them. */
export function ownerLabel(userId: number | undefined): string {
  const u = userId === undefined ? undefined : getDb().select({ id: users.id, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)).get();
  return u ? accountLabel(u) : "?";
}

/** A deposit as the admin API answers a resolution. */
export function resolvedDepositJson(d: Deposit) {
  return {
    id: d.id,
    reference: d.reference,
    status: d.status,
    refund_status: refundStatusOf(d),
    amount: minorToCedis(d.amountMinor),
    provider_amount: d.providerAmountMinor === null ? null : minorToCedis(d.providerAmountMinor),
    flagged: d.flag !== null,
  };
}

/** A withdrawal as the admin API answers a resolution. */
export function resolvedWithdrawalJson(w: Withdrawal) {
  return { id: w.id, reference: w.reference, status: w.status, amount: minorToCedis(w.amountMinor), flagged: w.flag !== null };
}

/** A refund's state as the API names it: SENDING (claimed, the provider being asked) reads as TO_SEND. */
export function refundStatusOf(d: Deposit): "TO_SEND" | "PENDING" | "PROCESSED" | "FAILED" | null {
  return d.refundStatus === "SENDING" ? "TO_SEND" : d.refundStatus;
}

export type DepositRecheck = { outcome: DepositWordOutcome; providerStatus: Confirmation["status"]; deposit: Deposit };
export type WithdrawalRecheck = { outcome: WithdrawalWordOutcome; providerStatus: TransferWord["status"]; withdrawal: Withdrawal };

/**
 * Asks the provider about a flagged deposit now and acts on its word by the normal rules, judged
 * afresh: a payment that now matches is credited (or refunded past the tier's limits), a failure
 * ends it, a mismatch stays flagged. Audited; the investor is told by the rule's own notice.
 */
export async function recheckFlaggedDeposit({ depositId, adminId }: { depositId: number; adminId: number }): Promise<DepositRecheck> {
  const row = getDeposit(depositId);
  if (row.status !== "PENDING" || row.flag === null) throw new DomainError(409, msg("refusals.depositNotFlagged"));
  const word = await ask(() => getPaymentsProvider().verifyCharge(row.reference));
  const outcome = atomic(() => {
    const result = applyDepositWord({ reference: row.reference, word, recheck: true });
    recordAudit({ adminId, action: "deposit.recheck", detail: msg("auditDetail.paymentRecheck", { reference: row.reference, status: msg(`reconciliation.provider.${word.status}`) }) });
    return result;
  });
  if (outcome === "refunded") await sendDepositRefund(depositId);
  return { outcome, providerStatus: word.status, deposit: getDeposit(depositId) };
}

/**
 * Asks the provider about a flagged withdrawal now and acts on its word by the normal rules: a
 * transfer finalised in the provider's dashboard settles, a failed or reversed one returns the money.
 * One the provider never received waits for a person to return it (four eyes).
 */
export async function recheckFlaggedWithdrawal({ withdrawalId, adminId }: { withdrawalId: number; adminId: number }): Promise<WithdrawalRecheck> {
  const row = getWithdrawal(withdrawalId);
  if (row.status !== "PENDING" || row.flag === null || row.reference === null) throw new DomainError(409, msg("refusals.withdrawalNotFlagged"));
  const reference = row.reference;
  const word = await ask(() => getPaymentsProvider().verifyTransfer(reference));
  const outcome = atomic(() => {
    const result = applyWithdrawalWord({ reference, word });
    recordAudit({ adminId, action: "withdrawal.recheck", detail: msg("auditDetail.paymentRecheck", { reference, status: msg(`reconciliation.provider.${word.status}`) }) });
    return result;
  });
  return { outcome, providerStatus: word.status, withdrawal: getWithdrawal(withdrawalId) };
}

/**
 * Before a money-moving resolution is asked for, and again when a second admin approves it: the
 * provider's word must still allow it. A row no longer in that state is left to the runner, which
 * refuses it with its own message (or a replayed request answers what it did).
 */
export const PAYMENT_RESOLUTION_CHECKS: Partial<Record<string, (p: Params) => Promise<void>>> = {
  "deposit.refund": async (p) => {
    const row = getDeposit(num(p.depositId));
    if (row.status !== "PENDING" || row.flag === null) return;
    const word = await ask(() => getPaymentsProvider().verifyCharge(row.reference));
    const refusal = mismatchRefundable({ status: row.status, amountMinor: row.amountMinor, currency: row.currency, flagged: true }, word);
    if (refusal) throw new DomainError(409, refusal);
    // The refund is of what the provider says it took now.
    if (word.amountMinor !== row.providerAmountMinor) throw new DomainError(409, msg("refusals.providerWordChanged"));
  },
  "withdrawal.return": async (p) => {
    const row = getWithdrawal(num(p.withdrawalId));
    if (row.status !== "PENDING" || row.flag === null || row.reference === null) return;
    const reference = row.reference;
    const word = await ask(() => getPaymentsProvider().verifyTransfer(reference));
    const refusal = flaggedReturnable({ status: row.status, flagged: true }, word);
    if (refusal) throw new DomainError(409, refusal);
  },
};

/** The four-eyes runners of the resolutions: synchronous, inside the approval's transaction, audited. */
export const PAYMENT_RESOLUTION_RUNNERS: Record<"deposit.refund" | "deposit.refund_again" | "withdrawal.return", (p: Params, adminId: number) => Outcome> = {
  "deposit.refund": (p, adminId) => {
    const d = refundMismatchedDeposit(num(p.depositId));
    const refunded = { money: d.providerAmountMinor ?? d.amountMinor };
    recordAudit({ adminId, action: "deposit.refund", detail: msg("auditDetail.depositRefund", { reference: d.reference, amount: refunded }) });
    return { body: resolvedDepositJson(d), message: msg("approvalOutcome.depositRefund", { id: d.id, amount: refunded }) };
  },
  "deposit.refund_again": (p, adminId) => {
    const d = retryDepositRefund(num(p.depositId));
    const refunded = { money: d.providerAmountMinor ?? d.amountMinor };
    recordAudit({ adminId, action: "deposit.refund_again", detail: msg("auditDetail.depositRefund", { reference: d.reference, amount: refunded }) });
    return { body: resolvedDepositJson(d), message: msg("approvalOutcome.depositRefundAgain", { id: d.id, amount: refunded }) };
  },
  "withdrawal.return": (p, adminId) => {
    const w = returnFlaggedWithdrawal(num(p.withdrawalId));
    recordAudit({ adminId, action: "withdrawal.return", detail: msg("auditDetail.withdrawalReturn", { reference: w.reference ?? "", amount: { money: w.amountMinor } }) });
    return { body: resolvedWithdrawalJson(w), message: msg("approvalOutcome.withdrawalReturn", { id: w.id, amount: { money: w.amountMinor } }) };
  },
};

/** After a resolution ran (at once, or approved): a refund is asked for outside the transaction (the sweep asks again if unanswered). */
export async function paymentResolutionAfter(action: string, params: Params): Promise<void> {
  if (action === "deposit.refund" || action === "deposit.refund_again") await sendDepositRefund(num(params.depositId));
}
