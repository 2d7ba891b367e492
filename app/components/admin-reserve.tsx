import { Form } from "@remix-run/react";
import { AdminSubmit, type DashboardResult } from "~/components/admin-confirm";
import { answerFor } from "~/components/admin-create-forms";
import { Field, FormError, SelectField } from "~/components/forms";
import { formatGhs } from "~/domain/money";
import type { AdminDashboardData } from "~/pages/admin";
import { slots, withElements } from "~/components/rich-text";
import { useT } from "~/catalog/use-words";

/**
 * The platform reserve (issue 18): what it holds for runs the farms' remittances do not cover, and
 * a form to fund it from the fees the platform earned or from outside. Drawing from it is chosen
 * run by run, in the Execute or Close confirm step.
 */
export function AdminReserve({ data, result }: { data: AdminDashboardData; result: DashboardResult | undefined }) {
  const t = useT();
  const answer = answerFor(result, "fund_reserve");
  return (
    <section className="card mt-8" aria-labelledby="reserve-heading">
      <h2 id="reserve-heading" className="text-lg font-semibold">
        {t("adminDashboard.reserve")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {withElements(t("adminDashboard.reserve.holds", { fees: formatGhs(data.feesMinor), ...slots("balance") }), {
          balance: <strong data-testid="reserve-balance">{formatGhs(data.reserveMinor)}</strong>,
        })}
      </p>
      <Form method="post" action="/admin?index" preventScrollReset noValidate className="mt-3 grid gap-3 sm:grid-cols-3" aria-label={t("adminDashboard.reserve.fund")}>
        <input type="hidden" name="intent" value="fund_reserve" />
        <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-reserve`} />
        <div className="sm:col-span-3">
          <FormError message={answer.errors.form} />
        </div>
        <Field label={t("adminDashboard.reserve.amount")} name="amount" inputMode="decimal" required defaultValue={answer.values?.amount ?? ""} error={answer.errors.reserve_amount} />
        <SelectField label={t("adminDashboard.reserve.from")} name="source" required defaultValue={answer.values?.source ?? "FEES"} error={answer.errors.reserve_source}>
          <option value="FEES">{t("adminDashboard.reserve.FEES")}</option>
          <option value="EXTERNAL">{t("adminDashboard.reserve.EXTERNAL")}</option>
        </SelectField>
        <div className="self-end">
          <AdminSubmit>{t("adminDashboard.reserve.submit")}</AdminSubmit>
        </div>
      </Form>
    </section>
  );
}
