import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { localeOf, render } from "~/catalog/index.server";
import { readUnitCount } from "~/domain/investing";

import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { requestEarlyExit } from "~/commands/investing.server";
import { exitRequestJson } from "~/models/investment.server";

export const loader = onlyMethods("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const batchId = parseId(body.batch_id, msg("api.batchIdToExit"), 422);
    const requests = requestEarlyExit({ actor: user, key: idempotencyKeyOf(request) }, { batchId, units: readUnitCount(body.units) });
    return apiJson({ detail: render(localeOf(request), msg("rules.earlyExitSubmitted")), requests: requests.map(exitRequestJson) }, 201);
  });
}
