/** Before and after withholding tax: the words every page that shows income uses (shipped with those pages). */
export const money = {
  "money.afterTax": "after tax",
  "money.beforeTax": "before tax",
  "money.beforeTaxSummary": "Before tax: {gross}, tax {tax}",
  "money.taxExplained": "Income is paid after {rate}% withholding tax; capital is never taxed.",
  "money.taxExplainedNone": "No withholding tax at present; capital is never taxed.",
} as const;
