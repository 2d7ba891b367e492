import type { KycVerifier } from "./index.server";

/** A person decides: the submission waits on /admin/kyc for an admin to approve or reject it. */
export const manualKycVerifier: KycVerifier = {
  name: "manual",
  isDemo: false,
  vouchesForPhone: false,
  async verify() {
    return { decision: "REVIEW" };
  },
};
