import { apiJson, handleApi } from "~/lib/http.server";
import { getOverviewStats } from "~/models/batch.server";

export function loader() {
  return handleApi(() => apiJson({ stats: getOverviewStats() }));
}
