import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, methodNotAllowed, parseId } from "~/lib/http.server";
import { requireApiAdmin } from "~/lib/session.server";
import { closeBatch } from "~/models/admin.server";
import { payoutRunJson } from "~/models/payout.server";

export const loader = () => methodNotAllowed();

/** Egg batch end: principal returned to every holder. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const admin = await requireApiAdmin(request);
    return apiJson({ detail: "Batch closed.", ...payoutRunJson(closeBatch(parseId(params.id, MSG.batchNotFound), { adminId: admin.id })) });
  });
}
