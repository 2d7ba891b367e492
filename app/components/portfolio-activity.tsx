import { Form, Link } from "@remix-run/react";
import { Cell } from "~/components/stacked-cell";
import { FlashMessage, type Flash, type ToastMessage } from "~/components/toast";
import { formatGhs } from "~/domain/money";
import { EXITS_ANCHOR, NOTICES_ANCHOR, dateTime, entryKindWord, noticesHref, portfolioHref, shortDate } from "~/pages/portfolio";
import { MarkNoticesRead, NoticeList } from "~/components/notice-list";
import { PAYMENTS_ANCHOR, statementLineAnchor } from "~/pages/payments";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";
import type { PortfolioData } from "~/pages/portfolio";

/** Open early-exit offers (cancellable), in-app notifications and the wallet statement. */
export function PortfolioActivity({ data, onNote, flash }: { data: PortfolioData; onNote: (note: ToastMessage) => void; flash: Flash | null }) {
  const { exits, notices, statement, base, idempotencyKey } = data;
  const sp = statement.paging;
  const statementHref = (page: number) => portfolioHref(base, { spage: page > 1 ? page : null });
  const t = useT();
  const columns = [t("portfolio.col.date"), t("portfolio.col.kind"), t("portfolio.col.amount"), t("portfolio.col.balanceAfter")];
  return (
    <div className="mt-8 grid grid-cols-1 gap-4 lg:grid-cols-2">
      <PaymentsInProgress data={data} flash={flash} />
      <section id={EXITS_ANCHOR} className="card scroll-mt-20" aria-labelledby="exits-title">
        <h2 id="exits-title" className="font-semibold">
          {t("portfolio.exits")}
        </h2>
        {flash?.anchor === EXITS_ANCHOR ? <FlashMessage flash={flash} className="mt-2" /> : null}
        {exits.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("portfolio.noExits")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100">
            {exits.map((x) => (
              <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {withElements(t("portfolio.exitWaiting", { ...slots("batch"), remaining: { number: x.unitsRemaining }, units: { number: x.units } }), {
                    batch: <strong>{t("portfolio.batchNo", { batchId: x.batchId })}</strong>,
                  })}
                  <span className="block text-xs text-stone-500">{t("portfolio.exitDetail", { id: x.id, fee: (x.feeRate * 100).toFixed(1), date: { date: shortDate(x.createdAt) } })}</span>
                </span>
                <Form method="post" action={portfolioHref(base)} preventScrollReset>
                  <input type="hidden" name="intent" value="cancel_exit" />
                  <input type="hidden" name="exit_id" value={x.id} />
                  <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-exit-${x.id}`} />
                  <button type="submit" className="btn-secondary" aria-label={t("portfolio.cancelExit", { id: x.id })}>
                    {t("portfolio.cancel")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id={NOTICES_ANCHOR} className="card scroll-mt-20" aria-labelledby="notes-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="notes-title" className="font-semibold">
            {t("portfolio.notifications")}
            {notices.unread > 0 ? <span className="ml-2 text-sm font-normal text-stone-600">{t("portfolio.noticesUnread", { count: notices.unread })}</span> : null}
          </h2>
          {notices.unread > 0 && notices.list.length > 0 ? <MarkNoticesRead action={portfolioHref(base)} upTo={notices.list[0].id} idempotencyKey={idempotencyKey} /> : null}
        </div>
        {flash?.anchor === NOTICES_ANCHOR ? <FlashMessage flash={flash} className="mt-2" /> : null}
        {notices.list.length === 0 ? <p className="mt-2 text-sm text-stone-600">{t("portfolio.noNotifications")}</p> : <NoticeList notices={notices.list} />}
        {notices.olderBefore !== null ? (
          <p className="mt-3 text-sm">
            <Link to={noticesHref(notices.olderBefore)} className="font-semibold text-leaf-700 underline">
              {t("portfolio.olderNotices")}
            </Link>
          </p>
        ) : null}
      </section>

      <section className="card p-0 lg:col-span-2" aria-labelledby="statement-title">
        <div className="flex flex-wrap items-center justify-between gap-2 p-4 pb-2">
          <h2 id="statement-title" className="font-semibold">
            {t("portfolio.statement")}
          </h2>
          <span className="flex flex-wrap gap-x-3">
            {sp.total > 0 ? (
              <a href="/portfolio/statement.csv" className="text-sm font-semibold text-leaf-700 underline" onClick={() => onNote({ kind: "success", message: t("portfolio.csvExported") })}>
                {t("portfolio.downloadStatement")}
              </a>
            ) : null}
            <a href="/portfolio/statements" className="text-sm font-semibold text-leaf-700 underline">
              {t("portfolio.taxStatements")}
            </a>
          </span>
        </div>
        {sp.total === 0 ? (
          <p className="px-4 pb-4 text-sm text-stone-600">{t("portfolio.noMovements")}</p>
        ) : (
          <>
            <div className="overflow-x-auto" role="region" aria-label={t("portfolio.statementTable")} tabIndex={0}>
              <table className="w-full text-left text-sm max-sm:block sm:min-w-[32rem]">
                <thead className="border-y border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase max-sm:sr-only">
                  <tr>
                    {columns.map((h) => (
                      <th key={h} scope="col" className="px-3 py-2">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="max-sm:block max-sm:border-t max-sm:border-stone-200">
                  {statement.lines.map((l) => (
                    <tr
                      key={l.entryId}
                      id={statementLineAnchor(l.entryId)}
                      className="scroll-mt-20 border-b border-stone-100 last:border-0 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-2 max-sm:px-4 max-sm:py-2"
                    >
                      <Cell label={t("portfolio.col.date")} className="whitespace-nowrap">
                        {dateTime(l.date)}
                      </Cell>
                      <Cell label={t("portfolio.col.kind")}>
                        {entryKindWord(t, l.kind)}
                        <span className="block text-xs text-stone-500">{l.memo}</span>
                      </Cell>
                      <Cell label={t("portfolio.col.amount")} className={`whitespace-nowrap ${l.amountMinor < 0 ? "text-red-700" : "text-green-800"}`}>
                        {formatGhs(l.amountMinor)}
                      </Cell>
                      <Cell label={t("portfolio.col.balanceAfter")} className="whitespace-nowrap">
                        {formatGhs(l.balanceAfterMinor)}
                      </Cell>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {sp.pageCount > 1 ? (
              <nav className="flex items-center justify-between gap-2 p-3" aria-label={t("portfolio.statementPages")}>
                {sp.hasPrev ? (
                  <Link to={statementHref(sp.page - 1)} className="btn-secondary" preventScrollReset>
                    {t("portfolio.newer")}
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-sm text-stone-700">{t("portfolio.statementPageOf", { page: sp.page, pageCount: sp.pageCount })}</span>
                {sp.hasNext ? (
                  <Link to={statementHref(sp.page + 1)} className="btn-secondary" preventScrollReset>
                    {t("portfolio.older")}
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

/** Deposits and withdrawals on their way, or that ended badly this week; shown only when there are some. */
function PaymentsInProgress({ data, flash }: { data: PortfolioData; flash: Flash | null }) {
  const { deposits, withdrawals } = data.payments;
  const t = useT();
  if (deposits.length === 0 && withdrawals.length === 0) return flash?.anchor === PAYMENTS_ANCHOR ? <FlashMessage flash={flash} className="lg:col-span-2" /> : null;
  const pending = deposits.some((d) => d.status === "PENDING") || withdrawals.some((w) => w.status === "PENDING");
  return (
    <section id={PAYMENTS_ANCHOR} className="card scroll-mt-20 lg:col-span-2" aria-labelledby="payments-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payments-title" className="font-semibold">
          {t("portfolio.payments")}
        </h2>
        {pending ? (
          <Link to={`${portfolioHref(data.base)}#${PAYMENTS_ANCHOR}`} className="text-sm font-semibold text-leaf-700 underline">
            {t("portfolio.checkAgain")}
          </Link>
        ) : null}
      </div>
      {flash?.anchor === PAYMENTS_ANCHOR ? <FlashMessage flash={flash} className="mt-2" /> : null}
      <ul className="mt-2 divide-y divide-stone-100 text-sm">
        {deposits.map((d) => (
          <li key={`d${d.id}`} className="py-2" data-testid="payment-deposit">
            <Link to={d.href} className="font-semibold text-leaf-700 underline">
              {t("portfolio.depositOf", { amount: formatGhs(d.amountMinor) })}
            </Link>
            : <StatusChip status={d.status} />
            <span className="block text-stone-600">{d.message}</span>
            <span className="block text-xs text-stone-500">{dateTime(d.createdAt)}</span>
          </li>
        ))}
        {withdrawals.map((w) => (
          <li key={`w${w.id}`} className="py-2" data-testid="payment-withdrawal">
            {withElements(w.to === null ? t("portfolio.withdrawalPlain", slots("withdrawal", "status")) : t("portfolio.withdrawalTo", { ...slots("withdrawal", "status"), to: w.to }), {
              withdrawal: <strong>{t("portfolio.withdrawalOf", { amount: formatGhs(w.amountMinor) })}</strong>,
              status: <StatusChip status={w.status} />,
            })}
            <span className="block text-stone-600">{w.message}</span>
            <span className="block text-xs text-stone-500">{dateTime(w.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const PAYMENT_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "ABANDONED", "REFUNDED", "REVERSED"] as const;

export function StatusChip({ status }: { status: string }) {
  const t = useT();
  const tone = status === "SUCCEEDED" ? "bg-green-100 text-green-800" : status === "PENDING" ? "bg-amber-100 text-amber-900" : "bg-red-100 text-red-800";
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${tone}`}>
      {(PAYMENT_STATUSES as readonly string[]).includes(status) ? t(`accountStatus.payment.${status as (typeof PAYMENT_STATUSES)[number]}`) : status}
    </span>
  );
}
