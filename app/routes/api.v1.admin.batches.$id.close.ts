import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { reserveDrawInput } from "~/domain/payouts";
import { requireApiAdmin } from "~/auth/session.server";
import { closeBatch } from "~/commands/admin-payouts.server";
import { guardedAnswer } from "~/models/approval-actions.server";
import { localeOf } from "~/catalog/index.server";

export const loader = onlyMethods("POST");

/** Four eyes (issue 20): 202 with the approval request while a second admin has not approved. Egg batch end: principal returned to every holder, from what the farm remitted (plus an optional `reserve_draw`, GHS). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, msg("rules.batchNotFound"));
    const reserveDrawMinor = reserveDrawInput((await readBody(request)).reserve_draw);
    const answer = guardedAnswer(closeBatch({ actor: admin, key: idempotencyKeyOf(request) }, { batchId, reserveDrawMinor }), localeOf(request));
    return apiJson(answer.body, answer.status);
  });
}
