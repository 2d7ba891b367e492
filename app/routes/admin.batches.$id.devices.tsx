import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminSubmit } from "~/components/admin-confirm";
import { Field, FormError } from "~/components/forms";
import { slots, withElements } from "~/components/rich-text";
import { useT } from "~/catalog/use-words";
import { pageMeta } from "~/lib/meta";
import { adminInstant } from "~/pages/admin";
import { batchDevicesAction, batchDevicesLoader, type DeviceResult } from "~/pages/farm-devices.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = batchDevicesLoader;
export const action = batchDevicesAction;

const READINGS_PATH = "/api/v1/farm-devices/readings";

export default function BatchDevices() {
  const t = useT();
  const { batch, devices, labelMax, idempotencyKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as DeviceResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const issued = result?.ok ? result.issued : null;
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin">{t("admin.dashboardLink")}</Link>
        {" · "}
        <Link to={`/batches/${batch.id}`}>{t("adminDevices.batchPage")}</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("adminDevices.title", { batchId: batch.id })}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {t("admin.batchAt", { product: t(batch.productType === "EGG" ? "admin.eggNote" : "admin.chickenNote"), farm: batch.farmName })}
        {batch.location ? `, ${batch.location}` : ""} · {t(`admin.status.${batch.status}`)}
      </p>
      <p className="mt-2 text-sm text-stone-700">{withElements(t("adminDevices.intro", slots("path")), { path: <code>{READINGS_PATH}</code> })}</p>
      {issued && issued.token === null ? (
        <p className="card mt-4 bg-amber-50 text-sm" role="status" data-testid="issued-again">
          {t("adminDevices.issuedAgain", { label: issued.label })}
        </p>
      ) : null}
      {issued?.token ? (
        <section className="card mt-4 bg-amber-50" aria-labelledby="issued-heading" data-testid="issued-token">
          <h2 id="issued-heading" className="font-semibold">
            {t("adminDevices.issuedTitle", { label: issued.label })}
          </h2>
          <p className="mt-2 break-all font-mono text-sm" data-testid="device-token">
            {issued.token}
          </p>
          <p className="mt-2 text-sm text-stone-700">{t("adminDevices.issuedNote")}</p>
        </section>
      ) : null}
      <section className="card mt-6" aria-labelledby="issue-heading">
        <h2 id="issue-heading" className="text-lg font-semibold">
          {t("adminDevices.issueTitle")}
        </h2>
        <Form method="post" className="mt-3 grid items-end gap-3 sm:grid-cols-2">
          <FormError message={failed?.errors.form} />
          <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-issue`} />
          <Field label={t("adminDevices.label")} hint={t("adminDevices.labelHint")} name="label" required maxLength={labelMax} defaultValue={failed?.values.label ?? ""} error={failed?.errors.label} />
          <AdminSubmit name="intent" value="issue">
            {t("adminDevices.issue")}
          </AdminSubmit>
        </Form>
      </section>
      <section className="card mt-6" aria-labelledby="devices-heading">
        <h2 id="devices-heading" className="text-lg font-semibold">
          {t("adminDevices.listTitle")}
        </h2>
        {devices.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("adminDevices.none")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100" data-testid="device-list">
            {devices.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-device={d.id} data-revoked={d.revokedAt ? true : undefined}>
                <div className="min-w-0">
                  <strong className="break-words">{d.label}</strong>
                  <p className="text-xs text-stone-600">
                    {t("adminDevices.issuedAt", { at: adminInstant(t, d.issuedAt) })} · {d.lastSeenAt ? t("adminDevices.lastSeen", { at: adminInstant(t, d.lastSeenAt) }) : t("adminDevices.neverSeen")}
                  </p>
                </div>
                {d.revokedAt ? (
                  <span className="text-xs font-semibold text-stone-600">{t("adminDevices.revokedAt", { at: adminInstant(t, d.revokedAt) })}</span>
                ) : (
                  <Form method="post" className="flex items-center gap-2">
                    <span className="text-xs font-semibold text-green-800">{t("adminDevices.active")}</span>
                    <input type="hidden" name="device_id" value={d.id} />
                    <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-revoke-${d.id}`} />
                    <button type="submit" name="intent" value="revoke" className="btn-danger px-3 py-1" aria-label={t("adminDevices.revokeLabel", { label: d.label })}>
                      {t("adminDevices.revoke")}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
