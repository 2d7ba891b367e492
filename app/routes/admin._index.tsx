import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminBatches } from "~/components/admin-batches";
import { AdminCreateForms } from "~/components/admin-create-forms";
import { AdminReserve } from "~/components/admin-reserve";
import { AdminConfirm, type DashboardResult } from "~/components/admin-confirm";
import { StatCard } from "~/components/stat-card";
import { pageMeta } from "~/lib/meta";
import { adminDashboardLoader, adminDashboardAction } from "~/pages/admin-dashboard.server";

export const meta: MetaFunction = () => pageMeta("Admin dashboard", "Farms, batches, lifecycle and payouts.");

export const loader = adminDashboardLoader;
export const action = adminDashboardAction;

export default function AdminDashboard() {
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as DashboardResult | undefined;
  const { stats } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Admin dashboard</h1>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Overview">
        <StatCard value={stats.farms} label="Farms" />
        <StatCard value={stats.batches} label="Batches" />
        <StatCard value={stats.investments} label="Investments" />
        <StatCard value={stats.payouts} label="Payouts" />
      </div>
      <AdminCreateForms data={loaderData} result={result} />
      <AdminBatches data={loaderData} result={result} />
      <AdminReserve data={loaderData} result={result} />
      <aside className="card mt-8 bg-brand-50" aria-labelledby="admin-tips">
        <h2 id="admin-tips" className="font-semibold">
          Tips
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
          <li>Create the farm first, then its batches. A batch opens for investment as soon as it is created.</li>
          <li>Activate a batch when the birds are placed: its escrow moves to the farm and the start date is set if empty.</li>
          <li>Simulate before you execute: it shows what a payout run would pay now and changes nothing.</li>
          <li>A run pays only what the farm remitted for the batch (record it under Remittances); a shortfall is paid only if you draw it from the platform reserve in the confirm step.</li>
          <li>Egg batches pay once per month; name an earlier period (YYYY-MM) to catch up a missed month. Chicken batches pay once, at harvest.</li>
          <li>Close an egg batch at the end of lay to return the principal. A batch with investments cannot be deleted.</li>
          <li>Record a daily log for each active batch: investors see the birds, feed and house conditions.</li>
        </ul>
      </aside>
      <AdminConfirm result={result} />
    </div>
  );
}
