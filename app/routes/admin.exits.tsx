import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "~/auth/session.server";
import { listAdminExits } from "~/models/investment.server";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return { words: wordsFor(locale, ["adminExits"]), title: t("adminMeta.exits.title"), description: t("adminMeta.exits.description"), ...listAdminExits() };
}

type Exit = ReturnType<typeof useLoaderData<typeof loader>>["pending"][number];

function ExitList({ id, title, rows, empty, filled }: { id: string; title: string; rows: Exit[]; empty: string; filled?: boolean }) {
  const t = useT();
  const units = (n: number) => t("adminExits.units", { count: n });
  return (
    <section className="mt-6" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {t("adminExits.heading", { title, count: rows.length })}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((e) => (
            <li key={e.id} className="card text-sm" data-exit-id={e.id}>
              <p className="font-semibold">{t("adminExits.exit", { id: e.id, batchId: e.batchId })}</p>
              <p className="break-all text-stone-700">{e.investor}</p>
              <p className="mt-1">
                {filled ? t("adminExits.sold", { units: units(e.units) }) : t("adminExits.offered", { remaining: { number: e.unitsRemaining }, units: units(e.units) })} ·{" "}
                {t("adminExits.fee", { rate: (e.feeRate * 100).toFixed(1) })}
              </p>
              <p className="text-xs text-stone-500">
                {t("adminExits.requested", { investmentId: e.investmentId, when: e.createdAt.slice(0, 16).replace("T", " ") })}
                {e.closedAt ? t("adminExits.filledAt", { when: e.closedAt.slice(0, 16).replace("T", " ") }) : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminExits() {
  const t = useT();
  const { pending, filled } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminExits.title")}</h1>
      <p className="mt-1 text-sm text-stone-700">{t("adminExits.intro")}</p>
      <ExitList id="pending" title={t("adminExits.pending")} rows={pending} empty={t("adminExits.nonePending")} />
      <ExitList id="filled" title={t("adminExits.filled")} rows={filled} empty={t("adminExits.noneFilled")} filled />
    </div>
  );
}
