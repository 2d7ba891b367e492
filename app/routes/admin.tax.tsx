import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { formatGhs, minorToDecimalString } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { taxAdminAction, taxAdminLoader } from "~/pages/tax-admin.server";
import { slots, withElements } from "~/components/rich-text";
import { useT } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = taxAdminLoader;
export const action = taxAdminAction;

export default function AdminTax() {
  const t = useT();
  const r = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = result && !result.ok ? result.errors : {};
  const values: Record<string, string> = result && !result.ok ? result.values : {};
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminTax.title")}</h1>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
        <Field label={t("adminTax.month")} name="month" type="month" defaultValue={r.month} error={r.monthError} className="w-40" />
        <button type="submit" className="btn-secondary">
          {t("adminTax.show")}
        </button>
      </Form>
      <p className="mt-3 text-sm text-stone-700">
        {withElements(t("adminTax.summary", { month: r.monthName, count: r.payees.length, paid: formatGhs(r.paidMinor), held: formatGhs(r.heldMinor), ...slots("tax", "due") }), {
          tax: <strong>{formatGhs(r.totals.taxMinor)}</strong>,
          due: <strong data-testid="tax-due">{formatGhs(r.dueMinor)}</strong>,
        })}{" "}
        <a href={`/admin/tax.csv?month=${r.month}`} className="text-leaf-700 underline">
          {t("adminTax.csv")}
        </a>
      </p>
      {r.payees.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{t("adminTax.none", { month: r.monthName })}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="tax-report">
            <thead>
              <tr className="border-b border-stone-300 text-left">
                <th className="py-1 pr-2">{t("adminTax.col.payee")}</th>
                <th className="py-1 pr-2">{t("adminTax.col.pin")}</th>
                <th className="py-1 pr-2 text-right">{t("adminTax.col.gross")}</th>
                <th className="py-1 text-right">{t("adminTax.col.tax")}</th>
              </tr>
            </thead>
            <tbody>
              {r.payees.map((p) => (
                <tr key={p.userId} className="border-b border-stone-100" data-user-id={p.userId}>
                  <td className="py-1 pr-2">{p.name}</td>
                  <td className="py-1 pr-2">{p.pin ?? (p.verified ? t("adminTax.noGhanaCard") : t("adminTax.notVerified"))}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{formatGhs(p.grossMinor)}</td>
                  <td className="py-1 text-right tabular-nums">{formatGhs(p.taxMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {r.paid.length ? (
        <ul className="mt-4 text-sm">
          {r.paid.map((p) => (
            <li key={p.id}>{t("adminTax.paid", { amount: formatGhs(p.amountMinor), date: p.createdAt.slice(0, 10), reference: p.reference })}</li>
          ))}
        </ul>
      ) : null}
      {r.dueMinor > 0 ? (
        <Form method="post" className="card mt-6 space-y-3">
          <h2 className="font-semibold">{t("adminTax.record")}</h2>
          {errors.form ? <FormError message={errors.form} /> : null}
          <input type="hidden" name="period" value={r.month} />
          <input type="hidden" name="idempotency_key" value={r.idempotencyKey} />
          <Field label={t("adminTax.amount")} name="amount" inputMode="decimal" required defaultValue={values.amount ?? minorToDecimalString(r.dueMinor)} error={errors.amount ?? errors.period} />
          <Field label={t("adminTax.reference")} name="reference" required maxLength={r.referenceMax} defaultValue={values.reference ?? ""} error={errors.reference} />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {t("adminTax.submit")}
          </button>
        </Form>
      ) : null}
      <p className="mt-4 text-sm">
        <Link to="/admin" className="text-leaf-700 underline">
          {t("adminTax.dashboard")}
        </Link>
      </p>
    </div>
  );
}
