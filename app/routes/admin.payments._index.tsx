import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { pageMeta } from "~/lib/meta";
import { adminTime, LIST_LABELS, PAYMENT_LISTS, paymentFiltersQuery, STATUS_OPTIONS } from "~/pages/payment-admin";
import { paymentsAdminAction, paymentsAdminLoader, type PaymentsAdminData, type ResolveIntent } from "~/pages/payment-admin.server";
import { useT, type T } from "~/catalog/use-words";
import { networkLabel } from "~/domain/wallet";
import type { MessageId } from "~/catalog/en";
import { Cell, cardRows } from "~/components/stacked-cell";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = paymentsAdminLoader;
export const action = paymentsAdminAction;

const RESOLVE_LABELS = {
  recheck: "adminPayments.recheck",
  refund: "adminPayments.refundDeposit",
  retry_refund: "adminPayments.retryRefund",
  return: "adminPayments.returnWithdrawal",
} as const satisfies Record<ResolveIntent, MessageId>;

/**
 * A flagged row's (or a failed refund's) buttons: one form, a button per resolution, posted with the
 * row's own idempotency key; the answer comes back as a flash on the row (JavaScript on or off).
 */
function ResolveForm({ kind, id, reference, resolve }: { kind: "deposit" | "withdrawal"; id: number; reference: string | null; resolve: { key: string; intents: ResolveIntent[] } | null }) {
  const t = useT();
  if (!resolve) return null;
  return (
    <Form method="post" action="/admin/payments?index" className="mt-2 flex flex-wrap gap-2" aria-label={t("adminPayments.resolve", { reference: reference ?? `#${id}` })} data-resolve={kind}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="idempotency_key" value={resolve.key} />
      {resolve.intents.map((intent) => (
        <button key={intent} type="submit" name="intent" value={intent} className={intent === "recheck" ? "btn-secondary text-xs" : "btn-primary text-xs"}>
          {t(RESOLVE_LABELS[intent])}
        </button>
      ))}
    </Form>
  );
}

const th = "px-2 py-2 whitespace-nowrap";
const textLink = "font-medium text-leaf-700 underline";
/** A cell's own classes beside `Cell`'s: the table's padding on wider screens. */
const td = "align-top sm:px-2";
/** A cell whose content is wide: the whole of its card's width on a phone. */
const wide = "max-sm:col-span-2";

/** The visible marker for a row PENDING for more than 30 minutes. */
function StuckMark() {
  const t = useT();
  return (
    <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900" data-stuck="true" title={t("adminPayments.stuckTitle")}>
      {t("adminPayments.stuck")}
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

/**
 * On a phone each row is a card, each value under its column's name; on a wider screen a table too
 * wide for it scrolls inside its own box, never the page. The box is positioned so that a visually
 * hidden (absolute) label inside it stays in it, not out past the page.
 */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="relative mt-3 overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className={`${cardRows.table} sm:min-w-[44rem]`}>{children}</table>
    </div>
  );
}

type Column = Extract<MessageId, `adminPayments.col.${string}`>;

