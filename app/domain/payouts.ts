import { msg } from "~/catalog/ref";
import { isPeriod, lastDayOfMonth } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { applyRate, parseAmountToMinor, splitByWeight } from "~/domain/money";
import { firstIncomePeriod } from "~/domain/schedules";

/** Payout runs: who is paid what for a month, a harvest or a close, and which periods may be paid. */

export type Holding = { investmentId: number; userId: number; unitsHeld: number; unitPriceMinor: number };
export type PlannedPayout = { investmentId: number; userId: number; amountMinor: number; principalMinor: number };

/**
 * The payouts one run makes, one per holding. Egg month: principal x monthly ROI. Chicken harvest:
 * principal + principal x ROI. Egg close: principal back. The return is rounded half up once per
 * investor (on the sum of their principal in the batch), then split back to their holdings by
 * largest remainder: rounding each holding would pay a hundred 1-unit buys more than one 100-unit buy.
 */
export function planPayouts(kind: "MONTHLY" | "HARVEST" | "PRINCIPAL", holdings: Holding[], roi: number): PlannedPayout[] {
  const held = holdings.filter((h) => h.unitsHeld > 0).sort((a, b) => a.investmentId - b.investmentId);
  const byUser = new Map<number, Holding[]>();
  for (const h of held) {
    const mine = byUser.get(h.userId);
    if (mine) mine.push(h);
    else byUser.set(h.userId, [h]);
  }
  const returnMinor = new Map<number, number>();
  if (kind !== "PRINCIPAL") {
    for (const mine of byUser.values()) {
      const principals = mine.map((h) => h.unitsHeld * h.unitPriceMinor);
      const parts = splitByWeight(
        applyRate(
          principals.reduce((s, p) => s + p, 0),
          roi,
        ),
        principals,
      );
      mine.forEach((h, i) => returnMinor.set(h.investmentId, parts[i]));
    }
  }
  const out: PlannedPayout[] = [];
  for (const h of held) {
    const principalMinor = h.unitsHeld * h.unitPriceMinor;
    const earnedMinor = returnMinor.get(h.investmentId) ?? 0;
    const amountMinor = kind === "MONTHLY" ? earnedMinor : kind === "HARVEST" ? principalMinor + earnedMinor : principalMinor;
    if (amountMinor > 0) out.push({ investmentId: h.investmentId, userId: h.userId, amountMinor, principalMinor });
  }
  return out;
}

/** The income part of a payout, which withholding tax is taken from: never principal. */
export function taxableIncomeMinor(payout: { kind: "MONTHLY" | "HARVEST" | "PRINCIPAL"; amountMinor: number; principalMinor: number }): number {
  const incomeMinor = payout.kind === "MONTHLY" ? payout.amountMinor : payout.kind === "HARVEST" ? payout.amountMinor - payout.principalMinor : 0;
  return Math.max(0, incomeMinor);
}

/**
 * A run's payouts with their withholding tax. Each investor's tax is taken once, on the sum of their
 * income in the run (rounded half up), then split back to their payouts by largest remainder, as
 * their income is (planPayouts): several holdings in a batch are taxed what one holding of the same
 * units is, never a pesewa more for each rounding.
 */
export function withholdPerInvestor<T extends PlannedPayout>(kind: "MONTHLY" | "HARVEST" | "PRINCIPAL", payouts: readonly T[], rate: number): Array<T & { taxMinor: number }> {
  const incomes = payouts.map((p) => taxableIncomeMinor({ kind, amountMinor: p.amountMinor, principalMinor: p.principalMinor }));
  const byUser = new Map<number, number[]>();
  payouts.forEach((p, i) => byUser.set(p.userId, [...(byUser.get(p.userId) ?? []), i]));
  const taxes = payouts.map(() => 0);
  for (const indexes of byUser.values()) {
    const mine = indexes.map((i) => incomes[i]);
    const totalIncome = mine.reduce((s, n) => s + n, 0);
    if (totalIncome <= 0 || rate <= 0) continue;
    splitByWeight(applyRate(totalIncome, rate), mine).forEach((tax, k) => (taxes[indexes[k]] = tax));
  }
  return payouts.map((p, i) => ({ ...p, taxMinor: taxes[i] }));
}

