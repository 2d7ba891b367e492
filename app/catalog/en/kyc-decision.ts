/** Our note on a KYC decision when the admin wrote none (the investor's KYC page and API, the admin's KYC page). */
export const kycDecision = {
  "kycDecision.approvedAfterReview": "Approved after review.",
  // Why an admin rejected a submission: a sentence read inside the notice, email and SMS ("We could not verify your identity: {reason} You can...").
  "kycDecision.reason.PHOTO_UNCLEAR": "A photo was not clear enough to read.",
  "kycDecision.reason.NAME_MISMATCH": "The name on the ID is not the name you typed.",
  "kycDecision.reason.NUMBER_NOT_FOUND": "We could not find the ID number you typed.",
  "kycDecision.reason.DOCUMENT_EXPIRED": "The ID document has expired.",
  "kycDecision.reason.OTHER": "Please contact us to learn why.",
  // The admin's own note (with "Other"), as written.
  "kycDecision.reasonNote": "{note}",
} as const;
