import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementCsvRows } from "~/pages/portfolio";
import { statementCsvHeaders } from "~/pages/portfolio-csv.server";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { csvResponse, toCsv } from "~/lib/csv";
import { redirectWithFlash, requireUser } from "~/auth/session.server";
import { walletStatement } from "~/models/wallet.server";

/** Every ledger entry of the investor's wallet, newest first, with the balance after each. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const lines = walletStatement(user.id, locale);
  if (lines.length === 0) return redirectWithFlash("/portfolio", { kind: "error", message: msg("portfolio.noRecords") });
  const t = translatorFor(locale);
  return csvResponse("wallet-statement", toCsv(statementCsvHeaders(t), statementCsvRows(lines, t)));
}
