import { Form } from "@remix-run/react";
import { AdminSubmit, type DashboardResult } from "~/components/admin-confirm";
import { Field, FormError, SelectField, TextareaField } from "~/components/forms";
import { FARM_NAME_MAX } from "~/forms/limits";
import type { AdminDashboardData } from "~/pages/admin";
import { useT } from "~/catalog/use-words";

/** The action's answer when it belongs to this form: errors and what was typed. */
export function answerFor(result: DashboardResult | undefined, intent: string, batchId?: number) {
  if (!result || result.ok || result.values.intent !== intent) return { errors: {} as Record<string, string>, values: null as Record<string, string> | null };
  if (batchId !== undefined && result.values.batch_id !== String(batchId)) return { errors: {}, values: null };
  return { errors: result.errors, values: result.values };
}

export function AdminCreateForms({ data, result }: { data: AdminDashboardData; result: DashboardResult | undefined }) {
  const t = useT();
  const farm = answerFor(result, "create_farm");
  const batch = answerFor(result, "create_batch");
  const d = data.defaults;
  const v = (name: string, fallback: string | number) => batch.values?.[name] ?? String(fallback);
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-2">
      <section className="card" aria-labelledby="create-farm">
        <h2 id="create-farm" className="text-lg font-semibold">
          {t("adminDashboard.createFarm")}
        </h2>
        <Form method="post" action="/admin?index" noValidate className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="create_farm" />
          <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-farm`} />
          <FormError message={farm.errors.form} />
          <Field label={t("adminDashboard.farmName")} name="name" required maxLength={FARM_NAME_MAX} defaultValue={farm.values?.name ?? ""} error={farm.errors.name} />
          <Field
            label={t("adminDashboard.location")}
            name="location"
            maxLength={200}
            defaultValue={farm.values?.location ?? ""}
            error={farm.errors.location}
            placeholder={t("adminDashboard.locationHint")}
          />
          <TextareaField label={t("adminDashboard.notes")} name="notes" rows={3} maxLength={2000} defaultValue={farm.values?.notes ?? ""} error={farm.errors.notes} />
          <AdminSubmit>{t("adminDashboard.createFarm")}</AdminSubmit>
        </Form>
      </section>
      <section className="card" aria-labelledby="create-batch">
        <h2 id="create-batch" className="text-lg font-semibold">
          {t("adminDashboard.createBatch")}
        </h2>
        <Form method="post" action="/admin?index" noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create_batch" />
          <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-batch`} />
          <div className="sm:col-span-2">
            <FormError message={batch.errors.form} />
          </div>
          <SelectField className="sm:col-span-2" label={t("adminDashboard.farm")} name="farm_id" required defaultValue={batch.values?.farm_id ?? ""} error={batch.errors.farm_id}>
            <option value="">{t("adminDashboard.selectFarm")}</option>
            {data.farms.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
                {f.location ? ` (${f.location})` : ""}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("adminDashboard.productType")} name="product_type" defaultValue={v("product_type", d.product_type)} error={batch.errors.product_type}>
            <option value="CHICKEN">{t("adminDashboard.productType.CHICKEN")}</option>
            <option value="EGG">{t("adminDashboard.productType.EGG")}</option>
          </SelectField>
          <Field
            label={t("adminDashboard.unitPrice")}
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
            label={t("adminDashboard.targetUnits")}
            name="target_units"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            defaultValue={v("target_units", d.target_units)}
            error={batch.errors.target_units}
          />
          <Field
            label={t("adminDashboard.feedPrice")}
            name="feed_price"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            defaultValue={v("feed_price", d.feed_price)}
            error={batch.errors.feed_price}
          />
          <Field
            label={t("adminDashboard.mortalityRate")}
            name="mortality_rate"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step="0.01"
            required
            defaultValue={v("mortality_rate", d.mortality_rate)}
            error={batch.errors.mortality_rate}
            hint={t("adminDashboard.mortalityRateHint")}
          />
          <Field
            label={t("adminDashboard.expectedRoi")}
            name="expected_roi"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step="0.001"
            required
            defaultValue={v("expected_roi", d.expected_roi)}
            error={batch.errors.expected_roi}
            hint={t("adminDashboard.expectedRoiHint")}
          />
          <Field
            label={t("adminDashboard.startDate")}
            name="start_date"
            type="date"
            defaultValue={batch.values?.start_date ?? ""}
            error={batch.errors.start_date}
            hint={t("adminDashboard.startDateHint")}
          />
          <div className="sm:col-span-2">
            <AdminSubmit>{t("adminDashboard.createBatch")}</AdminSubmit>
          </div>
        </Form>
      </section>
    </div>
  );
}
