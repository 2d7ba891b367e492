import type { EstimateInput } from "~/domain/returns";
import { PRODUCT_TYPES, type ProductType } from "~/domain/types";

/**
 * The quick estimator (Home) and returns calculator (How It Works) read their inputs from the
 * URL (?product=&units=&unit_price=&roi=), so they work as GET forms without JavaScript.
 * Limits are SPEC.md section 5's; the maxima only keep the sums sane.
 */
export const ESTIMATOR_LIMITS = {
  units: { min: 1, max: 1_000_000, step: "1" },
  unit_price: { min: 1, max: 1_000_000, step: "0.01" },
  roi: { min: 0, max: 10, step: "0.01" },
} as const;

export type NumberField = keyof typeof ESTIMATOR_LIMITS;

export const ESTIMATOR_DEFAULTS: EstimateInput = { product: "CHICKEN", units: 10, unitPrice: 50, roi: 0.12 };

/** The stored example unit price (pesewas) and ROI override the defaults when present. */
export function estimatorDefaults(example?: { exampleUnitPriceMinor: number | null; exampleExpectedRoi: number | null } | null): EstimateInput {
  const price = example?.exampleUnitPriceMinor;
  const roi = example?.exampleExpectedRoi;
  return {
    ...ESTIMATOR_DEFAULTS,
    unitPrice: price != null && price > 0 ? price / 100 : ESTIMATOR_DEFAULTS.unitPrice,
    roi: roi != null && roi >= 0 ? roi : ESTIMATOR_DEFAULTS.roi,
  };
}

const MESSAGES: Record<NumberField, { min: string; max: string }> = {
  units: { min: "Units must be at least 1.", max: "Units can be at most 1,000,000." },
  unit_price: { min: "Unit price must be at least GHS 1.", max: "Unit price can be at most GHS 1,000,000." },
  roi: { min: "Expected ROI cannot be negative.", max: "Expected ROI can be at most 10 (1000%)." },
};

/** One number field: empty becomes 0 (SPEC.md section 5); anything else must be a number inside the limits. */
function parseNumberField(field: NumberField, raw: string): { ok: true; value: number } | { ok: false; message: string; fallback: number } {
  const { min, max } = ESTIMATOR_LIMITS[field];
  const text = raw.trim();
  if (text === "") return { ok: true, value: 0 };
  const n = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n)) return { ok: false, message: "Enter a number.", fallback: 0 };
  if (n < min) return { ok: false, message: MESSAGES[field].min, fallback: min };
  if (n > max) return { ok: false, message: MESSAGES[field].max, fallback: max };
  return { ok: true, value: n };
}

export type EstimatorForm = {
  input: EstimateInput;
  /** What goes back into the inputs: what the visitor typed, or the defaults. */
  values: { product: ProductType; units: string; unit_price: string; roi: string };
  errors: Partial<Record<NumberField | "product", string>>;
};

/**
 * Reads the calculator's query. Missing fields take the defaults; an invalid field keeps what was
 * typed, gets a message, and counts as its nearest valid value (0 when it is not a number).
 */
export function parseEstimatorQuery(params: URLSearchParams, defaults: EstimateInput = ESTIMATOR_DEFAULTS): EstimatorForm {
  const errors: EstimatorForm["errors"] = {};
  const rawProduct = params.get("product");
  const product = PRODUCT_TYPES.find((t) => t === rawProduct?.trim().toUpperCase());
  if (rawProduct !== null && !product) errors.product = "Choose Chicken Note or Egg Note.";
  const input: EstimateInput = { ...defaults, product: product ?? defaults.product };
  const values: EstimatorForm["values"] = {
    product: input.product,
    units: String(defaults.units),
    unit_price: String(defaults.unitPrice),
    roi: String(defaults.roi),
  };
  const key = { units: "units", unit_price: "unitPrice", roi: "roi" } as const;
  for (const field of Object.keys(ESTIMATOR_LIMITS) as NumberField[]) {
    const raw = params.get(field);
    if (raw === null) continue;
    values[field] = raw.slice(0, 32);
    const parsed = parseNumberField(field, raw.slice(0, 64));
    if (parsed.ok) input[key[field]] = parsed.value;
    else {
      errors[field] = parsed.message;
      input[key[field]] = parsed.fallback;
    }
  }
  return { input, values, errors };
}

/** The same rule for one field as the visitor types (with JavaScript): the value and any message. */
export function readEstimatorField(field: NumberField, raw: string): { value: number; error?: string } {
  const parsed = parseNumberField(field, raw.slice(0, 64));
  return parsed.ok ? { value: parsed.value } : { value: parsed.fallback, error: parsed.message };
}
