import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";

/**
 * Withholding tax statements (issue 18), pure: an investor's income lines summed per month, and the
 * checks on a tax period. The rate itself is applied when a payout is made (app/domain/payouts.ts).
 */

/** A payout's income, as a statement lists it: `taxableMinor` is the gross income, the wallet got the net. */
export type IncomeLine = { paidAt: string; batchId: number; productType: "EGG" | "CHICKEN"; kind: string; period: string | null; taxableMinor: number; taxMinor: number };

export type MonthTotals = { month: string; grossMinor: number; taxMinor: number; netMinor: number; lines: number };

export function isTaxYear(value: unknown): value is string {
  return typeof value === "string" && /^(19|20)\d{2}$/.test(value);
}

/** The month a payment belongs to: the month it was paid in (UTC, Ghana's time). */
export const monthOfPayment = (paidAtIso: string) => paidAtIso.slice(0, 7);

/** Per month, in calendar order, only the months with income; gross, tax and net to the pesewa. */
export function totalsByMonth(lines: readonly IncomeLine[]): MonthTotals[] {
  const byMonth = new Map<string, MonthTotals>();
  for (const line of lines) {
    const month = monthOfPayment(line.paidAt);
    const t = byMonth.get(month) ?? { month, grossMinor: 0, taxMinor: 0, netMinor: 0, lines: 0 };
    t.grossMinor += line.taxableMinor;
    t.taxMinor += line.taxMinor;
    t.netMinor += line.taxableMinor - line.taxMinor;
    t.lines += 1;
    byMonth.set(month, t);
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

export function sumTotals(rows: ReadonlyArray<{ grossMinor: number; taxMinor: number; netMinor: number }>) {
  return rows.reduce((s, r) => ({ grossMinor: s.grossMinor + r.grossMinor, taxMinor: s.taxMinor + r.taxMinor, netMinor: s.netMinor + r.netMinor }), { grossMinor: 0, taxMinor: 0, netMinor: 0 });
}

/** A month (YYYY-MM) as words in the reader's language: "November 2026", "Obubuo 2026". */
export const monthWords = (period: string): MessageRef => msg("adminTax.monthOf", { name: { msg: `adminTax.monthName.${period.slice(5, 7)}` }, year: period.slice(0, 4) });

/** "November 2026", in English (what a report row carries; a page names it with monthWords). */
export function monthName(month: string): string {
  const names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${names[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
