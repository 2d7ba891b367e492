import type { LoaderFunctionArgs } from "@remix-run/node";
import { filterParams, investmentCsvRows, parsePortfolioQuery, queryInvestments, withQuery } from "~/pages/portfolio";
import { investmentCsvHeaders } from "~/pages/portfolio-csv.server";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { csvResponse, toCsv } from "~/lib/csv";
import { redirectWithFlash, requireUser } from "~/auth/session.server";
import { listPortfolioInvestments } from "~/pages/portfolio.server";

/** The investments export with the page's current filters and sort (every page, not just one). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { filters, values } = parsePortfolioQuery(new URL(request.url).searchParams);
  const { matching } = queryInvestments(listPortfolioInvestments(user.id), filters);
  // Nothing to export: back to the portfolio as it was, with 'No records to export' (works without JavaScript).
  if (matching.length === 0) return redirectWithFlash(withQuery("/portfolio", filterParams(values)), { kind: "error", message: msg("portfolio.noRecords") });
  const t = translatorFor(localeOf(request));
  return csvResponse("investments", toCsv(investmentCsvHeaders(t), investmentCsvRows(matching, t)));
}
