import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { SelectField, Field, FilterFold, FormError } from "~/components/forms";
import { InvestCard, SkeletonCard } from "~/components/invest-card";
import { InvestDialogs, type InvestActionResult } from "~/components/invest-dialogs";
import { useAutoFilters } from "~/components/use-auto-filters";
import { StatCard } from "~/components/stat-card";
import { FlashMessage, useFlash, type Flash } from "~/components/toast";
import { batchAnchor, calculate, CALC_STEP, listHref, listParams, PAGE_PATH, parseListQuery, payoutTable, percent, Q_MAX, SORT_OPTIONS, STATUS_OPTIONS, type CalcResult } from "~/pages/invest-list";
import { BeforeTax, TaxExplained, taxPercent } from "~/components/after-tax";
import { formatGhs } from "~/domain/money";
import type { investPageLoader } from "~/pages/invest.server";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";

export type InvestPageData = Awaited<ReturnType<typeof investPageLoader>>;

/** A GET form over the URL; with JavaScript it applies as the investor changes it. */
function Filters({ data }: { data: InvestPageData }) {
  const t = useT();
  const { type, query } = data;
  const path = PAGE_PATH[type];
  const { formRef, onChange } = useAutoFilters({ action: path, values: query, keep: (k, v) => v !== "" && !(k === "sort" && v === "recommended") });
  return (
    <FilterFold active={listParams(query).toString() !== ""}>
      <Form ref={formRef} method="get" action={path} onChange={onChange} preventScrollReset className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("invest.filters")}>
        <Field className="col-span-2" label={t("invest.filters.search")} name="q" type="search" maxLength={Q_MAX} defaultValue={query.q} placeholder={t("invest.filters.searchHint")} />
        <SelectField label={t("invest.filters.status")} name="status" defaultValue={query.status}>
          {STATUS_OPTIONS[type].map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("invest.filters.sort")} name="sort" defaultValue={query.sort}>
          {SORT_OPTIONS[type].map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </SelectField>
        <div className="col-span-2 flex gap-2 sm:col-span-4">
          <button type="submit" className="btn-primary">
            {t("invest.filters.apply")}
          </button>
          <Link to={path} className="btn-secondary" preventScrollReset>
            {t("invest.filters.clear")}
          </Link>
        </div>
      </Form>
    </FilterFold>
  );
}

/** The grid; while a client-side navigation loads the list, six skeleton cards. */
function Grid({ data, flash }: { data: InvestPageData; flash: Flash | null }) {
  const t = useT();
  const navigation = useNavigation();
  const { type, query } = data;
  const target = navigation.location;
  // Only a change of search, filter or sort reloads the list (not opening or closing a dialog).
  const next =
    target && navigation.state === "loading" && target.pathname === PAGE_PATH[type] && navigation.formMethod?.toUpperCase() !== "POST"
      ? parseListQuery(type, new URLSearchParams(target.search))
      : null;
  const reloadingList = next !== null && (next.q !== query.q || next.status !== query.status || next.sort !== query.sort);
  if (reloadingList) {
    return (
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t("invest.loading")}>
        {Array.from({ length: 6 }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </ul>
    );
  }
  if (data.cards.length === 0) {
    return (
      <p className="card mt-4 text-stone-700" data-testid="empty-state">
        {t(`invest.empty.${type}`)}{" "}
        <Link to={PAGE_PATH[type]} className="font-semibold text-leaf-700 underline">
          {t("invest.clearFilters")}
        </Link>
      </p>
    );
  }
  return (
    <>
      <h2 className="sr-only">{t("invest.batches")}</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("invest.batches")} data-testid="batch-grid">
        {data.cards.map((card) => (
          <InvestCard
            key={card.id}
            card={card}
            investHref={listHref(type, query, { dialog: "invest", batch: card.id }, card.id)}
            exitHref={type === "EGG" && !card.exitWhy ? listHref(type, query, { dialog: "exit", batch: card.id }, card.id) : null}
            flash={flash?.anchor === batchAnchor(card.id) ? flash : null}
          />
        ))}
      </ul>
    </>
  );
}

