import { msg } from "~/catalog/ref";
import type { MessageRef } from "~/catalog/format";
import { oneMonthAfter } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { applyRate } from "~/domain/money";
import { readDecimal } from "~/domain/numbers";
import type { BatchStatus, ProductType } from "~/domain/types";

export const MAX_UNITS = 1_000_000_000;

export type UnitCount = { ok: true; units: number } | { ok: false; reason: "not-positive" | "fraction" };

/**
 * Units as typed, for buying and for early exit alike: plain decimal digits ("12", "12.0") only
 * (readDecimal), so "0x5", "1e1" and "Infinity" are refused rather than read the way Number() would.
 */
export function readUnitCount(input: unknown): UnitCount {
  const value = readDecimal(input);
  if (value === null || value <= 0) return { ok: false, reason: "not-positive" };
  if (!Number.isInteger(value)) return { ok: false, reason: "fraction" };
  return { ok: true, units: value };
}

/**
 * A dialog's `shown_units`: the units its figures were worked out for when it was sent (without
 * JavaScript they follow the units typed only through "Check the cost"). Unreadable is none (0); a
 * post without the field (no dialog) is not checked (undefined).
 */
export function readUnitsShown(field: string): number | undefined {
  if (!field) return undefined;
  const shown = readUnitCount(field);
  return shown.ok ? shown.units : 0;
}

/**
 * A batch as one buyer may buy from it: units they offer for exit themselves are on sale, but not
 * to them (checkInvestment's ownOfferedUnits), so the cards, the dialogs and their limits count
 * only the others'.
 */
export function availableToBuyer<T extends { availableUnits: number }>(batch: T, ownOfferedUnits: number): T {
  return ownOfferedUnits > 0 ? { ...batch, availableUnits: Math.max(0, batch.availableUnits - ownOfferedUnits) } : batch;
}

/**
 * The last rule of buying and of offering units for exit, after every other: the units are those
 * the investor was shown the figures of (`unitsShown`: what the dialog worked out the cost, income
 * or proceeds for; undefined where the caller shows no such figures, as the API). Units typed after
 * the figures were worked out are never bought or offered unseen.
 */
function refuseUnseenUnits(units: number, unitsShown: number | undefined) {
  if (unitsShown !== undefined && unitsShown !== units) throw new DomainError(409, msg("rules.figuresChanged", { count: units }), "units");
}

/** A count of units as an investor reads it ("1 unit", "0 units", "1,500 units"), a message to render in the reader's language. */
export function unitsOf(n: number): MessageRef {
  return msg("ledger.units", { count: n });
}

/** Units to buy, as the door read them: a whole number; anything else is refused with the batch type's message. */
export function unitsToBuy(read: UnitCount, productType: ProductType): number {
  if (!read.ok) throw new DomainError(422, read.reason === "fraction" ? msg("rules.wholeUnits") : msg(`rules.unitsPositive.${productType}`), "units");
  if (read.units > MAX_UNITS) throw new DomainError(409, msg(`rules.tooMany.${productType}`), "units");
  return read.units;
}

export type InvestableBatch = { productType: ProductType; status: BatchStatus; availableUnits: number; unitPriceMinor: number };

type Selling = Pick<InvestableBatch, "productType" | "status" | "availableUnits">;

/** Whether money can go into the batch now: new units of an OPEN batch, or units offered for early exit in an ACTIVE egg batch. */
export function sellsUnitsNow(b: Selling): boolean {
  return b.availableUnits > 0 && (b.status === "OPEN" || (b.status === "ACTIVE" && b.productType === "EGG"));
}

/** A harvested chicken batch or a closed egg batch: nothing more to buy, nothing more paid. */
export const hasEnded = (b: { status: BatchStatus }) => b.status === "HARVESTED" || b.status === "CLOSED";

/** Lists show what can be bought first (0), then live batches that are full (1), then ended ones (2). */
export const sellingTier = (b: Selling): 0 | 1 | 2 => (sellsUnitsNow(b) ? 0 : hasEnded(b) ? 2 : 1);

/**
 * Whether a batch takes money at all (it does not depend on who asks; what this buyer can take
 * does): an OPEN batch, or an ACTIVE egg batch while other investors offer units for early exit.
 */
export function batchTakesMoney(batch: Pick<InvestableBatch, "productType" | "status" | "availableUnits">): boolean {
  return batch.status === "OPEN" || (batch.status === "ACTIVE" && batch.productType === "EGG" && batch.availableUnits > 0);
}

/**
 * What an investor can do with a batch now: buy (with how many units are left), nothing because
 * it is sold out (OPEN, every unit placed), or nothing because it no longer takes money.
 */
