import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { minorToDecimalString } from "~/domain/money";
import { isTaxYear } from "~/domain/tax";
import { today } from "~/lib/clock.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { yearlyTaxStatement } from "~/models/tax.server";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { taxCsvHeaders } from "~/pages/portfolio-csv.server";

/** The yearly statement as CSV: one row per month with payer, payee and PIN (when verified), gross, tax, net. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const asked = new URL(request.url).searchParams.get("year");
  const year = isTaxYear(asked) ? asked : today().slice(0, 4);
  const s = yearlyTaxStatement(user.id, year);
  const t = translatorFor(localeOf(request));
  const rows = s.months.map((m) => [
    m.month,
    s.payer.name,
    s.payer.tin ?? "",
    s.payee.name,
    s.payee.pin ?? "",
    minorToDecimalString(m.grossMinor),
    minorToDecimalString(m.taxMinor),
    minorToDecimalString(m.netMinor),
  ]);
  rows.push([t("portfolioCsv.tax.total"), "", "", "", "", minorToDecimalString(s.totals.grossMinor), minorToDecimalString(s.totals.taxMinor), minorToDecimalString(s.totals.netMinor)]);
  return csvResponse(`tax-statement-${year}`, toCsv(taxCsvHeaders(t), rows));
}