/** A GET form the server answers; with JavaScript the figures follow the inputs as the investor types. */
function Calculator({ data }: { data: InvestPageData }) {
  const t = useT();
  const calc = data.calculator;
  const [typed, setTyped] = useState<{ amount: string; batchId: number | null } | null>(null);
  if (!calc) return null;
  const chosen = typed ? (calc.choices.find((c) => c.id === typed.batchId) ?? null) : null;
  const result = typed ? calculate(typed.amount, chosen, calc.taxRate) : calc.result;
  const farm = (chosen ?? calc.choices.find((c) => c.id === calc.batchId))?.farm;
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    setTyped({ amount: String(form.get("amount") ?? ""), batchId: Number(form.get("calc_batch")) || null });
  };
  return (
    <>
      <section id="calculator" className="card scroll-mt-20" aria-labelledby="calculator-heading">
        <h2 id="calculator-heading" className="text-lg font-bold">
          {t("invest.calc.title")}
        </h2>
        <form method="get" action={`${PAGE_PATH.EGG}#calculator`} className="mt-3 space-y-3" onChange={onChange}>
          {data.query.q ? <input type="hidden" name="q" value={data.query.q} /> : null}
          {data.query.status ? <input type="hidden" name="status" value={data.query.status} /> : null}
          {data.query.sort !== "recommended" ? <input type="hidden" name="sort" value={data.query.sort} /> : null}
          <SelectField label={t("invest.calc.batch")} name="calc_batch" defaultValue={calc.batchId ?? ""} hint={farm}>
            {calc.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <Field label={t("invest.calc.amount")} name="amount" type="number" inputMode="decimal" min={0} step={CALC_STEP} defaultValue={calc.amount} error={result.error ? t(result.error) : null} />
          <button type="submit" className="btn-secondary w-full">
            {t("invest.calc.submit")}
          </button>
        </form>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm" data-testid="calculator-result">
          <div>
            <dt className="text-xs text-stone-500">{t("invest.calc.units")}</dt>
            <dd className="font-semibold" data-testid="calc-units">
              {result.units.toLocaleString("en-GH")}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-stone-500">{t("invest.calc.cost")}</dt>
            <dd className="font-semibold">{formatGhs(result.costMinor)}</dd>
          </div>
          {/* After withholding tax; the gross and the tax one tap away. */}
          <div>
            <dt className="text-xs text-stone-500">{t("invest.calc.monthly")}</dt>
            <dd className="font-semibold">
              {formatGhs(result.monthly.netMinor)} <span className="text-xs font-normal text-stone-600">{t("money.afterTax")}</span>
              <BeforeTax figure={result.monthly} rate={calc.taxRate} className="font-normal" />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-stone-500">{t("invest.calc.annual")}</dt>
            <dd className="font-semibold">
              {formatGhs(result.annual.netMinor)} <span className="text-xs font-normal text-stone-600">{t("money.afterTax")}</span>
              <BeforeTax figure={result.annual} rate={calc.taxRate} className="font-normal" />
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-stone-500">{t("invest.calc.note")}</p>
      </section>
      <PayoutTable result={result} batchId={typed ? (chosen?.id ?? null) : calc.batchId} taxRate={calc.taxRate} />
    </>
  );
}

