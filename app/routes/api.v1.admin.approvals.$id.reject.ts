import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { localeOf } from "~/catalog/index.server";
import { rejectionReason } from "~/domain/approvals";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { approvalJson } from "~/models/approvals.server";
import { rejectRequest } from "~/commands/admin-approvals.server";

export const loader = onlyMethods("POST");

/** A second admin rejects with a `reason`: nothing runs. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const id = parseId(params.id, msg("rules.approval.notFound"));
    const reason = rejectionReason((await readBody(request)).reason);
    return apiJson({ approval: approvalJson(rejectRequest({ actor: admin, key: idempotencyKeyOf(request) }, { approvalId: id, reason }), localeOf(request)) });
  });
}
