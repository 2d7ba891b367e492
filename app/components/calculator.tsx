import { useState } from "react";
import { Field, SelectField } from "~/components/forms";
import { ESTIMATOR_LIMITS, followProduct, readEstimatorField, SHOWN_PRODUCT_FIELD, type EstimatorForm, type NumberField } from "~/pages/estimator";
import type { ProductType } from "~/domain/types";
import { formatGhs } from "~/domain/money";
import { estimateReturns, type Estimate } from "~/domain/returns";

const cedis = (n: number) => formatGhs(Math.round(n * 100));

/**
 * The quick estimator / returns calculator: a GET form the server answers (no JavaScript needed),
 * whose figures follow the inputs as the visitor types when JavaScript runs.
 */
export function ReturnsCalculator({
  id,
  action,
  heading,
  form,
  estimate,
}: {
  id: string;
  /** The page's path plus the anchor to land on, e.g. "/how-it-works#calculator". */
  action: string;
  heading: string;
  form: EstimatorForm;
  estimate: Estimate;
}) {
  const [values, setValues] = useState(form.values);
  const [typed, setTyped] = useState(false);

  let result = estimate;
  let errors: EstimatorForm["errors"] = form.errors;
  if (typed) {
    const read = (field: NumberField) => readEstimatorField(field, values[field]);
    const units = read("units");
    const unitPrice = read("unit_price");
    const roi = read("roi");
    result = estimateReturns({ product: values.product, units: units.value, unitPrice: unitPrice.value, roi: roi.value });
    errors = { units: units.error, unit_price: unitPrice.error, roi: roi.error };
  }
  const onInput = (name: keyof EstimatorForm["values"]) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setValues((v) =>
      // A new product brings its own unit price and ROI unless the visitor typed their own.
      name === "product" ? { ...followProduct(v, v.product, value as ProductType, form.byProduct), product: value as ProductType } : { ...v, [name]: value },
    );
    setTyped(true);
  };
  const isEgg = values.product === "EGG";

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="card scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {heading}
      </h2>
      <form method="get" action={action} className="mt-3 space-y-3">
        <input type="hidden" name={SHOWN_PRODUCT_FIELD} value={values.product} />
        <SelectField label="Product" name="product" id={`${id}-product`} value={values.product} onChange={onInput("product")} error={errors.product}>
          <option value="CHICKEN">Chicken Note (per cycle)</option>
          <option value="EGG">Egg Note (monthly ROI)</option>
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="Units"
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
            label="Unit price (GHS)"
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
          label={isEgg ? "Expected ROI per month (0.03 = 3%)" : "Expected ROI per cycle (0.12 = 12%)"}
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
          Calculate
        </button>
      </form>
      <dl className="mt-4 space-y-1 text-sm" aria-live="polite" data-testid={`${id}-result`}>
        <div className="flex justify-between gap-2">
          <dt className="text-stone-600">Principal</dt>
          <dd className="font-semibold" data-figure="principal">
            {cedis(result.principal)}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-stone-600">
            Return <span className="text-xs">({result.label})</span>
          </dt>
          <dd className="font-semibold text-leaf-700" data-figure="return">
            {cedis(result.return)}
          </dd>
        </div>
        <div className="flex justify-between gap-2 border-t border-stone-200 pt-1">
          <dt className="text-stone-600">Total</dt>
          <dd className="text-base font-bold" data-figure="total">
            {cedis(result.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-stone-500">
        {isEgg ? "Egg Notes pay monthly; this is a 12-month illustration." : "Chicken Notes pay principal plus return at harvest, about 7-8 weeks."} Estimates, not promises: capital is not guaranteed.
      </p>
    </section>
  );
}
