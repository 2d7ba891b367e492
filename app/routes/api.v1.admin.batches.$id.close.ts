import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseId, readBody } from "~/lib/http.server";
import { reserveDrawInput } from "~/domain/payouts";
import { requireApiAdmin } from "~/auth/session.server";
import { closeBatch, payoutRunJson } from "~/models/payout.server";
import { once } from "~/models/idempotency.server";

export const loader = () => methodNotAllowed();

/** Egg batch end: principal returned to every holder, from what the farm remitted (plus an optional `reserve_draw`, GHS). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, MSG.batchNotFound);
    const reserveDrawMinor = reserveDrawInput((await readBody(request)).reserve_draw);
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/close", params: { batchId, ...(reserveDrawMinor ? { reserveDrawMinor } : {}) } }, () => ({
      status: 200,
      body: { detail: "Batch closed.", ...payoutRunJson(closeBatch(batchId, { adminId: admin.id, reserveDrawMinor })) },
    }));
    return apiJson(answer.body, answer.status);
  });
}
