import type { reconciliation as english } from "~/catalog/en/reconciliation";
import type { TwiTexts } from "~/catalog/ak/types";

/** What a reconciliation difference says, in Twi (provisional: awaiting a native speaker's review). */
export const reconciliation: TwiTexts<typeof english> = {
  "reconciliation.missingInLedger": "Tua adwumakuo no wɔ {kind} a ɛyɛ {status} a ne dodoɔ yɛ pesewa {amount}, nanso yɛnni ho kyerɛwtohɔ biara.",
  "reconciliation.status": "Yɛn deɛ yɛ {ours}; tua adwumakuo no deɛ yɛ {theirs}.",
  "reconciliation.currency": "Tua adwumakuo no wɔ no wɔ {currency} mu.",
  "reconciliation.amount": "Tua adwumakuo no kaa pesewa {amount}; ledger no kaa {ledger}.",
  "reconciliation.missingAtProvider": "Yɛwɔ {kind} a ɛyɛ {status} a ne dodoɔ yɛ pesewa {amount} (ledger {ledger}) a tua adwumakuo no nni.",
};
