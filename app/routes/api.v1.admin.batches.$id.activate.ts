import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { activateBatch, batchJson, getBatch } from "~/models/batch.server";
import { once } from "~/models/idempotency.server";

export const loader = () => methodNotAllowed("POST");

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, MSG.batchNotFound);
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/activate", params: { batchId } }, () => {
      const batch = activateBatch(batchId, { adminId: admin.id });
      return { status: 200, body: { detail: "Batch activated.", batch: batchJson(getBatch(batch.id)!) } };
    });
    return apiJson(answer.body, answer.status);
  });
}
