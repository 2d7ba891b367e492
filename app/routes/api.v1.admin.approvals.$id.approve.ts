import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { approveRequest } from "~/commands/admin-approvals.server";
import { localeOf } from "~/catalog/index.server";
import { outcomeBody } from "~/models/approval-actions.server";

export const loader = onlyMethods("POST");

/** A second admin approves: the action runs now and this answers its result (plus the approval). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const id = parseId(params.id, msg("rules.approval.notFound"));
    const done = await approveRequest({ actor: admin, key: idempotencyKeyOf(request) }, { approvalId: id });
    return apiJson({ ...outcomeBody(done, localeOf(request)), approval: { id: done.approval.id, status: done.approval.status, action: done.approval.action } });
  });
}
