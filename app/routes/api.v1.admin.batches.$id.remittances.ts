import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { readRemittance, remittanceParams } from "~/domain/remittances";
import { today } from "~/lib/clock.server";
import { apiJson, handleApi, idempotencyKeyOf, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { once } from "~/models/idempotency.server";
import { getBatchForRemittance, listRemittances, recordRemittance, remittanceJson } from "~/models/remittance.server";

/** The batch's remittances, newest first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    const batch = getBatchForRemittance(parseId(params.id, MSG.batchNotFound));
    return apiJson(listRemittances(batch.id).map(remittanceJson));
  });
}

/**
 * Records what the farm remitted (`period`, `amount` in GHS, the settlement sheet's optional
 * figures): 201 with the remittance. The same Idempotency-Key again answers the same and records nothing.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const batch = getBatchForRemittance(parseId(params.id, MSG.batchNotFound));
    const input = readRemittance(await readBody(request), batch, today().slice(0, 7));
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/remittance", params: remittanceParams(batch.id, input) }, () => ({
      status: 201,
      body: remittanceJson(recordRemittance(batch.id, input, { adminId: admin.id })),
    }));
    return apiJson(answer.body, answer.status);
  });
}
