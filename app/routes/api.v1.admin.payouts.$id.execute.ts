import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { periodInput, reserveDrawInput } from "~/domain/payouts";

import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { executePayout } from "~/commands/admin-payouts.server";
import { guardedAnswer } from "~/models/approval-actions.server";
import { localeOf } from "~/catalog/index.server";

export const loader = onlyMethods("POST");

/**
 * Four eyes (issue 20): with two or more admins it answers 202 {"approval": {id, status: "PENDING", action}}
 * and runs when a second admin approves. Pays the run (egg: this month or `period`; chicken: the harvest). A paid period answers 409; so
 * does a run the batch's remitted money does not cover, unless `reserve_draw` (GHS) makes up the shortfall.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const body = await readBody(request);
    const period = periodInput(body.period ?? new URL(request.url).searchParams.get("period"));
    const reserveDrawMinor = reserveDrawInput(body.reserve_draw);
    const batchId = parseId(params.id, msg("rules.batchNotFound"));
    // A retried request with the same Idempotency-Key gets the first answer and pays nothing more;
    // the key on another batch or period is refused, so that run is never mistaken for this one.
    const answer = guardedAnswer(executePayout({ actor: admin, key: idempotencyKeyOf(request) }, { batchId, period, reserveDrawMinor }), localeOf(request));
    return apiJson(answer.body, answer.status);
  });
}
