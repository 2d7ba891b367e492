import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminSubmit } from "~/components/admin-confirm";
import { Field, FormError, SelectField } from "~/components/forms";
import { Cell, cardRows } from "~/components/stacked-cell";
import { formatGhs } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { remittancesAction, remittancesLoader, type RemittanceResult } from "~/pages/remittances.server";
import { slots, withElements } from "~/components/rich-text";
import { useT, type T } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = remittancesLoader;
export const action = remittancesAction;

const money = { type: "text", inputMode: "decimal" as const, pattern: "[0-9,]*(\\.[0-9]{0,2})?", placeholder: "0.00" };

const COLUMNS = [
  "adminRemittances.col.period",
  "adminRemittances.col.amount",
  "adminRemittances.col.revenue",
  "adminRemittances.col.feed",
  "adminRemittances.col.vet",
  "adminRemittances.col.other",
  "adminRemittances.col.farmShare",
  "adminRemittances.col.recorded",
] as const;

/** A period as the admin reads it: a month as it is (YYYY-MM), HARVEST and CLOSE in the reader's words. */
const periodWord = (t: T, period: string) => (period === "HARVEST" || period === "CLOSE" ? t(`adminRemittances.period.${period}`) : period);

/** The periods to pick from; the codes stay the values the form sends (as the API takes them). */
function PeriodOptions({ periods }: { periods: readonly string[] }) {
  const t = useT();
  return periods.map((p) => (
    <option key={p} value={p}>
      {p === "HARVEST" || p === "CLOSE" ? t(`adminRemittances.option.${p}`) : p}
    </option>
  ));
}

/** The periods offered, and the one a refused form sent when the list lacks it (so its error has it beside). */
function withSent(periods: readonly string[], sent: string | undefined): readonly string[] {
  const period = sent?.trim().toUpperCase() ?? "";
  return /^(\d{4}-\d{2}|HARVEST|CLOSE)$/.test(period) && !periods.includes(period) ? [period, ...periods] : periods;
}

