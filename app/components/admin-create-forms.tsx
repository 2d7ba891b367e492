import { Form } from "@remix-run/react";
import { AdminSubmit, type DashboardResult } from "~/components/admin-confirm";
import { Field, FormError, SelectField, TextareaField } from "~/components/forms";
import { FARM_NAME_MAX } from "~/forms/limits";
import type { AdminDashboardData } from "~/pages/admin";

/** The action's answer when it belongs to this form: errors and what was typed. */
export function answerFor(result: DashboardResult | undefined, intent: string, batchId?: number) {
  if (!result || result.ok || result.values.intent !== intent) return { errors: {} as Record<string, string>, values: null as Record<string, string> | null };
  if (batchId !== undefined && result.values.batch_id !== String(batchId)) return { errors: {}, values: null };
  return { errors: result.errors, values: result.values };
}

export function AdminCreateForms({ data, result }: { data: AdminDashboardData; result: DashboardResult | undefined }) {
  const farm = answerFor(result, "create_farm");
  const batch = answerFor(result, "create_batch");
  const d = data.defaults;
  const v = (name: string, fallback: string | number) => batch.values?.[name] ?? String(fallback);
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-2">
      <section className="card" aria-labelledby="create-farm">
        <h2 id="create-farm" className="text-lg font-semibold">
          Create farm
        </h2>
        <Form method="post" action="/admin?index" noValidate className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="create_farm" />
          <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-farm`} />
          <FormError message={farm.errors.form} />
          <Field label="Farm name" name="name" required maxLength={FARM_NAME_MAX} defaultValue={farm.values?.name ?? ""} error={farm.errors.name} />
          <Field label="Location" name="location" maxLength={200} defaultValue={farm.values?.location ?? ""} error={farm.errors.location} placeholder="e.g. Dormaa Ahenkro, Bono" />
          <TextareaField label="Notes" name="notes" rows={3} maxLength={2000} defaultValue={farm.values?.notes ?? ""} error={farm.errors.notes} />
          <AdminSubmit>Create farm</AdminSubmit>
        </Form>
      </section>
      <section className="card" aria-labelledby="create-batch">
        <h2 id="create-batch" className="text-lg font-semibold">
          Create batch
        </h2>
        <Form method="post" action="/admin?index" noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create_batch" />
          <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-batch`} />
          <div className="sm:col-span-2">
            <FormError message={batch.errors.form} />
          </div>
          <SelectField className="sm:col-span-2" label="Farm" name="farm_id" required defaultValue={batch.values?.farm_id ?? ""} error={batch.errors.farm_id}>
            <option value="">Select a farm</option>
            {data.farms.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
                {f.location ? ` (${f.location})` : ""}
              </option>
            ))}
          </SelectField>
          <SelectField label="Product type" name="product_type" defaultValue={v("product_type", d.product_type)} error={batch.errors.product_type}>
            <option value="CHICKEN">CHICKEN (Chicken Note)</option>
            <option value="EGG">EGG (Egg Note)</option>
          </SelectField>
          <Field
            label="Unit price (GHS)"
            name="unit_price"
            type="number"
            inputMode="decimal"
            min={0.01}
            step="0.01"
            required
            defaultValue={v("unit_price", d.unit_price)}
            error={batch.errors.unit_price}
          />
          <Field
            label="Target units"
            name="target_units"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            defaultValue={v("target_units", d.target_units)}
            error={batch.errors.target_units}
          />
          <Field label="Feed price (GHS per kg)" name="feed_price" type="number" inputMode="decimal" min={0} step="0.01" defaultValue={v("feed_price", d.feed_price)} error={batch.errors.feed_price} />
          <Field
            label="Mortality rate (fraction)"
            name="mortality_rate"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step="0.01"
            required
            defaultValue={v("mortality_rate", d.mortality_rate)}
            error={batch.errors.mortality_rate}
            hint="0.07 = 7%"
          />
          <Field
            label="Expected ROI (fraction)"
            name="expected_roi"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step="0.001"
            required
            defaultValue={v("expected_roi", d.expected_roi)}
            error={batch.errors.expected_roi}
            hint="Monthly for eggs, per cycle for chicken"
          />
          <Field label="Start date" name="start_date" type="date" defaultValue={batch.values?.start_date ?? ""} error={batch.errors.start_date} hint="Optional; set on activation when empty" />
          <div className="sm:col-span-2">
            <AdminSubmit>Create batch</AdminSubmit>
          </div>
        </Form>
      </section>
    </div>
  );
}
