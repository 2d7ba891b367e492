import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { deleteBatch, batchJson, getBatch } from "~/models/batch.server";
import { approvalSummary, deleteNeedsApproval } from "~/domain/approvals";
import { guardedAnswer, requestOrRun } from "~/models/approval-actions.server";
import { once } from "~/models/idempotency.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "DELETE");
    await requireApiAdmin(request);
    const batch = getBatch(parseId(params.id, MSG.batchNotFound));
    if (!batch) throw new HttpError(404, MSG.batchNotFound);
    return apiJson(batchJson(batch));
  });
}

/** DELETE: only a batch without investments. One with history (past OPEN) waits for a second admin (issue 20: 202). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "DELETE");
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, MSG.batchNotFound);
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/delete", params: { batchId } }, () => {
      const batch = getBatch(batchId);
      if (batch && deleteNeedsApproval(batch))
        return guardedAnswer(requestOrRun({ action: "batch.delete", params: { batchId }, adminId: admin.id, summary: approvalSummary({ action: "batch.delete", batchId }) }));
      deleteBatch(batchId, { adminId: admin.id });
      return { status: 200, body: { detail: "Batch deleted." } as Record<string, unknown> };
    });
    return apiJson(answer.body, answer.status);
  });
}
