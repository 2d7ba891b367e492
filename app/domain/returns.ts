import { applyRate } from "~/domain/money";
import { withholdingTaxMinor, type AfterTax } from "~/domain/payouts";
import { HARVEST_DAYS } from "~/domain/schedules";
import type { ProductType } from "~/domain/types";

/**
 * The estimator and calculators (docs/rules.md#product-constants). Inputs are cedis and fractions as the
 * visitor typed them; results are cedis rounded to 2 decimals. Illustrative, not a promise.
 */
export type EstimateInput = { product: ProductType; units: number; unitPrice: number; roi: number };
export type Estimate = { principal: number; return: number; total: number; label: string };

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export function estimateReturns({ product, units, unitPrice, roi }: EstimateInput): Estimate {
  const principal = round2(units * unitPrice);
  // Chicken: one cycle's return. Eggs: monthly ROI over a 12-month illustration.
  const ret = round2(product === "EGG" ? principal * roi * 12 : principal * roi);
  return { principal, return: ret, total: round2(principal + ret), label: product === "EGG" ? "12-month illustrative" : "per cycle" };
}

/**
 * An estimate's return before and after withholding tax (pesewas), and the total after tax. The tax is
 * the payout run's own: eggs, withheld from each month's income (12 months, each rounded); chicken,
 * from the harvest's return.
 */
export function estimateAfterTax(input: EstimateInput, estimate: Estimate, taxRate: number): AfterTax & { totalNetMinor: number } {
  const principalMinor = Math.round(estimate.principal * 100);
  const grossMinor = Math.round(estimate.return * 100);
  const taxMinor =
    input.product === "EGG"
      ? 12 * withholdingTaxMinor({ kind: "MONTHLY", amountMinor: applyRate(principalMinor, input.roi), principalMinor }, taxRate)
      : withholdingTaxMinor({ kind: "HARVEST", amountMinor: principalMinor + grossMinor, principalMinor }, taxRate);
  return { grossMinor, taxMinor, netMinor: grossMinor - taxMinor, totalNetMinor: principalMinor + grossMinor - taxMinor };
}

/** Estimated monthly payout = cost x expected ROI; annual = x12 (docs/rules.md#investing). */
export function monthlyPayout(costCedis: number, monthlyRoi: number) {
  const monthly = round2(costCedis * monthlyRoi);
  return { monthly, annual: round2(monthly * 12) };
}

export const annualisedRoi = (monthlyRoi: number) => monthlyRoi * 12;

/** Broiler cycles in a year: one every HARVEST_DAYS (the batch's expected harvest, start + 56 days). */
export const CYCLES_PER_YEAR = 365 / HARVEST_DAYS;

/**
 * A batch's expected ROI per year, so eggs and chicken compare like with like: eggs, monthly x 12;
 * chicken, per cycle x the cycles in a year (simple, not compounded). Before tax.
 */
export const roiPerYear = (productType: ProductType, roi: number) => (productType === "EGG" ? annualisedRoi(roi) : roi * CYCLES_PER_YEAR);

export type RiskBand = "Low" | "Medium" | "High";

export function riskBand(score: number): RiskBand {
  if (score > 60) return "High";
  if (score > 30) return "Medium";
  return "Low";
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * Egg risk = 0.5 x mortality % + 0.3 x (100 - annualised ROI %) + 0.2 x unplaced share %
 * (the unplaced share capped at 100), clamped to 0..100.
 */
export function eggRiskScore({ mortalityRate, monthlyRoi, targetUnits, unitsPlaced }: { mortalityRate: number; monthlyRoi: number; targetUnits: number; unitsPlaced: number }) {
  const mortalityPct = mortalityRate * 100;
  const annualPct = annualisedRoi(monthlyRoi) * 100;
  const unplacedPct = targetUnits > 0 ? clamp(((targetUnits - unitsPlaced) / targetUnits) * 100, 0, 100) : 100;
  return Math.round(clamp(0.5 * mortalityPct + 0.3 * (100 - annualPct) + 0.2 * unplacedPct, 0, 100));
}

/** Chicken risk = min(100, round(mortality % x 3 + (1 - ROI) x 50)). */
export function chickenRiskScore({ mortalityRate, roi }: { mortalityRate: number; roi: number }) {
  return clamp(Math.round(mortalityRate * 100 * 3 + (1 - roi) * 50), 0, 100);
}

/** The chicken page's 'Recommended' sort: ROI x (1 + available share). */
export function chickenRecommendedScore({ roi, targetUnits, unitsPlaced }: { roi: number; targetUnits: number; unitsPlaced: number }) {
  const availableShare = targetUnits > 0 ? Math.max(0, targetUnits - unitsPlaced) / targetUnits : 0;
  return roi * (1 + availableShare);
}