export default function BatchRemittances() {
  const t = useT();
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as RemittanceResult | undefined;
  const errors = result?.errors ?? {};
  const v = (name: string, fallback = "") => result?.values[name] ?? fallback;
  const pre = (name: string) => v(name, d.prefill[name] ?? "");
  const egg = d.batch.productType === "EGG";
  const active = d.batch.status === "ACTIVE";
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin">{t("admin.dashboardLink")}</Link> · <Link to={`/admin/batches/${d.batch.id}/logs`}>{t("adminRemittances.dailyLogs")}</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("adminRemittances.title", { batchId: d.batch.id })}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {t("admin.batchAt", { product: t(egg ? "admin.eggNote" : "admin.chickenNote"), farm: d.batch.farmName })}
        {d.batch.location ? `, ${d.batch.location}` : ""} · {t(`admin.status.${d.batch.status}`)}
      </p>
      {d.ended ? null : (
        <p className="mt-2" data-testid="held">
          {withElements(t("adminRemittances.held", slots("held")), { held: <strong>{formatGhs(d.heldMinor)}</strong> })}
        </p>
      )}
      {d.ended && (d.heldMinor > 0 || d.surplusSettled.length > 0) ? (
        <section className="card mt-6" aria-labelledby="surplus">
          <h2 id="surplus" className="text-lg font-semibold">
            {t("adminRemittances.surplus")}
          </h2>
          {d.surplusSettled.length > 0 ? (
            <ul className="mt-2 space-y-1 text-sm" data-testid="surplus-settled">
              {d.surplusSettled.map((s) => (
                <li key={s.entryId}>{t(`adminRemittances.surplusSettled.${s.to}`, { amount: formatGhs(s.amountMinor), date: s.createdAt.slice(0, 10), reference: s.reference ?? "" })}</li>
              ))}
            </ul>
          ) : null}
          {d.heldMinor > 0 ? (
            <>
              <p className="mt-2" data-testid="surplus-held">
                {withElements(t("adminRemittances.surplusHeld", slots("held")), { held: <strong>{formatGhs(d.heldMinor)}</strong> })}
              </p>
              <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-2" aria-labelledby="surplus">
                <input type="hidden" name="intent" value="surplus" />
                <input type="hidden" name="idempotency_key" value={`${d.idempotencyKey}-surplus`} />
                <div className="sm:col-span-2">
                  <FormError message={errors.surplus} />
                </div>
                <SelectField label={t("adminRemittances.surplusTo")} name="to" required defaultValue={v("to", "FARM")} error={errors.surplus_to}>
                  <option value="FARM">{t("adminRemittances.surplusTo.FARM")}</option>
                  <option value="RESERVE">{t("adminRemittances.surplusTo.RESERVE")}</option>
                </SelectField>
                <Field
                  label={t("adminRemittances.surplusReference")}
                  name="reference"
                  maxLength={d.referenceLimits.max}
                  defaultValue={v("reference")}
                  error={errors.surplus_reference}
                  hint={t("adminRemittances.surplusReferenceHint", d.referenceLimits)}
                />
                <div className="sm:col-span-2">
                  <AdminSubmit>{t("adminRemittances.surplusSubmit", { amount: formatGhs(d.heldMinor) })}</AdminSubmit>
                  <p className="mt-1 text-xs text-stone-600">{t("adminRemittances.surplusFourEyes")}</p>
                </div>
              </Form>
            </>
          ) : (
            <p className="mt-2 text-sm text-stone-600">{t("adminRemittances.surplusNothing")}</p>
          )}
        </section>
      ) : null}

      {active ? (
        <section className="card mt-6" aria-labelledby="new-remittance">
          <h2 id="new-remittance" className="text-lg font-semibold">
            {t("adminRemittances.record")}
          </h2>
          <Form method="get" className="mt-2 flex flex-wrap items-end gap-2" aria-label={t("adminRemittances.prefillForm")}>
            <SelectField label={t("adminRemittances.prefillPeriod")} name="period" defaultValue={d.period} className="w-56" hint={t(`adminRemittances.prefillHint.${d.batch.productType}`)}>
              <PeriodOptions periods={d.periods} />
            </SelectField>
            <button type="submit" className="btn-secondary px-3 py-1">
              {t("adminRemittances.prefill")}
            </button>
          </Form>
          <p className="mt-2 text-xs text-stone-600" data-testid="prefill-note">
            {d.feedKg !== null
              ? t("adminRemittances.fromLogs", {
                  period: periodWord(t, d.period),
                  feedKg: { number: d.feedKg },
                  crates: d.prefill.crates_sold ? t("adminRemittances.fromLogs.crates", { crates: d.prefill.crates_sold }) : "",
                  birds: d.prefill.birds_sold ? t("adminRemittances.fromLogs.birds", { birds: d.prefill.birds_sold }) : "",
                })
              : t("adminRemittances.noLogs", { period: periodWord(t, d.period) })}
          </p>
          <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-3">
            <input type="hidden" name="idempotency_key" value={d.idempotencyKey} />
            <div className="sm:col-span-3">
              <FormError message={errors.form ?? (Object.keys(errors).length ? t("adminRemittances.nothingRecorded") : null)} />
            </div>
            <SelectField
              label={t("adminRemittances.period")}
              name="period"
              required
              defaultValue={v("period", d.period).trim().toUpperCase()}
              error={errors.period}
              hint={t(`adminRemittances.periodHint.${d.batch.productType}`)}
            >
              <PeriodOptions periods={withSent(d.periods, result?.values.period)} />
            </SelectField>
            <Field label={t("adminRemittances.amount")} name="amount" required {...money} defaultValue={v("amount")} error={errors.amount} />
            {egg ? (
              <>
                <Field label={t("adminRemittances.cratesSold")} name="crates_sold" type="number" inputMode="numeric" min={0} step={1} defaultValue={pre("crates_sold")} error={errors.crates_sold} />
                <Field label={t("adminRemittances.pricePerCrate")} name="price_per_crate" {...money} defaultValue={v("price_per_crate")} error={errors.price_per_crate} />
              </>
            ) : (
              <>
                <Field label={t("adminRemittances.birdsSold")} name="birds_sold" type="number" inputMode="numeric" min={0} step={1} defaultValue={pre("birds_sold")} error={errors.birds_sold} />
                <Field label={t("adminRemittances.liveWeightKg")} name="live_weight_kg" type="text" inputMode="decimal" defaultValue={pre("live_weight_kg")} error={errors.live_weight_kg} />
                <Field label={t("adminRemittances.pricePerKg")} name="price_per_kg" {...money} defaultValue={v("price_per_kg")} error={errors.price_per_kg} />
              </>
            )}
            <Field label={t("adminRemittances.revenue")} name="revenue" {...money} defaultValue={v("revenue")} error={errors.revenue} />
            <Field label={t("adminRemittances.feedCost")} name="feed_cost" {...money} defaultValue={pre("feed_cost")} error={errors.feed_cost} />
            <Field label={t("adminRemittances.vetCost")} name="vet_cost" {...money} defaultValue={v("vet_cost")} error={errors.vet_cost} />
            <Field label={t("adminRemittances.otherCosts")} name="other_costs" {...money} defaultValue={v("other_costs")} error={errors.other_costs} />
            <Field label={t("adminRemittances.farmShare")} name="farm_share" {...money} defaultValue={v("farm_share")} error={errors.farm_share} />
            <div className="sm:col-span-3">
              <AdminSubmit>{t("adminRemittances.submit")}</AdminSubmit>
            </div>
          </Form>
        </section>
      ) : (
        <p className="mt-4 text-sm text-stone-700">{t("adminRemittances.activeOnly")}</p>
      )}

      <section className="mt-8" aria-labelledby="remittance-list">
        <h2 id="remittance-list" className="text-lg font-semibold">
          {t("adminRemittances.recorded")}
        </h2>
        {d.remittances.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("adminRemittances.none")}</p>
        ) : (
          // A card per remittance on a phone (eight columns do not fit 360 px); a table on wider screens.
          <div className="mt-3 overflow-x-auto">
            <table className={cardRows.table}>
              <thead className={`border-b border-stone-200 text-xs text-stone-600 uppercase ${cardRows.head}`}>
                <tr>
                  {COLUMNS.map((id) => (
                    <th key={id} scope="col" className="px-2 py-2">
                      {t(id)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={cardRows.body}>
                {d.remittances.map((r) => (
                  <tr key={r.id} className={`border-b border-stone-100 ${cardRows.row}`} data-testid="remittance-row">
                    <Cell label={t(COLUMNS[0])} className="sm:px-2">
                      {periodWord(t, r.period)}
                    </Cell>
                    <Cell label={t(COLUMNS[1])} className="font-semibold sm:px-2">
                      {formatGhs(r.amountMinor)}
                    </Cell>
                    {[r.revenueMinor, r.feedCostMinor, r.vetCostMinor, r.otherCostsMinor, r.farmShareMinor].map((m, i) => (
                      <Cell key={i} label={t(COLUMNS[i + 2])} className="sm:px-2">
                        {m === null ? "—" : formatGhs(m)}
                      </Cell>
                    ))}
                    <Cell label={t(COLUMNS[7])} className="sm:px-2">
                      {r.createdAt.slice(0, 10)}
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
