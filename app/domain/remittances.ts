import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { parseAmountToMinor } from "~/domain/money";
import { hasHiddenCharacters } from "~/domain/names";
import { checkPayoutPeriod } from "~/domain/payouts";
import type { ProductType } from "~/domain/types";

/**
 * Remittances (issue 18): what a farm sent for a batch and period, with its settlement sheet. Pure
 * rules: reading the admin's input, and prefilling the sheet from the batch's daily logs.
 */

/** The settlement sheet as stored: money in pesewas, null where the farm gave no figure. */
export type SettlementSheet = {
  cratesSold: number | null;
  pricePerCrateMinor: number | null;
  birdsSold: number | null;
  liveWeightKg: number | null;
  pricePerKgMinor: number | null;
  revenueMinor: number | null;
  feedCostMinor: number | null;
  vetCostMinor: number | null;
  otherCostsMinor: number | null;
  farmShareMinor: number | null;
};

export type RemittanceInput = { period: string; amountMinor: number } & SettlementSheet;

/** The API's and form's field names for the sheet, and what each holds. */
export const SHEET_FIELDS = [
  ["crates_sold", "cratesSold", "count"],
  ["price_per_crate", "pricePerCrateMinor", "money"],
  ["birds_sold", "birdsSold", "count"],
  ["live_weight_kg", "liveWeightKg", "kg"],
  ["price_per_kg", "pricePerKgMinor", "money"],
  ["revenue", "revenueMinor", "money"],
  ["feed_cost", "feedCostMinor", "money"],
  ["vet_cost", "vetCostMinor", "money"],
  ["other_costs", "otherCostsMinor", "money"],
  ["farm_share", "farmShareMinor", "money"],
] as const satisfies ReadonlyArray<readonly [string, keyof SettlementSheet, "count" | "money" | "kg"]>;

const blank = (raw: unknown) => raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "");

/** An optional sheet figure: blank is null; otherwise a count, GHS (0 allowed, 2 decimals) or kg (3 decimals), never negative. */
function sheetValue(field: (typeof SHEET_FIELDS)[number][0], kind: "count" | "money" | "kg", raw: unknown): number | null {
  if (blank(raw)) return null;
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : null;
  const label = { msg: `rules.remittance.label.${field}` } as const;
  if (kind === "count") {
    if (text === null || !/^\d{1,9}$/.test(text)) throw new DomainError(422, msg("rules.remittance.whole", { label }), field);
    return Number(text);
  }
  if (kind === "kg") {
    if (text === null || !/^\d{1,9}(\.\d{1,3})?$/.test(text)) throw new DomainError(422, msg("rules.remittance.kg", { label }), field);
    return Number(text);
  }
  if (text !== null && /^0+(\.0{0,2})?$/.test(text)) return 0;
  const parsed = parseAmountToMinor(text ?? raw);
  if (!parsed.ok) throw new DomainError(422, msg("rules.remittance.money", { label }), field);
  return parsed.minor;
}

/**
 * A remittance as the admin sent it: `period` (YYYY-MM for an egg month, CLOSE for an egg batch's
 * principal, HARVEST for a broiler harvest) and `amount` (the net remitted, GHS) are required.
 */
export function readRemittance(body: Record<string, unknown>, batch: { id: number; productType: ProductType; startDate: string | null }, currentPeriod: string): RemittanceInput {
  // Every field is read, and every refusal kept, so the form names them all at once.
  const refused: Record<string, MessageRef> = {};
  const read = <T>(field: string, value: () => T): T | undefined => {
    try {
      return value();
    } catch (error) {
      if (!(error instanceof DomainError) || error.status !== 422 || !error.ref) throw error;
      refused[error.field ?? field] ??= error.ref;
      return undefined;
    }
  };
  const period = read("period", () => readPeriod(body.period, batch, currentPeriod));
  const amountMinor = read("amount", () => {
    const amount = parseAmountToMinor(body.amount);
    if (amount.ok) return amount.minor;
    const detail = amount.reason === "empty" ? msg("rules.remittance.amountRequired") : amount.reason === "too-large" ? msg("rules.remittance.amountTooLarge") : msg("rules.remittance.amountFormat");
    throw new DomainError(422, detail, "amount");
  });
  const sheet = Object.fromEntries(SHEET_FIELDS.map(([field, key, kind]) => [key, read(field, () => sheetValue(field, kind, body[field])) ?? null])) as SettlementSheet;
  if (Object.keys(refused).length > 0) throw new RemittanceInvalid(refused);
  return { period: period!, amountMinor: amountMinor!, ...sheet };
}

