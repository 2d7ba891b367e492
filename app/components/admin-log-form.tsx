import { Form } from "@remix-run/react";
import { AdminSubmit } from "~/components/admin-confirm";
import { Field, FormError, TextareaField } from "~/components/forms";
import type { BatchLogsData } from "~/pages/farm-log";

export type LogResult = { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** A day's log; a multipart form that works without JavaScript (photos included). */
export function AdminLogForm({ data, result }: { data: BatchLogsData; result: LogResult | undefined }) {
  const { batch, limits: L } = data;
  // An answer to a card's "Add photos" form belongs to that card, not here.
  const mine = result && result.values.intent !== "photos" ? result : undefined;
  const errors = mine?.errors ?? {};
  const v = (name: string, fallback = "") => mine?.values[name] ?? fallback;
  const egg = batch.productType === "EGG";
  return (
    <section className="card mt-6" aria-labelledby="new-log">
      <h2 id="new-log" className="text-lg font-semibold">
        Record a day
      </h2>
      <Form method="post" encType="multipart/form-data" noValidate className="mt-3 grid gap-3 sm:grid-cols-3">
        <div className="sm:col-span-3">
          <FormError message={errors.form ?? (Object.keys(errors).length ? "Nothing was saved. Correct the fields below (choose any photos again) and save." : null)} />
        </div>
        <Field label="Date" name="log_date" type="date" required max={data.today} defaultValue={v("log_date", data.today)} error={errors.log_date} />
        <Field label="Birds alive" name="birds_alive" type="number" inputMode="numeric" min={0} max={L.birdsMax} step={1} required defaultValue={v("birds_alive")} error={errors.birds_alive} />
        <Field label="Deaths" name="deaths" type="number" inputMode="numeric" min={0} max={L.birdsMax} step={1} defaultValue={v("deaths", "0")} error={errors.deaths} />
        <Field label="Feed used (kg)" name="feed_kg" type="number" inputMode="decimal" min={0} max={L.feedKgMax} step="0.1" required defaultValue={v("feed_kg")} error={errors.feed_kg} />
        {egg ? (
          <Field label="Eggs collected" name="eggs_collected" type="number" inputMode="numeric" min={0} step={1} required defaultValue={v("eggs_collected")} error={errors.eggs_collected} />
        ) : (
          <Field
            label="Average weight (kg)"
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
          label="Temperature (°C)"
          name="temperature_c"
          type="number"
          inputMode="decimal"
          min={L.temperatureMin}
          max={L.temperatureMax}
          step="0.1"
          defaultValue={v("temperature_c")}
          error={errors.temperature_c}
        />
        <Field label="Humidity (%)" name="humidity_pct" type="number" inputMode="decimal" min={0} max={L.humidityMax} step="0.1" defaultValue={v("humidity_pct")} error={errors.humidity_pct} />
        <Field label="Ammonia (ppm)" name="ammonia_ppm" type="number" inputMode="decimal" min={0} max={L.ammoniaMax} step="0.1" defaultValue={v("ammonia_ppm")} error={errors.ammonia_ppm} />
        <TextareaField className="sm:col-span-3" label="Notes" name="notes" rows={2} maxLength={L.notesMax} defaultValue={v("notes")} error={errors.notes} />
        <div className="sm:col-span-3">
          <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
            <input type="checkbox" name="incident" value="on" defaultChecked={["on", "true", "1"].includes(v("incident"))} /> Incident (disease, heat stress, theft, equipment failure…)
          </label>
        </div>
        <TextareaField
          className="sm:col-span-3"
          label="Incident description"
          name="incident_description"
          rows={2}
          maxLength={L.incidentMax}
          defaultValue={v("incident_description")}
          error={errors.incident_description}
        />
        <div className="sm:col-span-3">
          <label htmlFor="log-photos" className="field-label">
            Photos (JPEG or PNG, up to 2 MB each, at most {L.photoMaxCount})
          </label>
          <input
            id="log-photos"
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png"
            className="mt-1 block w-full text-sm"
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
          <AdminSubmit>Save daily log</AdminSubmit>
        </div>
      </Form>
    </section>
  );
}
