import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, methodNotAllowed, parseId } from "~/lib/http.server";
import { requireApiUser } from "~/lib/session.server";
import { cancelEarlyExit, exitRequestJson } from "~/models/investment.server";

export const loader = () => methodNotAllowed();

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request);
    const exitRequestId = parseId(params.id, MSG.exitRequestNotFound);
    return apiJson(exitRequestJson(cancelEarlyExit({ userId: user.id, exitRequestId })));
  });
}
