/** What a four-eyes action says it did (or that it waits for a second admin): flashes, rendered on the server only. */
export const approvalOutcome = {
  "approvalOutcome.sentForApproval": "Sent for approval: a second admin must approve it on /admin/approvals.",
  "approvalOutcome.heldWithdrawal": "Waiting for a security check: an admin reviews large withdrawals before they are sent.",
  "approvalOutcome.payoutsExecuted": "Payouts executed for Batch #{batchId}: {count} paid, {total} in total.",
  "approvalOutcome.payoutsExecutedDrawing": "Payouts executed for Batch #{batchId}: {count} paid, {total} in total. ({draw} from the reserve)",
  "approvalOutcome.batchClosed": "Batch #{batchId} closed; principal returned.",
  "approvalOutcome.batchDeleted": "Batch deleted.",
  "approvalOutcome.nowAdmin": "{email} is now an admin.",
  "approvalOutcome.noLongerAdmin": "{email} is no longer an admin.",
  "approvalOutcome.alreadyAdmin": "{email} is already an admin.",
  "approvalOutcome.notAdmin": "{email} is not an admin.",
  "approvalOutcome.withdrawalSent": "Withdrawal #{id} approved and sent.",
  "approvalOutcome.depositRefund": "Deposit #{id}: {amount} is being refunded through Paystack; the investor was told.",
  "approvalOutcome.depositRefundAgain": "Deposit #{id}: Paystack was asked again to refund {amount}; the investor was told.",
  "approvalOutcome.withdrawalReturn": "Withdrawal #{id}: {amount} is back in the investor's wallet; the investor was told.",
  "approvalOutcome.surplusToFarm": "Batch #{batchId}: the {amount} left is recorded as returned to the farm (transfer {reference}).",
  "approvalOutcome.surplusToReserve": "Batch #{batchId}: the {amount} left moved to the platform reserve.",
} as const;
