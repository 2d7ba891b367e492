import type { T } from "~/catalog/use-words";
import type { EstimateInput } from "~/domain/returns";
import { PRODUCT_TYPES, type ProductType } from "~/domain/types";
import { PRODUCT_DEFAULTS, productFigures, type LandingBatch } from "~/pages/landing";

/**
 * The quick estimator (Home) and returns calculator (How It Works) read their inputs from the
 * URL (?product=&units=&unit_price=&roi=), so they work as GET forms without JavaScript.
 * Limits are the estimator's (docs/rules.md#product-constants); the maxima only keep the sums sane.
 */
export const ESTIMATOR_LIMITS = {
  units: { min: 1, max: 1_000_000, step: "1" },
  unit_price: { min: 1, max: 1_000_000, step: "0.01" },
  roi: { min: 0, max: 10, step: "0.01" },
} as const;

export type NumberField = keyof typeof ESTIMATOR_LIMITS;

/** Each product's starting unit price (cedis) and ROI (monthly for eggs, per cycle for chicken). */
export type ProductFigures = Record<ProductType, { unitPrice: number; roi: number }>;
export type EstimatorDefaults = { product: ProductType; units: number; byProduct: ProductFigures };

/** docs/rules.md#product-constants: Chicken Note, 10 units; each product's own figures (eggs GHS 150 at 3% a month, chicken GHS 50 at 18% a cycle). */
export const ESTIMATOR_DEFAULTS: EstimatorDefaults = { product: "CHICKEN", units: 10, byProduct: PRODUCT_DEFAULTS };

/**
 * The figures each product starts from: the cheapest batch on sale (what Home's product cards
 * quote), else the landing defaults. The stored example unit price (pesewas) and ROI
 * override the default product's, the Chicken Note's (docs/rules.md#product-constants); an Egg Note never starts
 * from a per-cycle ROI read as monthly (0.12 a month would show 144% a year).
 */
export function estimatorDefaults(example?: { exampleUnitPriceMinor: number | null; exampleExpectedRoi: number | null } | null, batches: LandingBatch[] | null = null): EstimatorDefaults {
  const chicken = productFigures("CHICKEN", batches);
  const price = example?.exampleUnitPriceMinor;
  const roi = example?.exampleExpectedRoi;
  return {
    ...ESTIMATOR_DEFAULTS,
    byProduct: {
      EGG: productFigures("EGG", batches),
      CHICKEN: { unitPrice: price != null && price > 0 ? price / 100 : chicken.unitPrice, roi: roi != null && roi >= 0 ? roi : chicken.roi },
    },
  };
}

/** The hidden field that says which product's figures the form showed, so a product change without JavaScript can follow. */
export const SHOWN_PRODUCT_FIELD = "shown";

const FIGURE_KEY = { unit_price: "unitPrice", roi: "roi" } as const;

const isNumberText = (text: string) => /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text);

/**
 * The visitor switched product from `from` to `to`: a unit price or ROI still at `from`'s starting
 * figure takes `to`'s; one the visitor typed stays. The server (no JavaScript) and the page (with
 * it) both switch through this.
 */
export function followProduct<V extends { unit_price: string; roi: string }>(values: V, from: ProductType, to: ProductType, byProduct: ProductFigures): V {
  if (from === to) return values;
  const next = { ...values };
  for (const field of ["unit_price", "roi"] as const) {
    const text = values[field].trim();
    if (isNumberText(text) && Number(text) === byProduct[from][FIGURE_KEY[field]]) next[field] = String(byProduct[to][FIGURE_KEY[field]]);
  }
  return next;
}

/** The message for a number outside a field's limits, in the reader's words. */
function limitMessage(field: NumberField, side: "min" | "max", t: T): string {
  const { min, max } = ESTIMATOR_LIMITS[field];
  if (field === "units") return side === "min" ? t("estimator.error.units.min", { min: { number: min } }) : t("estimator.error.units.max", { max: { number: max } });
  if (field === "unit_price") return side === "min" ? t("estimator.error.unit_price.min", { min: { money: min * 100 } }) : t("estimator.error.unit_price.max", { max: { money: max * 100 } });
  return side === "min" ? t("estimator.error.roi.min") : t("estimator.error.roi.max", { max, percent: max * 100 });
}

