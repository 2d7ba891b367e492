import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { readSurplusSettlement } from "~/domain/remittances";
import { minorToCedis } from "~/domain/money";
import { apiJson, handleApi, idempotencyKeyOf, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { settleSurplus } from "~/commands/admin-payouts.server";
import { guardedAnswer } from "~/models/approval-actions.server";
import { getBatchForRemittance, listSurplusSettlements, settlementHeldMinor, surplusJson } from "~/models/remittance.server";
import { localeOf } from "~/catalog/index.server";

/** What the batch's settlement account still holds, and where an ended batch's surplus went. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    const batch = getBatchForRemittance(parseId(params.id, msg("rules.batchNotFound")));
    return apiJson({
      batch_id: batch.id,
      status: batch.status,
      held: minorToCedis(Math.max(0, settlementHeldMinor(batch.id))),
      settled: listSurplusSettlements(batch.id).map((s) => surplusJson(s, batch.id)),
    });
  });
}

/**
 * Settles what is left in an ended batch's settlement account: `to` FARM (with `reference`, the
 * transfer that sent it back) or RESERVE. Four eyes: with two or more admins it answers 202 with
 * the approval request; otherwise 200 with the settlement. 409 while the batch runs or when nothing is left.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, msg("rules.batchNotFound"));
    const choice = readSurplusSettlement(await readBody(request));
    const answer = guardedAnswer(settleSurplus({ actor: admin, key: idempotencyKeyOf(request) }, { batchId, ...choice }), localeOf(request));
    return apiJson(answer.body, answer.status);
  });
}
