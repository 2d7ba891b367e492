/** Our note on a KYC decision when the admin wrote none (the investor's KYC page and API, the admin's KYC page). */
export const kycDecision = {
  "kycDecision.approvedAfterReview": "Approved after review.",
} as const;
