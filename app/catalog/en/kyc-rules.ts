/**
 * The identity tiers' rules (app/domain/kyc.ts): a deposit past a tier's limits, a withdrawal a tier
 * does not allow, a submission that cannot go ahead. Rendered on the server only; a refused deposit
 * stores the limit's message as a parameter of its own.
 */
export const kycRules = {
  "kycRules.tier.REGISTERED": "Registered",
  "kycRules.tier.VERIFIED": "Verified",
  "kycRules.tier.ENHANCED": "Enhanced",
  "kycRules.raise.REGISTERED": "Verify your identity on the KYC page to raise it.",
  "kycRules.raise.VERIFIED": "Add proof of address on the KYC page to raise it.",
  "kycRules.raise.ENHANCED": "This is the highest tier's limit.",
  "kycRules.limit.day": "{tier} accounts can deposit up to {limit} a day ({left} left today). {raise}",
  "kycRules.limit.month": "{tier} accounts can deposit up to {limit} a month ({left} left this month). {raise}",
  "kycRules.limit.balance": "{tier} accounts can hold up to {limit} in the wallet (room for {left} more). {raise}",
  "kycRules.limit.withdrawals": "{tier} accounts cannot withdraw yet. Verify your identity on the KYC page to withdraw to your own mobile money or bank account.",
  "kycRules.submission.pending": "Your documents are being reviewed. We will tell you the result by email and SMS; you can send new ones after that.",
  "kycRules.submission.highest": "Your identity and address are verified: you already have the highest tier.",
  "kycRules.submission.verified": "Your identity is verified. To raise your limits to the Enhanced tier, add a proof of address.",
} as const;
