import { Form, Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { type DashboardResult } from "~/components/admin-confirm";
import { answerFor } from "~/components/admin-create-forms";
import { AdminMessage } from "~/components/admin-nav";
import { DELETE_BATCH_PROMPT, ROW_INTENTS } from "~/pages/admin";
import { formatGhs } from "~/domain/money";
import type { AdminDashboardData } from "~/pages/admin";
import { slots, withElements } from "~/components/rich-text";
import { useT, type T } from "~/catalog/use-words";

/**
 * Delete: with JavaScript the browser asks (window.confirm) and sends confirmed=1; without it the
 * server asks. Activate, execute and close always get the server's step, once: it names the money.
 */
const PROMPTS = { delete: DELETE_BATCH_PROMPT } as const;

function confirmFirst(t: T, event: FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  const confirmed = form.elements.namedItem("confirmed") as HTMLInputElement;
  confirmed.value = "";
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  const prompt = submitter && submitter.value in PROMPTS ? t(PROMPTS[submitter.value as keyof typeof PROMPTS]) : undefined;
  if (!prompt) return;
  if (!window.confirm(prompt)) {
    event.preventDefault();
    return;
  }
  confirmed.value = "1";
}

const cell =
  "px-2 py-2 align-top max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-stone-500 max-sm:before:content-[attr(data-label)]";

const STATUS_TONE: Record<string, string> = {
  OPEN: "bg-brand-100 text-brand-700",
  ACTIVE: "bg-green-100 text-green-800",
  CLOSED: "bg-stone-200 text-stone-700",
  HARVESTED: "bg-stone-200 text-stone-700",
};

type Batch = AdminDashboardData["batches"][number];

function RowActions({ batch, data, result }: { batch: Batch; data: AdminDashboardData; result: DashboardResult | undefined }) {
  const t = useT();
  const answered = (["activate", "simulate", "execute", "close", "delete"] as const).map((i) => answerFor(result, i, batch.id)).find((a) => a.values);
  const error = answered ? (answered.errors.form ?? Object.values(answered.errors)[0]) : null;
  const simulated = result?.ok && "simulated" in result && result.simulated.batchId === batch.id ? result.simulated : null;
  const isActive = batch.status === "ACTIVE";
  const eggActive = isActive && batch.productType === "EGG";
  const btn = "btn-secondary px-3 py-1";
  return (
    <div className="space-y-2">
      {/* Without JavaScript the answer page opens at this row (the fragment survives the redirect). */}
      <Form
        method="post"
        action={`/admin?index#batch-${batch.id}`}
        preventScrollReset
        onSubmit={(event) => confirmFirst(t, event)}
        className="flex flex-wrap items-end gap-2"
        aria-label={t("adminDashboard.actionsFor", { batchId: batch.id })}
      >
        <input type="hidden" name="batch_id" value={batch.id} />
        <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-batch-${batch.id}`} />
        <input type="hidden" name="confirmed" defaultValue="" />
        {eggActive ? (
          <div className="w-full sm:w-36">
            <label htmlFor={`period-${batch.id}`} className="text-xs font-medium text-stone-700">
              {t("adminDashboard.period")}
            </label>
            <input
              id={`period-${batch.id}`}
              name="period"
              className="field-input mt-0 py-1 text-sm"
              inputMode="numeric"
              pattern="\d{4}-\d{2}"
              placeholder={t("adminDashboard.periodPlaceholder")}
              maxLength={7}
              defaultValue={answered?.values?.period ?? ""}
            />
          </div>
        ) : null}
        {batch.status === "OPEN" ? (
          <button type="submit" name="intent" value="activate" className="btn-primary px-3 py-1">
            {t("adminDashboard.activate")}
          </button>
        ) : null}
        {isActive ? (
          <button type="submit" name="intent" value="simulate" className={btn}>
            {t("adminDashboard.simulate")}
          </button>
        ) : null}
        {isActive ? (
          <button type="submit" name="intent" value="execute" className="btn-primary px-3 py-1">
            {t("adminDashboard.execute")}
          </button>
        ) : null}
        {eggActive ? (
          <button type="submit" name="intent" value="close" className={btn}>
            {t("adminDashboard.close")}
          </button>
        ) : null}
        {batch.deletable ? (
          <button type="submit" name="intent" value="delete" className="btn-danger px-3 py-1">
            {t("adminDashboard.delete")}
          </button>
        ) : null}
        <Link to={`/admin/batches/${batch.id}/logs`} className={`${btn} no-underline`}>
          {t("adminDashboard.dailyLogs")}
        </Link>
        <Link to={`/admin/batches/${batch.id}/devices`} className={`${btn} no-underline`}>
          {t("adminDashboard.devices")}
        </Link>
        {batch.status !== "OPEN" ? (
          <Link to={`/admin/batches/${batch.id}/remittances`} className={`${btn} no-underline`}>
            {t("adminDashboard.remittances")}
          </Link>
        ) : null}
      </Form>
      {error ? (
        <AdminMessage kind="error" id={`${batch.id}-${error}`}>
          {error}
        </AdminMessage>
      ) : null}
      {simulated ? (
        <AdminMessage kind="info" id={`sim-${batch.id}-${simulated.period}-${simulated.totalMinor}`} fade={false}>
          <span data-testid="simulation">
            {withElements(
              t("adminDashboard.simulated", {
                count: simulated.count,
                run:
                  simulated.kind === "MONTHLY" ? t("adminDashboard.run.income", { period: simulated.period }) : simulated.kind === "HARVEST" ? t("adminDashboard.run.harvestPayout") : simulated.period,
                alreadyPaid: simulated.alreadyPaid ? t("adminDashboard.simulatedAlreadyPaid") : "",
                ...slots("total", "n"),
              }),
              { total: <strong>{formatGhs(simulated.totalMinor)}</strong>, n: <strong>{simulated.count}</strong> },
            )}
          </span>{" "}
          <span data-testid="simulation-funding">
            {withElements(t("adminDashboard.simulatedHeld", slots("held", "shortfall", "tax")), {
              held: <strong>{formatGhs(simulated.heldMinor)}</strong>,
              shortfall:
                simulated.shortfallMinor > 0 ? withElements(t("adminDashboard.simulatedShortfall", slots("shortfall")), { shortfall: <strong>{formatGhs(simulated.shortfallMinor)}</strong> }) : "",
              tax: simulated.taxMinor > 0 ? t("adminDashboard.simulatedTax", { tax: formatGhs(simulated.taxMinor) }) : "",
            })}
          </span>
        </AdminMessage>
      ) : null}
    </div>
  );
}

/**
 * A row action's refusal for a batch the table no longer lists (another admin deleted it meanwhile):
 * without JavaScript the answer page has no row to show it in, so it shows above the table.
 */
function UnlistedBatchRefusal({ data, result }: { data: AdminDashboardData; result: DashboardResult | undefined }) {
  if (!result || result.ok || !(ROW_INTENTS as readonly string[]).includes(result.values.intent)) return null;
  if (data.batches.some((b) => String(b.id) === result.values.batch_id)) return null;
  const error = result.errors.form ?? Object.values(result.errors)[0];
  return error ? (
    <div className="mt-2">
      <AdminMessage kind="error" id={`${result.values.batch_id}-${error}`}>
        {error}
      </AdminMessage>
    </div>
  ) : null;
}

const COLUMNS = [
  ["ID", "adminDashboard.col.id"],
  ["Farm", "adminDashboard.col.farm"],
  ["Type", "adminDashboard.col.type"],
  ["Placed / Target", "adminDashboard.col.placed"],
  ["Status", "adminDashboard.col.status"],
  ["Actions", "adminDashboard.col.actions"],
] as const;

export function AdminBatches({ data, result }: { data: AdminDashboardData; result: DashboardResult | undefined }) {
  const t = useT();
  const label = (i: number) => t(COLUMNS[i][1]);
  return (
    <section className="mt-8" aria-labelledby="batches-heading">
      <h2 id="batches-heading" className="text-lg font-semibold">
        {t("adminDashboard.batches")}
      </h2>
      <UnlistedBatchRefusal data={data} result={result} />
      {data.batches.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("adminDashboard.noBatches")}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm max-sm:block">
          <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase max-sm:sr-only">
            <tr>
              {COLUMNS.map(([key, id]) => (
                <th key={key} scope="col" className="px-2 py-2">
                  {t(id)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block max-sm:space-y-3">
            {data.batches.map((b) => (
              <tr
                key={b.id}
                id={`batch-${b.id}`}
                data-batch-id={b.id}
                className="scroll-mt-20 border-b border-stone-100 max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-stone-200 max-sm:p-3"
              >
                <td className={cell} data-label={label(0)}>
                  #{b.id}
                </td>
                <td className={cell} data-label={label(1)}>
                  {b.farmName}
                </td>
                <td className={cell} data-label={label(2)}>
                  {t(`adminDashboard.type.${b.productType}`)}
                </td>
                <td className={cell} data-label={label(3)}>
                  {b.unitsPlaced.toLocaleString("en-GH")} / {b.targetUnits.toLocaleString("en-GH")}
                </td>
                <td className={cell} data-label={label(4)}>
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[b.status] ?? ""}`}>{t(`admin.status.${b.status}`)}</span>
                  {b.overdueDays > 0 ? (
                    <span className="ml-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800" data-testid="overdue">
                      {t("adminDashboard.overdue", { count: b.overdueDays })}
                    </span>
                  ) : null}
                </td>
                <td className="px-2 py-2 align-top max-sm:block max-sm:px-0 max-sm:pt-2">
                  <RowActions batch={b} data={data} result={result} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
