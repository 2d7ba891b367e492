import { DomainError } from "~/domain/errors";
import { INVEST_MESSAGES, MSG, exitTooEarly, exitTooMany } from "~/domain/messages";
import { applyRate, parseAmountToMinor, splitByWeight } from "~/domain/money";
import type { BatchStatus, ProductType } from "~/domain/types";

export const MAX_UNITS = 1_000_000_000;

/** Units as typed: a whole number; anything else is refused with the batch type's message. */
export function parseUnits(input: unknown, productType: ProductType): number {
  const messages = INVEST_MESSAGES[productType];
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input.trim() : "";
  if (text === "" || !/^-?\d+(\.\d+)?$/.test(text)) throw new DomainError(422, messages.unitsPositive, "units");
  const value = Number(text);
  if (value <= 0) throw new DomainError(422, messages.unitsPositive, "units");
  if (!Number.isInteger(value)) throw new DomainError(422, MSG.wholeUnits, "units");
  if (value > MAX_UNITS) throw new DomainError(409, messages.tooMany, "units");
  return value;
}

export type InvestableBatch = { productType: ProductType; status: BatchStatus; availableUnits: number; unitPriceMinor: number };

/**
 * Every rule of buying units, in SPEC.md's order: batch takes money, units, terms (pages only), wallet.
 * Returns the whole units and their cost in pesewas.
 */
export function checkInvestment({
  batch,
  units: unitsInput,
  acceptedTerms,
  walletMinor,
}: {
  batch: InvestableBatch;
  units: unknown;
  /** undefined when the caller (the API) has no terms box. */
  acceptedTerms?: boolean;
  walletMinor: number;
}): { units: number; costMinor: number } {
  const messages = INVEST_MESSAGES[batch.productType];
  const takesMoney = batch.status === "OPEN" || (batch.status === "ACTIVE" && batch.productType === "EGG" && batch.availableUnits > 0);
  if (!takesMoney) throw new DomainError(409, MSG.batchNotOpen);
  const units = parseUnits(unitsInput, batch.productType);
  if (units > batch.availableUnits) throw new DomainError(409, messages.tooMany, "units");
  if (acceptedTerms === false) throw new DomainError(422, messages.terms, "terms");
  const costMinor = units * batch.unitPriceMinor;
  if (costMinor > walletMinor) throw new DomainError(409, MSG.insufficientWallet, "units");
  return { units, costMinor };
}

/** YYYY-MM-DD one calendar month after `date` (clamped to the month's last day). */
export function oneMonthAfter(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * Early exit: Egg Notes only, ACTIVE batch, from one month after start, at most the units
 * held and not already offered.
 */
export function checkEarlyExit({
  batch,
  units: unitsInput,
  today,
  unitsHeld,
  unitsAlreadyOffered,
}: {
  batch: { productType: ProductType; status: BatchStatus; startDate: string | null };
  units: unknown;
  today: string;
  unitsHeld: number;
  unitsAlreadyOffered: number;
}): number {
  const text = typeof unitsInput === "number" ? String(unitsInput) : typeof unitsInput === "string" ? unitsInput.trim() : "";
  const units = Number(text);
  if (text === "" || !Number.isFinite(units) || units <= 0) throw new DomainError(422, MSG.enterUnits, "units");
  if (!Number.isInteger(units)) throw new DomainError(422, MSG.wholeUnits, "units");
  if (batch.productType === "CHICKEN") throw new DomainError(409, MSG.chickenLocked);
  if (batch.status !== "ACTIVE") throw new DomainError(409, MSG.exitNeedsActive);
  const opensOn = batch.startDate ? oneMonthAfter(batch.startDate) : null;
  if (!opensOn || today < opensOn) throw new DomainError(409, exitTooEarly(opensOn ?? "a month after activation"));
  if (unitsHeld <= 0) throw new DomainError(409, MSG.noHolding);
  const max = unitsHeld - unitsAlreadyOffered;
  if (units > max) throw new DomainError(409, exitTooMany(Math.max(0, max)), "units");
  return units;
}

/** What the seller receives and what the platform keeps when exit units are bought at par. */
export function exitProceeds(priceMinor: number, feeRate: number) {
  const feeMinor = applyRate(priceMinor, feeRate);
  return { feeMinor, netMinor: priceMinor - feeMinor };
}

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
      const parts = splitByWeight(applyRate(principals.reduce((s, p) => s + p, 0), roi), principals);
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

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
const PERIOD_FORMAT = "Give the payout period as YYYY-MM.";

/** An optional period as sent (absent or blank: this month); anything but text is refused, never read as "now". */
export function periodInput(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === "") return null;
  if (typeof raw !== "string") throw new DomainError(422, PERIOD_FORMAT, "period");
  return raw.trim() || null;
}

/**
 * A month's record date: its last instant (UTC). Its income belongs to whoever held the units then,
 * however late the run. Compared as text with the ISO timestamps the database stores.
 */
export function recordDateOf(period: string): string {
  const [y, m] = period.split("-").map(Number);
  return new Date(Date.UTC(y, m, 1) - 1).toISOString();
}

/** An egg payout period: YYYY-MM, not before the batch's start month, never in the future. */
export function checkPayoutPeriod({ period, startDate, currentPeriod }: { period: string; startDate: string | null; currentPeriod: string }): string {
  if (!PERIOD.test(period)) throw new DomainError(422, PERIOD_FORMAT, "period");
  if (period > currentPeriod) throw new DomainError(422, `The period ${period} is in the future.`, "period");
  const startPeriod = startDate?.slice(0, 7);
  if (startPeriod && period < startPeriod) throw new DomainError(422, `The batch started in ${startPeriod}; ${period} is before that.`, "period");
  return period;
}

/** Deposit and withdrawal amounts: cedis with at most 2 decimals, within the per-operation ceiling. */
export function parseMoneyAmount(input: unknown): number {
  const parsed = parseAmountToMinor(input);
  if (parsed.ok) return parsed.minor;
  const message = {
    empty: MSG.amountRequired,
    format: MSG.amountFormat,
    decimals: MSG.amountDecimals,
    "non-positive": MSG.amountPositive,
    "too-large": MSG.amountTooLarge,
  }[parsed.reason];
  throw new DomainError(422, message, "amount");
}
