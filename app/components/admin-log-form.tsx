import { Form } from "@remix-run/react";
import { AdminSubmit } from "~/components/admin-confirm";
import { Field, FormError, TextareaField } from "~/components/forms";
import type { BatchLogsData } from "~/pages/farm-log";
import { useT } from "~/catalog/use-words";

export type LogResult = { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** A day's log; a multipart form that works without JavaScript (photos included). */
export function AdminLogForm({ data, result }: { data: BatchLogsData; result: LogResult | undefined }) {
  const t = useT();
  const { batch, limits: L } = data;
  // An answer to a card's "Add photos" form belongs to that card, not here.
  const mine = result && result.values.intent !== "photos" ? result : undefined;
  const errors = mine?.errors ?? {};
  const v = (name: string, fallback = "") => mine?.values[name] ?? fallback;
  const egg = batch.productType === "EGG";
  // No day can be logged before the batch starts (the server refuses it): say when, instead of a form that cannot be sent.
  if (batch.startDate && batch.startDate > data.today) {
    return <p className="card mt-6">{t("adminLogs.startsLater", { date: batch.startDate })}</p>;
  }
  return (
    <section className="card mt-6" aria-labelledby="new-log">
      <h2 id="new-log" className="text-lg font-semibold">
        {t("adminLogs.recordDay")}
      </h2>
      <Form method="post" encType="multipart/form-data" noValidate className="mt-3 grid gap-3 sm:grid-cols-3">
        <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-log`} />
        <div className="sm:col-span-3">
          <FormError message={errors.form ?? (Object.keys(errors).length ? t("adminLogs.nothingSaved") : null)} />
        </div>
        <Field
          label={t("adminLogs.date")}
          name="log_date"
          type="date"
          required
          min={data.batch.startDate ?? undefined}
          max={data.today}
          defaultValue={v("log_date", data.today)}
          error={errors.log_date}
        />
        <Field
          label={t("adminLogs.birdsAlive")}
          name="birds_alive"
          type="number"
          inputMode="numeric"
          min={0}
          max={L.birdsMax}
          step={1}
          required
          defaultValue={v("birds_alive")}
          error={errors.birds_alive}
        />
        <Field label={t("adminLogs.deaths")} name="deaths" type="number" inputMode="numeric" min={0} max={L.birdsMax} step={1} defaultValue={v("deaths", "0")} error={errors.deaths} />
        <Field label={t("adminLogs.feedUsedKg")} name="feed_kg" type="number" inputMode="decimal" min={0} max={L.feedKgMax} step="0.1" required defaultValue={v("feed_kg")} error={errors.feed_kg} />
        {egg ? (
          <Field
            label={t("adminLogs.eggsCollected")}
            name="eggs_collected"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            defaultValue={v("eggs_collected")}
            error={errors.eggs_collected}
          />
        ) : (
          <Field
            label={t("adminLogs.avgWeightKg")}
            name="avg_weight_kg"
            type="number"
            inputMode="decimal"
            min={0}
            max={L.weightKgMax}
            step="0.01"
            required
            defaultValue={v("avg_weight_kg")}
            error={errors.avg_weight_kg}
          />
        )}
        {errors.eggs_collected && !egg ? (
          <p className="field-error sm:col-span-3" role="alert">
            {errors.eggs_collected}
          </p>
        ) : null}
        {errors.avg_weight_kg && egg ? (
          <p className="field-error sm:col-span-3" role="alert">
            {errors.avg_weight_kg}
          </p>
        ) : null}
        <Field
          label={t("adminLogs.temperatureC")}
          name="temperature_c"
          type="number"
          inputMode="decimal"
          min={L.temperatureMin}
          max={L.temperatureMax}
          step="0.1"
          defaultValue={v("temperature_c")}
          error={errors.temperature_c}
        />
        <Field
          label={t("adminLogs.humidityPct")}
          name="humidity_pct"
          type="number"
          inputMode="decimal"
          min={0}
          max={L.humidityMax}
          step="0.1"
          defaultValue={v("humidity_pct")}
          error={errors.humidity_pct}
        />
        <Field
          label={t("adminLogs.ammoniaPpm")}
          name="ammonia_ppm"
          type="number"
          inputMode="decimal"
          min={0}
          max={L.ammoniaMax}
          step="0.1"
          defaultValue={v("ammonia_ppm")}
          error={errors.ammonia_ppm}
        />
        <TextareaField className="sm:col-span-3" label={t("adminLogs.notes")} name="notes" rows={2} maxLength={L.notesMax} defaultValue={v("notes")} error={errors.notes} />
        <div className="sm:col-span-3">
          <label className="field-choice text-sm font-medium text-stone-800">
            <input type="checkbox" name="incident" value="on" defaultChecked={["on", "true", "1"].includes(v("incident"))} /> {t("adminLogs.incident")}
          </label>
        </div>
        <TextareaField
          className="sm:col-span-3"
          label={t("adminLogs.incidentDescription")}
          name="incident_description"
          rows={2}
          maxLength={L.incidentMax}
          defaultValue={v("incident_description")}
          error={errors.incident_description}
        />
        <div className="sm:col-span-3">
          <label htmlFor="log-photos" className="field-label">
            {t("adminLogs.photos", { max: L.photoMaxCount })}
          </label>
          <input
            id="log-photos"
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png"
            className="field-file"
            aria-invalid={errors.photos ? true : undefined}
            aria-describedby={errors.photos ? "log-photos-error" : undefined}
          />
          {errors.photos ? (
            <p id="log-photos-error" className="field-error" role="alert">
              {errors.photos}
            </p>
          ) : null}
        </div>
        <div className="sm:col-span-3">
          <AdminSubmit>{t("adminLogs.save")}</AdminSubmit>
        </div>
      </Form>
    </section>
  );
}
