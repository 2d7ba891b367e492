import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { monthlyTaxReport, taxReportJson } from "~/models/tax.server";
import { reportMonth } from "~/pages/tax-admin.server";

/** The month's withholding tax report (?month=YYYY-MM, default last month): payees, PINs, gross, tax, what was paid over. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    return apiJson(taxReportJson(monthlyTaxReport(reportMonth(new URL(request.url).searchParams.get("month")))));
  });
}

export const action = onlyMethods("GET");
