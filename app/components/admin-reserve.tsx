import { Form } from "@remix-run/react";
import { AdminSubmit, type DashboardResult } from "~/components/admin-confirm";
import { answerFor } from "~/components/admin-create-forms";
import { Field, FormError, SelectField } from "~/components/forms";
import { formatGhs } from "~/domain/money";
import type { AdminDashboardData } from "~/pages/admin";

/**
 * The platform reserve (issue 18): what it holds for runs the farms' remittances do not cover, and
 * a form to fund it from the fees the platform earned or from outside. Drawing from it is chosen
 * run by run, in the Execute or Close confirm step.
 */
export function AdminReserve({ data, result }: { data: AdminDashboardData; result: DashboardResult | undefined }) {
  const answer = answerFor(result, "fund_reserve");
  return (
    <section className="card mt-8" aria-labelledby="reserve-heading">
      <h2 id="reserve-heading" className="text-lg font-semibold">
        Platform reserve
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Holds <strong data-testid="reserve-balance">{formatGhs(data.reserveMinor)}</strong>; fees earned and not moved: {formatGhs(data.feesMinor)}. A payout run draws on it only when you choose to in
        its confirm step.
      </p>
      <Form method="post" action="/admin?index" preventScrollReset noValidate className="mt-3 grid gap-3 sm:grid-cols-3" aria-label="Fund the reserve">
        <input type="hidden" name="intent" value="fund_reserve" />
        <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-reserve`} />
        <div className="sm:col-span-3">
          <FormError message={answer.errors.form} />
        </div>
        <Field label="Amount (GHS)" name="amount" inputMode="decimal" required defaultValue={answer.values?.amount ?? ""} error={answer.errors.reserve_amount} />
        <SelectField label="From" name="source" required defaultValue={answer.values?.source ?? "FEES"} error={answer.errors.reserve_source}>
          <option value="FEES">Fees earned</option>
          <option value="EXTERNAL">The platform's own money (outside)</option>
        </SelectField>
        <div className="self-end">
          <AdminSubmit>Fund reserve</AdminSubmit>
        </div>
      </Form>
    </section>
  );
}
