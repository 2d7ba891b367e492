import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, HttpError, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
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
    const { auto_reinvest: raw } = await readBody(request);
    // JSON true/false, or "true"/"false" from a form post; nothing else is read as a choice.
    const wanted = raw === true || raw === "true" ? true : raw === false || raw === "false" ? false : null;
    if (wanted === null) throw new HttpError(422, msg("api.autoReinvestBoolean"));
    return apiJson(investmentJson(setAutoReinvest({ actor: user, key: idempotencyKeyOf(request) }, { investmentId, autoReinvest: wanted })));
  });
}
