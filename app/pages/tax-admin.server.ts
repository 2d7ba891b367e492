import { msg } from "~/catalog/ref";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { DomainError } from "~/domain/errors";
import { formatGhs, parseAmountToMinor } from "~/domain/money";
import { isPeriod, previousPeriod } from "~/domain/calendar";
import { monthName } from "~/domain/tax";
import { today } from "~/lib/clock.server";
import { hasHiddenCharacters } from "~/forms/text.server";
import { monthlyTaxReport } from "~/models/tax.server";
import { recordTaxPayment } from "~/commands/admin-payouts.server";

/** The month a tax page or API call is about: ?month=YYYY-MM, by default last month (the one being reported). */
export function reportMonth(asked: string | null): string {
  if (asked === null || asked === "") return previousPeriod(today().slice(0, 7));
  if (!isPeriod(asked)) throw new DomainError(422, msg("refusals.taxMonthFormat"), "month");
  return asked;
}

/**
 * Reads a payment of withheld tax: `period` (YYYY-MM), `amount` (GHS) and the authority's
 * `reference`. The page and POST /api/v1/admin/tax/payments both read it so.
 */
export function readTaxPayment(body: Record<string, unknown>): { period: string; amountMinor: number; reference: string } {
  const period = typeof body.period === "string" ? body.period.trim() : "";
  if (!isPeriod(period)) throw new DomainError(422, msg("refusals.taxPaymentMonth"), "period");
  const amount = parseAmountToMinor(body.amount);
  if (!amount.ok) throw new DomainError(422, msg("refusals.taxPaymentAmount"), "amount");
  const reference = typeof body.reference === "string" ? body.reference.trim() : "";
  if (reference.length < 3 || reference.length > 80 || hasHiddenCharacters(reference)) throw new DomainError(422, msg("refusals.taxPaymentReference"), "reference");
  return { period, amountMinor: amount.minor, reference };
}

export async function taxAdminLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  let month: string;
  try {
    month = reportMonth(new URL(request.url).searchParams.get("month"));
  } catch {
    throw new Response("Choose a month like 2026-10.", { status: 400 });
  }
  return monthlyTaxReport(month);
}

export async function taxAdminAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = Object.fromEntries([...(await request.formData())].filter((e): e is [string, string] => typeof e[1] === "string"));
  try {
    const row = recordTaxPayment({ actor: admin, key: null }, readTaxPayment(form));
    return redirectWithFlash(`/admin/tax?month=${row.period}`, {
      kind: "success",
      message: `Recorded: ${formatGhs(row.amountMinor)} of ${monthName(row.period)}'s withholding tax paid (${row.reference}).`,
    });
  } catch (error) {
    if (error instanceof DomainError) return data({ ok: false as const, errors: { [error.field ?? "form"]: error.detail } as Record<string, string>, values: form }, { status: error.status });
    throw error;
  }
}
