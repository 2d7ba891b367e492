import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { apiJson, handleApi, methodNotAllowed, parseId, requireMethod } from "~/lib/http.server";
import { approveKycSubmission, kycSubmissionJson } from "~/models/kyc.server";

/** Approves a PENDING submission: the investor's tier rises, they are told, the decision is audited. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const row = approveKycSubmission({ submissionId: parseId(params.id, "KYC submission not found."), adminId: admin.id });
    return apiJson({ detail: "Approved.", ...kycSubmissionJson(row) });
  });
}

export const loader = () => methodNotAllowed("POST");
