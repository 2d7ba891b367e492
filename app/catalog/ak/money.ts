import type { money as english } from "~/catalog/en/money";
import type { TwiTexts } from "~/catalog/ak/types";

/** Before and after withholding tax, in Twi. */
export const money: TwiTexts<typeof english> = {
  "money.afterTax": "wɔatwa towa akyi",
  "money.beforeTax": "ansa na wɔatwa towa",
  "money.beforeTaxSummary": "Ansa na wɔatwa towa: {gross}, towa {tax}",
  "money.taxExplained": "Yɛtua mfasoɔ wɔ towa {rate}% a wɔtwa fi mu akyi; yɛntwa towa mfi sika titiriw mu da.",
  "money.taxExplainedNone": "Seesei yɛntwa towa biara; yɛntwa towa mfi sika titiriw mu da.",
};
