/** What admins read of a four-eyes request (/admin/approvals, its notice), stored as an id and parameters. */
export const approvalSummary = {
  "approvalSummary.payout": "Execute the payout run of Batch #{batchId}",
  "approvalSummary.payoutDrawing": "Execute the payout run of Batch #{batchId}, drawing {draw} from the reserve",
  "approvalSummary.payoutPeriod": "Execute the {period} payout run of Batch #{batchId}",
  "approvalSummary.payoutPeriodDrawing": "Execute the {period} payout run of Batch #{batchId}, drawing {draw} from the reserve",
  "approvalSummary.close": "Close Batch #{batchId} and return the principal",
  "approvalSummary.closeDrawing": "Close Batch #{batchId} and return the principal, drawing {draw} from the reserve",
  "approvalSummary.delete": "Delete Batch #{batchId}",
  "approvalSummary.grantAdmin": "Make {email} an admin",
  "approvalSummary.removeAdmin": "Remove admin rights from {email}",
  "approvalSummary.withdrawal": "Send withdrawal #{withdrawalId} of {amount} by {email} to {provider}",
  "approvalSummary.withdrawalInWindow": "Send withdrawal #{withdrawalId} of {amount} by {email} to {provider} ({windowTotal} in the last 24 hours with this one)",
  "approvalSummary.depositRefund": "Refund deposit #{depositId} of {email}: {amount} back through Paystack",
  "approvalSummary.depositRefundAgain": "Ask Paystack again to refund deposit #{depositId} of {email} ({amount})",
  "approvalSummary.withdrawalReturn": "Return withdrawal #{withdrawalId} of {email} ({amount}) to the wallet",
  "approvalSummary.surplusToFarm": "Return the {amount} left in Batch #{batchId}'s settlement account to the farm (transfer {reference})",
  "approvalSummary.surplusToReserve": "Move the {amount} left in Batch #{batchId}'s settlement account to the platform reserve",
} as const;