function Head({ columns }: { columns: readonly Column[] }) {
  const t = useT();
  return (
    <thead className={`border-b border-stone-200 text-xs text-stone-600 uppercase ${cardRows.head}`}>
      <tr>
        {columns.map((h) => (
          <th key={h} scope="col" className={th}>
            {t(h)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Attention({ attention }: { attention: PaymentsAdminData["attention"] }) {
  const stuck = attention.stuckDeposits + attention.stuckWithdrawals;
  const flagged = attention.flaggedDeposits + attention.flaggedWithdrawals;
  const t = useT();
  const tone = (n: number) => (n > 0 ? "border-amber-300 bg-amber-50" : "border-stone-200 bg-white");
  return (
    <section aria-labelledby="payments-attention" className="mt-4">
      <h2 id="payments-attention" className="sr-only">
        {t("adminPayments.attention")}
      </h2>
      <ul className="grid gap-2 text-sm sm:grid-cols-3">
        <li className={`rounded-lg border p-3 ${tone(stuck)}`} data-attention="stuck" data-count={stuck}>
          <span className="block text-2xl font-bold">{stuck}</span> {t("adminPayments.attention.stuck")}{" "}
          <Link to={`/admin/payments?list=deposits&stuck=1`} className={textLink}>
            {t("adminPayments.deposits", { count: attention.stuckDeposits })}
          </Link>
          ,{" "}
          <Link to={`/admin/payments?list=withdrawals&stuck=1`} className={textLink}>
            {t("adminPayments.withdrawals", { count: attention.stuckWithdrawals })}
          </Link>
        </li>
        <li className={`rounded-lg border p-3 ${tone(flagged)}`} data-attention="flagged" data-count={flagged}>
          <span className="block text-2xl font-bold">{flagged}</span> {t("adminPayments.attention.flagged")}{" "}
          <Link to={`/admin/payments?list=deposits&flagged=1`} className={textLink}>
            {t("adminPayments.deposits", { count: attention.flaggedDeposits })}
          </Link>
          ,{" "}
          <Link to={`/admin/payments?list=withdrawals&flagged=1`} className={textLink}>
            {t("adminPayments.withdrawals", { count: attention.flaggedWithdrawals })}
          </Link>
        </li>
        <li className={`rounded-lg border p-3 ${tone(attention.problemEvents)}`} data-attention="events" data-count={attention.problemEvents}>
          <span className="block text-2xl font-bold">{attention.problemEvents}</span>{" "}
          <Link to={`/admin/payments?list=events&flagged=1`} className={textLink}>
            {t("adminPayments.attention.events")}
          </Link>{" "}
          {t("adminPayments.attention.eventsWhy")}
        </li>
      </ul>
    </section>
  );
}

function Filters({ data }: { data: PaymentsAdminData }) {
  const t = useT();
  const { filters: f, errors } = data;
  const field = (name: "from" | "to") => ({
    id: `payments-${name}`,
    name,
    type: "date",
    // Browsers without a date picker show a text box that takes only this format.
    placeholder: t("common.dateFormat"),
    defaultValue: f[name] ?? "",
    className: "field-input w-40",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `payments-${name}-error` : undefined,
  });
  return (
    <>
      <nav aria-label={t("adminPayments.lists")} className="mt-6 flex flex-wrap gap-1">
        {PAYMENT_LISTS.map((list) => (
          <Link
            key={list}
            to={`/admin/payments?list=${list}`}
            aria-current={f.list === list ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium no-underline ${f.list === list ? "bg-stone-900 text-white" : "border border-stone-300 text-stone-800 hover:bg-stone-100"}`}
          >
            {t(LIST_LABELS[list])}
          </Link>
        ))}
      </nav>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label={t(`adminPayments.filterList.${f.list}`)}>
        <input type="hidden" name="list" value={f.list} />
        <div>
          <label htmlFor="payments-status" className="field-label">
            {f.list === "events" ? t("adminPayments.outcome") : t("adminPayments.status")}
          </label>
          <select id="payments-status" name="status" defaultValue={f.status ?? ""} className="field-input w-44">
            <option value="">{t("adminPayments.all")}</option>
            {STATUS_OPTIONS[f.list].map((s) => (
              <option key={s} value={s}>
                {stateWord(t, s)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="payments-q" className="field-label">
            {f.list === "events" ? t("adminPayments.q.events") : t("adminPayments.q")}
          </label>
          <input id="payments-q" name="q" type="search" defaultValue={f.q} maxLength={200} className="field-input" />
        </div>
        <div>
          <label htmlFor="payments-from" className="field-label">
            {t("adminPayments.from")}
          </label>
          <input {...field("from")} />
        </div>
        <div>
          <label htmlFor="payments-to" className="field-label">
            {t("adminPayments.to")}
          </label>
          <input {...field("to")} />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          {f.list !== "events" ? (
            <label className="field-choice">
              <input type="checkbox" name="stuck" value="1" defaultChecked={f.stuck} /> {t("adminPayments.stuckOnly")}
            </label>
          ) : null}
          <label className="field-choice">
            <input type="checkbox" name="flagged" value="1" defaultChecked={f.flagged} /> {f.list === "events" ? t("adminPayments.flaggedOnly.events") : t("adminPayments.flaggedOnly")}
          </label>
        </div>
        <button type="submit" className="btn-secondary">
          {t("admin.filter")}
        </button>
        <Link to={`/admin/payments?list=${f.list}`} className="btn-secondary">
          {t("admin.clear")}
        </Link>
        {(["from", "to"] as const).map((k) =>
          errors[k] ? (
            <p key={k} id={`payments-${k}-error`} className="field-error w-full" role="alert">
              {t("adminPayments.fieldError", { field: t(k === "from" ? "adminPayments.from" : "adminPayments.to"), error: t(errors[k]!) })}
            </p>
          ) : null,
        )}
      </Form>
    </>
  );
}

const DEPOSIT_COLUMNS = [
  "adminPayments.col.created",
  "adminPayments.col.reference",
  "adminPayments.col.investor",
  "adminPayments.col.amount",
  "adminPayments.col.method",
  "adminPayments.col.status",
  "adminPayments.col.note",
] as const satisfies readonly Column[];

function DepositsTable({ rows }: { rows: NonNullable<PaymentsAdminData["deposits"]> }) {
  const t = useT();
  const label = (i: number) => t(DEPOSIT_COLUMNS[i]);
  return (
    <TableBox label={t("adminPayments.depositsTable")}>
      <Head columns={DEPOSIT_COLUMNS} />
      <tbody className={cardRows.body}>
        {rows.map((d) => (
          <tr key={d.id} className={`border-b border-stone-100 ${cardRows.row} ${d.stuck || d.flag ? "bg-amber-50" : ""}`} data-deposit-id={d.id}>
            <Cell label={label(0)} className={`${td} sm:whitespace-nowrap`}>
              {adminTime(d.createdAt)}
            </Cell>
            <Cell label={label(1)} className={`${td} font-mono text-xs break-all`}>
              {d.reference}
            </Cell>
            <Cell label={label(2)} className={`${td} break-all`}>
              {d.investor ?? "–"}
            </Cell>
            <Cell label={label(3)} className={`${td} whitespace-nowrap`}>
              {d.amount}
            </Cell>
            <Cell label={label(4)} className={td}>
              {d.method === "mobile_money" ? `${t("adminPayments.mobileMoney")}${d.network ? ` (${networkLabel(d.network)})` : ""}${d.phone ? ` ${d.phone}` : ""}` : t("adminPayments.cardOrBank")}
            </Cell>
            <Cell label={label(5)} className={`${td} sm:whitespace-nowrap`}>
              {stateWord(t, d.status)}
              {d.stuck ? <StuckMark /> : null}
              {d.status === "PENDING" && d.nextAction ? <span className="block text-xs text-stone-500">{nextActionWord(t, d.nextAction)}</span> : null}
              {d.refundStatus ? <span className="block text-xs text-stone-500">{t("adminPayments.refund", { status: stateWord(t, d.refundStatus) })}</span> : null}
            </Cell>
            <Cell label={label(6)} className={`${td} ${wide}`}>
              {d.flag ? (
                <>
                  <FlagMark>{t("adminPayments.flagged")}</FlagMark> {d.flag}
                  {d.providerAmount ? t("adminPayments.providerAmount", { amount: d.providerAmount }) : ""}
                </>
              ) : null}
              <ResolveForm kind="deposit" id={d.id} reference={d.reference} resolve={d.resolve} />
            </Cell>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

const WITHDRAWAL_COLUMNS = [
  "adminPayments.col.created",
  "adminPayments.col.reference",
  "adminPayments.col.investor",
  "adminPayments.col.amount",
  "adminPayments.col.to",
  "adminPayments.col.status",
  "adminPayments.col.note",
] as const satisfies readonly Column[];

function WithdrawalsTable({ rows }: { rows: NonNullable<PaymentsAdminData["withdrawals"]> }) {
  const t = useT();
  const label = (i: number) => t(WITHDRAWAL_COLUMNS[i]);
  return (
    <TableBox label={t("adminPayments.withdrawalsTable")}>
      <Head columns={WITHDRAWAL_COLUMNS} />
      <tbody className={cardRows.body}>
        {rows.map((w) => (
          <tr key={w.id} className={`border-b border-stone-100 ${cardRows.row} ${w.stuck || w.flag ? "bg-amber-50" : ""}`} data-withdrawal-id={w.id}>
            <Cell label={label(0)} className={`${td} sm:whitespace-nowrap`}>
              {adminTime(w.createdAt)}
            </Cell>
            <Cell label={label(1)} className={`${td} font-mono text-xs break-all`}>
              {w.reference ?? "–"}
            </Cell>
            <Cell label={label(2)} className={`${td} break-all`}>
              {w.investor ?? "–"}
            </Cell>
            <Cell label={label(3)} className={`${td} whitespace-nowrap`}>
              {w.amount}
            </Cell>
            <Cell label={label(4)} className={td}>
              {w.provider} {w.accountNumber}
            </Cell>
            <Cell label={label(5)} className={`${td} sm:whitespace-nowrap`}>
              {stateWord(t, w.status)}
              {w.stuck ? <StuckMark /> : null}
            </Cell>
            <Cell label={label(6)} className={`${td} ${wide}`}>
              {w.flag ? (
                <>
                  <FlagMark>{t("adminPayments.flagged")}</FlagMark> {w.flag}
                </>
              ) : null}
              {w.failureMessage ? <span className="block text-xs text-stone-600">{w.failureMessage}</span> : null}
              <ResolveForm kind="withdrawal" id={w.id} reference={w.reference} resolve={w.resolve} />
            </Cell>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

const EVENT_COLUMNS = [
  "adminPayments.col.received",
  "adminPayments.col.event",
  "adminPayments.col.reference",
  "adminPayments.col.outcome",
  "adminPayments.col.detail",
  "adminPayments.col.deliveries",
  "adminPayments.col.payload",
] as const satisfies readonly Column[];

function EventsTable({ rows }: { rows: NonNullable<PaymentsAdminData["events"]> }) {
  const t = useT();
  const label = (i: number) => t(EVENT_COLUMNS[i]);
  return (
    <TableBox label={t("adminPayments.eventsTable")}>
      <Head columns={EVENT_COLUMNS} />
      <tbody className={cardRows.body}>
        {rows.map((e) => (
          <tr key={e.id} className={`border-b border-stone-100 ${cardRows.row} ${e.problem ? "bg-amber-50" : ""}`} data-event-id={e.id}>
            <Cell label={label(0)} className={`${td} sm:whitespace-nowrap`}>
              {adminTime(e.receivedAt)}
            </Cell>
            <Cell label={label(1)} className={`${td} break-all sm:whitespace-nowrap`}>
              {e.event}
            </Cell>
            <Cell label={label(2)} className={`${td} font-mono text-xs break-all`}>
              {e.reference ?? "–"}
            </Cell>
            <Cell label={label(3)} className={`${td} sm:whitespace-nowrap`}>
              {e.problem ? <FlagMark>{stateWord(t, e.outcome)}</FlagMark> : stateWord(t, e.outcome)}
            </Cell>
            <Cell label={label(4)} className={`${td} ${wide}`}>
              {e.detail}
            </Cell>
            <Cell label={label(5)} className={td}>
              {e.deliveries}
            </Cell>
            <Cell label={label(6)} className={`${td} ${wide}`}>
              <details>
                <summary className="cursor-pointer text-xs">
                  {t("adminPayments.showPayload")}
                  <span className="sr-only">{t("adminPayments.ofEvent", { id: e.id })}</span>
                </summary>
                <pre className="mt-1 max-h-64 max-w-md overflow-auto rounded bg-stone-50 p-2 text-xs whitespace-pre-wrap break-all">{e.payload}</pre>
              </details>
            </Cell>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

/** A status or outcome the page names (a value it does not know stays as it is). */
function stateWord(t: T, value: string): string {
  const id = `adminPayments.state.${value}`;
  return STATES.has(id) ? t(id as "adminPayments.state.PENDING") : value;
}
/** What a pending deposit waits on (its `next_action`), in words. */
function nextActionWord(t: T, value: string): string {
  return NEXT_ACTIONS.has(value) ? t(`adminPayments.nextAction.${value as "redirect"}`) : value;
}
const NEXT_ACTIONS = new Set(["redirect", "approve_on_phone", "enter_otp"]);
const STATES = new Set(Object.values(STATUS_OPTIONS).flatMap((values) => values.map((v) => `adminPayments.state.${v}`)));

export default function AdminPayments() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const { filters: f, total, pageSize } = data;
  const shown = data.deposits ?? data.withdrawals ?? data.events ?? [];
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminPayments.title")}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {t("adminPayments.intro")}{" "}
        <Link to="/admin/payments/reconciliation" className={textLink}>
          {t("adminPayments.reconciliationLink")}
        </Link>
      </p>
      <Attention attention={data.attention} />
      <Filters data={data} />
      <p className="mt-4 text-sm text-stone-700" data-total={total}>
        {total === 0 ? t(`adminPayments.noMatch.${f.list}`) : t(`adminPayments.total.${f.list}`, { count: total, page: pages > 1 ? t("adminPayments.pageOf", { page: f.page, pages }) : "" })}
      </p>
      {shown.length === 0 ? null : data.deposits ? (
        <DepositsTable rows={data.deposits} />
      ) : data.withdrawals ? (
        <WithdrawalsTable rows={data.withdrawals} />
      ) : data.events ? (
        <EventsTable rows={data.events} />
      ) : null}
      {pages > 1 ? (
        <nav aria-label={t("adminPayments.pages")} className="mt-4 flex gap-2">
          {f.page > 1 ? (
            <Link to={`/admin/payments${paymentFiltersQuery(f, f.page - 1)}`} className="btn-secondary" rel="prev">
              {t("adminPayments.previous")}
            </Link>
          ) : null}
          {f.page < pages ? (
            <Link to={`/admin/payments${paymentFiltersQuery(f, f.page + 1)}`} className="btn-secondary" rel="next">
              {t("adminPayments.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
