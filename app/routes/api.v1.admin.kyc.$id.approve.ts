import { msg } from "~/catalog/ref";
import { localeOf, render } from "~/catalog/index.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { kycSubmissionJson } from "~/models/kyc.server";
import { approveKyc } from "~/commands/admin-kyc.server";

/** Approves a PENDING submission: the investor's tier rises, they are told, the decision is audited. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const row = approveKyc({ actor: admin, key: idempotencyKeyOf(request) }, { submissionId: parseId(params.id, msg("api.kycNotFound")) });
    return apiJson({ detail: render(localeOf(request), msg("api.kycApproved")), ...kycSubmissionJson(row, localeOf(request)) });
  });
}

export const loader = onlyMethods("POST");
