import type { LoaderFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { apiJson, handleApi, HttpError, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { batchReadings } from "~/pages/farm-readings.server";

/** Public: the batch's device readings of the last 24 hours, oldest first, and when the device last sent one. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, () => {
    requireMethod(request, "GET");
    const readings = batchReadings(parseId(params.id, msg("rules.batchNotFound")));
    if (!readings) throw new HttpError(404, msg("rules.batchNotFound"));
    return apiJson(readings);
  });
}

export const action = onlyMethods("GET");
