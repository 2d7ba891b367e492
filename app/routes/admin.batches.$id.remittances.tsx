import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminSubmit } from "~/components/admin-confirm";
import { Field, FormError } from "~/components/forms";
import { formatGhs } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { remittancesAction, remittancesLoader, type RemittanceResult } from "~/pages/remittances.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Remittances: Batch #${data.batch.id}` : "Remittances", "Record what the farm remitted for a batch and period, with its settlement sheet.");

export const loader = remittancesLoader;
export const action = remittancesAction;

const money = { type: "text", inputMode: "decimal" as const, pattern: "[0-9,]*(\\.[0-9]{0,2})?", placeholder: "0.00" };

export default function BatchRemittances() {
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
        <Link to="/admin">← Dashboard</Link> · <Link to={`/admin/batches/${d.batch.id}/logs`}>Daily logs</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Remittances: Batch #{d.batch.id}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {egg ? "Egg Note (layers)" : "Chicken Note (broilers)"} at {d.batch.farmName}
        {d.batch.location ? `, ${d.batch.location}` : ""} · {d.batch.status}
      </p>
      <p className="mt-2" data-testid="held">
        Held for investors (remitted, not yet paid): <strong>{formatGhs(d.heldMinor)}</strong>
      </p>

      {active ? (
        <section className="card mt-6" aria-labelledby="new-remittance">
          <h2 id="new-remittance" className="text-lg font-semibold">
            Record a remittance
          </h2>
          <Form method="get" className="mt-2 flex flex-wrap items-end gap-2" aria-label="Prefill from the daily logs">
            <Field label="Prefill for period" name="period" defaultValue={d.period} maxLength={7} className="w-40" hint={egg ? "YYYY-MM or CLOSE" : "HARVEST"} />
            <button type="submit" className="btn-secondary px-3 py-1">
              Prefill from daily logs
            </button>
          </Form>
          <p className="mt-2 text-xs text-stone-600" data-testid="prefill-note">
            {d.feedKg !== null
              ? `From the daily logs for ${d.period}: ${d.feedKg.toLocaleString("en-GH")} kg of feed used${d.prefill.crates_sold ? `, ${d.prefill.crates_sold} crates of eggs collected` : ""}${d.prefill.birds_sold ? `, ${d.prefill.birds_sold} birds alive` : ""}.`
              : `No daily logs for ${d.period}: enter the farm's figures.`}
          </p>
          <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-3">
            <input type="hidden" name="idempotency_key" value={d.idempotencyKey} />
            <div className="sm:col-span-3">
              <FormError message={errors.form ?? (Object.keys(errors).length ? "Nothing was recorded. Correct the fields below." : null)} />
            </div>
            <Field label="Period" name="period" required maxLength={7} defaultValue={v("period", d.period)} error={errors.period} hint={egg ? "YYYY-MM, or CLOSE for the principal" : "HARVEST"} />
            <Field label="Net remitted (GHS)" name="amount" required {...money} defaultValue={v("amount")} error={errors.amount} />
            {egg ? (
              <>
                <Field label="Crates sold" name="crates_sold" type="number" inputMode="numeric" min={0} step={1} defaultValue={pre("crates_sold")} error={errors.crates_sold} />
                <Field label="Price per crate (GHS)" name="price_per_crate" {...money} defaultValue={v("price_per_crate")} error={errors.price_per_crate} />
              </>
            ) : (
              <>
                <Field label="Birds sold" name="birds_sold" type="number" inputMode="numeric" min={0} step={1} defaultValue={pre("birds_sold")} error={errors.birds_sold} />
                <Field label="Live weight (kg)" name="live_weight_kg" type="text" inputMode="decimal" defaultValue={pre("live_weight_kg")} error={errors.live_weight_kg} />
                <Field label="Price per kg (GHS)" name="price_per_kg" {...money} defaultValue={v("price_per_kg")} error={errors.price_per_kg} />
              </>
            )}
            <Field label="Revenue (GHS)" name="revenue" {...money} defaultValue={v("revenue")} error={errors.revenue} />
            <Field label="Feed cost (GHS)" name="feed_cost" {...money} defaultValue={pre("feed_cost")} error={errors.feed_cost} />
            <Field label="Vet cost (GHS)" name="vet_cost" {...money} defaultValue={v("vet_cost")} error={errors.vet_cost} />
            <Field label="Other costs (GHS)" name="other_costs" {...money} defaultValue={v("other_costs")} error={errors.other_costs} />
            <Field label="Farm's share (GHS)" name="farm_share" {...money} defaultValue={v("farm_share")} error={errors.farm_share} />
            <div className="sm:col-span-3">
              <AdminSubmit>Record remittance</AdminSubmit>
            </div>
          </Form>
        </section>
      ) : (
        <p className="mt-4 text-sm text-stone-700">Remittances are recorded for active batches.</p>
      )}

      <section className="mt-8" aria-labelledby="remittance-list">
        <h2 id="remittance-list" className="text-lg font-semibold">
          Recorded
        </h2>
        {d.remittances.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No remittances recorded for this batch yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase">
                <tr>
                  {["Period", "Net remitted", "Revenue", "Feed", "Vet", "Other", "Farm's share", "Recorded"].map((h) => (
                    <th key={h} scope="col" className="px-2 py-2">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {d.remittances.map((r) => (
                  <tr key={r.id} className="border-b border-stone-100" data-testid="remittance-row">
                    <td className="px-2 py-2">{r.period}</td>
                    <td className="px-2 py-2 font-semibold">{formatGhs(r.amountMinor)}</td>
                    {[r.revenueMinor, r.feedCostMinor, r.vetCostMinor, r.otherCostsMinor, r.farmShareMinor].map((m, i) => (
                      <td key={i} className="px-2 py-2">
                        {m === null ? "—" : formatGhs(m)}
                      </td>
                    ))}
                    <td className="px-2 py-2">{r.createdAt.slice(0, 10)}</td>
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
