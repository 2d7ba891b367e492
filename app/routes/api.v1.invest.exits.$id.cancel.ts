import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { cancelEarlyExit } from "~/commands/investing.server";
import { exitRequestJson } from "~/models/investment.server";

export const loader = onlyMethods("POST");

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const exitRequestId = parseId(params.id, msg("rules.exitRequestNotFound"));
    return apiJson(exitRequestJson(cancelEarlyExit({ actor: user, key: idempotencyKeyOf(request) }, { exitRequestId })));
  });
}
