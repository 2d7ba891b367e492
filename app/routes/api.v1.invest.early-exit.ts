import type { ActionFunctionArgs } from "@remix-run/node";
import { unitsParam } from "~/domain/idempotency";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { exitRequestJson, requestEarlyExit } from "~/models/investment.server";
import { once } from "~/models/idempotency.server";

export const loader = () => methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const batchId = parseId(body.batch_id, "Give the batch_id of the holding to exit.", 422);
    const answer = once({ userId: user.id, key: idempotencyKeyOf(request), operation: "invest/early-exit", params: { batchId, units: unitsParam(body.units) } }, () => {
      const requests = requestEarlyExit({ userId: user.id, batchId, units: body.units });
      return { status: 201, body: { detail: MSG.earlyExitSubmitted, requests: requests.map(exitRequestJson) } };
    });
    return apiJson(answer.body, answer.status);
  });
}