/** The 12 months of income the calculator's answer gives, after tax: the same figures, month by month. */
function PayoutTable({ result, batchId, taxRate }: { result: CalcResult; batchId: number | null; taxRate: number }) {
  const t = useT();
  const rows = payoutTable(result);
  return (
    <section className="card" aria-labelledby="payout-table-heading" data-testid="payout-table">
      <h2 id="payout-table-heading" className="text-lg font-bold">
        {t("invest.table.title")} <span className="rounded-full bg-stone-200 px-2 py-0.5 align-middle text-xs font-semibold text-stone-700">{t("invest.table.illustrative")}</span>
      </h2>
      <p className="mt-1 text-xs text-stone-500">
        {rows.length > 0 && batchId !== null ? t("invest.table.note", { count: result.units, units: { number: result.units }, batchId, rate: taxPercent(taxRate) }) : t("invest.table.empty")}
      </p>
      {rows.length > 0 ? (
        <table className="mt-2 w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-1">
                {t("invest.table.month")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("invest.table.payout")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("invest.table.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.month} className="border-b border-stone-100 last:border-0">
                <td className="py-1">{t("invest.table.monthN", { month: r.month })}</td>
                <td className="py-1 text-right">{formatGhs(r.netMinor)}</td>
                <td className="py-1 text-right">{formatGhs(r.totalMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

const ACTIVITY = [
  ["invest.activity.placed", "invest.activity.placedWhen"],
  ["invest.activity.harvest", "invest.activity.harvestWhen"],
  ["invest.activity.vet", "invest.activity.vetWhen"],
  ["invest.activity.opened", "invest.activity.openedWhen"],
] as const;

const CHECKLIST = ["invest.checklist.capital", "invest.checklist.locked", "invest.checklist.check", "invest.checklist.money", "invest.checklist.read"] as const;

function ChickenExtras() {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section className="card" aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="text-lg font-bold">
          {t("invest.activity.title")}
        </h2>
        <p className="text-xs text-stone-500">{t("invest.activity.note")}</p>
        <ul className="mt-2 space-y-2 text-sm">
          {ACTIVITY.map(([what, when]) => (
            <li key={what} className="flex justify-between gap-3">
              <span>{t(what)}</span>
              <span className="shrink-0 text-xs text-stone-500">{t(when)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="checklist-heading">
        <h2 id="checklist-heading" className="text-lg font-bold">
          {t("invest.checklist.title")}
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {CHECKLIST.map((c) => (
            <li key={c} className="flex gap-2">
              <span aria-hidden="true">☐</span>
              <span>{t(c)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm">
          <Link to="/risk" className="font-semibold text-leaf-700 underline">
            {t("invest.riskDisclosure")}
          </Link>{" "}
          ·{" "}
          <Link to="/terms" className="font-semibold text-leaf-700 underline">
            {t("invest.terms")}
          </Link>
        </p>
      </section>
    </div>
  );
}

export function InvestPage() {
  const t = useT();
  const data = useLoaderData<InvestPageData>() as InvestPageData;
  const result = useActionData() as InvestActionResult;
  const isEgg = data.type === "EGG";
  // The routes say `handle.placesFlash`: a message whose redirect returned to a card is shown on that card.
  const flash = useFlash();
  const onCard = flash?.anchor ? data.cards.some((c) => !c.demo && batchAnchor(c.id) === flash.anchor) : false;
  return (
    <section className="container-page py-6 sm:py-10">
      {flash?.anchor && !onCard ? <FlashMessage flash={flash} className="mb-4" /> : null}
      <h1 className="text-2xl font-bold sm:text-3xl">{t(`invest.title.${data.type}`)}</h1>
      <p className="mt-1 text-stone-700">{t(`invest.intro.${data.type}`)}</p>
      <TaxExplained rate={data.taxRate} className="mt-1 text-sm text-stone-600" />
      {!isEgg ? (
        <p className="mt-1 text-sm">
          <Link to="/how-it-works" className="font-semibold text-leaf-700 underline">
            {t("invest.howItWorks")}
          </Link>{" "}
          ·{" "}
          <Link to="/faq" className="font-semibold text-leaf-700 underline">
            {t("invest.faq")}
          </Link>
        </p>
      ) : null}
      {data.summary ? (
        <div className="mt-4 grid grid-cols-3 gap-3" aria-label={t("invest.summary")}>
          <StatCard value={data.summary.count} label={t("invest.summary.batches")} />
          <StatCard value={percent(data.summary.averageRoi)} label={t("invest.summary.averageRoi")} />
          <StatCard value={data.summary.totalTargetUnits.toLocaleString("en-GH")} label={t("invest.summary.targetUnits")} />
        </div>
      ) : null}
      {data.demoNotice ? (
        <div className="mt-4" data-testid="demo-notice">
          <FormError message={data.demoNotice} />
        </div>
      ) : null}
      {!data.loggedIn ? (
        <p className="mt-3 text-sm text-stone-600">
          {withElements(t("invest.browse", slots("link")), {
            link: (
              <Link to={`/login?${new URLSearchParams({ redirectTo: listHref(data.type, data.query) })}`} className="underline">
                {t("invest.browse.logIn")}
              </Link>
            ),
          })}
        </p>
      ) : null}
      <Filters data={data} />
      <Grid data={data} flash={onCard ? flash : null} />
      {isEgg ? (
        <div className="mt-8 grid gap-4 lg:grid-cols-2">
          <Calculator data={data} />
        </div>
      ) : null}
      {!isEgg ? (
        <div className="mt-8">
          <ChickenExtras />
        </div>
      ) : null}
      <InvestDialogs dialog={data.dialog} isEgg={isEgg} result={result} />
    </section>
  );
}
