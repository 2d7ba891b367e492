import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { isPeriod } from "~/domain/calendar";
import { isTaxYear } from "~/domain/tax";
import { localeOf, translatorFor, wordsFor, type Translate } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { notFoundResponse } from "~/lib/page-action.server";
import { today } from "~/lib/clock.server";
import { taxCertificate, yearlyTaxStatement, yearsWithIncome } from "~/models/tax.server";

/** "November 2026" in the reader's language. */
const monthName = (t: Translate, month: string) => t("statements.monthYear", { month: { msg: `statements.monthName.${Number(month.slice(5, 7))}` }, year: month.slice(0, 4) });

/** /portfolio/statements: the investor's yearly statement (?year=, default this year) and links to each month's certificate. */
export async function statementsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const asked = new URL(request.url).searchParams.get("year");
  const thisYear = today().slice(0, 4);
  const year = isTaxYear(asked) ? asked : thisYear;
  const statement = yearlyTaxStatement(user.id, year);
  const years = [...new Set([thisYear, ...yearsWithIncome(user.id)])].sort().reverse();
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["statements"]),
    title: t("statements.title"),
    description: t("statements.description"),
    ...statement,
    months: statement.months.map((m) => ({ ...m, name: monthName(t, m.month) })),
    years,
    badYear: asked !== null && !isTaxYear(asked),
  };
}

/** /portfolio/statements/YYYY-MM: a month's withholding tax certificate, printable. */
export async function certificateLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  if (!isPeriod(params.month)) throw notFoundResponse(msg("api.statementNotFound"), locale);
  const t = translatorFor(locale);
  const certificate = taxCertificate(user.id, params.month);
  return {
    words: wordsFor(locale, ["statements"]),
    title: t("statements.certificateTitle"),
    description: t("statements.certificateDescription"),
    ...certificate,
    monthName: monthName(t, certificate.month),
  };
}