/** Every refused field of a remittance, each with its message; as a DomainError it is the first of them (what the API answers). */
export class RemittanceInvalid extends DomainError {
  constructor(readonly fields: Record<string, MessageRef>) {
    const [field, first] = Object.entries(fields)[0];
    super(422, first, field);
  }
}

function readPeriod(raw: unknown, batch: { id: number; productType: ProductType; startDate: string | null }, currentPeriod: string): string {
  const rawPeriod = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  if (!rawPeriod) throw new DomainError(422, msg("rules.remittance.periodFormat"), "period");
  if (batch.productType === "CHICKEN") {
    if (rawPeriod !== "HARVEST") throw new DomainError(422, msg("rules.remittance.broilerHarvest", { batchId: batch.id }), "period");
    return rawPeriod;
  }
  if (rawPeriod === "CLOSE") return rawPeriod;
  if (rawPeriod === "HARVEST") throw new DomainError(422, msg("rules.remittance.layerMonth", { batchId: batch.id }), "period");
  if (!/^\d{4}-\d{2}$/.test(rawPeriod)) throw new DomainError(422, msg("rules.remittance.periodFormat"), "period");
  return checkPayoutPeriod({ period: rawPeriod, startDate: batch.startDate, currentPeriod, inLay: false });
}

/**
 * The periods the remittances form offers, newest first: a broiler batch's HARVEST; an egg batch's
 * months from its start month to `currentPeriod`, then CLOSE (its principal). `also` adds a period
 * the admin asked for or sent that the list lacks (e.g. one the rules will refuse), so the form
 * shows what was chosen beside its error.
 */
export function remittancePeriodChoices(batch: { productType: ProductType; startDate: string | null }, currentPeriod: string, also: ReadonlyArray<string | null | undefined> = []): string[] {
  const choices: string[] = [];
  if (batch.productType === "CHICKEN") choices.push("HARVEST");
  else {
    const start = /^\d{4}-\d{2}/.test(batch.startDate ?? "") ? batch.startDate!.slice(0, 7) : currentPeriod;
    let [year, month] = currentPeriod.split("-").map(Number);
    for (let n = 0; n < 120; n++) {
      const period = `${year}-${String(month).padStart(2, "0")}`;
      if (period < start) break;
      choices.push(period);
      month -= 1;
      if (month === 0) [year, month] = [year - 1, 12];
    }
    choices.push("CLOSE");
  }
  for (const extra of also) {
    const period = extra?.trim().toUpperCase();
    if (period && /^(\d{4}-\d{2}|HARVEST|CLOSE)$/.test(period) && !choices.includes(period)) choices.unshift(period);
  }
  return choices;
}

/** A period as an admin reads it: a month as it is (YYYY-MM), HARVEST and CLOSE in the catalog's words. */
export const periodWords = (period: string): string | MessageRef => (period === "HARVEST" || period === "CLOSE" ? msg(`adminRemittances.period.${period}`) : period);

/** Everything that makes one remittance request this one (for its idempotency fingerprint). */
export const remittanceParams = (batchId: number, r: RemittanceInput) => ({ batchId, ...r });

type LogDay = { logDate: string; birdsAlive: number; feedKg: number; eggsCollected: number | null; avgWeightKg: number | null };

export const EGGS_PER_CRATE = 30;

/**
 * What the batch's daily logs already say about the sheet: for an egg month, the eggs collected that
 * month as whole crates and the feed used at the batch's feed price; for a harvest (or a close), the
 * birds alive in the latest log and, for broilers, their live weight. The admin corrects the rest.
 */
