import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { cancelEarlyExit } from "~/commands/investing.server";
import { exitRequestJson } from "~/models/investment.server";

export const loader = () => methodNotAllowed("POST");

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const exitRequestId = parseId(params.id, msg("rules.exitRequestNotFound"));
    return apiJson(exitRequestJson(cancelEarlyExit({ actor: user, key: idempotencyKeyOf(request) }, { exitRequestId })));
  });
}
