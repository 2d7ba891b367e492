/** Before and after withholding tax: the words every page that shows income uses (shipped with those pages). */
export const money = {
  "money.afterTax": "after tax",
  "money.beforeTax": "before tax",
  "money.beforeTaxSummary": "Before tax: {gross}, tax {tax}",
  "money.taxExplained":
    "Withholding tax of {rate}% is taken from income (each month's egg income, a harvest's return) before it reaches your wallet, and paid to the tax authority for you. Your capital is never taxed. Figures marked after tax already take it off.",
  "money.taxExplainedNone": "No withholding tax is taken from income at present: what you earn reaches your wallet whole. Your capital is never taxed.",
  "money.taxTitle": "Withholding tax",
  "money.taxRate": "Withholding tax: {rate}% of the income; never on capital.",
} as const;
