import { msg } from "~/catalog/ref";
import { monthWords } from "~/domain/tax";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { DomainError } from "~/domain/errors";
import { MAX_AMOUNT_MINOR, parseAmountToMinor } from "~/domain/money";
import { isPeriod, previousPeriod } from "~/domain/calendar";
import { today } from "~/lib/clock.server";
import { newIdempotencyKey, readPageForm } from "~/lib/page-action.server";
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

/** How long the authority's reference may be (the form's maxLength reads it too). */
export const TAX_REFERENCE = { min: 3, max: 80 } as const;

/**
 * Reads a payment of withheld tax: `period` (YYYY-MM), `amount` (GHS) and the authority's
 * `reference`. The page and POST /api/v1/admin/tax/payments both read it so.
 */
export function readTaxPayment(body: Record<string, unknown>): { period: string; amountMinor: number; reference: string } {
  const period = typeof body.period === "string" ? body.period.trim() : "";
  if (!isPeriod(period)) throw new DomainError(422, msg("adminTax.error.period"), "period");
  const amount = parseAmountToMinor(body.amount);
  if (!amount.ok) throw new DomainError(422, amount.reason === "too-large" ? msg("adminTax.error.amountTooLarge", { max: { money: MAX_AMOUNT_MINOR } }) : msg("adminTax.error.amount"), "amount");
  const reference = typeof body.reference === "string" ? body.reference.trim() : "";
  if (reference === "" || hasHiddenCharacters(reference)) throw new DomainError(422, msg("adminTax.error.reference"), "reference");
  if (reference.length < TAX_REFERENCE.min || reference.length > TAX_REFERENCE.max) throw new DomainError(422, msg("adminTax.error.referenceLength", TAX_REFERENCE), "reference");
  return { period, amountMinor: amount.minor, reference };
}

export async function taxAdminLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  // A month not like 2026-10 shows the default month's page with the message beside the field, as the payments filters do.
  let month: string;
  let monthError: string | null = null;
  try {
    month = reportMonth(new URL(request.url).searchParams.get("month"));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    month = reportMonth(null);
    monthError = t("adminTax.chooseMonth");
  }
  const report = monthlyTaxReport(month);
  return {
    words: wordsFor(locale, ["adminTax"]),
    title: t("adminMeta.tax.title"),
    description: t("adminMeta.tax.description"),
    ...report,
    monthName: render(locale, monthWords(month)),
    monthError,
    referenceMax: TAX_REFERENCE.max,
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function taxAdminAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readPageForm(request);
  try {
    const row = recordTaxPayment({ actor: admin, key: form.idempotency_key || null }, readTaxPayment(form));
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
