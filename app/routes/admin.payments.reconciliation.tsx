import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { reconciliationLoader } from "~/pages/payment-admin.server";
import { useT } from "~/catalog/use-words";
import { Cell, cardRows } from "~/components/stacked-cell";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

/** The same report as `npm run reconcile -- --date YYYY-MM-DD` and GET /api/v1/admin/reconciliation. */
export const loader = reconciliationLoader;

const textLink = "font-medium text-leaf-700 underline";

const PROBLEMS = ["missing_in_ledger", "missing_at_provider", "amount", "currency", "status"] as const;
const isProblem = (value: string): value is (typeof PROBLEMS)[number] => (PROBLEMS as readonly string[]).includes(value);

const COLUMNS = ["adminPayments.reconciliation.col.kind", "adminPayments.reconciliation.col.reference", "adminPayments.reconciliation.col.problem", "adminPayments.reconciliation.col.detail"] as const;

export default function AdminReconciliation() {
  const t = useT();
  const { date, report, error } = useLoaderData<typeof loader>();
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/payments" className={textLink}>
          {t("adminPayments.title")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminPayments.reconciliation")}</h1>
      <p className="mt-1 text-sm text-stone-700">{t("adminPayments.reconciliation.intro")}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="reconcile-date" className="field-label">
            {t("adminPayments.reconciliation.day")}
          </label>
          <input
            id="reconcile-date"
            name="date"
            type="date"
            placeholder={t("common.dateFormat")}
            defaultValue={date}
            required
            className="field-input w-44"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "reconcile-error" : undefined}
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t("adminPayments.reconciliation.submit")}
        </button>
      </Form>
      {error ? (
        <p id="reconcile-error" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {error}
        </p>
      ) : report ? (
        <section className="mt-6" aria-labelledby="reconcile-result">
          <h2 id="reconcile-result" className="text-lg font-semibold">
            {report.date}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">{t("adminPayments.reconciliation.provider")}</dt>
            <dd data-provider={report.provider}>{report.provider}</dd>
            <dt className="text-stone-600">{t("adminPayments.reconciliation.deposits")}</dt>
            <dd data-checked-deposits={report.checked.deposits}>{report.checked.deposits}</dd>
            <dt className="text-stone-600">{t("adminPayments.reconciliation.withdrawals")}</dt>
            <dd data-checked-withdrawals={report.checked.withdrawals}>{report.checked.withdrawals}</dd>
            <dt className="text-stone-600">{t("adminPayments.reconciliation.differences")}</dt>
            <dd data-differences={report.differences.length}>{report.differences.length}</dd>
          </dl>
          {report.provider === "demo" ? <p className="mt-3 text-sm text-stone-600">{t("adminPayments.reconciliation.demo")}</p> : null}
          {report.differences.length === 0 ? (
            <p className="mt-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900" role="status">
              {t("adminPayments.reconciliation.none")}
            </p>
          ) : (
            // A card per difference on a phone, each value under its column's name; a table on wider screens.
            <div className="mt-4 overflow-x-auto" role="region" aria-label={t("adminPayments.reconciliation.table")} tabIndex={0}>
              <table className={`${cardRows.table} sm:min-w-[40rem]`}>
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
                  {report.differences.map((d) => (
                    <tr key={`${d.kind}:${d.reference}:${d.problem}`} className={`border-b border-stone-100 align-top ${cardRows.row}`} data-difference={d.problem}>
                      <Cell label={t(COLUMNS[0])} className="sm:px-2">
                        {t(`reconciliation.kind.${d.kind}`)}
                      </Cell>
                      <Cell label={t(COLUMNS[1])} className="font-mono text-xs break-all sm:px-2">
                        {d.reference}
                      </Cell>
                      <Cell label={t(COLUMNS[2])} className="max-sm:col-span-2 sm:px-2 sm:whitespace-nowrap">
                        {isProblem(d.problem) ? t(`adminPayments.problem.${d.problem}`) : d.problem}
                      </Cell>
                      <Cell label={t(COLUMNS[3])} className="max-sm:col-span-2 sm:px-2">
                        {d.detail}
                      </Cell>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}
