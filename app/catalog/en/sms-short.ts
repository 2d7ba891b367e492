/**
 * Shorter words for the notices whose full text would not fit one SMS (160 GSM-7 characters) with
 * long amounts or names; `smsShort.<name>` stands in for `notices.<name>` on SMS only, with the same
 * parameters, where the full text would be cut (smsVersion). They drop the less needed part first: a
 * security notice keeps its advice and loses the destination's name.
 */
export const smsShort = {
  "smsShort.kycApproved": "Your identity is verified: your account is now {tier}. You can deposit up to {depositsPerDay} a day and hold up to {walletBalance}.",
  "smsShort.withdrawalNotSent": "Your withdrawal of {amount} was stopped by our security check: {why} The money is back in your wallet.",
  "smsShort.depositRefunded": "Your payment of {amount} would take your account past its limits, so we are sending it back. Nothing was added to your wallet.",
  "smsShort.withdrawalRequested": "A withdrawal of {amount} was requested from your account. Not you? Change your password now and contact support.",
  "smsShort.destinationAdded": "A new payout destination was added to your account. Not you? Change your password now and contact support.",
  "smsShort.receiptWithdrawal": "Withdrawal {reference} of {amount} to {destination} requested.",
  "smsShort.receiptWithdrawalHeld": "Withdrawal {reference} of {amount} requested. An admin reviews it within 24 hours.",
  "smsShort.reinvestedNet": {
    one: "Auto-reinvest: of the {net} paid, {count} unit of Batch #{batchId} bought for {cost}; {rest} stayed in your wallet.",
    other: "Auto-reinvest: of the {net} paid, {count} units of Batch #{batchId} bought for {cost}; {rest} stayed in your wallet.",
  },
  "smsShort.reinvestedFor": {
    one: "Auto-reinvest: {count} unit of Batch #{batchId} bought for {cost}; {rest} stayed in your wallet.",
    other: "Auto-reinvest: {count} units of Batch #{batchId} bought for {cost}; {rest} stayed in your wallet.",
  },
  "smsShort.depositRefundedMismatch": "Your payment of {paid} did not match your deposit of {amount}, so we are sending it back. Nothing was added to your wallet.",
  "smsShort.depositRefundFailed": "We could not send back your payment of {amount}. Our team will send it by hand and contact you.",
  "smsShort.depositRefundRetried": "We are sending back your payment of {amount} again. It can take a few working days.",
  "smsShort.exitCancelled": {
    one: "Your early-exit offer of {units} unit in Batch #{batchId} was cancelled: the batch {why}.",
    other: "Your early-exit offer of {units} units in Batch #{batchId} was cancelled: the batch {why}.",
  },
} as const;
