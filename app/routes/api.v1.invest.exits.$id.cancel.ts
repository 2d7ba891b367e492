import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseId } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { cancelEarlyExit, exitRequestJson } from "~/models/investment.server";
import { once } from "~/models/idempotency.server";

export const loader = () => methodNotAllowed();

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request);
    const exitRequestId = parseId(params.id, MSG.exitRequestNotFound);
    const answer = once({ userId: user.id, key: idempotencyKeyOf(request), operation: "invest/cancel-exit", params: { exitRequestId } }, () => ({
      status: 200,
      body: exitRequestJson(cancelEarlyExit({ userId: user.id, exitRequestId })),
    }));
    return apiJson(answer.body, answer.status);
  });
}
