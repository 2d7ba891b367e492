/**
 * Shorter words for the notices whose full text would not fit one SMS (160 GSM-7 characters) with
 * long amounts; `smsShort.<name>` stands in for `notices.<name>` on SMS only, with the same parameters.
 */
export const smsShort = {
  "smsShort.kycApproved": "Your identity is verified: your account is now {tier}. You can deposit up to {depositsPerDay} a day and hold up to {walletBalance}.",
  "smsShort.withdrawalNotSent": "Your withdrawal of {amount} was stopped by our security check: {why} The money is back in your wallet.",
  "smsShort.depositRefunded": "Your payment of {amount} would take your account past its limits, so we are sending it back. Nothing was added to your wallet.",
  "smsShort.exitCancelled": {
    one: "Your early-exit offer of {units} unit in Batch #{batchId} was cancelled: the batch {why}.",
    other: "Your early-exit offer of {units} units in Batch #{batchId} was cancelled: the batch {why}.",
  },
} as const;
