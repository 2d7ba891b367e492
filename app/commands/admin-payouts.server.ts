import { approvalSummary } from "~/domain/approvals";
import { remittanceParams, type RemittanceInput, type SurplusDestination } from "~/domain/remittances";
import { requestOrRun, type Guarded } from "~/models/approval-actions.server";
import { dryRun } from "~/models/ledger.server";
import * as payouts from "~/models/payout.server";
import * as remittances from "~/models/remittance.server";
import * as tax from "~/models/tax.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";

/**
 * The money an admin moves: payout runs, closing an egg batch, the reserve, what the farms remit
 * and the withholding tax paid to the authority (docs/commands.md). Runs and closes wait for a
 * second admin where there is one (four eyes): the result says whether it ran or waits.
 */

/** A reserve draw only where there is one: a run without a draw is the same request as before draws existed. */
const drawParam = (reserveDrawMinor: number) => (reserveDrawMinor ? { reserveDrawMinor } : {});

/**
 * Pays a batch's run (egg: this month or `period`; chicken: the harvest), drawing `reserveDrawMinor`
 * from the reserve for what the remitted money does not cover. A paid period is refused (409).
 */
export function executePayout(ctx: CommandContext, input: { batchId: number; period: string | null; reserveDrawMinor: number }): Guarded {
  const { batchId, period, reserveDrawMinor } = input;
  return onceOnly(ctx, "execute-payout", { batchId, period, ...drawParam(reserveDrawMinor) }, () =>
    requestOrRun({
      action: "payout.execute",
      params: { batchId, period, reserveDrawMinor },
      adminId: ctx.actor.id,
      summary: approvalSummary({ action: "payout.execute", batchId, period, reserveDrawMinor }),
    }),
  ).result;
}

/** Egg batch end: every holder gets the principal back, from what the farm remitted (plus the reserve draw). */
export function closeBatch(ctx: CommandContext, input: { batchId: number; reserveDrawMinor: number }): Guarded {
  const { batchId, reserveDrawMinor } = input;
  return onceOnly(ctx, "close-batch", { batchId, ...drawParam(reserveDrawMinor) }, () =>
    requestOrRun({ action: "batch.close", params: { batchId, reserveDrawMinor }, adminId: ctx.actor.id, summary: approvalSummary({ action: "batch.close", batchId, reserveDrawMinor }) }),
  ).result;
}

/** The close's confirm step for a fully funded close: the same rules, rolled back (a close that cannot go is refused before the question). */
export function checkCloseBatch(ctx: CommandContext, input: { batchId: number }): void {
  dryRun(() => payouts.closeBatch(input.batchId, { adminId: ctx.actor.id }));
}

/** Money into the platform reserve, from the fees it earned (never more than they hold) or from outside. */
export function fundReserve(ctx: CommandContext, input: { amountMinor: number; source: remittances.ReserveSource }): { amountMinor: number; reserveMinor: number } {
  return onceOnly(ctx, "fund-reserve", input, () => ({ amountMinor: input.amountMinor, ...remittances.fundReserve({ ...input, adminId: ctx.actor.id }) })).result;
}

/** What a farm remitted for a batch and period, with its settlement sheet. */
export function recordRemittance(ctx: CommandContext, input: { batchId: number; remittance: RemittanceInput }): remittances.Remittance {
  const { batchId, remittance } = input;
  return onceOnly(ctx, "record-remittance", remittanceParams(batchId, remittance), () => remittances.recordRemittance(batchId, remittance, { adminId: ctx.actor.id })).result;
}

/** Withheld tax paid to the authority for a month: never more than that month still owes, nor than the account holds. */
export function recordTaxPayment(ctx: CommandContext, input: { period: string; amountMinor: number; reference: string }) {
  return onceOnly(ctx, "record-tax-payment", input, () => tax.recordTaxPayment({ ...input, adminId: ctx.actor.id })).result;
}

/**
 * What is left in an ended batch's settlement account goes back to the farm (`reference`: the
 * transfer that sent it) or to the platform reserve (four eyes). The request names the amount there
 * now, and approving it moves exactly that (docs/decisions/014-settlement-surplus.md).
 */
export function settleSurplus(ctx: CommandContext, input: { batchId: number; to: SurplusDestination; reference: string | null }): Guarded {
  const { batchId, to, reference } = input;
  return onceOnly(ctx, "settle-surplus", { batchId, to, reference }, () => {
    const amountMinor = Math.max(0, remittances.settlementHeldMinor(batchId));
    return requestOrRun({
      action: "batch.surplus",
      params: { batchId, to, reference, amountMinor },
      adminId: ctx.actor.id,
      summary: approvalSummary({ action: "batch.surplus", batchId, amountMinor, to, reference }),
    });
  }).result;
}
