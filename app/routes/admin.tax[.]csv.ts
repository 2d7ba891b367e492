import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/session.server";
import { minorToDecimalString } from "~/domain/money";
import { csvResponse, toCsv } from "~/lib/csv";
import { monthlyTaxReport } from "~/models/tax.server";
import { reportMonth } from "~/pages/tax-admin.server";
import { localeOf, translatorFor } from "~/catalog/index.server";

/** The month's withholding report for the tax authority: payer, each payee with their PIN, gross and tax. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = translatorFor(localeOf(request));
  let month: string;
  try {
    month = reportMonth(new URL(request.url).searchParams.get("month"));
  } catch {
    return new Response(t("adminTax.chooseMonth"), { status: 400 });
  }
  const r = monthlyTaxReport(month);
  const rows = r.payees.map((p) => [month, r.payer.name, r.payer.tin ?? "", p.name, p.pin ?? "", minorToDecimalString(p.grossMinor), minorToDecimalString(p.taxMinor)]);
  return csvResponse(
    `withholding-tax-${month}`,
    toCsv([t("adminTax.csv.month"), t("adminTax.csv.payer"), t("adminTax.csv.payerTin"), t("adminTax.csv.payee"), t("adminTax.csv.pin"), t("adminTax.csv.gross"), t("adminTax.csv.tax")], rows),
  );
}
