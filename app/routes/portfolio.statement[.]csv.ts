import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_RECORDS, STATEMENT_CSV_HEADERS, statementCsvRows } from "~/pages/portfolio";
import { csvResponse, toCsv } from "~/lib/csv";
import { redirectWithFlash, requireUser } from "~/auth/session.server";
import { walletStatement } from "~/models/wallet.server";

/** Every ledger entry of the investor's wallet, newest first, with the balance after each. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const lines = walletStatement(user.id);
  if (lines.length === 0) return redirectWithFlash("/portfolio", { kind: "error", message: NO_RECORDS });
  return csvResponse("wallet-statement", toCsv(STATEMENT_CSV_HEADERS, statementCsvRows(lines)));
}
