import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { englishOf } from "~/domain/errors";
import { readUnitCount } from "~/domain/investing";

import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { requestEarlyExit } from "~/commands/investing.server";
import { exitRequestJson } from "~/models/investment.server";

export const loader = () => methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const batchId = parseId(body.batch_id, msg("api.batchIdToExit"), 422);
    const requests = requestEarlyExit({ actor: user, key: idempotencyKeyOf(request) }, { batchId, units: readUnitCount(body.units) });
    return apiJson({ detail: englishOf(msg("rules.earlyExitSubmitted")), requests: requests.map(exitRequestJson) }, 201);
  });
}
