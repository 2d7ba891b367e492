import type { ActionFunctionArgs } from "@remix-run/node";
import { unitsParam } from "~/domain/idempotency";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseBool, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { investInBatch, investmentJson } from "~/models/investment.server";
import { once } from "~/models/idempotency.server";
import { walletJson } from "~/models/wallet.server";

export const loader = () => methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const batchId = parseId(body.batch_id, "Give the batch_id of the batch to invest in.", 422);
    const autoReinvest = parseBool(body.auto_reinvest);
    const params = { batchId, units: unitsParam(body.units), autoReinvest };
    const answer = once({ userId: user.id, key: idempotencyKeyOf(request), operation: "invest/create", params }, () => {
      const investment = investInBatch({ userId: user.id, batchId, units: body.units, autoReinvest });
      return { status: 201, body: { investment: investmentJson(investment), wallet: walletJson(user.id) } };
    });
    return apiJson(answer.body, answer.status);
  });
}
