/**
 * What a deposit or a withdrawal says about where it stands, stored as an id (deposits' and
 * withdrawals' message columns) and rendered when read. Matched word for word where the product's
 * rules quote a message (docs/messages.md).
 */
export const paymentStatus = {
  "paymentStatus.depositPending": "We are waiting for the provider to confirm this deposit.",
  "paymentStatus.depositSucceeded": "Deposit successful",
  "paymentStatus.depositFailed": "The payment did not go through, and nothing was charged. Please try again.",
  "paymentStatus.depositAbandoned": "This deposit was not completed, so nothing was credited. Start a new one when you are ready.",
  "paymentStatus.depositFlagged": "We received a payment that does not match this deposit. Our team is checking it and will contact you.",
  "paymentStatus.depositRefunded":
    "This payment arrived, but crediting it would go past your account's limits: {limit} So we are sending it back to you the way you paid; it can take a few working days to reach you. Nothing was added to your wallet.",
  "paymentStatus.depositRefundedMismatch":
    "The payment we received ({paid}) does not match this deposit ({amount}), so nothing was added to your wallet. We are sending it back to you the way you paid; it can take a few working days to reach you.",
  "paymentStatus.depositRefundFailed":
    "We could not send this payment ({amount}) back to you: the refund failed. Our team will send it to you by hand and contact you. Nothing was added to your wallet.",
  "paymentStatus.depositRefundRetried": "We are sending this payment ({amount}) back to you again, the way you paid; it can take a few working days to reach you. Nothing was added to your wallet.",
  "paymentStatus.checkout": "Continue to the secure payment page to pay by card or bank.",
  "paymentStatus.approveOnPhone": "Approve the payment prompt on your phone to finish the deposit.",
  "paymentStatus.enterOtp": "Enter the code from your phone to finish the deposit (Telecel Cash: dial *110# to get a voucher).",
  "paymentStatus.wrongOtp": "That code did not work. Check it and try again.",
  "paymentStatus.networkPending": "We are waiting for your network to confirm the payment.",
  "paymentStatus.withdrawalPending": "Your withdrawal is on its way.",
  "paymentStatus.withdrawalHeld": "Waiting for a security check: an admin reviews large withdrawals before they are sent.",
  "paymentStatus.withdrawalSucceeded": "Withdrawal processed",
  "paymentStatus.withdrawalFailed": "The withdrawal could not be sent. The money is back in your wallet.",
  // A payment provider's refusal, in our words (a PaymentsError's message).
  "paymentStatus.badPhone": "Enter a Ghana mobile money number like 024 123 4567.",
  "paymentStatus.badRecipient": "Check the account number and the bank or network.",
  "paymentStatus.checkoutUnavailable": "We could not open the payment page. Please try again.",
  "paymentStatus.refundRefused": "The payment provider refused the refund.",
  "paymentStatus.noPaidCharge": "There is no paid charge with this reference to refund.",
  "paymentStatus.withdrawalReversed": "The withdrawal came back from the network. The money is back in your wallet.",
} as const;
