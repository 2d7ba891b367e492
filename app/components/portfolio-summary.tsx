import { Link } from "@remix-run/react";
import type { ToastMessage } from "~/components/toast";
import { formatGhs } from "~/domain/money";
import { NO_RECORDS, dateTime, portfolioHref } from "~/pages/portfolio";
import type { PortfolioData } from "~/pages/portfolio";

/** Title, Refresh and Export, the three cards and the chart of the last 12 investments. */
export function PortfolioSummary({ data, onNote }: { data: PortfolioData; onNote: (note: ToastMessage) => void }) {
  const { wallet, investmentCount, autoReinvest, chartSvg, base, exportHref, matchingCount } = data;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Your Portfolio</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={portfolioHref(base)} className="btn-secondary" preventScrollReset>Refresh</Link>
          <a
            href={exportHref}
            className="btn-secondary"
            onClick={(event) => {
              if (matchingCount === 0) {
                event.preventDefault();
                onNote({ kind: "error", message: NO_RECORDS });
              } else onNote({ kind: "success", message: "CSV exported" });
            }}
          >
            Export (CSV)
          </a>
        </div>
      </div>

      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="card">
          <h2 className="text-sm font-medium text-stone-600">Wallet balance</h2>
          <p className="mt-1 text-2xl font-bold" data-testid="wallet-balance">{formatGhs(wallet.balanceMinor)}</p>
          <p className="mt-1 text-xs text-stone-500">Updated {wallet.updatedAt ? dateTime(wallet.updatedAt) : "— no movements yet"}</p>
        </div>
        <div className="card">
          <h2 className="text-sm font-medium text-stone-600">Investments</h2>
          <p className="mt-1 text-2xl font-bold" data-testid="investment-count">{investmentCount}</p>
          <p className="mt-1 text-xs text-stone-500">All time, every status</p>
        </div>
        <div className="card">
          <h2 className="text-sm font-medium text-stone-600">Auto-Reinvest</h2>
          <p className="mt-1 text-2xl font-bold" data-testid="auto-reinvest">{autoReinvest ? "On" : "Off"}</p>
          <p className="mt-1 text-xs text-stone-500">{autoReinvest ? "An active holding reinvests its proceeds." : "No active holding reinvests its proceeds."}</p>
          <div className="mt-3 flex gap-2">
            <Link to={portfolioHref(base, { dialog: "deposit" })} className="btn-primary flex-1" preventScrollReset>Deposit</Link>
            <Link to={portfolioHref(base, { dialog: "withdraw" })} className="btn-secondary flex-1" preventScrollReset>Withdraw</Link>
          </div>
        </div>
      </div>

      <div className="card mt-4">
        <h2 className="font-semibold">Your last 12 investments</h2>
        <p className="text-xs text-stone-500">Amount of each investment in GHS, oldest on the left.</p>
        {chartSvg ? (
          <div className="mt-2 [&_svg]:block [&_svg]:h-auto [&_svg]:w-full [&_svg]:max-w-full" dangerouslySetInnerHTML={{ __html: chartSvg }} />
        ) : (
          <p className="mt-2 text-sm text-stone-600">Your investments will be charted here once you make one.</p>
        )}
      </div>
    </>
  );
}
