import { useState, type ReactNode } from "react";
import { useT } from "~/catalog/use-words";
import { Field, SelectField } from "~/components/forms";
import { ESTIMATOR_LIMITS, followProduct, readEstimatorField, SHOWN_PRODUCT_FIELD, type EstimatorForm, type NumberField } from "~/pages/estimator";
import type { ProductType } from "~/domain/types";
import { formatGhs } from "~/domain/money";
import { estimateAfterTax, estimateReturns, type Estimate, type EstimateInput } from "~/domain/returns";
import { TaxExplained, taxPercent } from "~/components/after-tax";

const cedis = (n: number) => formatGhs(Math.round(n * 100));

/**
 * The quick estimator / returns calculator: a GET form the server answers (no JavaScript needed),
 * whose figures follow the inputs as the visitor types when JavaScript runs. Its words come from
 * the `estimator` namespace, which the page's loader ships.
 */
export function ReturnsCalculator({
  id,
  action,
  heading,
  form,
  estimate,
  taxRate,
}: {
  id: string;
  /** The page's path plus the anchor to land on, e.g. "/how-it-works#calculator". */
  action: string;
  heading: string;
  form: EstimatorForm;
  estimate: Estimate;
  /** WITHHOLDING_TAX_RATE: the figures after tax take it off as the payouts would. */
  taxRate: number;
}) {
  const t = useT();
  const [values, setValues] = useState(form.values);
  const [typed, setTyped] = useState(false);

  let result = estimate;
  let input: EstimateInput = form.input;
  let errors: EstimatorForm["errors"] = form.errors;
  if (typed) {
    const read = (field: NumberField) => readEstimatorField(field, values[field], t);
    const units = read("units");
    const unitPrice = read("unit_price");
    const roi = read("roi");
    input = { product: values.product, units: units.value, unitPrice: unitPrice.value, roi: roi.value };
    result = estimateReturns(input);
    errors = { units: units.error, unit_price: unitPrice.error, roi: roi.error };
  }
  const afterTax = estimateAfterTax(input, result, taxRate);
  const onInput = (name: keyof EstimatorForm["values"]) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setValues((v) =>
      // A new product brings its own unit price and ROI unless the visitor typed their own.
      name === "product" ? { ...followProduct(v, v.product, value as ProductType, form.byProduct), product: value as ProductType } : { ...v, [name]: value },
    );
    setTyped(true);
  };
  const product = values.product;

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="card scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {heading}
      </h2>
      <form method="get" action={action} className="mt-3 space-y-3">
        <input type="hidden" name={SHOWN_PRODUCT_FIELD} value={values.product} />
        <SelectField label={t("estimator.product")} name="product" id={`${id}-product`} value={values.product} onChange={onInput("product")} error={errors.product}>
          <option value="CHICKEN">{t("estimator.product.CHICKEN")}</option>
          <option value="EGG">{t("estimator.product.EGG")}</option>
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={t("estimator.units")}
            name="units"
            id={`${id}-units`}
            type="number"
            inputMode="numeric"
            min={ESTIMATOR_LIMITS.units.min}
            max={ESTIMATOR_LIMITS.units.max}
            step={ESTIMATOR_LIMITS.units.step}
            value={values.units}
            onChange={onInput("units")}
            error={errors.units}
          />
          <Field
            label={t("estimator.unitPrice")}
            name="unit_price"
            id={`${id}-unit-price`}
            type="number"
            inputMode="decimal"
            min={ESTIMATOR_LIMITS.unit_price.min}
            max={ESTIMATOR_LIMITS.unit_price.max}
            step={ESTIMATOR_LIMITS.unit_price.step}
            value={values.unit_price}
            onChange={onInput("unit_price")}
            error={errors.unit_price}
          />
        </div>
        <Field
          label={t(`estimator.roi.${product}`)}
          name="roi"
          id={`${id}-roi`}
          type="number"
          inputMode="decimal"
          min={ESTIMATOR_LIMITS.roi.min}
          max={ESTIMATOR_LIMITS.roi.max}
          step={ESTIMATOR_LIMITS.roi.step}
          value={values.roi}
          onChange={onInput("roi")}
          error={errors.roi}
        />
        <button type="submit" className="btn-secondary w-full">
          {t("estimator.calculate")}
        </button>
      </form>
      <div className="mt-4 text-sm" aria-live="polite" data-testid={`${id}-result`}>
        {/* Before tax, as the product's figures are defined; then what would reach the wallet. */}
        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{t("estimator.beforeTax")}</p>
        <dl className="mt-1 space-y-1">
          <FigureRow label={t("estimator.principal")} figure="principal" value={cedis(result.principal)} />
          <FigureRow
            label={
              <>
                {t("estimator.return")} <span className="text-xs">{t(`estimator.basis.${product}`)}</span>
              </>
            }
            figure="return"
            value={cedis(result.return)}
          />
          <FigureRow label={t("estimator.total")} figure="total" value={cedis(result.total)} />
        </dl>
        <p className="mt-2 border-t border-stone-200 pt-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">{t("estimator.afterTax")}</p>
        <dl className="mt-1 space-y-1">
          <FigureRow label={t("estimator.taxWithheld", { rate: taxPercent(taxRate) })} figure="tax" value={formatGhs(afterTax.taxMinor)} />
          <FigureRow label={t("estimator.return")} figure="net" value={formatGhs(afterTax.netMinor)} valueClass="font-semibold text-leaf-700" />
          <FigureRow label={t("estimator.total")} figure="total-net" value={formatGhs(afterTax.totalNetMinor)} valueClass="text-base font-bold" />
        </dl>
      </div>
      <p className="mt-3 text-xs text-stone-500">{t(`estimator.note.${product}`)}</p>
      <TaxExplained rate={taxRate} className="mt-1 text-xs text-stone-500" />
    </section>
  );
}

/** One line of the estimate: what it is, and the figure (data-figure names it for tests and scripts). */
function FigureRow({ label, figure, value, valueClass = "font-semibold" }: { label: ReactNode; figure: string; value: string; valueClass?: string }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-stone-600">{label}</dt>
      <dd className={valueClass} data-figure={figure}>
        {value}
      </dd>
    </div>
  );
}
