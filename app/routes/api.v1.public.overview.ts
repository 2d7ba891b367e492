import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { getOverviewStats } from "~/models/batch.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, () => {
    requireMethod(request, "GET");
    return apiJson({ stats: getOverviewStats() });
  });
}

export const action = onlyMethods("GET");
