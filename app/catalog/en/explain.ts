/**
 * Words that explain money actions where investors meet them (issue 29): a money button at work,
 * the risk score, an overdue payout, the Audit and Reinvest buttons. Shipped by the invest pages,
 * the portfolio and the payment pages; the batch page ships only its risk and overdue words.
 */
export const explain = {
  "explain.processing": "Processing...",
  "explain.risk.EGG":
    "Risk score {score} of 100, higher is riskier: it adds up the expected mortality, how far the yearly return falls short of 100% and the share of units not yet sold. Up to 30 is Low, up to 60 Medium, above 60 High.",
  "explain.risk.CHICKEN": "Risk score {score} of 100, higher is riskier: it grows with the expected mortality and with a lower return per cycle. Up to 30 is Low, up to 60 Medium, above 60 High.",
  "explain.audit": "Audit opens the batch's own page: the farm's daily logs, sensor readings and the money the farm sent.",
  "explain.overdue": "The farm has not yet sent the money for this payout. It is paid once the money arrives, or an admin covers it from the reserve; you get a notice when it is paid.",
  "explain.reinvest": "Reinvest buys more units of the same batch with money from your wallet.",
} as const;
