/**
 * What a ledger entry says it was (the wallet statement's memo, on the portfolio page, its CSV and
 * the API): stored on the entry as an id and parameters and rendered when read. Entries written
 * before keep the English memo they were written with.
 */
export const ledger = {
  "ledger.units": { one: "{count} unit", other: "{count} units" },
  "ledger.bought": "Bought {units} of Batch #{batchId}",
  "ledger.exitFilled": "{units} of Batch #{batchId} changed hands (exit #{exitId})",
  "ledger.deposit.mobile_money": "Wallet deposit (mobile money)",
  "ledger.deposit.card_or_bank": "Wallet deposit (card or bank)",
  "ledger.deposit.demo": "Wallet deposit (demo)",
  "ledger.withdrawalTo": "Withdrawal to {destination}",
  "ledger.withdrawal": "Withdrawal",
  "ledger.destinationNotGiven": "Not given",
  "ledger.withdrawalHeld": "Withdrawal not sent after a security check: money back in your wallet",
  "ledger.withdrawalSent": "Withdrawal sent to {provider}",
  "ledger.withdrawalReversedBy": "Withdrawal reversed by {provider}",
  "ledger.withdrawalReversed": "Withdrawal reversed: money back in your wallet",
  "ledger.withdrawalFailed": "Withdrawal failed: money back in your wallet",
  "ledger.payout": "Batch #{batchId} {label}",
  "ledger.reserveDraw": "Batch #{batchId} {label}: drawn from the platform reserve",
  "ledger.remittance": "Batch #{batchId} remittance for {period}",
  "ledger.reserveFunded.FEES": "Platform reserve funded from fees",
  "ledger.reserveFunded.EXTERNAL": "Platform reserve funded from outside",
  "ledger.deployed": "Batch #{batchId} funds deployed to the farm",
  "ledger.taxPaid": "Withholding tax for {period} paid to the tax authority ({reference})",
  "ledger.surplusReturned": "Batch #{batchId} surplus returned to the farm ({reference})",
  "ledger.surplusToReserve": "Batch #{batchId} surplus moved to the platform reserve",
} as const;
