import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { payoutCsvRows } from "~/pages/portfolio";
import { payoutCsvHeaders } from "~/pages/portfolio-csv.server";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { DomainError } from "~/domain/errors";
import { csvResponse, noCsvResponse, toCsv } from "~/lib/csv";
import { redirectWithFlash, requireUser } from "~/auth/session.server";
import { listPayoutsForInvestment } from "~/models/investment.server";

/**
 * /portfolio/payouts/<id>.csv: the payouts of one of the investor's own investments.
 * (A route param is a whole path segment, so the ".csv" is read off the `file` param.)
 * Another investor's investment is 404, exactly like one that does not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const match = /^(\d{1,15})\.csv$/.exec(params.file ?? "");
  const locale = localeOf(request);
  if (!match) return noCsvResponse(msg("rules.investmentNotFound"), locale, "/portfolio");
  const investmentId = Number(match[1]);
  let payouts;
  try {
    payouts = listPayoutsForInvestment(user.id, investmentId);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return noCsvResponse(error.ref ?? msg("rules.investmentNotFound"), locale, "/portfolio");
    throw error;
  }
  // Nothing to download: back to the investment's row, with 'No records to export' there.
  if (payouts.length === 0) return redirectWithFlash(`/portfolio#investment-${investmentId}`, { kind: "error", message: msg("portfolio.noRecords") });
  const t = translatorFor(locale);
  return csvResponse(`payouts-investment-${investmentId}`, toCsv(payoutCsvHeaders(t), payoutCsvRows(payouts, t)));
}
