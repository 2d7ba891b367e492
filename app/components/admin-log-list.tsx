import { Form } from "@remix-run/react";
import { AdminSubmit } from "~/components/admin-confirm";
import type { LogResult } from "~/components/admin-log-form";
import { FlashMessage, type Flash } from "~/components/toast";
import { ADMIN_MESSAGE_MS } from "~/pages/admin";
import type { BatchLogsData } from "~/pages/farm-log";
import { useT } from "~/catalog/use-words";

const dash = (v: number | null, unit = "") => (v === null ? "–" : `${v.toLocaleString("en-GH")}${unit}`);

/** The batch's recent logs, newest first: cards that wrap at 360 px. */
/** Photos added to a day already logged: a small multipart form per card (works without JavaScript). */
function AddPhotos({ batchId, logId, logDate, idempotencyKey, error }: { batchId: number; logId: number; logDate: string; idempotencyKey: string; error: string | null }) {
  const t = useT();
  const id = `add-photos-${logId}`;
  return (
    <Form method="post" encType="multipart/form-data" action={`/admin/batches/${batchId}/logs#log-${logId}`} className="mt-3 border-t border-stone-100 pt-3">
      <input type="hidden" name="intent" value="photos" />
      <input type="hidden" name="log_id" value={logId} />
      <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-photos-${logId}`} />
      <label htmlFor={id} className="text-xs font-medium text-stone-700">
        {t("adminLogs.addPhotosTo", { date: logDate })}
      </label>
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png"
        className="field-file"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <AdminSubmit className="btn-secondary mt-2 px-3 py-1">{t("adminLogs.addPhotos")}</AdminSubmit>
    </Form>
  );
}

export function AdminLogList({ data, result, flash = null }: { data: BatchLogsData; result?: LogResult; flash?: Flash | null }) {
  const t = useT();
  const egg = data.batch.productType === "EGG";
  return (
    <section className="mt-8" aria-labelledby="logs-heading">
      <h2 id="logs-heading" className="text-lg font-semibold">
        {t("adminLogs.recent")}
      </h2>
      {data.logs.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("adminLogs.none")}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {data.logs.map((l) => (
            <li key={l.id} id={`log-${l.id}`} className="card scroll-mt-20" data-log-date={l.logDate}>
              {flash?.anchor === `log-${l.id}` ? <FlashMessage flash={flash} durationMs={ADMIN_MESSAGE_MS} className="mb-3" /> : null}
              <h3 className="font-semibold">
                {l.logDate}
                {l.incident ? <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t("adminLogs.incidentTag")}</span> : null}
              </h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                <dt className="text-stone-500">{t("adminLogs.birdsAlive")}</dt>
                <dd>{dash(l.birdsAlive)}</dd>
                <dt className="text-stone-500">{t("adminLogs.deaths")}</dt>
                <dd>{dash(l.deaths)}</dd>
                <dt className="text-stone-500">{t("adminLogs.feedUsed")}</dt>
                <dd>{dash(l.feedKg, " kg")}</dd>
                {egg ? (
                  <>
                    <dt className="text-stone-500">{t("adminLogs.eggsCollected")}</dt>
                    <dd>{dash(l.eggsCollected)}</dd>
                  </>
                ) : (
                  <>
                    <dt className="text-stone-500">{t("adminLogs.avgWeight")}</dt>
                    <dd>{dash(l.avgWeightKg, " kg")}</dd>
                  </>
                )}
                <dt className="text-stone-500">{t("adminLogs.temperature")}</dt>
                <dd>{dash(l.temperatureC, " °C")}</dd>
                <dt className="text-stone-500">{t("adminLogs.humidity")}</dt>
                <dd>{dash(l.humidityPct, "%")}</dd>
                <dt className="text-stone-500">{t("adminLogs.ammonia")}</dt>
                <dd>{dash(l.ammoniaPpm, " ppm")}</dd>
              </dl>
              {l.incident ? <p className="mt-2 text-sm text-red-800">{l.incidentDescription}</p> : null}
              {l.notes ? <p className="mt-2 text-sm break-words text-stone-700">{l.notes}</p> : null}
              {l.photoIds.length ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {l.photoIds.map((id, n) => (
                    <a key={id} href={`/farm-photos/${id}`}>
                      <img src={`/farm-photos/${id}`} alt={t("adminLogs.photoAlt", { n: n + 1, date: l.logDate })} width={72} height={72} loading="lazy" className="h-18 w-18 rounded object-cover" />
                    </a>
                  ))}
                </div>
              ) : null}
              <AddPhotos
                batchId={data.batch.id}
                logId={l.id}
                logDate={l.logDate}
                idempotencyKey={data.idempotencyKey}
                error={result?.values.intent === "photos" && result.values.log_id === String(l.id) ? (result.errors.photos ?? result.errors.form ?? null) : null}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
