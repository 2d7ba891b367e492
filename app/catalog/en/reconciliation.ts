/** What a reconciliation difference says (/admin/payments/reconciliation, its API, `npm run reconcile`). */
export const reconciliation = {
  "reconciliation.missingInLedger": "The provider has a {status} {kind} of {amount} that we have no record of.",
  "reconciliation.status": "We have {ours}; the provider has {theirs}.",
  "reconciliation.currency": "The provider has it in {currency}.",
  "reconciliation.amount": "The provider moved {amount}; the ledger moved {ledger}.",
  "reconciliation.missingAtProvider": "We have a {status} {kind} of {amount} (ledger {ledger}) that the provider does not list.",
  "reconciliation.kind.deposit": "deposit",
  "reconciliation.kind.withdrawal": "withdrawal",
  // The provider's states, as its API names them (ours are adminPayments.state.*).
  "reconciliation.provider.succeeded": "succeeded",
  "reconciliation.provider.failed": "failed",
  "reconciliation.provider.abandoned": "abandoned",
  "reconciliation.provider.pending": "pending",
  "reconciliation.provider.otp": "otp",
  "reconciliation.provider.reversed": "reversed",
  "reconciliation.provider.unknown": "unknown",
  "reconciliation.provider.not_found": "not_found",
} as const;