export function prefillSheet({
  productType,
  period,
  logs,
  feedPriceMinor,
}: {
  productType: ProductType;
  period: string;
  logs: readonly LogDay[];
  feedPriceMinor: number | null;
}): Partial<SettlementSheet> & { feedKg?: number } {
  const month = /^\d{4}-\d{2}$/.test(period) ? period : null;
  const inPeriod = month ? logs.filter((l) => l.logDate.startsWith(month)) : logs;
  if (inPeriod.length === 0) return {};
  const feedKg = Math.round(inPeriod.reduce((s, l) => s + l.feedKg, 0) * 1000) / 1000;
  const feedCostMinor = feedPriceMinor === null ? undefined : Math.round(feedKg * feedPriceMinor);
  if (productType === "EGG" && month) {
    const eggs = inPeriod.reduce((s, l) => s + (l.eggsCollected ?? 0), 0);
    return { cratesSold: Math.floor(eggs / EGGS_PER_CRATE), feedKg, feedCostMinor };
  }
  const latest = [...inPeriod].sort((a, b) => a.logDate.localeCompare(b.logDate)).at(-1)!;
  const liveWeightKg = productType === "CHICKEN" && latest.avgWeightKg !== null ? Math.round(latest.birdsAlive * latest.avgWeightKg * 10) / 10 : undefined;
  return { birdsSold: latest.birdsAlive, liveWeightKg, feedKg, feedCostMinor };
}

// ---- the return the farm's remittances support ----

const roi4 = (fraction: number) => Math.round(fraction * 10_000) / 10_000;

/**
 * The return one period's remittance supports, expressed like the batch's expected ROI: for an egg
 * month, the net the farm remitted for investors over the principal deployed (a monthly fraction);
 * for a harvest, what it remitted less that principal, over the principal (per cycle). A CLOSE
 * remittance returns principal and earns nothing: null, as is a batch with no principal deployed.
 * Rounded to 4 decimals (0.0103 = 1.03%).
 */
export function periodSupportedRoi({ period, remittedMinor, principalMinor }: { period: string; remittedMinor: number; principalMinor: number }): number | null {
  if (principalMinor <= 0 || period === "CLOSE") return null;
  return roi4((period === "HARVEST" ? remittedMinor - principalMinor : remittedMinor) / principalMinor);
}

/**
 * The ROI the farm's numbers support over the whole batch, for the periods that have a remittance:
 * eggs, the average month (all months' net remitted / (principal x number of months)); broilers, the
 * harvest's. Null until an income period has a remittance. The page states this in one sentence
 * (SUPPORTED_ROI_RULE), so a reader can redo it from the settlements listed beside it.
 */
export function supportedRoi({
  productType,
  periods,
  principalMinor,
}: {
  productType: ProductType;
  periods: ReadonlyArray<{ period: string; remittedMinor: number }>;
  principalMinor: number;
}): number | null {
  if (principalMinor <= 0) return null;
  if (productType === "CHICKEN") {
    const harvest = periods.filter((p) => p.period === "HARVEST" && p.remittedMinor > 0);
    return harvest.length ? periodSupportedRoi({ period: "HARVEST", remittedMinor: harvest.reduce((s, p) => s + p.remittedMinor, 0), principalMinor }) : null;
  }
  const months = periods.filter((p) => /^\d{4}-\d{2}$/.test(p.period) && p.remittedMinor > 0);
  if (months.length === 0) return null;
  return roi4(months.reduce((s, p) => s + p.remittedMinor, 0) / (principalMinor * months.length));
}

/**
 * What is left in an ended batch's settlement account (a farm's over-remittance) goes back to the
 * farm or to the platform reserve (docs/decisions/014-settlement-surplus.md).
 */
export const SURPLUS_DESTINATIONS = ["FARM", "RESERVE"] as const;
export type SurplusDestination = (typeof SURPLUS_DESTINATIONS)[number];

/** How long the reference of the transfer back to the farm may be (the form's maxLength reads it too). */
export const SURPLUS_REFERENCE = { min: 3, max: 80 } as const;

/**
 * The admin's choice for a batch's surplus: `to` (FARM or RESERVE) and, for the farm, `reference`
 * (the bank or mobile money transfer that sent it back, 3 to 80 characters). The reserve takes none.
 */
export function readSurplusSettlement(body: Record<string, unknown>): { to: SurplusDestination; reference: string | null } {
  const to = typeof body.to === "string" ? body.to.trim().toUpperCase() : "";
  if (!(SURPLUS_DESTINATIONS as readonly string[]).includes(to)) throw new DomainError(422, msg("rules.surplus.destination"), "to");
  if (to === "RESERVE") return { to: "RESERVE", reference: null };
  const reference = typeof body.reference === "string" ? body.reference.trim() : "";
  if (reference.length < SURPLUS_REFERENCE.min || reference.length > SURPLUS_REFERENCE.max || hasHiddenCharacters(reference))
    throw new DomainError(422, msg("rules.surplus.reference", SURPLUS_REFERENCE), "reference");
  return { to: "FARM", reference };
}
