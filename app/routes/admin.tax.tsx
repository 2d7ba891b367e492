import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { formatGhs, minorToDecimalString } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { taxAdminAction, taxAdminLoader } from "~/pages/tax-admin.server";

export const meta: MetaFunction = () => pageMeta("Withholding tax", "The month's withholding tax report for the tax authority, and the payments of it.");

export const loader = taxAdminLoader;
export const action = taxAdminAction;

export default function AdminTax() {
  const r = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = result && !result.ok ? result.errors : {};
  const values: Record<string, string> = result && !result.ok ? result.values : {};
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Withholding tax</h1>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
        <Field label="Month" name="month" type="month" defaultValue={r.month} className="w-40" />
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      <p className="mt-3 text-sm text-stone-700">
        {r.monthName}: {r.payees.length} payee{r.payees.length === 1 ? "" : "s"}, tax withheld <strong>{formatGhs(r.totals.taxMinor)}</strong>, paid over {formatGhs(r.paidMinor)}, still to pay{" "}
        <strong data-testid="tax-due">{formatGhs(r.dueMinor)}</strong>. The tax account holds {formatGhs(r.heldMinor)}.{" "}
        <a href={`/admin/tax.csv?month=${r.month}`} className="text-leaf-700 underline">
          Report as CSV
        </a>
      </p>
      {r.payees.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No income was paid in {r.monthName}.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="tax-report">
            <thead>
              <tr className="border-b border-stone-300 text-left">
                <th className="py-1 pr-2">Payee</th>
                <th className="py-1 pr-2">Ghana Card PIN</th>
                <th className="py-1 pr-2 text-right">Gross</th>
                <th className="py-1 text-right">Tax</th>
              </tr>
            </thead>
            <tbody>
              {r.payees.map((p) => (
                <tr key={p.userId} className="border-b border-stone-100" data-user-id={p.userId}>
                  <td className="py-1 pr-2">{p.name}</td>
                  <td className="py-1 pr-2">{p.pin ?? (p.verified ? "no Ghana Card" : "not verified")}</td>
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
            <li key={p.id}>
              Paid {formatGhs(p.amountMinor)} on {p.createdAt.slice(0, 10)} ({p.reference})
            </li>
          ))}
        </ul>
      ) : null}
      {r.dueMinor > 0 ? (
        <Form method="post" className="card mt-6 space-y-3">
          <h2 className="font-semibold">Record a payment to the tax authority</h2>
          {errors.form ? <FormError message={errors.form} /> : null}
          <input type="hidden" name="period" value={r.month} />
          <Field label="Amount paid (GHS)" name="amount" inputMode="decimal" required defaultValue={values.amount ?? minorToDecimalString(r.dueMinor)} error={errors.amount ?? errors.period} />
          <Field label="Receipt or payment reference" name="reference" required maxLength={80} defaultValue={values.reference ?? ""} error={errors.reference} />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            Record payment
          </button>
        </Form>
      ) : null}
      <p className="mt-4 text-sm">
        <Link to="/admin" className="text-leaf-700 underline">
          Dashboard
        </Link>
      </p>
    </div>
  );
}
