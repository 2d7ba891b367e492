import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { simulatePayout, simulationJson } from "~/models/payout.server";

/** What Execute would pay now (egg: this month, or ?period=YYYY-MM); changes nothing. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const period = new URL(request.url).searchParams.get("period");
    return apiJson(simulationJson(simulatePayout(parseId(params.id, msg("rules.batchNotFound")), { period })));
  });
}

export const action = onlyMethods("GET");
