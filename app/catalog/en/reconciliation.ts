/** What a reconciliation difference says (/admin/payments/reconciliation, its API, `npm run reconcile`). */
export const reconciliation = {
  "reconciliation.missingInLedger": "The provider has a {status} {kind} of {amount} pesewas that we have no record of.",
  "reconciliation.status": "We have {ours}; the provider has {theirs}.",
  "reconciliation.currency": "The provider has it in {currency}.",
  "reconciliation.amount": "The provider moved {amount} pesewas; the ledger moved {ledger}.",
  "reconciliation.missingAtProvider": "We have a {status} {kind} of {amount} pesewas (ledger {ledger}) that the provider does not list.",
} as const;
