import { oneMonthAfter } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { INVEST_MESSAGES, MSG, exitTooEarly, exitTooMany } from "~/domain/messages";
import { applyRate, parseAmountToMinor, splitByWeight } from "~/domain/money";
import type { BatchStatus, ProductType } from "~/domain/types";

export const MAX_UNITS = 1_000_000_000;

export type UnitCount = { ok: true; units: number } | { ok: false; reason: "not-positive" | "fraction" };

/**
 * Units as typed, for buying and for early exit alike: plain decimal digits ("12", "12.0") only,
 * so "0x5", "1e1" and "Infinity" are refused rather than read the way Number() would.
 */
export function readUnitCount(input: unknown): UnitCount {
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input.trim() : "";
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, reason: "not-positive" };
  const value = Number(text);
  if (value <= 0) return { ok: false, reason: "not-positive" };
  if (!Number.isInteger(value)) return { ok: false, reason: "fraction" };
  return { ok: true, units: value };
}

/** Units to buy: a whole number; anything else is refused with the batch type's message. */
export function parseUnits(input: unknown, productType: ProductType): number {
  const messages = INVEST_MESSAGES[productType];
  const read = readUnitCount(input);
  if (!read.ok) throw new DomainError(422, read.reason === "fraction" ? MSG.wholeUnits : messages.unitsPositive, "units");
  if (read.units > MAX_UNITS) throw new DomainError(409, messages.tooMany, "units");
  return read.units;
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
  ownOfferedUnits = 0,
}: {
  batch: InvestableBatch;
  units: unknown;
  /** undefined when the caller (the API) has no terms box. */
  acceptedTerms?: boolean;
  walletMinor: number;
  /** Units of an ACTIVE egg batch the buyer offers for exit themselves: on sale, but not to them. */
  ownOfferedUnits?: number;
}): { units: number; costMinor: number } {
  const messages = INVEST_MESSAGES[batch.productType];
  // Whether the batch takes money at all does not depend on who asks; what this buyer can take does.
  const takesMoney = batch.status === "OPEN" || (batch.status === "ACTIVE" && batch.productType === "EGG" && batch.availableUnits > 0);
  if (!takesMoney) throw new DomainError(409, MSG.batchNotOpen);
  const units = parseUnits(unitsInput, batch.productType);
  if (units > batch.availableUnits - ownOfferedUnits) throw new DomainError(409, messages.tooMany, "units");
  if (acceptedTerms === false) throw new DomainError(422, messages.terms, "terms");
  const costMinor = units * batch.unitPriceMinor;
  if (costMinor > walletMinor) throw new DomainError(409, MSG.insufficientWallet, "units");
  return { units, costMinor };
}

export { oneMonthAfter } from "~/domain/calendar";

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
  const read = readUnitCount(unitsInput);
  if (!read.ok) throw new DomainError(422, read.reason === "fraction" ? MSG.wholeUnits : MSG.enterUnits, "units");
  const units = read.units;
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
    separators: MSG.amountSeparators,
    decimals: MSG.amountDecimals,
    "non-positive": MSG.amountPositive,
    "too-large": MSG.amountTooLarge,
  }[parsed.reason];
  throw new DomainError(422, message, "amount");
}
