import type { MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

import { formatGhs } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { atAnchor, dateTime, investmentAnchor } from "~/pages/portfolio";
import { receiptLoader } from "~/pages/portfolio.server";
import { PortfolioPageError } from "~/components/status-pages";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `Receipt for investment #${data.receipt.id}` : "Receipt", "A printable receipt for one of your Akoko investments.");

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
  useEffect(() => setReady(true), []);
  if (!ready) return <span className="self-center text-sm text-stone-600">Use your browser&apos;s Print to keep a copy or save it as a PDF.</span>;
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Print receipt
    </button>
  );
}

export default function Receipt() {
  const { receipt: r, investor } = useLoaderData<typeof loader>();
  const product = r.productType === "EGG" ? "Egg Note" : "Chicken Note";
  return (
    <section className="container-page py-6 sm:py-10">
      <div className="mx-auto max-w-xl">
        <p className="mb-4 flex flex-wrap gap-2" data-no-print>
          <Link to={atAnchor("/portfolio", investmentAnchor(r.id))} className="btn-secondary">
            Back to your portfolio
          </Link>
          <PrintButton />
        </p>
        <article className="card receipt" aria-labelledby="receipt-title">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-bold">Akoko</p>
              <p className="text-xs text-stone-500">Poultry co-investment, in Ghana cedis</p>
            </div>
            <p className="text-right text-xs text-stone-500">
              Reference
              <strong className="block text-sm text-stone-900">{r.reference}</strong>
            </p>
          </div>
          <h1 id="receipt-title" className="mt-4 text-xl font-bold">{`Receipt for investment #${r.id}`}</h1>
          <p className="text-sm text-stone-600">{`Issued to ${investor}`}</p>
          <dl className="mt-3 divide-y divide-stone-100 border-y border-stone-100 text-sm">
            <Line label="Batch">{`Batch #${r.batchId} (${product})`}</Line>
            <Line label="Farm">{`${r.farmName}, ${r.location}`}</Line>
            <Line label="Units" testId="receipt-units">
              {r.units}
            </Line>
            <Line label="Unit price" testId="receipt-unit-price">
              {formatGhs(r.unitPriceMinor)}
            </Line>
            <Line label="Amount" testId="receipt-amount">
              {formatGhs(r.amountMinor)}
            </Line>
            <Line label="Date">{dateTime(r.createdAt)}</Line>
            <Line label="Status now">{r.status}</Line>
            <Line label="Reference">{r.reference}</Line>
            <Line label="Paid by">
              {r.entries.length === 0 ? (
                "Ledger entry not on record"
              ) : (
                <ul>
                  {r.entries.map((e) => (
                    <li key={e.id}>{`Ledger entry #${e.id} (${e.kind === "INVEST" ? "wallet to the batch's escrow" : "wallet to the seller"}, ${dateTime(e.createdAt)})`}</li>
                  ))}
                </ul>
              )}
            </Line>
          </dl>
          {r.boughtFromExit ? <p className="mt-3 text-sm text-stone-700">This holding was bought from another investor&apos;s early exit, at par.</p> : null}
          <p className="mt-4 text-xs text-stone-500">Quote the reference in any question about this investment. Capital is not guaranteed; see the Risk Disclosure and the Terms.</p>
        </article>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <PortfolioPageError title="Receipt" message={notFound ? String(error.data) : "We could not show this receipt. Please try again in a moment."} />;
}
