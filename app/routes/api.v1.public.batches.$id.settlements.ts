import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { batchSettlements, settlementsJson } from "~/models/remittance.server";

/** Public: the batch's settlements per period (due, remitted with the farm's sheets, paid, from the reserve, the ROI they support). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, () => {
    requireMethod(request, "GET");
    return apiJson(settlementsJson(batchSettlements(parseId(params.id, msg("rules.batchNotFound")))));
  });
}

export const action = onlyMethods("GET");
