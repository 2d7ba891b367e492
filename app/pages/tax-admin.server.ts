import { msg } from "~/catalog/ref";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { DomainError } from "~/domain/errors";
import { parseAmountToMinor } from "~/domain/money";
import { isPeriod, previousPeriod } from "~/domain/calendar";
import { today } from "~/lib/clock.server";
import { hasHiddenCharacters } from "~/forms/text.server";
import { monthlyTaxReport } from "~/models/tax.server";
import { recordTaxPayment } from "~/commands/admin-payouts.server";
import { detailIn, localeOf, render, translatorFor, wordsFor } from "~/catalog/index.server";

/** The month a tax page or API call is about: ?month=YYYY-MM, by default last month (the one being reported). */
export function reportMonth(asked: string | null): string {
  if (asked === null || asked === "") return previousPeriod(today().slice(0, 7));
  if (!isPeriod(asked)) throw new DomainError(422, msg("adminTax.error.month"), "month");
  return asked;
}

/**
 * Reads a payment of withheld tax: `period` (YYYY-MM), `amount` (GHS) and the authority's
 * `reference`. The page and POST /api/v1/admin/tax/payments both read it so.
 */
export function readTaxPayment(body: Record<string, unknown>): { period: string; amountMinor: number; reference: string } {
  const period = typeof body.period === "string" ? body.period.trim() : "";
  if (!isPeriod(period)) throw new DomainError(422, msg("adminTax.error.period"), "period");
  const amount = parseAmountToMinor(body.amount);
  if (!amount.ok) throw new DomainError(422, msg("adminTax.error.amount"), "amount");
  const reference = typeof body.reference === "string" ? body.reference.trim() : "";
  if (reference.length < 3 || reference.length > 80 || hasHiddenCharacters(reference)) throw new DomainError(422, msg("adminTax.error.reference"), "reference");
  return { period, amountMinor: amount.minor, reference };
}

/** "October 2026" as a message (as monthName in ~/domain/tax writes it), for the reader's language. */
const monthWords = (period: string) => msg("adminTax.monthOf", { name: { msg: `adminTax.monthName.${period.slice(5, 7)}` }, year: period.slice(0, 4) });

export async function taxAdminLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  let month: string;
  try {
    month = reportMonth(new URL(request.url).searchParams.get("month"));
  } catch {
    throw new Response(t("adminTax.chooseMonth"), { status: 400 });
  }
  const report = monthlyTaxReport(month);
  return { words: wordsFor(locale, ["adminTax"]), title: t("adminMeta.tax.title"), description: t("adminMeta.tax.description"), ...report, monthName: render(locale, monthWords(month)) };
}

export async function taxAdminAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = Object.fromEntries([...(await request.formData())].filter((e): e is [string, string] => typeof e[1] === "string"));
  try {
    const row = recordTaxPayment({ actor: admin, key: null }, readTaxPayment(form));
    return redirectWithFlash(`/admin/tax?month=${row.period}`, {
      kind: "success",
      message: msg("adminTax.flash.recorded", { amount: { money: row.amountMinor }, month: monthWords(row.period), reference: row.reference }),
    });
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false as const, errors: { [error.field ?? "form"]: detailIn(localeOf(request), error) } as Record<string, string>, values: form }, { status: error.status });
    throw error;
  }
}