/**
 * Withholding tax on one payout: the rate on its income part only (a month's egg income; a harvest's
 * return, i.e. amount less principal; nothing on a close's principal), rounded half up to the pesewa.
 */
export function withholdingTaxMinor(payout: { kind: "MONTHLY" | "HARVEST" | "PRINCIPAL"; amountMinor: number; principalMinor: number }, rate: number): number {
  const incomeMinor = taxableIncomeMinor(payout);
  return incomeMinor > 0 && rate > 0 ? applyRate(incomeMinor, rate) : 0;
}

/** A payout before and after withholding tax: what it earned, the tax withheld, what reaches the wallet. */
export type AfterTax = { grossMinor: number; taxMinor: number; netMinor: number };

/**
 * Gross -> tax -> net for one payout, with the run's own rounding (withholdingTaxMinor). Every figure
 * shown "after tax", paid or expected, comes from here.
 */
export function payoutAfterTax(payout: { kind: "MONTHLY" | "HARVEST" | "PRINCIPAL"; amountMinor: number; principalMinor: number }, rate: number): AfterTax {
  const taxMinor = withholdingTaxMinor(payout, rate);
  return { grossMinor: payout.amountMinor, taxMinor, netMinor: payout.amountMinor - taxMinor };
}

export type RunFunding = { dueMinor: number; heldMinor: number; shortfallMinor: number; reserveDrawMinor: number };

/**
 * Whether a run can pay: only from what the batch holds for investors (remitted, not yet paid) plus
 * the reserve draw the admin chose. Too little: 409 naming the amounts. A draw larger than the
 * shortfall, or than the reserve holds, is refused too: the reserve pays only what the farm did not.
 */
export function checkRunFunding({
  batchId,
  dueMinor,
  heldMinor,
  reserveDrawMinor,
  reserveMinor,
}: {
  batchId: number;
  dueMinor: number;
  heldMinor: number;
  reserveDrawMinor: number;
  reserveMinor: number;
}): RunFunding {
  const shortfallMinor = Math.max(0, dueMinor - Math.max(0, heldMinor));
  if (reserveDrawMinor > shortfallMinor)
    throw new DomainError(422, msg("rules.payout.drawAboveShortfall", { draw: { money: reserveDrawMinor }, shortfall: { money: shortfallMinor } }), "reserve_draw");
  if (reserveDrawMinor > reserveMinor)
    throw new DomainError(409, msg("rules.payout.reserveTooSmall", { reserve: { money: Math.max(0, reserveMinor) }, draw: { money: reserveDrawMinor } }), "reserve_draw");
  if (shortfallMinor > reserveDrawMinor) {
    const figures = { batchId, held: { money: Math.max(0, heldMinor) }, due: { money: dueMinor }, short: { money: shortfallMinor - reserveDrawMinor } };
    throw new DomainError(409, reserveDrawMinor > 0 ? msg("rules.payout.shortfallWithDraw", { ...figures, draw: { money: reserveDrawMinor } }) : msg("rules.payout.shortfall", figures));
  }
  return { dueMinor, heldMinor, shortfallMinor, reserveDrawMinor };
}

/** The reserve draw the admin chose for a run (GHS): absent, blank or 0 is none. */
export function reserveDrawInput(raw: unknown): number {
  if (raw === undefined || raw === null || raw === "" || raw === 0 || (typeof raw === "string" && /^\s*0*(\.0*)?\s*$/.test(raw))) return 0;
  const parsed = parseAmountToMinor(raw);
  if (!parsed.ok) throw new DomainError(422, msg("rules.payout.drawFormat"), "reserve_draw");
  return parsed.minor;
}