export function buyingState(batch: Pick<InvestableBatch, "productType" | "status" | "availableUnits">): "open" | "sold-out" | "closed" {
  if (!batchTakesMoney(batch)) return "closed";
  return batch.availableUnits > 0 ? "open" : "sold-out";
}

/**
 * Every rule of buying units, in the order of docs/rules.md#investing: batch takes money, units, terms (pages only), wallet.
 * Returns the whole units and their cost in pesewas.
 */
export function checkInvestment({
  batch,
  units: unitsInput,
  acceptedTerms,
  walletMinor,
  ownOfferedUnits = 0,
  unitsShown,
}: {
  batch: InvestableBatch;
  units: UnitCount;
  /** undefined when the caller (the API) has no terms box. */
  acceptedTerms?: boolean;
  walletMinor: number;
  /** Units of an ACTIVE egg batch the buyer offers for exit themselves: on sale, but not to them. */
  ownOfferedUnits?: number;
  /** The units the figures the investor read were for (refuseUnseenUnits). */
  unitsShown?: number;
}): { units: number; costMinor: number } {
  if (!batchTakesMoney(batch)) throw new DomainError(409, msg("rules.batchNotOpen"));
  const units = unitsToBuy(unitsInput, batch.productType);
  if (units > batch.availableUnits - ownOfferedUnits) throw new DomainError(409, msg(`rules.tooMany.${batch.productType}`), "units");
  if (acceptedTerms === false) throw new DomainError(422, msg(`rules.terms.${batch.productType}`), "terms");
  const costMinor = units * batch.unitPriceMinor;
  if (costMinor > walletMinor) throw new DomainError(409, msg("rules.insufficientWallet"), "units");
  refuseUnseenUnits(units, unitsShown);
  return { units, costMinor };
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
  unitsShown,
}: {
  batch: { productType: ProductType; status: BatchStatus; startDate: string | null };
  units: UnitCount;
  today: string;
  unitsHeld: number;
  unitsAlreadyOffered: number;
  /** The units the figures the investor read were for (refuseUnseenUnits). */
  unitsShown?: number;
}): number {
  const read = unitsInput;
  if (!read.ok) throw new DomainError(422, read.reason === "fraction" ? msg("rules.wholeUnits") : msg("rules.enterUnits"), "units");
  const units = read.units;
  if (batch.productType === "CHICKEN") throw new DomainError(409, msg("rules.chickenLocked"));
  if (batch.status !== "ACTIVE") throw new DomainError(409, msg("rules.exitNeedsActive"));
  const opensOn = batch.startDate ? oneMonthAfter(batch.startDate) : null;
  if (!opensOn || today < opensOn) throw new DomainError(409, opensOn ? msg("rules.exitTooEarly", { opensOn: { date: opensOn } }) : msg("rules.exitTooEarlyNotStarted"));
  if (unitsHeld <= 0) throw new DomainError(409, msg("rules.noHolding"));
  const max = unitsHeld - unitsAlreadyOffered;
  if (units > max) throw new DomainError(409, msg("rules.exitTooMany", { count: Math.max(0, max) }), "units");
  refuseUnseenUnits(units, unitsShown);
  return units;
}

/** What the seller receives and what the platform keeps when exit units are bought at par. */
export function exitProceeds(priceMinor: number, feeRate: number) {
  const feeMinor = applyRate(priceMinor, feeRate);
  return { feeMinor, netMinor: priceMinor - feeMinor };
}

/**
 * One fill of an early-exit offer: the units' price at par, the fee and what the seller receives.
 * The fee is the offer's fee (exitProceeds) on all its units sold with this fill less its fee on
 * those sold before, so it is rounded once for the offer, never once a fill: however many buyers
 * take it, in whatever parts, the fills add up to exitProceeds of the whole offer, the figures its
 * dialog quoted (docs/rules.md#early-exit).
 */
export function exitFillProceeds({ unitsSoldBefore, units, unitPriceMinor, feeRate }: { unitsSoldBefore: number; units: number; unitPriceMinor: number; feeRate: number }) {
  const feeOn = (sold: number) => exitProceeds(sold * unitPriceMinor, feeRate).feeMinor;
  const priceMinor = units * unitPriceMinor;
  const feeMinor = feeOn(unitsSoldBefore + units) - feeOn(unitsSoldBefore);
  return { priceMinor, feeMinor, netMinor: priceMinor - feeMinor };
}

/** What is still held of an investment, at cost, and what left through early exit. */
export function holdingParts(i: { units: number; unitsHeld: number; unitPriceMinor: number }) {
  const unitsExited = i.units - i.unitsHeld;
  return { unitsHeld: i.unitsHeld, heldMinor: i.unitsHeld * i.unitPriceMinor, unitsExited, exitedMinor: unitsExited * i.unitPriceMinor };
}
