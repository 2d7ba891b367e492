import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GrossTaxNetCells, GrossTaxNetHeaders } from "~/components/tax-columns";
import { pageMeta } from "~/lib/meta";
import { useT } from "~/catalog/use-words";
import { certificateLoader } from "~/pages/statements.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = certificateLoader;

const KINDS = ["MONTHLY", "HARVEST"] as const;

export default function Certificate() {
  const c = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="container-page max-w-2xl py-8">
      <p className="text-sm print:hidden">
        <Link to={`/portfolio/statements?year=${c.month.slice(0, 4)}`} className="text-leaf-700 underline">
          {t("statements.allOf", { year: c.month.slice(0, 4) })}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("statements.certificateTitle")}</h1>
      <p className="text-stone-700">{c.monthName}</p>
      <dl className="card mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="certificate-parties">
        <dt className="text-stone-600">{t("statements.payer")}</dt>
        <dd>
          {c.payer.name}
          {c.payer.tin ? t("statements.tin", { tin: c.payer.tin }) : ""}
        </dd>
        <dt className="text-stone-600">{t("statements.payee")}</dt>
        <dd>{c.payee.name}</dd>
        <dt className="text-stone-600">{t("statements.ghanaCardPin")}</dt>
        <dd>{c.payee.pin ?? (c.payee.verified ? t("statements.notCardHolder") : t("statements.identityNotVerified"))}</dd>
        <dt className="text-stone-600">{t("statements.rate")}</dt>
        <dd>{t("statements.rateValue", { rate: Math.round(c.rate * 10000) / 100 })}</dd>
        <dt className="text-stone-600">{t("statements.issued")}</dt>
        <dd>{c.issuedAt.slice(0, 10)}</dd>
      </dl>
      {c.lines.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{t("statements.noIncome", { period: c.monthName })}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="certificate-lines">
            <thead>
              <tr className="border-b border-stone-300 text-left">
                <th className="py-1 pr-2">{t("statements.paid")}</th>
                <th className="py-1 pr-2">{t("statements.from")}</th>
                <GrossTaxNetHeaders />
              </tr>
            </thead>
            <tbody>
              {c.lines.map((l, i) => (
                <tr key={i} className="border-b border-stone-100">
                  <td className="py-1 pr-2">{l.paidAt.slice(0, 10)}</td>
                  <td className="py-1 pr-2">
                    {t("statements.lineFrom", { batchId: l.batchId, kind: (KINDS as readonly string[]).includes(l.kind) ? { msg: `statements.kind.${l.kind}` } : l.kind })}
                    {l.period ? ` ${l.period}` : ""}
                  </td>
                  <GrossTaxNetCells grossMinor={l.taxableMinor} taxMinor={l.taxMinor} netMinor={l.taxableMinor - l.taxMinor} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold" data-testid="certificate-totals">
                <td className="py-1 pr-2" colSpan={2}>
                  {t("statements.total")}
                </td>
                <GrossTaxNetCells {...c.totals} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="mt-4 text-xs text-stone-600" data-testid="certificate-note">
        {c.totals.taxMinor > 0 ? `${t(c.taxPaidOver === "all" ? "statements.taxPaidOver" : c.taxPaidOver === "part" ? "statements.taxPartPaid" : "statements.taxOwed")} ` : ""}
        {t("statements.keepCertificate")}
      </p>
    </section>
  );
}
