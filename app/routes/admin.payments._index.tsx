import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { pageMeta } from "~/lib/meta";
import { adminTime, LIST_LABELS, PAYMENT_LISTS, paymentFiltersQuery, STATUS_OPTIONS, type PaymentList } from "~/pages/payment-admin";
import { paymentsAdminLoader, type PaymentsAdminData } from "~/pages/payment-admin.server";

export const meta: MetaFunction = () => pageMeta("Payments", "Deposits, withdrawals and the payment provider's webhooks: what is stuck, flagged or unknown.");

export const loader = paymentsAdminLoader;

const th = "px-2 py-2 whitespace-nowrap";
const textLink = "font-medium text-leaf-700 underline";
const td = "px-2 py-2 align-top";

/** The visible marker for a row PENDING for more than 30 minutes. */
function StuckMark() {
  return (
    <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900" data-stuck="true" title="Pending for more than 30 minutes">
      Stuck
    </span>
  );
}

function FlagMark({ children }: { children: ReactNode }) {
  return (
    <span className="inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800" data-flagged="true">
      {children}
    </span>
  );
}

/** A wide table scrolls inside its own box on a narrow screen; the page itself does not. */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mt-3 overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[44rem] text-left text-sm">{children}</table>
    </div>
  );
}

function Head({ columns }: { columns: string[] }) {
  return (
    <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase">
      <tr>
        {columns.map((h) => (
          <th key={h} scope="col" className={th}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Attention({ attention }: { attention: PaymentsAdminData["attention"] }) {
  const stuck = attention.stuckDeposits + attention.stuckWithdrawals;
  const flagged = attention.flaggedDeposits + attention.flaggedWithdrawals;
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  const tone = (n: number) => (n > 0 ? "border-amber-300 bg-amber-50" : "border-stone-200 bg-white");
  return (
    <section aria-labelledby="payments-attention" className="mt-4">
      <h2 id="payments-attention" className="sr-only">
        Needs attention
      </h2>
      <ul className="grid gap-2 text-sm sm:grid-cols-3">
        <li className={`rounded-lg border p-3 ${tone(stuck)}`} data-attention="stuck" data-count={stuck}>
          <span className="block text-2xl font-bold">{stuck}</span> stuck (pending over 30 minutes):{" "}
          <Link to={`/admin/payments?list=deposits&stuck=1`} className={textLink}>
            {plural(attention.stuckDeposits, "deposit")}
          </Link>
          ,{" "}
          <Link to={`/admin/payments?list=withdrawals&stuck=1`} className={textLink}>
            {plural(attention.stuckWithdrawals, "withdrawal")}
          </Link>
        </li>
        <li className={`rounded-lg border p-3 ${tone(flagged)}`} data-attention="flagged" data-count={flagged}>
          <span className="block text-2xl font-bold">{flagged}</span> flagged mismatches (not credited):{" "}
          <Link to={`/admin/payments?list=deposits&flagged=1`} className={textLink}>
            {plural(attention.flaggedDeposits, "deposit")}
          </Link>
          ,{" "}
          <Link to={`/admin/payments?list=withdrawals&flagged=1`} className={textLink}>
            {plural(attention.flaggedWithdrawals, "withdrawal")}
          </Link>
        </li>
        <li className={`rounded-lg border p-3 ${tone(attention.problemEvents)}`} data-attention="events" data-count={attention.problemEvents}>
          <span className="block text-2xl font-bold">{attention.problemEvents}</span>{" "}
          <Link to={`/admin/payments?list=events&flagged=1`} className={textLink}>
            webhook events to check
          </Link>{" "}
          (unknown reference or mismatch)
        </li>
      </ul>
    </section>
  );
}

function Filters({ data }: { data: PaymentsAdminData }) {
  const { filters: f, errors } = data;
  const field = (name: "from" | "to") => ({
    id: `payments-${name}`,
    name,
    type: "date",
    defaultValue: f[name] ?? "",
    className: "field-input w-40",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `payments-${name}-error` : undefined,
  });
  return (
    <>
      <nav aria-label="Payment lists" className="mt-6 flex flex-wrap gap-1">
        {PAYMENT_LISTS.map((list) => (
          <Link
            key={list}
            to={`/admin/payments?list=${list}`}
            aria-current={f.list === list ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium no-underline ${f.list === list ? "bg-stone-900 text-white" : "border border-stone-300 text-stone-800 hover:bg-stone-100"}`}
          >
            {LIST_LABELS[list]}
          </Link>
        ))}
      </nav>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label={`Filter ${LIST_LABELS[f.list].toLowerCase()}`}>
        <input type="hidden" name="list" value={f.list} />
        <div>
          <label htmlFor="payments-status" className="field-label">
            {f.list === "events" ? "Outcome" : "Status"}
          </label>
          <select id="payments-status" name="status" defaultValue={f.status ?? ""} className="field-input w-44">
            <option value="">All</option>
            {STATUS_OPTIONS[f.list].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="payments-q" className="field-label">
            {f.list === "events" ? "Reference or event id" : "Investor email or reference"}
          </label>
          <input id="payments-q" name="q" type="search" defaultValue={f.q} maxLength={200} className="field-input" />
        </div>
        <div>
          <label htmlFor="payments-from" className="field-label">
            From
          </label>
          <input {...field("from")} />
        </div>
        <div>
          <label htmlFor="payments-to" className="field-label">
            To
          </label>
          <input {...field("to")} />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          {f.list !== "events" ? (
            <label className="flex items-center gap-2">
              <input type="checkbox" name="stuck" value="1" defaultChecked={f.stuck} /> Stuck only (pending over 30 minutes)
            </label>
          ) : null}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="flagged" value="1" defaultChecked={f.flagged} /> {f.list === "events" ? "Unknown reference or mismatch only" : "Flagged mismatches only"}
          </label>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
        <Link to={`/admin/payments?list=${f.list}`} className="btn-secondary">
          Clear
        </Link>
        {(["from", "to"] as const).map((k) =>
          errors[k] ? (
            <p key={k} id={`payments-${k}-error`} className="field-error w-full" role="alert">
              {k === "from" ? "From" : "To"}: {errors[k]}
            </p>
          ) : null,
        )}
      </Form>
    </>
  );
}

function DepositsTable({ rows }: { rows: NonNullable<PaymentsAdminData["deposits"]> }) {
  return (
    <TableBox label="Deposits table">
      <Head columns={["Created (UTC)", "Reference", "Investor", "Amount", "Method", "Status", "Note"]} />
      <tbody>
        {rows.map((d) => (
          <tr key={d.id} className={`border-b border-stone-100 ${d.stuck || d.flag ? "bg-amber-50" : ""}`} data-deposit-id={d.id}>
            <td className={`${td} whitespace-nowrap`}>{adminTime(d.createdAt)}</td>
            <td className={`${td} font-mono text-xs break-all`}>{d.reference}</td>
            <td className={`${td} break-all`}>{d.investor ?? "–"}</td>
            <td className={`${td} whitespace-nowrap`}>{d.amount}</td>
            <td className={td}>{d.method === "mobile_money" ? `Mobile money${d.network ? ` (${d.network})` : ""}${d.phone ? ` ${d.phone}` : ""}` : "Card or bank"}</td>
            <td className={`${td} whitespace-nowrap`}>
              {d.status}
              {d.stuck ? <StuckMark /> : null}
              {d.status === "PENDING" && d.nextAction ? <span className="block text-xs text-stone-500">{d.nextAction}</span> : null}
              {d.refundStatus ? <span className="block text-xs text-stone-500">refund {d.refundStatus}</span> : null}
            </td>
            <td className={td}>
              {d.flag ? (
                <>
                  <FlagMark>Flagged</FlagMark> {d.flag}
                  {d.providerAmount ? ` Provider: ${d.providerAmount}.` : ""}
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

function WithdrawalsTable({ rows }: { rows: NonNullable<PaymentsAdminData["withdrawals"]> }) {
  return (
    <TableBox label="Withdrawals table">
      <Head columns={["Created (UTC)", "Reference", "Investor", "Amount", "To", "Status", "Note"]} />
      <tbody>
        {rows.map((w) => (
          <tr key={w.id} className={`border-b border-stone-100 ${w.stuck || w.flag ? "bg-amber-50" : ""}`} data-withdrawal-id={w.id}>
            <td className={`${td} whitespace-nowrap`}>{adminTime(w.createdAt)}</td>
            <td className={`${td} font-mono text-xs break-all`}>{w.reference ?? "–"}</td>
            <td className={`${td} break-all`}>{w.investor ?? "–"}</td>
            <td className={`${td} whitespace-nowrap`}>{w.amount}</td>
            <td className={td}>
              {w.provider} {w.accountNumber}
            </td>
            <td className={`${td} whitespace-nowrap`}>
              {w.status}
              {w.stuck ? <StuckMark /> : null}
            </td>
            <td className={td}>
              {w.flag ? (
                <>
                  <FlagMark>Flagged</FlagMark> {w.flag}
                </>
              ) : null}
              {w.failureMessage ? <span className="block text-xs text-stone-600">{w.failureMessage}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

function EventsTable({ rows }: { rows: NonNullable<PaymentsAdminData["events"]> }) {
  return (
    <TableBox label="Webhook events table">
      <Head columns={["Received (UTC)", "Event", "Reference", "Outcome", "Detail", "Deliveries", "Payload"]} />
      <tbody>
        {rows.map((e) => (
          <tr key={e.id} className={`border-b border-stone-100 ${e.problem ? "bg-amber-50" : ""}`} data-event-id={e.id}>
            <td className={`${td} whitespace-nowrap`}>{adminTime(e.receivedAt)}</td>
            <td className={`${td} whitespace-nowrap`}>{e.event}</td>
            <td className={`${td} font-mono text-xs break-all`}>{e.reference ?? "–"}</td>
            <td className={`${td} whitespace-nowrap`}>{e.problem ? <FlagMark>{e.outcome}</FlagMark> : e.outcome}</td>
            <td className={td}>{e.detail}</td>
            <td className={td}>{e.deliveries}</td>
            <td className={td}>
              <details>
                <summary className="cursor-pointer text-xs">
                  Show payload<span className="sr-only"> of event {e.id}</span>
                </summary>
                <pre className="mt-1 max-h-64 max-w-md overflow-auto rounded bg-stone-50 p-2 text-xs whitespace-pre-wrap break-all">{e.payload}</pre>
              </details>
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

const NOUNS: Record<PaymentList, [string, string]> = { deposits: ["deposit", "deposits"], withdrawals: ["withdrawal", "withdrawals"], events: ["webhook event", "webhook events"] };

export default function AdminPayments() {
  const data = useLoaderData<typeof loader>();
  const { filters: f, total, pageSize } = data;
  const shown = data.deposits ?? data.withdrawals ?? data.events ?? [];
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [one, many] = NOUNS[f.list];
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Payments</h1>
      <p className="mt-1 text-sm text-stone-700">
        Deposits, withdrawals and the provider&apos;s webhooks, newest first. Anything pending for more than 30 minutes is marked Stuck.{" "}
        <Link to="/admin/payments/reconciliation" className={textLink}>
          Reconciliation report
        </Link>
      </p>
      <Attention attention={data.attention} />
      <Filters data={data} />
      <p className="mt-4 text-sm text-stone-700" data-total={total}>
        {total === 0 ? `No ${many} match.` : `${total} ${total === 1 ? one : many}${pages > 1 ? `, page ${f.page} of ${pages}` : ""}.`}
      </p>
      {shown.length === 0 ? null : data.deposits ? (
        <DepositsTable rows={data.deposits} />
      ) : data.withdrawals ? (
        <WithdrawalsTable rows={data.withdrawals} />
      ) : data.events ? (
        <EventsTable rows={data.events} />
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex gap-2">
          {f.page > 1 ? (
            <Link to={`/admin/payments${paymentFiltersQuery(f, f.page - 1)}`} className="btn-secondary" rel="prev">
              Previous
            </Link>
          ) : null}
          {f.page < pages ? (
            <Link to={`/admin/payments${paymentFiltersQuery(f, f.page + 1)}`} className="btn-secondary" rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
