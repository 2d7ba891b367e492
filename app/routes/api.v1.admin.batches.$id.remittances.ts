import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { readRemittance } from "~/domain/remittances";
import { today } from "~/lib/clock.server";
import { apiJson, handleApi, idempotencyKeyOf, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { recordRemittance } from "~/commands/admin-payouts.server";
import { getBatchForRemittance, listRemittances, remittanceJson } from "~/models/remittance.server";

/** The batch's remittances, newest first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    const batch = getBatchForRemittance(parseId(params.id, msg("rules.batchNotFound")));
    return apiJson(listRemittances(batch.id).map(remittanceJson));
  });
}

/**
 * Records what the farm remitted (`period`, `amount` in GHS, the settlement sheet's optional
 * figures): 201 with the remittance. The same Idempotency-Key again answers the same and records nothing.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const batch = getBatchForRemittance(parseId(params.id, msg("rules.batchNotFound")));
    const remittance = readRemittance(await readBody(request), batch, today().slice(0, 7));
    return apiJson(remittanceJson(recordRemittance({ actor: admin, key: idempotencyKeyOf(request) }, { batchId: batch.id, remittance })), 201);
  });
}
