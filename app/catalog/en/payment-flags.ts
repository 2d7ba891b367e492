/**
 * Why a deposit or a withdrawal is flagged for a person to look at (the admin payments page), stored
 * as an id and parameters (the flag_id and flag_params columns) and rendered when read. Rows
 * flagged before keep the English they were written with.
 */
export const paymentFlags = {
  "paymentFlags.depositMismatch": "The provider confirmed {problems} (pesewas).",
  "paymentFlags.withdrawalMismatch": "The provider reported {problems} (pesewas).",
  "paymentFlags.amount": "amount {got} instead of {wanted}",
  "paymentFlags.currency": "currency {got} instead of {wanted}",
  "paymentFlags.currencyOnly": "currency {got}",
  "paymentFlags.none": "none",
  "paymentFlags.both": "{first} and {second}",
  "paymentFlags.refundRefused": "The provider refused to refund this payment ({why}): refund it by hand in the provider's dashboard.",
  "paymentFlags.refundFailed": "The provider could not complete the refund of this payment: refund it by hand in the provider's dashboard.",
  "paymentFlags.transferOtp": "The provider asks for a transfer OTP: finalise it in the provider's dashboard, or turn transfer OTPs off there.",
} as const;
