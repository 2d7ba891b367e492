import { addDays, addMonths, lastDayOfMonth, nextPeriod } from "~/domain/calendar";
import { applyRate } from "~/domain/money";
import { payoutAfterTax, planPayouts, taxableIncomeMinor, withholdPerInvestor, type AfterTax, type Holding } from "~/domain/payouts";
import type { BatchStatus, ProductType } from "~/domain/types";

/**
 * When a batch's investors should next be paid, and how late a payout is. Pure: the caller passes
 * today's date from the clock and the periods already paid.
 */

/**
 * How far a batch's start date may be from today, either way: a start years away would open early
 * exit at once, or promise a harvest in another decade (docs/rules.md#batch-lifecycle).
 */
export const START_DATE_WINDOW_DAYS = 365;

/** The first and last start date a batch may be given today. */
export const startDateWindow = (today: string) => ({ from: addDays(today, -START_DATE_WINDOW_DAYS), to: addDays(today, START_DATE_WINDOW_DAYS) });

/** Broilers: harvest 6-8 weeks after the start; the payout is expected by the end of week 8. */
export const HARVEST_EARLIEST_DAYS = 42;
export const HARVEST_DAYS = 56;
/** A broiler batch's harvest window: from 6 to 8 weeks after its start (both YYYY-MM-DD). */
export const harvestWindow = (startDate: string) => ({ from: addDays(startDate, HARVEST_EARLIEST_DAYS), to: addDays(startDate, HARVEST_DAYS) });

/** Layers: about 2 months of rearing before lay (point-of-lay pullets); income is paid monthly from then. */
export const REARING_MONTHS = 2;

export type PayoutDue = { kind: "MONTHLY" | "HARVEST"; period: string | null; date: string };

/** The first month of egg income: the month the hens come into lay. */
export const firstIncomePeriod = (startDate: string) => addMonths(startDate, REARING_MONTHS).slice(0, 7);

/**
 * The next payout of an ACTIVE batch, or null when none is scheduled (not started, or ended).
 * Eggs: the month after the last paid period (or the first month in lay), due by that month's last
 * day; a missed month therefore stays due, and shows as overdue, until it is paid. A month's income
 * belongs to whoever held the units at its record date (its last day): a holding bought since
 * (`heldSince`, an ISO instant) is owed nothing for the months before, and its next is the month it
 * was bought in. Chicken: the expected harvest, start date + 56 days.
 */
export function nextPayoutDue({
  productType,
  status,
  startDate,
  paidPeriods,
  heldSince,
}: {
  productType: ProductType;
  status: BatchStatus;
  startDate: string | null;
  paidPeriods: readonly string[];
  /** When the holding was bought (ISO, UTC as record dates are); for the batch as a whole, its first holding's (batchPayoutDue). */
  heldSince?: string;
}): PayoutDue | null {
  if (status !== "ACTIVE" || !startDate) return null;
  if (productType === "CHICKEN") return { kind: "HARVEST", period: null, date: addDays(startDate, HARVEST_DAYS) };
  // The first month from the first in lay (or the month the units were bought) that is not paid:
  // a month skipped while a later one was paid stays due, and overdue, until it is paid.
  const first = firstIncomePeriod(startDate);
  const boughtIn = heldSince?.slice(0, 7);
  let period = boughtIn && boughtIn > first ? boughtIn : first;
  const paid = new Set(paidPeriods);
  while (paid.has(period)) period = nextPeriod(period);
  return { kind: "MONTHLY", period, date: lastDayOfMonth(period) };
}

/**
 * A batch's next payout, for everyone to read (the batch page, the public settlements, the admin's
 * dashboard and remittances): nextPayoutDue for its first holding (`firstBoughtAt`, ISO). A month
 * nobody held units at its record date pays nobody (its run pays no one), so it is not due; units
 * only pass from holder to holder after the first purchase, so every month from that one has
 * holders; an egg batch nobody ever bought has no month due. A harvest is due when its birds are,
 * whoever holds them: its run is what ends the batch.
 */
export function batchPayoutDue({ firstBoughtAt, ...batch }: Omit<Parameters<typeof nextPayoutDue>[0], "heldSince"> & { firstBoughtAt: string | null }): PayoutDue | null {
  if (batch.productType === "EGG" && !firstBoughtAt) return null;
  return nextPayoutDue({ ...batch, heldSince: firstBoughtAt ?? undefined });
}

/** Whole days after `dueDate` (both YYYY-MM-DD); 0 on or before it. */
export function daysOverdue(dueDate: string, today: string): number {
  const ms = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`);
  return ms > 0 ? Math.round(ms / 86_400_000) : 0;
}

/** What one holding is expected to receive next: a month's income (eggs), or principal plus the cycle's return (chicken). */
export function expectedPayoutMinor(productType: ProductType, principalMinor: number, roi: number): number {
  const returnMinor = applyRate(principalMinor, roi);
  return productType === "EGG" ? returnMinor : principalMinor + returnMinor;
}

/** An expected payout before and after withholding tax, and its income part (what the tax is taken from). */
export type ExpectedPayout = AfterTax & { incomeMinor: number };

/** What one holding is expected to receive next, before and after tax, rounded as the payout run rounds. */
export function expectedPayoutAfterTax(productType: ProductType, principalMinor: number, roi: number, taxRate: number): ExpectedPayout {
  const amountMinor = expectedPayoutMinor(productType, principalMinor, roi);
  const kind = productType === "EGG" ? "MONTHLY" : "HARVEST";
  return { ...payoutAfterTax({ kind, amountMinor, principalMinor }, taxRate), incomeMinor: productType === "EGG" ? amountMinor : amountMinor - principalMinor };
}

/**
 * What a run would pay each of these holdings, before and after tax, by the run's own functions:
 * planPayouts rounds the return once per investor and splits it over their holdings, and
 * withholdPerInvestor takes the tax once per investor and splits it as the income is. So an
 * investor's several holdings in a batch are promised, each, exactly what the run will pay it
 * (docs/rules.md#tax). Pass every holding of the investor the run would pay (its holders at the
 * record date); a holding the run would pay nothing is absent.
 */
export function expectedRunPayouts(productType: ProductType, holdings: readonly Holding[], roi: number, taxRate: number): Map<number, ExpectedPayout> {
  const kind = productType === "EGG" ? "MONTHLY" : "HARVEST";
  const taxed = withholdPerInvestor(kind, planPayouts(kind, [...holdings], roi), taxRate);
  return new Map(
    taxed.map((p) => [
      p.investmentId,
      {
        grossMinor: p.amountMinor,
        taxMinor: p.taxMinor,
        netMinor: p.amountMinor - p.taxMinor,
        incomeMinor: taxableIncomeMinor({ kind, amountMinor: p.amountMinor, principalMinor: p.principalMinor }),
      },
    ]),
  );
}
