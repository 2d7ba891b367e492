import { TIER_NAMES, type KycTier } from "~/domain/kyc";

/** What each tier needs, in the investor's words (the limits themselves are TIER_LIMITS). */
export const TIER_DISPLAY: Record<KycTier, { name: string; needs: string }> = {
  REGISTERED: { name: TIER_NAMES.REGISTERED, needs: "An account" },
  VERIFIED: { name: TIER_NAMES.VERIFIED, needs: "Ghana Card (or ECOWAS passport), selfie and a confirmed phone, approved" },
  ENHANCED: { name: TIER_NAMES.ENHANCED, needs: "Verified, plus a proof of address (a utility bill or bank statement from the last 3 months), approved" },
};

/**
 * Where the ID number is shown, truthfully: a Ghana Card number is the holder's tax PIN, printed whole
 * on the tax documents (taxIdentity in app/models/kyc.server.ts); every other screen and API answer
 * carries its last 4 characters only.
 */
export const ID_NUMBER_DISPLAY_NOTE =
  "We keep it encrypted. A Ghana Card number appears whole in one place: your tax statements and certificates (and our withholding-tax report to the Ghana Revenue Authority), because the tax authority requires the full Ghana Card PIN there. Everywhere else we show only its last 4 characters.";

export const KYC_DEMO_NOTE =
  "Demo: identity checks here are simulated. A well-formed submission is approved at once and its phone counts as confirmed; nobody looks at your documents. Use made-up details and any photo.";