/** One number field: empty becomes 0; anything else must be a number inside the limits. */
function parseNumberField(field: NumberField, raw: string, t: T): { ok: true; value: number } | { ok: false; message: string; fallback: number } {
  const { min, max } = ESTIMATOR_LIMITS[field];
  const text = raw.trim();
  if (text === "") return { ok: true, value: 0 };
  const n = isNumberText(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n)) return { ok: false, message: t("estimator.error.notANumber"), fallback: 0 };
  if (n < min) return { ok: false, message: limitMessage(field, "min", t), fallback: min };
  if (n > max) return { ok: false, message: limitMessage(field, "max", t), fallback: max };
  return { ok: true, value: n };
}

export type EstimatorForm = {
  input: EstimateInput;
  /** What goes back into the inputs: what the visitor typed, or the product's starting figures. */
  values: { product: ProductType; units: string; unit_price: string; roi: string };
  errors: Partial<Record<NumberField | "product", string>>;
  /** Each product's starting figures, for the page to switch to as the product changes. */
  byProduct: ProductFigures;
};

/**
 * Reads the calculator's query (its messages in the reader's words, `t`). Missing fields take the chosen product's starting figures (and a
 * figure left at the previously shown product's default follows the product: followProduct); an
 * invalid field keeps what was typed, gets a message, and counts as its nearest valid value (0
 * when it is not a number).
 */
export function parseEstimatorQuery(params: URLSearchParams, t: T, defaults: EstimatorDefaults = ESTIMATOR_DEFAULTS): EstimatorForm {
  const errors: EstimatorForm["errors"] = {};
  const readProduct = (raw: string | null) => PRODUCT_TYPES.find((t) => t === raw?.trim().toUpperCase());
  const rawProduct = params.get("product");
  const product = readProduct(rawProduct);
  if (rawProduct !== null && !product) errors.product = t("estimator.error.product");
  const chosen = product ?? defaults.product;
  const start = defaults.byProduct[chosen];
  const input: EstimateInput = { product: chosen, units: defaults.units, unitPrice: start.unitPrice, roi: start.roi };
  const startValues = { units: String(defaults.units), unit_price: String(start.unitPrice), roi: String(start.roi) };
  // What was submitted, with figures that were only the previously shown product's defaults switched.
  const shown = readProduct(params.get(SHOWN_PRODUCT_FIELD));
  const submitted = { units: params.get("units"), unit_price: params.get("unit_price"), roi: params.get("roi") };
  if (shown) {
    const followed = followProduct({ unit_price: submitted.unit_price ?? "", roi: submitted.roi ?? "" }, shown, chosen, defaults.byProduct);
    if (followed.unit_price !== (submitted.unit_price ?? "")) submitted.unit_price = null;
    if (followed.roi !== (submitted.roi ?? "")) submitted.roi = null;
  }
  const values: EstimatorForm["values"] = { product: chosen, ...startValues };
  const key = { units: "units", unit_price: "unitPrice", roi: "roi" } as const;
  for (const field of Object.keys(ESTIMATOR_LIMITS) as NumberField[]) {
    const raw = submitted[field];
    if (raw === null) continue;
    values[field] = raw.slice(0, 32);
    const parsed = parseNumberField(field, raw.slice(0, 64), t);
    if (parsed.ok) input[key[field]] = parsed.value;
    else {
      errors[field] = parsed.message;
      input[key[field]] = parsed.fallback;
    }
  }
  return { input, values, errors, byProduct: defaults.byProduct };
}

/** The same rule for one field as the visitor types (with JavaScript): the value and any message. */
export function readEstimatorField(field: NumberField, raw: string, t: T): { value: number; error?: string } {
  const parsed = parseNumberField(field, raw.slice(0, 64), t);
  return parsed.ok ? { value: parsed.value } : { value: parsed.fallback, error: parsed.message };
}
