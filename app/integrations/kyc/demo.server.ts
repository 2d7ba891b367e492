import type { KycVerifier } from "./index.server";

/** The demo: every well-formed submission is approved at once. Nothing leaves the machine. */
export const demoKycVerifier: KycVerifier = {
  name: "demo",
  isDemo: true,
  vouchesForPhone: true,
  async verify() {
    return { decision: "APPROVE", note: "Approved automatically by the demo identity check." };
  },
};
