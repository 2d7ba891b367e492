import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminBatches } from "~/components/admin-batches";
import { AdminCreateForms } from "~/components/admin-create-forms";
import { AdminReserve } from "~/components/admin-reserve";
import { AdminConfirm, type DashboardResult } from "~/components/admin-confirm";
import { StatCard } from "~/components/stat-card";
import { pageMeta } from "~/lib/meta";
import { adminDashboardLoader, adminDashboardAction } from "~/pages/admin-dashboard.server";
import { useT } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = adminDashboardLoader;
export const action = adminDashboardAction;

export default function AdminDashboard() {
  const t = useT();
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as DashboardResult | undefined;
  const { stats } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminDashboard.title")}</h1>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("adminDashboard.overview")}>
        <StatCard value={stats.farms} label={t("adminDashboard.stat.farms")} />
        <StatCard value={stats.batches} label={t("adminDashboard.stat.batches")} />
        <StatCard value={stats.investments} label={t("adminDashboard.stat.investments")} />
        <StatCard value={stats.payouts} label={t("adminDashboard.stat.payouts")} />
      </div>
      <AdminCreateForms data={loaderData} result={result} />
      <AdminBatches data={loaderData} result={result} />
      <AdminReserve data={loaderData} result={result} />
      <aside className="card mt-8 bg-brand-50" aria-labelledby="admin-tips">
        <h2 id="admin-tips" className="font-semibold">
          {t("adminDashboard.tips")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
          <li>{t("adminDashboard.tip.farmFirst")}</li>
          <li>{t("adminDashboard.tip.activate")}</li>
          <li>{t("adminDashboard.tip.simulate")}</li>
          <li>{t("adminDashboard.tip.remitted")}</li>
          <li>{t("adminDashboard.tip.periods")}</li>
          <li>{t("adminDashboard.tip.close")}</li>
          <li>{t("adminDashboard.tip.logs")}</li>
        </ul>
      </aside>
      <AdminConfirm result={result} />
    </div>
  );
}
