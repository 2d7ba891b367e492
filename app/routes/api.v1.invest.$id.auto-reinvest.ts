import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, methodNotAllowed, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { investmentJson, setAutoReinvest } from "~/models/investment.server";
import { once } from "~/models/idempotency.server";

export const loader = () => methodNotAllowed("POST");

/** Switches one holding's auto-reinvest: `{ "auto_reinvest": true | false }` (the portfolio's form calls the same function). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const investmentId = parseId(params.id, MSG.investmentNotFound);
    const { auto_reinvest: raw } = await readBody(request);
    // JSON true/false, or "true"/"false" from a form post; nothing else is read as a choice.
    const wanted = raw === true || raw === "true" ? true : raw === false || raw === "false" ? false : null;
    if (wanted === null) throw new HttpError(422, "Give auto_reinvest as true or false.");
    const answer = once({ userId: user.id, key: idempotencyKeyOf(request), operation: "invest/auto-reinvest", params: { investmentId, autoReinvest: wanted } }, () => ({
      status: 200,
      body: investmentJson(setAutoReinvest({ userId: user.id, investmentId, autoReinvest: wanted })),
    }));
    return apiJson(answer.body, answer.status);
  });
}
