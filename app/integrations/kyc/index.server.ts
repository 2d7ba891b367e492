/**
 * Identity checks (issue 17), in our words. `getKycVerifier` picks the adapter from the environment
 * (`KYC_PROVIDER`): `demo` (what `npm start` uses: a well-formed submission is approved at once and
 * its phone counts as confirmed; the page says it is a demo) or `manual` (the default in production:
 * an admin reviews each submission on /admin/kyc). An identity service that checks a Ghana Card
 * against the national register would be a third adapter answering the same question.
 */
import { getEnv } from "~/lib/env.server";
import { demoKycVerifier } from "./demo.server";
import { manualKycVerifier } from "./manual.server";

export type KycProviderName = "demo" | "manual";

/** What the verifier sees of a submission: never the images' bytes or the ID number in a log. */
export type KycCase = { submissionId: number; tierRequested: "VERIFIED" | "ENHANCED"; idType: "GHANA_CARD" | "PASSPORT" };

/** APPROVE: verified now. REVIEW: a person decides later (the submission stays PENDING). */
export type KycVerdict = { decision: "APPROVE"; note: string } | { decision: "REVIEW" };

export interface KycVerifier {
  readonly name: KycProviderName;
  /** True for the demo: the investor is told nothing real was checked. */
  readonly isDemo: boolean;
  /**
   * Whether this verifier vouches for the submitted phone. When it does not, a Verified tier needs
   * the phone confirmed by our own SMS code (the account page) before the submission is taken.
   */
  readonly vouchesForPhone: boolean;
  verify(submission: KycCase): Promise<KycVerdict>;
}

export function getKycVerifier(): KycVerifier {
  return getEnv().kycProvider === "manual" ? manualKycVerifier : demoKycVerifier;
}
