import { Form, Link } from "@remix-run/react";
import { Fragment } from "react";
import { Cell } from "~/components/stacked-cell";
import { Field, FilterFold, SelectField } from "~/components/forms";
import { FlashMessage, type Flash, type ToastMessage } from "~/components/toast";
import { useAutoFilters } from "~/components/use-auto-filters";
import { formatGhs } from "~/domain/money";
import { useT } from "~/catalog/use-words";
import { productLinks, slots, withElements } from "~/components/rich-text";
import { INVESTMENT_STATUSES } from "~/domain/types";
import { PAGE_SIZES, Q_MAX, SORTS, atAnchor, filterParams, investmentAnchor, portfolioHref, receiptHref, shortDate } from "~/pages/portfolio";
import type { PortfolioData } from "~/pages/portfolio";

/** The filter form is a plain GET form; with JavaScript it applies as the investor changes it. */
function Filters({ data }: { data: PortfolioData }) {
  const { values, errors } = data.filters;
  const { formRef, onChange } = useAutoFilters({ action: "/portfolio", values });
  const t = useT();
  const problem = (p: (typeof errors)["min"]) => (p ? t(`portfolio.filterProblem.${p}`) : undefined);
  return (
    <FilterFold active={filterParams(values).toString() !== "" || Object.keys(errors).length > 0}>
      <Form ref={formRef} method="get" action="/portfolio" onChange={onChange} preventScrollReset className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("portfolio.filters")}>
        <Field className="col-span-2" label={t("portfolio.search")} name="q" type="search" inputMode="numeric" maxLength={Q_MAX} defaultValue={values.q} placeholder={t("portfolio.searchExample")} />
        <SelectField label={t("portfolio.status")} name="status" defaultValue={values.status}>
          <option value="">{t("portfolio.statusFilter.all")}</option>
          {INVESTMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`portfolio.statusFilter.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("portfolio.sort")} name="sort" defaultValue={values.sort}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`portfolio.sort.${s}`)}
            </option>
          ))}
        </SelectField>
        <Field label={t("portfolio.min")} name="min" type="text" inputMode="decimal" maxLength={20} defaultValue={values.min} error={problem(errors.min)} />
        <Field label={t("portfolio.max")} name="max" type="text" inputMode="decimal" maxLength={20} defaultValue={values.max} error={problem(errors.max)} />
        <Field label={t("portfolio.from")} name="from" type="date" defaultValue={values.from} error={problem(errors.from)} />
        <Field label={t("portfolio.to")} name="to" type="date" defaultValue={values.to} error={problem(errors.to)} />
        <SelectField label={t("portfolio.perPage")} name="per" defaultValue={values.per}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <div className="col-span-2 flex items-end gap-2 sm:col-span-3">
          <button type="submit" className="btn-primary">
            {t("portfolio.apply")}
          </button>
          <Link to="/portfolio" className="btn-secondary" preventScrollReset>
            {t("portfolio.clear")}
          </Link>
        </div>
      </Form>
    </FilterFold>
  );
}

const STATUS_TONE: Record<string, string> = { ACTIVE: "bg-green-100 text-green-800", PAID: "bg-stone-200 text-stone-800", EXITED: "bg-amber-100 text-amber-900" };

/** Reinvest where the batch still takes money; otherwise a word on why not (the dialog says it in full). */
function ReinvestAction({ row, base }: { row: PortfolioData["rows"][number]; base: string }) {
  const t = useT();
  if (row.buying === "open") {
    return (
      <Link
        to={atAnchor(portfolioHref(base, { dialog: "reinvest", id: row.id }), investmentAnchor(row.id))}
        preventScrollReset
        className="btn-secondary mr-2 max-sm:mr-0"
        aria-label={t("portfolio.reinvestInto", { batchId: row.batchId })}
      >
        {t("portfolio.reinvest")}
      </Link>
    );
  }
  return <span className="mr-3 text-xs text-stone-500 max-sm:mr-0">{row.buying === "sold-out" ? t("portfolio.soldOut") : t("portfolio.closedToNewMoney")}</span>;
}

export function PortfolioInvestments({ data, flash }: { data: PortfolioData; onNote: (note: ToastMessage) => void; flash: Flash | null }) {
  const { rows, paging, base, investmentCount } = data;
  const pageHref = (page: number) => portfolioHref(base, { page: page > 1 ? page : null });
  const t = useT();
  const columns = [
    t("portfolio.col.id"),
    t("portfolio.col.batch"),
    t("portfolio.col.units"),
    t("portfolio.col.amount"),
    t("portfolio.col.status"),
    t("portfolio.col.created"),
    t("portfolio.col.actions"),
  ];
  return (
    <div className="mt-6">
      <h2 className="text-lg font-semibold">{t("portfolio.investments")}</h2>
      <Filters data={data} />
      {rows.length > 0 ? <p className="mt-2 text-xs text-stone-600">{t("explain.reinvest")}</p> : null}
      <div className="card mt-3 p-0">
        {rows.length === 0 ? (
          <p className="p-4 text-sm text-stone-600">
            {investmentCount === 0 ? (
              withElements(t("portfolio.noInvestments", slots("eggs", "chicken")), productLinks(t))
            ) : (
              <>
                {t("portfolio.noMatch")}{" "}
                <Link to="/portfolio" className="underline">
                  {t("portfolio.clear")}
                </Link>
              </>
            )}
          </p>
        ) : (
          // Below 640 px each row becomes a small card (labels from data-label), so Details and
          // Reinvest are in view; wider screens get the table, which scrolls inside its own box.
          <div className="overflow-x-auto" role="region" aria-label={t("portfolio.table")} tabIndex={0}>
            <table className="w-full text-left text-sm max-sm:block sm:min-w-[36rem]">
              <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase max-sm:sr-only">
                <tr>
                  {columns.map((h) => (
                    <th key={h} scope="col" className="px-3 py-2">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {rows.map((r) => (
                  <Fragment key={r.id}>
                    {/* The id is where this row's dialogs and their actions return to (no JavaScript needed). */}
                    <tr
                      id={investmentAnchor(r.id)}
                      data-investment-id={r.id}
                      className="scroll-mt-20 border-b border-stone-100 last:border-0 max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-2 max-sm:px-3 max-sm:py-2"
                    >
                      <Cell label={t("portfolio.col.id")} className="font-medium">
                        #{r.id}
                      </Cell>
                      <Cell label={t("portfolio.col.batch")}>
                        #{r.batchId} <span className="text-xs text-stone-500">{t(`portfolio.product.${r.productType}`)}</span>
                      </Cell>
                      {/* After an early exit the row shows what is still held (at cost), then what left. */}
                      <Cell label={t("portfolio.col.units")}>
                        {r.unitsHeld.toLocaleString("en-GH")}
                        {r.unitsExited > 0 ? (
                          <span className="block text-xs text-stone-500">{t("portfolio.unitsExited", { units: { number: r.units }, exited: { number: r.unitsExited } })}</span>
                        ) : null}
                      </Cell>
                      <Cell label={t("portfolio.col.amount")} className="whitespace-nowrap">
                        {formatGhs(r.heldMinor)}
                        {r.unitsExited > 0 ? <span className="block text-xs text-stone-500">{t("portfolio.amountExited", { amount: formatGhs(r.exitedMinor) })}</span> : null}
                      </Cell>
                      <Cell label={t("portfolio.col.status")}>
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[r.status] ?? ""}`}>{t(`portfolio.investmentStatus.${r.status}`)}</span>
                      </Cell>
                      <Cell label={t("portfolio.col.created")} className="whitespace-nowrap">
                        {shortDate(r.createdAt)}
                      </Cell>
                      {/* On a phone the actions wrap onto a second line rather than leave the card (a Twi word is longer). */}
                      <td className="px-3 py-2 whitespace-nowrap max-sm:col-span-3 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-2 max-sm:px-0 max-sm:whitespace-normal">
                        <Link
                          to={atAnchor(portfolioHref(base, { dialog: "details", id: r.id }), investmentAnchor(r.id))}
                          preventScrollReset
                          className="btn-secondary mr-2 max-sm:mr-0"
                          aria-label={t("portfolio.detailsOf", { id: r.id })}
                        >
                          {t("portfolio.details")}
                        </Link>
                        <ReinvestAction row={r} base={base} />
                        <Link to={receiptHref(r.id)} className="btn-secondary ml-2 max-sm:ml-0" aria-label={t("portfolio.receiptFor", { id: r.id })}>
                          {t("portfolio.receipt")}
                        </Link>
                      </td>
                    </tr>
                    {flash?.anchor === investmentAnchor(r.id) ? (
                      <tr className="max-sm:block">
                        <td colSpan={7} className="px-3 pb-2 max-sm:block">
                          <FlashMessage flash={flash} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <nav className="mt-3 flex items-center justify-between gap-2" aria-label={t("portfolio.pages")}>
        {paging.hasPrev ? (
          <Link to={pageHref(paging.page - 1)} className="btn-secondary" preventScrollReset>
            {t("portfolio.prev")}
          </Link>
        ) : (
          <span className="btn-secondary opacity-50" aria-disabled="true">
            {t("portfolio.prev")}
          </span>
        )}
        <span className="text-sm text-stone-700" data-testid="page-label">
          {t("portfolio.pageOf", { page: paging.page, pageCount: paging.pageCount })}
        </span>
        {paging.hasNext ? (
          <Link to={pageHref(paging.page + 1)} className="btn-secondary" preventScrollReset>
            {t("portfolio.next")}
          </Link>
        ) : (
          <span className="btn-secondary opacity-50" aria-disabled="true">
            {t("portfolio.next")}
          </span>
        )}
      </nav>
    </div>
  );
}
