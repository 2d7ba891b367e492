import type { MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

import { formatGhs } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { translatorOf, useT, type WithWords } from "~/catalog/use-words";
import { atAnchor, dateTime, investmentAnchor } from "~/pages/portfolio";
import { receiptLoader } from "~/pages/portfolio.server";
import { PortfolioPageError } from "~/components/status-pages";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data) return pageMeta(data.title, data.description);
  // The page failed to load: its title from the words every page has (the root's).
  const t = translatorOf(matches.find((m) => m.id === "root")?.data as WithWords);
  return [{ title: t("common.pageTitle", { title: t("common.investorError.receipt"), brand: "Akoko" }) }];
};

export const loader = receiptLoader;

function Line({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-2">
      <dt className="text-stone-600">{label}</dt>
      <dd className="col-span-2 font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** With JavaScript, a Print button; without it, the browser's own Print does the same. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  const t = useT();
  useEffect(() => setReady(true), []);
  if (!ready) return <span className="self-center text-sm text-stone-600">{t("receipt.usePrint")}</span>;
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      {t("receipt.print")}
    </button>
  );
}

export default function Receipt() {
  const { receipt: r, investor } = useLoaderData<typeof loader>();
  const t = useT();
  const product = r.productType === "EGG" ? t("receipt.eggNote") : t("receipt.chickenNote");
  return (
    <section className="container-page py-6 sm:py-10">
      <div className="mx-auto max-w-xl">
        <p className="mb-4 flex flex-wrap gap-2" data-no-print>
          <Link to={atAnchor("/portfolio", investmentAnchor(r.id))} className="btn-secondary">
            {t("common.backToPortfolio")}
          </Link>
          <PrintButton />
        </p>
        <article className="card receipt" aria-labelledby="receipt-title">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-bold">Akoko</p>
              <p className="text-xs text-stone-500">{t("receipt.tagline")}</p>
            </div>
            <p className="text-right text-xs text-stone-500">
              {t("receipt.reference")}
              <strong className="block text-sm text-stone-900">{r.reference}</strong>
            </p>
          </div>
          <h1 id="receipt-title" className="mt-4 text-xl font-bold">
            {t("receipt.title", { id: r.id })}
          </h1>
          <p className="text-sm text-stone-600">{t("receipt.issuedTo", { investor })}</p>
          <dl className="mt-3 divide-y divide-stone-100 border-y border-stone-100 text-sm">
            <Line label={t("receipt.batch")}>{t("receipt.batchValue", { batchId: r.batchId, product })}</Line>
            <Line label={t("receipt.farm")}>{t("receipt.farmValue", { farm: r.farmName, location: r.location })}</Line>
            <Line label={t("receipt.units")} testId="receipt-units">
              {r.units.toLocaleString("en-GH")}
            </Line>
            <Line label={t("receipt.unitPrice")} testId="receipt-unit-price">
              {formatGhs(r.unitPriceMinor)}
            </Line>
            <Line label={t("receipt.amount")} testId="receipt-amount">
              {formatGhs(r.amountMinor)}
            </Line>
            <Line label={t("receipt.date")}>{dateTime(r.createdAt)}</Line>
            <Line label={t("receipt.statusNow")}>{t(`receipt.status.${r.status}`)}</Line>
            <Line label={t("receipt.reference")}>{r.reference}</Line>
            <Line label={t("receipt.paidBy")}>
              {r.entries.length === 0 ? (
                t("receipt.noEntry")
              ) : (
                <ul>
                  {r.entries.map((e) => (
                    <li key={e.id}>{t("receipt.entry", { id: e.id, what: { msg: e.kind === "INVEST" ? "receipt.toEscrow" : "receipt.toSeller" }, when: dateTime(e.createdAt) })}</li>
                  ))}
                </ul>
              )}
            </Line>
          </dl>
          {r.boughtFromExit ? <p className="mt-3 text-sm text-stone-700">{t("receipt.boughtFromExit")}</p> : null}
          <p className="mt-4 text-xs text-stone-500">{t("receipt.quoteReference")}</p>
        </article>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <PortfolioPageError title={t("common.investorError.receipt")} message={notFound ? String(error.data) : t("common.investorError.receiptFailed")} />;
}
