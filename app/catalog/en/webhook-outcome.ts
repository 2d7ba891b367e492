/** Why a payment provider's webhook event changed nothing, or was flagged (the admin payments page's event log). */
export const webhookOutcome = {
  "webhookOutcome.noReference": "No reference in the event.",
  "webhookOutcome.noDeposit": "No deposit has this reference.",
  "webhookOutcome.depositMismatch": "The amount or currency differs from the deposit's: flagged, not credited.",
  "webhookOutcome.noRefundedDeposit": "No refunded deposit has this reference.",
  "webhookOutcome.noWithdrawal": "No withdrawal has this reference.",
  "webhookOutcome.withdrawalMismatch": "The amount or currency differs from the withdrawal's: flagged.",
  "webhookOutcome.notActedOn": "An event we do not act on.",
} as const;
