import * as kyc from "~/models/kyc.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";
import { kycRejectionRef, type KycRejectionReason } from "~/domain/kyc";

/** An admin's KYC decisions (docs/commands.md): each one audited and told to the investor. */

/** Approves a PENDING submission: the investor's tier rises. */
export function approveKyc(ctx: CommandContext, input: { submissionId: number }): kyc.KycSubmission {
  return onceOnly(ctx, "approve-kyc", input, () => kyc.approveKycSubmission({ submissionId: input.submissionId, adminId: ctx.actor.id })).result;
}

/** Rejects a PENDING submission with a reason code (and OTHER's note, checked at the door) the investor reads in their language. */
export function rejectKyc(ctx: CommandContext, input: { submissionId: number; code: KycRejectionReason; note: string | null }): kyc.KycSubmission {
  return onceOnly(ctx, "reject-kyc", input, () => kyc.rejectKycSubmission({ submissionId: input.submissionId, adminId: ctx.actor.id, reason: kycRejectionRef(input.code, input.note) })).result;
}
