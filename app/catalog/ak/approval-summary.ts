import type { approvalSummary as english } from "~/catalog/en/approval-summary";
import type { TwiTexts } from "~/catalog/ak/types";

/** What admins read of a four-eyes request, in Twi. */
export const approvalSummary: TwiTexts<typeof english> = {
  "approvalSummary.payout": "Tua nkokɔ kuw #{batchId} akatua",
  "approvalSummary.payoutDrawing": "Tua nkokɔ kuw #{batchId} akatua, na yi {draw} fi sika a wɔasie mu",
  "approvalSummary.payoutPeriod": "Tua nkokɔ kuw #{batchId} {period} akatua",
  "approvalSummary.payoutPeriodDrawing": "Tua nkokɔ kuw #{batchId} {period} akatua, na yi {draw} fi sika a wɔasie mu",
  "approvalSummary.close": "To nkokɔ kuw #{batchId} mu na san fa sika titiriw no ma",
  "approvalSummary.closeDrawing": "To nkokɔ kuw #{batchId} mu na san fa sika titiriw no ma, na yi {draw} fi sika a wɔasie mu",
  "approvalSummary.delete": "Pepa nkokɔ kuw #{batchId}",
  "approvalSummary.grantAdmin": "Yɛ {email} ɔhwɛfoɔ",
  "approvalSummary.removeAdmin": "Yi {email} ahwɛfoɔ tumi",
  "approvalSummary.withdrawal": "Fa sika a {email} reyi #{withdrawalId}, {amount}, kɔ {provider}",
  "approvalSummary.withdrawalInWindow": "Fa sika a {email} reyi #{withdrawalId}, {amount}, kɔ {provider} ({windowTotal} wɔ nnɔnhwere 24 a atwam mu, yei ka ho)",
  "approvalSummary.depositRefund": "San fa sika #{depositId} a {email} de too mu: {amount} fa Paystack so",
  "approvalSummary.depositRefundAgain": "Bisa Paystack bio sɛ ɔnsan mfa sika #{depositId} a {email} de too mu ({amount})",
  "approvalSummary.withdrawalReturn": "San fa sika #{withdrawalId} a {email} reyi ({amount}) gu sika kotoku mu",
  "approvalSummary.surplusToFarm": "San fa {amount} a aka nkokɔ kuw #{batchId} akontaa mu no ma nkokɔ afuo no (reference {reference})",
  "approvalSummary.surplusToReserve": "Fa {amount} a aka nkokɔ kuw #{batchId} akontaa mu no kɔ sika a wɔasie mu",
};