/** An optional period as sent (absent or blank: this month); anything but text is refused, never read as "now". */
export function periodInput(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === "") return null;
  if (typeof raw !== "string") throw new DomainError(422, msg("rules.payout.periodFormat"), "period");
  return raw.trim() || null;
}

/**
 * A month's record date: its last instant (UTC). Its income belongs to whoever held the units then,
 * however late the run. Compared as text with the ISO timestamps the database stores.
 */
export function recordDateOf(period: string): string {
  return `${lastDayOfMonth(period)}T23:59:59.999Z`;
}

/**
 * An egg period: YYYY-MM, not before the batch's start month, never in the future. A payout run's
 * period (`inLay`) is also not a rearing month: income starts the month the hens come into lay
 * (firstIncomePeriod, docs/rules.md#payouts). A remittance may name any month from the start.
 */
export function checkPayoutPeriod({ period, startDate, currentPeriod, inLay = true }: { period: string; startDate: string | null; currentPeriod: string; inLay?: boolean }): string {
  if (!isPeriod(period)) throw new DomainError(422, msg("rules.payout.periodFormat"), "period");
  if (period > currentPeriod) throw new DomainError(422, msg("rules.payout.periodFuture", { period }), "period");
  const startPeriod = startDate?.slice(0, 7);
  if (startPeriod && period < startPeriod) throw new DomainError(422, msg("rules.payout.periodBeforeStart", { startPeriod, period }), "period");
  const firstPeriod = inLay && startDate ? firstIncomePeriod(startDate) : null;
  if (firstPeriod && period < firstPeriod) throw new DomainError(422, msg("rules.payout.periodBeforeLay", { firstPeriod, period }), "period");
  return period;
}

/**
 * A payout an investor received, with the cost of the units it paid back (a harvest's principal
 * (units held x unit price), an exit fill's units sold at par, a close's principal: its amount) and
 * the withholding tax taken from it: the wallet got `amountMinor - taxMinor`.
 */
export type ReceivedPayout = { kind: "MONTHLY" | "HARVEST" | "PRINCIPAL" | "EXIT"; amountMinor: number; principalMinor: number; taxMinor: number };

export type PortfolioTotals = { investedMinor: number; incomeMinor: number; incomeTaxMinor: number; principalReturnedMinor: number; feesMinor: number };

/**
 * The portfolio's totals. Invested: what the active holdings cost. Income: monthly egg income and
 * the return part of harvests as they reached the wallet, after tax; the tax withheld from them beside it.
 * Principal returned: closes, harvests' principal and exit sales at par. Fees: early-exit fees (par less
 * what the seller received). So income + principal - fees is every pesewa the payouts brought into
 * the wallet, and income + tax what they earned before tax.
 */
export function portfolioTotals({
  holdings,
  payouts,
}: {
  holdings: ReadonlyArray<{ status: string; unitsHeld: number; unitPriceMinor: number }>;
  payouts: readonly ReceivedPayout[];
}): PortfolioTotals {
  const totals: PortfolioTotals = { investedMinor: 0, incomeMinor: 0, incomeTaxMinor: 0, principalReturnedMinor: 0, feesMinor: 0 };
  for (const h of holdings) if (h.status === "ACTIVE") totals.investedMinor += h.unitsHeld * h.unitPriceMinor;
  for (const p of payouts) {
    // Tax is only ever taken from income (withholdingTaxMinor), so it comes off the income part.
    totals.incomeTaxMinor += p.taxMinor;
    if (p.kind === "MONTHLY") totals.incomeMinor += p.amountMinor - p.taxMinor;
    else if (p.kind === "PRINCIPAL") totals.principalReturnedMinor += p.amountMinor;
    else if (p.kind === "HARVEST") {
      totals.principalReturnedMinor += p.principalMinor;
      totals.incomeMinor += p.amountMinor - p.principalMinor - p.taxMinor;
    } else {
      totals.principalReturnedMinor += p.principalMinor;
      totals.feesMinor += p.principalMinor - p.amountMinor;
    }
  }
  return totals;
}
