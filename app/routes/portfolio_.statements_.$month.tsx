import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GrossTaxNetCells, GrossTaxNetHeaders } from "~/components/tax-columns";
import { pageMeta } from "~/lib/meta";
import { certificateLoader } from "~/pages/statements.server";

export const meta: MetaFunction = () => pageMeta("Withholding tax certificate", "A month's withholding tax certificate: income paid, tax withheld and net.");

export const loader = certificateLoader;

const KIND_LABELS: Record<string, string> = { MONTHLY: "Egg income", HARVEST: "Harvest return" };

export default function Certificate() {
  const c = useLoaderData<typeof loader>();
  return (
    <section className="container-page max-w-2xl py-8">
      <p className="text-sm print:hidden">
        <Link to={`/portfolio/statements?year=${c.month.slice(0, 4)}`} className="text-leaf-700 underline">
          All of {c.month.slice(0, 4)}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Withholding tax certificate</h1>
      <p className="text-stone-700">{c.monthName}</p>
      <dl className="card mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="certificate-parties">
        <dt className="text-stone-600">Payer</dt>
        <dd>
          {c.payer.name}
          {c.payer.tin ? ` (TIN ${c.payer.tin})` : ""}
        </dd>
        <dt className="text-stone-600">Payee</dt>
        <dd>{c.payee.name}</dd>
        <dt className="text-stone-600">Ghana Card PIN</dt>
        <dd>{c.payee.pin ?? (c.payee.verified ? "not a Ghana Card holder" : "identity not verified yet")}</dd>
        <dt className="text-stone-600">Rate</dt>
        <dd>{Math.round(c.rate * 10000) / 100}% on income (never on principal)</dd>
        <dt className="text-stone-600">Issued</dt>
        <dd>{c.issuedAt.slice(0, 10)}</dd>
      </dl>
      {c.lines.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No income was paid to you in {c.monthName}.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="certificate-lines">
            <thead>
              <tr className="border-b border-stone-300 text-left">
                <th className="py-1 pr-2">Paid</th>
                <th className="py-1 pr-2">From</th>
                <GrossTaxNetHeaders />
              </tr>
            </thead>
            <tbody>
              {c.lines.map((l, i) => (
                <tr key={i} className="border-b border-stone-100">
                  <td className="py-1 pr-2">{l.paidAt.slice(0, 10)}</td>
                  <td className="py-1 pr-2">
                    Batch #{l.batchId} · {KIND_LABELS[l.kind] ?? l.kind}
                    {l.period ? ` ${l.period}` : ""}
                  </td>
                  <GrossTaxNetCells grossMinor={l.taxableMinor} taxMinor={l.taxMinor} netMinor={l.taxableMinor - l.taxMinor} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold" data-testid="certificate-totals">
                <td className="py-1 pr-2" colSpan={2}>
                  Total
                </td>
                <GrossTaxNetCells {...c.totals} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="mt-4 text-xs text-stone-600">
        The tax withheld was paid to the Ghana Revenue Authority on your behalf. Keep this certificate for your records; use your browser's Print to save it.
      </p>
    </section>
  );
}
