import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminLogForm, type LogResult } from "~/components/admin-log-form";
import { AdminLogList } from "~/components/admin-log-list";
import { pageMeta } from "~/lib/meta";
import { batchLogsLoader, batchLogsAction } from "~/pages/farm-log.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `Daily logs: Batch #${data.batch.id}` : "Daily logs", "Record a day on the farm: birds, feed, eggs or weight, house conditions, incidents and photos.");

export const loader = batchLogsLoader;
export const action = batchLogsAction;

export default function BatchLogs() {
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as LogResult | undefined;
  const { batch } = loaderData;
  return (
    <div>
      <p className="text-sm"><Link to="/admin">← Dashboard</Link></p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Daily logs: Batch #{batch.id}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {batch.productType === "EGG" ? "Egg Note (layers)" : "Chicken Note (broilers)"} at {batch.farmName}{batch.location ? `, ${batch.location}` : ""} · {batch.status}
        {batch.startDate ? ` · started ${batch.startDate}` : ""}
      </p>
      <AdminLogForm data={loaderData} result={result} />
      <AdminLogList data={loaderData} result={result} />
    </div>
  );
}

