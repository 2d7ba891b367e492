import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { cancelEarlyExit, exitRequestJson } from "~/models/investment.server";
import { once } from "~/models/idempotency.server";

export const loader = () => methodNotAllowed("POST");

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const exitRequestId = parseId(params.id, MSG.exitRequestNotFound);
    const answer = once({ userId: user.id, key: idempotencyKeyOf(request), operation: "invest/cancel-exit", params: { exitRequestId } }, () => ({
      status: 200,
      body: exitRequestJson(cancelEarlyExit({ userId: user.id, exitRequestId })),
    }));
    return apiJson(answer.body, answer.status);
  });
}
