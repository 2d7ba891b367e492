import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { isPeriod } from "~/domain/calendar";
import { isTaxYear, monthName } from "~/domain/tax";
import { today } from "~/lib/clock.server";
import { taxCertificate, yearlyTaxStatement, yearsWithIncome } from "~/models/tax.server";

/** /portfolio/statements: the investor's yearly statement (?year=, default this year) and links to each month's certificate. */
export async function statementsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const asked = new URL(request.url).searchParams.get("year");
  const thisYear = today().slice(0, 4);
  const year = isTaxYear(asked) ? asked : thisYear;
  const statement = yearlyTaxStatement(user.id, year);
  const years = [...new Set([thisYear, ...yearsWithIncome(user.id)])].sort().reverse();
  return { ...statement, months: statement.months.map((m) => ({ ...m, name: monthName(m.month) })), years, badYear: asked !== null && !isTaxYear(asked) };
}

/** /portfolio/statements/YYYY-MM: a month's withholding tax certificate, printable. */
export async function certificateLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!isPeriod(params.month)) throw new Response("Statement not found.", { status: 404 });
  return taxCertificate(user.id, params.month);
}
