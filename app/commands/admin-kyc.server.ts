import * as kyc from "~/models/kyc.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";

/** An admin's KYC decisions (docs/commands.md): each one audited and told to the investor. */

/** Approves a PENDING submission: the investor's tier rises. */
export function approveKyc(ctx: CommandContext, input: { submissionId: number }): kyc.KycSubmission {
  return onceOnly(ctx, "approve-kyc", input, () => kyc.approveKycSubmission({ submissionId: input.submissionId, adminId: ctx.actor.id })).result;
}

/** Rejects a PENDING submission with a reason (checked at the door) the investor reads. */
export function rejectKyc(ctx: CommandContext, input: { submissionId: number; reason: string }): kyc.KycSubmission {
  return onceOnly(ctx, "reject-kyc", input, () => kyc.rejectKycSubmission({ submissionId: input.submissionId, adminId: ctx.actor.id, reason: input.reason })).result;
}
