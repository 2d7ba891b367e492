import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, methodNotAllowed, parseId } from "~/lib/http.server";
import { requireApiAdmin } from "~/lib/session.server";
import { activateBatch } from "~/models/admin.server";
import { batchJson, getBatch } from "~/models/batch.server";

export const loader = () => methodNotAllowed();

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const admin = await requireApiAdmin(request);
    const batch = activateBatch(parseId(params.id, MSG.batchNotFound), { adminId: admin.id });
    return apiJson({ detail: "Batch activated.", batch: batchJson(getBatch(batch.id)!) });
  });
}
