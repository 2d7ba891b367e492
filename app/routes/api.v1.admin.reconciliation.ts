import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { localeOf } from "~/catalog/index.server";
import { reconciliationReport } from "~/models/payment-admin.server";
import { defaultReconciliationDate } from "~/pages/payment-admin.server";

/**
 * `?date=YYYY-MM-DD` (default: yesterday by the app's clock): the provider's list for that day
 * against the ledger, as `npm run reconcile` prints it. 422 on a bad date, 503 when the provider
 * does not answer.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const date = new URL(request.url).searchParams.get("date");
    return apiJson(await reconciliationReport(date === null || date.trim() === "" ? defaultReconciliationDate() : date.trim(), localeOf(request)));
  });
}

export const action = onlyMethods("GET");
