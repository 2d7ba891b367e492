import type { kycDecision as english } from "~/catalog/en/kyc-decision";
import type { TwiTexts } from "~/catalog/ak/types";

/** Our note on a KYC decision, in Twi (provisional: awaiting a native speaker's review). */
export const kycDecision: TwiTexts<typeof english> = {
  "kycDecision.approvedAfterReview": "Yɛhwɛɛ mu na yɛpene so.",
};
