import type { CheckedImage, KycFileField, KycSubmissionInput } from "~/forms/kyc.server";
import * as kyc from "~/models/kyc.server";
import type { CommandContext } from "~/commands/command.server";

/** Identity checks an investor asks for (issue 17); the admins' review is elsewhere. */

/**
 * Takes an identity submission: the fields and images as the door read and checked them. The demo
 * verifier approves at once; a manual review leaves it PENDING. Refusals are DomainErrors (409, 422).
 */
export function submitKyc(ctx: CommandContext, input: { fields: KycSubmissionInput; images: Partial<Record<KycFileField, CheckedImage>> }): Promise<kyc.KycSubmission> {
  return kyc.submitKyc({ userId: ctx.actor.id, input: input.fields, images: input.images });
}
