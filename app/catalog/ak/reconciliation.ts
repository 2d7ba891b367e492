import type { reconciliation as english } from "~/catalog/en/reconciliation";
import type { TwiTexts } from "~/catalog/ak/types";

/** What a reconciliation difference says, in Twi (provisional: awaiting a native speaker's review). */
export const reconciliation: TwiTexts<typeof english> = {
  "reconciliation.missingInLedger": "Tua adwumakuo no wɔ {kind} a ɛyɛ {status} a ne dodoɔ yɛ {amount}, nanso yɛnni ho kyerɛwtohɔ biara.",
  "reconciliation.status": "Yɛn deɛ yɛ {ours}; tua adwumakuo no deɛ yɛ {theirs}.",
  "reconciliation.currency": "Tua adwumakuo no wɔ no wɔ {currency} mu.",
  "reconciliation.amount": "Tua adwumakuo no kaa {amount}; akontaa nhoma no kaa {ledger}.",
  "reconciliation.missingAtProvider": "Yɛwɔ {kind} a ɛyɛ {status} a ne dodoɔ yɛ {amount} (akontaa nhoma {ledger}) a tua adwumakuo no nni.",
  "reconciliation.kind.deposit": "sika a wode too mu",
  "reconciliation.kind.withdrawal": "sika a woyiiɛ",
  "reconciliation.provider.succeeded": "awie",
  "reconciliation.provider.failed": "ɛanyɛ yie",
  "reconciliation.provider.abandoned": "wɔannwie",
  "reconciliation.provider.pending": "ɛretwɛn",
  "reconciliation.provider.otp": "ɛretwɛn kɔd",
  "reconciliation.provider.reversed": "asan aba",
  "reconciliation.provider.unknown": "yɛnnim",
  "reconciliation.provider.not_found": "wɔanhu",
};
