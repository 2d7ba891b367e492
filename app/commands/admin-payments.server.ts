import { approvalSummary } from "~/domain/approvals";
import { requestOrRun, type Guarded } from "~/models/approval-actions.server";
import { depositById } from "~/models/deposit.server";
import * as resolution from "~/models/payment-resolution.server";
import { withdrawalById } from "~/models/withdrawal.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";

/**
 * An admin resolves a flagged deposit or withdrawal, or a refund that failed (docs/payments.md#flagged-deposits-and-withdrawals),
 * always on the provider's word. Asking the provider again applies its answer by the normal rules,
 * as a webhook would: nothing is decided by the admin, so it runs at once and may be asked again
 * freely (no idempotency key needed). Refunding, refunding again and returning a withdrawal's money
 * are the admin's decisions that move money: four eyes, once per key.
 */

export function recheckDeposit(ctx: CommandContext, input: { depositId: number }) {
  return resolution.recheckFlaggedDeposit({ depositId: input.depositId, adminId: ctx.actor.id });
}

export function recheckWithdrawal(ctx: CommandContext, input: { withdrawalId: number }) {
  return resolution.recheckFlaggedWithdrawal({ withdrawalId: input.withdrawalId, adminId: ctx.actor.id });
}

/** After a guarded resolution: when it ran at once, what it started outside the transaction (a refund). */
async function afterwards(g: Guarded, action: string, params: Record<string, unknown>): Promise<Guarded> {
  if (g.ran) await resolution.paymentResolutionAfter(action, params);
  return g;
}

/** A flagged deposit paid for another amount or currency is refunded through the provider (never credited). */
export async function refundDeposit(ctx: CommandContext, input: { depositId: number }): Promise<Guarded> {
  const params = { depositId: input.depositId };
  await resolution.PAYMENT_RESOLUTION_CHECKS["deposit.refund"]!(params);
  const g = onceOnly(ctx, "refund-deposit", params, () => {
    const d = depositById(input.depositId);
    const summary = approvalSummary({ action: "deposit.refund", depositId: input.depositId, amountMinor: d?.providerAmountMinor ?? d?.amountMinor ?? 0, email: resolution.ownerLabel(d?.userId) });
    return requestOrRun({ action: "deposit.refund", params, adminId: ctx.actor.id, summary });
  }).result;
  return afterwards(g, "deposit.refund", params);
}

/** A refund the provider failed is asked for again. */
export async function retryRefund(ctx: CommandContext, input: { depositId: number }): Promise<Guarded> {
  const params = { depositId: input.depositId };
  const g = onceOnly(ctx, "retry-refund", params, () => {
    const d = depositById(input.depositId);
    const summary = approvalSummary({
      action: "deposit.refund_again",
      depositId: input.depositId,
      amountMinor: d?.providerAmountMinor ?? d?.amountMinor ?? 0,
      email: resolution.ownerLabel(d?.userId),
    });
    return requestOrRun({ action: "deposit.refund_again", params, adminId: ctx.actor.id, summary });
  }).result;
  return afterwards(g, "deposit.refund_again", params);
}

/** A flagged withdrawal whose transfer failed or never reached the provider: its money back to the wallet. */
export async function returnWithdrawal(ctx: CommandContext, input: { withdrawalId: number }): Promise<Guarded> {
  const params = { withdrawalId: input.withdrawalId };
  await resolution.PAYMENT_RESOLUTION_CHECKS["withdrawal.return"]!(params);
  return onceOnly(ctx, "return-withdrawal", params, () => {
    const w = withdrawalById(input.withdrawalId);
    const summary = approvalSummary({ action: "withdrawal.return", withdrawalId: input.withdrawalId, amountMinor: w?.amountMinor ?? 0, email: resolution.ownerLabel(w?.userId) });
    return requestOrRun({ action: "withdrawal.return", params, adminId: ctx.actor.id, summary });
  }).result;
}
