import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GrossTaxNetCells, GrossTaxNetHeaders } from "~/components/tax-columns";
import { pageMeta } from "~/lib/meta";
import { useT } from "~/catalog/use-words";
import { statementsLoader } from "~/pages/statements.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = statementsLoader;

export default function Statements() {
  const s = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="container-page max-w-2xl py-8">
      <p className="text-sm print:hidden">
        <Link to="/portfolio" className="text-leaf-700 underline">
          {t("statements.backToPortfolio")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("statements.heading", { year: s.year })}</h1>
      <p className="mt-1 text-sm text-stone-700">{t("statements.intro")}</p>
      <dl className="card mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="statement-parties">
        <dt className="text-stone-600">{t("statements.payer")}</dt>
        <dd>
          {s.payer.name}
          {s.payer.tin ? t("statements.tin", { tin: s.payer.tin }) : ""}
        </dd>
        <dt className="text-stone-600">{t("statements.payee")}</dt>
        <dd>
          {s.payee.name}
          {s.payee.pin ? t("statements.pin", { pin: s.payee.pin }) : s.payee.verified ? "" : t("statements.notVerified")}
        </dd>
      </dl>
      {s.badYear ? (
        <p className="mt-3 text-sm text-red-800" role="alert">
          {t("statements.chooseYear", { year: s.years[0] })}
        </p>
      ) : null}
      <nav aria-label={t("statements.year")} className="mt-4 flex flex-wrap gap-2 print:hidden">
        {s.years.map((y) => (
          <Link
            key={y}
            to={`?year=${y}`}
            className={`rounded-full border px-3 py-1 text-sm no-underline ${y === s.year ? "border-stone-800 bg-stone-800 text-white" : "border-stone-300 text-stone-800"}`}
            aria-current={y === s.year ? "page" : undefined}
          >
            {y}
          </Link>
        ))}
      </nav>
      {s.months.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{t("statements.noIncome", { period: s.year })}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="statement-months">
            <thead>
              <tr className="border-b border-stone-300 text-left">
                <th className="py-1 pr-2">{t("statements.month")}</th>
                <GrossTaxNetHeaders />
              </tr>
            </thead>
            <tbody>
              {s.months.map((m) => (
                <tr key={m.month} className="border-b border-stone-100" data-month={m.month}>
                  <td className="py-1 pr-2">
                    <Link to={`/portfolio/statements/${m.month}`} className="text-leaf-700 underline">
                      {m.name}
                    </Link>
                  </td>
                  <GrossTaxNetCells grossMinor={m.grossMinor} taxMinor={m.taxMinor} netMinor={m.netMinor} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold" data-testid="statement-totals">
                <td className="py-1 pr-2">{t("statements.total")}</td>
                <GrossTaxNetCells {...s.totals} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="mt-4 text-sm print:hidden">
        <a href={`/portfolio/statements.csv?year=${s.year}`} className="text-leaf-700 underline">
          {t("statements.download", { year: s.year })}
        </a>
        {t("statements.howTo")}
      </p>
    </section>
  );
}
