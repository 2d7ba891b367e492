import { msg } from "~/catalog/ref";
import type { UnitCount } from "~/domain/investing";
import * as holdings from "~/models/investment.server";
import { walletInfo } from "~/models/ledger.server";
import { notify } from "~/models/notification.server";
import type { WalletState } from "~/models/wallet.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";

/** Buying, early exit and auto-reinvest: what an investor asks of their holdings (docs/rules.md#investing, #early-exit). */

/** Units as an idempotency parameter: "2" and 2 are one request; an unreadable count is its own request (never stored: it fails). */
const unitsParam = (units: UnitCount) => (units.ok ? units.units : { unreadable: units.reason });

/** The holding bought and the wallet right after, as the first answer saw them (a replay returns the same). */
export type InvestResult = { investment: holdings.InvestmentRow; wallet: WalletState };

/**
 * Buys units of a batch: new units of an OPEN batch, or units other investors offer for early
 * exit in an ACTIVE egg batch. `acceptedTerms` is undefined where the door has no terms box (the API,
 * USSD). `smsReceipt`: the door has no page to keep (USSD), so the receipt goes by SMS, in the same
 * transaction (a replay sends none).
 */
export function invest(
  ctx: CommandContext,
  input: { batchId: number; units: UnitCount; acceptedTerms?: boolean; autoReinvest: boolean; smsReceipt?: boolean; /** The units a dialog's figures were for. */ unitsShown?: number },
): InvestResult {
  const { batchId, units, acceptedTerms, autoReinvest, unitsShown } = input;
  return onceOnly(ctx, "invest", { batchId, units: unitsParam(units), acceptedTerms, autoReinvest }, () => {
    const investment = holdings.investInBatch({ userId: ctx.actor.id, batchId, units, acceptedTerms, autoReinvest, unitsShown });
    if (input.smsReceipt) {
      const receipt = { reference: holdings.investmentRef(investment.id), count: investment.units, batchId, amount: { money: investment.amountMinor } };
      notify(ctx.actor.id, "RECEIPT", msg("notices.receiptInvested", receipt));
    }
    return { investment, wallet: walletInfo(ctx.actor.id) };
  }).result;
}

/**
 * Buys more units of the batch one of the investor's holdings is in (the portfolio's Reinvest), by
 * the same rules as any purchase: its dialog has the terms box and shows the figures for `unitsShown`.
 */
export function reinvest(
  ctx: CommandContext,
  input: { investmentId: number; units: UnitCount; acceptedTerms?: boolean; /** The units the dialog's figures were for. */ unitsShown?: number },
): InvestResult {
  const { batchId } = holdings.getMyInvestment(ctx.actor.id, input.investmentId);
  return invest(ctx, { batchId, units: input.units, acceptedTerms: input.acceptedTerms, autoReinvest: false, unitsShown: input.unitsShown });
}

/** Offers units of the investor's egg holding in a batch for early exit: one PENDING request per holding used. */
export function requestEarlyExit(ctx: CommandContext, input: { batchId: number; units: UnitCount; /** The units a dialog's figures were for. */ unitsShown?: number }): holdings.ExitRequestRow[] {
  const { batchId, units, unitsShown } = input;
  return onceOnly(ctx, "request-early-exit", { batchId, units: unitsParam(units) }, () => holdings.requestEarlyExit({ userId: ctx.actor.id, batchId, units, unitsShown })).result;
}

/** Withdraws the investor's own PENDING early-exit offer. */
export function cancelEarlyExit(ctx: CommandContext, input: { exitRequestId: number }): holdings.ExitRequestRow {
  return onceOnly(ctx, "cancel-early-exit", input, () => holdings.cancelEarlyExit({ userId: ctx.actor.id, exitRequestId: input.exitRequestId })).result;
}

/** Switches one holding's auto-reinvest on or off. */
export function setAutoReinvest(ctx: CommandContext, input: { investmentId: number; autoReinvest: boolean }): holdings.InvestmentRow {
  return onceOnly(ctx, "set-auto-reinvest", input, () => holdings.setAutoReinvest({ userId: ctx.actor.id, ...input })).result;
}
