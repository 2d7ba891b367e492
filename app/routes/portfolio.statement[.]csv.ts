import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_RECORDS, STATEMENT_CSV_HEADERS, statementCsvRows } from "~/pages/portfolio";
import { csvResponse, noCsvResponse, toCsv } from "~/lib/csv";
import { requireUser } from "~/auth/session.server";
import { walletStatement } from "~/models/wallet.server";

/** Every ledger entry of the investor's wallet, newest first, with the balance after each. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const lines = walletStatement(user.id);
  if (lines.length === 0) return noCsvResponse(NO_RECORDS, "/portfolio");
  return csvResponse("wallet-statement", toCsv(STATEMENT_CSV_HEADERS, statementCsvRows(lines)));
}
