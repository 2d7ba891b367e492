/**
 * In-app notices (the portfolio's activity list, GET /api/v1/invest/notifications), stored as an id
 * and parameters and rendered when read; their email and SMS carry the same words (namespace mail).
 */
export const notices = {
  "notices.exitFilled": "A buyer took {units} of your units in Batch #{batchId}: {net} reached your wallet ({price} less a {fee} early-exit fee).",
  "notices.exitCancelled": {
    one: "Your early-exit offer of {units} unit in Batch #{batchId} was cancelled because the batch {why}.",
    other: "Your early-exit offer of {units} units in Batch #{batchId} was cancelled because the batch {why}.",
  },
  // Where the money went is the payout's own notice (and auto-reinvest's, when it buys units).
  "notices.exitCancelled.harvested": "was harvested; your units were paid out with the harvest",
  "notices.exitCancelled.closed": "closed; your units were paid out with the principal returned at the close",
  "notices.payout": "Payout received: {net} from Batch #{batchId} ({label}).",
  "notices.payoutTaxed": "Payout received: {net} from Batch #{batchId} ({label}; {tax} withholding tax deducted).",
  "notices.payout.monthly": "income for {period}",
  "notices.payout.harvest": "harvest payout",
  "notices.payout.close": "principal returned at close",
  "notices.reinvestedNet": {
    one: "Auto-reinvest: {proceeds} from Batch #{fromBatchId} paid {net} into your wallet; {count} unit of Batch #{batchId} was bought with it for {cost}, and {rest} stayed in your wallet.",
    other: "Auto-reinvest: {proceeds} from Batch #{fromBatchId} paid {net} into your wallet; {count} units of Batch #{batchId} were bought with it for {cost}, and {rest} stayed in your wallet.",
  },
  // Notices stored before reinvestedNet named what the proceeds paid: they read as written.
  "notices.reinvestedFor": {
    one: "Auto-reinvest: {count} unit of Batch #{batchId} bought for {cost} with {proceeds} from Batch #{fromBatchId}; {rest} stayed in your wallet.",
    other: "Auto-reinvest: {count} units of Batch #{batchId} bought for {cost} with {proceeds} from Batch #{fromBatchId}; {rest} stayed in your wallet.",
  },
  // Notices stored before reinvestedFor named the amounts: they read as written.
  "notices.reinvested": {
    one: "Auto-reinvest: {count} unit of Batch #{batchId} bought with {proceeds} from Batch #{fromBatchId}.",
    other: "Auto-reinvest: {count} units of Batch #{batchId} bought with {proceeds} from Batch #{fromBatchId}.",
  },
  "notices.reinvested.harvest": "your harvest",
  "notices.reinvested.principal": "your principal",
  "notices.depositCredited": "Your deposit of {amount} reached your wallet.",
  "notices.depositFailed": "Your deposit of {amount} did not go through, and nothing was charged.",
  "notices.depositRefunded": "Your payment of {amount} arrived, but crediting it would go past your account's limits, so we are sending it back to you. Nothing was added to your wallet.",
  "notices.depositRefundedMismatch": "The payment of {paid} we received does not match your deposit of {amount}, so nothing was added to your wallet. We are sending it back to you the way you paid.",
  "notices.depositRefundFailed": "We could not send back your payment of {amount}: the refund failed. Our team will send it to you by hand and contact you.",
  "notices.depositRefundRetried": "We are sending back your payment of {amount} again, the way you paid. It can take a few working days to reach you.",
  "notices.destinationAdded": "A new payout destination, {destination}, was added to your account. Not you? Change your password now and contact support.",
  "notices.destination.ending": "{label} ending {last3}",
  "notices.withdrawalRequested": "A withdrawal of {amount} to {destination} was requested from your account. Not you? Change your password now and contact support.",
  // The demo's plain withdrawal names no destination: the notice does not invent one.
  "notices.withdrawalRequestedNoDestination": "A withdrawal of {amount} was requested from your account. Not you? Change your password now and contact support.",
  "notices.pinLocked": "Your PIN was entered wrong {tries} times in a row and is locked until {until}. Not you? Contact us at once.",
  "notices.pinSet": "A new PIN was set on your account. Not you? Contact us at once.",
  // Receipts of money actions asked for on USSD (issue 31): SMS only, to the caller.
  "notices.receiptInvested": {
    one: "Receipt {reference}: {count} unit of Batch #{batchId} bought for {amount}.",
    other: "Receipt {reference}: {count} units of Batch #{batchId} bought for {amount}.",
  },
  "notices.receiptDeposit": "Deposit {reference} of {amount} started. It reaches your wallet once your network confirms the payment.",
  "notices.receiptWithdrawal": "Withdrawal {reference} of {amount} to {destination} requested. Mobile money usually arrives within minutes.",
  "notices.receiptWithdrawalHeld": "Withdrawal {reference} of {amount} to {destination} requested. An admin reviews it within 24 hours.",
  "notices.withdrawalSent": "Your withdrawal of {amount} was sent to {provider}.",
  "notices.withdrawalReturned": "Your withdrawal of {amount} to {provider} could not be sent. The money is back in your wallet.",
  "notices.withdrawalReversed": "Your withdrawal of {amount} to {provider} came back. The money is back in your wallet.",
  "notices.withdrawalNotSent": "Your withdrawal of {amount} was not sent after our security check: {why} The money is back in your wallet.",
  "notices.withdrawalNotSent.lapsed": "no admin reviewed it within 24 hours.",
  "notices.kycApproved": "Your identity is verified: your account is now {tier}. You can deposit up to {depositsPerDay} a day, hold up to {walletBalance} and withdraw to accounts in your own name.",
  "notices.kycRejected": "We could not verify your identity: {reason} You can send your documents again on the KYC page.",
  "notices.tier.REGISTERED": "Registered",
  "notices.tier.VERIFIED": "Verified",
  "notices.tier.ENHANCED": "Enhanced",
  "notices.approvalRequested": "Approval needed: {summary}. Approve or reject it on /admin/approvals.",
  "notices.adminRightsRemoved": "Your admin rights were removed.",
  "notices.adminGranted": "{email} was made an admin.",
  "notices.adminRevoked": "{email} is no longer an admin.",
  "notices.adminNewDevice": "Admin {email} signed in from a new device: {device} ({place}).",
  "notices.adminPasswordChanged": "The password of admin {email} was changed.",
  "notices.adminPasswordReset": "The password of admin {email} was reset with a reset link.",
  "notices.adminTwoFactorOn": "Admin {email} turned two-factor sign-in on.",
  "notices.adminTwoFactorOff": "Admin {email} turned two-factor sign-in off.",
} as const;
