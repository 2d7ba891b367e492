import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "~/components/forms";
import type { ActionResult } from "~/components/portfolio-dialogs";
import { FlashMessage, type Flash, type ToastMessage } from "~/components/toast";
import { formatGhs } from "~/domain/money";
import { useT } from "~/catalog/use-words";
import { BeforeTax } from "~/components/after-tax";
import { slots, withElements } from "~/components/rich-text";
import { autoReinvestAnchor, dateTime, portfolioHref, rolloverText } from "~/pages/portfolio";
import type { PortfolioData } from "~/pages/portfolio";

const PRODUCT = { EGG: "portfolio.product.EGG", CHICKEN: "portfolio.product.CHICKEN" } as const;

function Total({ label, testId, minor, children }: { label: string; testId: string; minor: number; children?: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="text-lg font-bold whitespace-nowrap" data-testid={testId}>
        {formatGhs(minor)}
      </dd>
      {children}
    </div>
  );
}

/**
 * Title, Refresh and Export, the three cards (the last with each active holding's auto-reinvest
 * switch), the totals and next payouts, and the chart of the last 12 investments.
 */
export function PortfolioSummary({
  data,
  onNote,
  flash,
  result,
  status,
}: {
  data: PortfolioData;
  onNote: (note: ToastMessage) => void;
  flash: Flash | null;
  result?: ActionResult;
  /** The account's state (contacts, identity tier), between the title and the cards. */
  status?: ReactNode;
}) {
  const { wallet, investmentCount, autoReinvest, rollovers, totals, nextPayouts, taxRate, chartSvg, base, exportHref, matchingCount, idempotencyKey } = data;
  // A switch the server refused: its message beside that holding (or above the list when it is not one of them).
  const refused = result && !result.ok && result.values.intent === "auto_reinvest" ? { id: Number(result.values.investment_id), message: result.errors.form ?? Object.values(result.errors)[0] } : null;
  const refusedHere = refused !== null && rollovers.some((h) => h.id === refused.id);
  const t = useT();
  const product = (type: keyof typeof PRODUCT) => ({ msg: PRODUCT[type] });
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("portfolio.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={portfolioHref(base)} className="btn-secondary" preventScrollReset>
            {t("portfolio.refresh")}
          </Link>
          <a
            href={exportHref}
            className="btn-secondary"
            onClick={(event) => {
              if (matchingCount === 0) {
                event.preventDefault();
                onNote({ kind: "error", message: t("portfolio.noRecords") });
              } else onNote({ kind: "success", message: t("portfolio.csvExported") });
            }}
          >
            {t("portfolio.export")}
          </a>
        </div>
      </div>
      {status ? <div className="mt-4">{status}</div> : null}

      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="card">
          <h2 className="text-sm font-medium text-stone-600">{t("portfolio.walletBalance")}</h2>
          <p className="mt-1 text-2xl font-bold" data-testid="wallet-balance">
            {formatGhs(wallet.balanceMinor)}
          </p>
          <p className="mt-1 text-xs text-stone-500">{wallet.updatedAt ? t("portfolio.updated", { when: dateTime(wallet.updatedAt) }) : t("portfolio.updatedNever")}</p>
        </div>
        <div className="card">
          <h2 className="text-sm font-medium text-stone-600">{t("portfolio.investments")}</h2>
          <p className="mt-1 text-2xl font-bold" data-testid="investment-count">
            {investmentCount.toLocaleString("en-GH")}
          </p>
          <p className="mt-1 text-xs text-stone-500">{t("portfolio.allTime")}</p>
        </div>
        <div className="card">
          <h2 className="text-sm font-medium text-stone-600">{t("portfolio.autoReinvest")}</h2>
          <p className="mt-1 text-2xl font-bold" data-testid="auto-reinvest">
            {autoReinvest ? t("portfolio.on") : t("portfolio.off")}
          </p>
          <p className="mt-1 text-xs text-stone-500">
            {rollovers.length === 0 ? t("portfolio.noActiveHoldings") : t("portfolio.rollingOver", { on: rollovers.filter((r) => r.autoReinvest).length, count: rollovers.length })}
          </p>
          <div className="mt-3 flex gap-2">
            <Link to={portfolioHref(base, { dialog: "deposit" })} className="btn-primary flex-1" preventScrollReset>
              {t("portfolio.deposit")}
            </Link>
            <Link to={portfolioHref(base, { dialog: "withdraw" })} className="btn-secondary flex-1" preventScrollReset>
              {t("portfolio.withdraw")}
            </Link>
          </div>
          {refused && !refusedHere ? (
            <div className="mt-3">
              <FormError message={refused.message} />
            </div>
          ) : null}
          {rollovers.length > 0 ? (
            <ul className="mt-3 divide-y divide-stone-100 border-t border-stone-100" aria-label={t("portfolio.autoByHolding")}>
              {rollovers.map((h) => (
                // Each holding has its own switch (a plain form); its answer returns here (#auto-<id>).
                <li key={h.id} id={autoReinvestAnchor(h.id)} className="scroll-mt-20 py-2 text-sm" data-rollover={h.autoReinvest ? "on" : "off"}>
                  {flash?.anchor === autoReinvestAnchor(h.id) ? <FlashMessage flash={flash} className="mb-2" /> : null}
                  {refusedHere && refused.id === h.id ? (
                    <div className="mb-2">
                      <FormError message={refused.message} />
                    </div>
                  ) : null}
                  <div className="flex items-start justify-between gap-2">
                    <span className="min-w-0">
                      {t("portfolio.rolloverLine", { batchId: h.batchId, product: product(h.productType), rollover: { msg: rolloverText(h.productType, h.autoReinvest) } })}
                      <span className="block text-xs text-stone-500">{t("portfolio.investmentNo", { id: h.id })}</span>
                    </span>
                    <Form method="post" action={portfolioHref(base)} preventScrollReset className="shrink-0">
                      <input type="hidden" name="intent" value="auto_reinvest" />
                      <input type="hidden" name="investment_id" value={h.id} />
                      <input type="hidden" name="auto_reinvest" value={h.autoReinvest ? "off" : "on"} />
                      <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-auto-${h.id}`} />
                      <button type="submit" className="btn-secondary px-3 py-1 text-xs" aria-label={t(h.autoReinvest ? "portfolio.turnOffFor" : "portfolio.turnOnFor", { id: h.id })}>
                        {h.autoReinvest ? t("portfolio.turnOff") : t("portfolio.turnOn")}
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>

      <section className="card mt-4" aria-labelledby="totals-title">
        <h2 id="totals-title" className="font-semibold">
          {t("portfolio.totals")}
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Total label={t("portfolio.totalInvested")} testId="total-invested" minor={totals.investedMinor} />
          <Total label={t("portfolio.totalIncome")} testId="total-income" minor={totals.incomeMinor}>
            {/* What reached the wallet; the tax withheld from it beside it. */}
            <dd className="text-xs text-stone-600">
              {withElements(t("portfolio.incomeAfterTax", slots("tax")), { tax: <span data-testid="total-income-tax">{formatGhs(totals.incomeTaxMinor)}</span> })}
            </dd>
          </Total>
          <Total label={t("portfolio.totalPrincipal")} testId="total-principal" minor={totals.principalReturnedMinor} />
          <Total label={t("portfolio.totalFees")} testId="total-fees" minor={totals.feesMinor} />
        </dl>
        <h3 className="mt-4 text-sm font-semibold">{t("portfolio.nextPayouts")}</h3>
        {nextPayouts.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">{t("portfolio.nothingDue")}</p>
        ) : (
          <ul className="mt-1 divide-y divide-stone-100" aria-label={t("portfolio.nextPayoutsLabel")}>
            {nextPayouts.map((p) => (
              <li key={p.id} data-next-payout={p.id} className="flex flex-wrap items-start justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  {t("portfolio.nextPayoutLine", { batchId: p.batchId, product: product(p.productType), id: p.id })}
                  <span className="block text-xs text-stone-600">
                    {p.kind === "MONTHLY"
                      ? t("portfolio.incomeDue", { period: p.period ?? "", date: { date: p.date ?? "" } })
                      : p.kind === "HARVEST"
                        ? t("portfolio.harvestDue", { date: { date: p.date ?? "" } })
                        : t("portfolio.startsWhenActive")}
                  </span>
                  {p.overdueDays > 0 ? (
                    <>
                      <span className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t("portfolio.overdue", { count: p.overdueDays })}</span>
                      <span className="block text-xs text-stone-600" data-testid="overdue-explain">
                        {t("explain.overdue")}
                      </span>
                    </>
                  ) : null}
                </span>
                <span className="shrink-0 text-right">
                  <strong className="whitespace-nowrap" data-expected-net>
                    {formatGhs(p.expected.netMinor)}
                  </strong>
                  <span className="block text-xs text-stone-600">{t("money.afterTax")}</span>
                </span>
                {/* Its own line, under both: the gross and the tax one tap away. */}
                <BeforeTax figure={p.expected} rate={taxRate} className="w-full" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="card mt-4">
        <h2 className="font-semibold">{t("portfolio.chartTitle")}</h2>
        <p className="text-xs text-stone-500">{t("portfolio.chartNote")}</p>
        {chartSvg ? (
          <div className="mt-2 [&_svg]:block [&_svg]:h-auto [&_svg]:w-full [&_svg]:max-w-full" dangerouslySetInnerHTML={{ __html: chartSvg }} />
        ) : (
          <p className="mt-2 text-sm text-stone-600">{t("portfolio.chartEmpty")}</p>
        )}
      </div>
    </>
  );
}
