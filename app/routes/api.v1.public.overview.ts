import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, methodNotAllowed, requireMethod } from "~/lib/http.server";
import { getOverviewStats } from "~/models/batch.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(() => {
    requireMethod(request, "GET");
    return apiJson({ stats: getOverviewStats() });
  });
}

export const action = () => methodNotAllowed("GET");
