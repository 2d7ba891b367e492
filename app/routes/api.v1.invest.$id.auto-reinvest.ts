import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseBool, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { setAutoReinvest } from "~/commands/investing.server";
import { investmentJson } from "~/models/investment.server";

export const loader = onlyMethods("POST");

/** Switches one holding's auto-reinvest: `{ "auto_reinvest": true | false }` (the portfolio's form calls the same command). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const investmentId = parseId(params.id, msg("rules.investmentNotFound"));
    const wanted = parseBool((await readBody(request)).auto_reinvest, msg("api.autoReinvestBoolean"));
    return apiJson(investmentJson(setAutoReinvest({ actor: user, key: idempotencyKeyOf(request) }, { investmentId, autoReinvest: wanted })));
  });
}
