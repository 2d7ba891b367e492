import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminLogForm, type LogResult } from "~/components/admin-log-form";
import { AdminLogList } from "~/components/admin-log-list";
import { FlashMessage, useFlash } from "~/components/toast";
import { ADMIN_MESSAGE_MS } from "~/pages/admin";
import { pageMeta } from "~/lib/meta";
import { batchLogsLoader, batchLogsAction } from "~/pages/farm-log.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Daily logs: Batch #${data.batch.id}` : "Daily logs", "Record a day on the farm: birds, feed, eggs or weight, house conditions, incidents and photos.");

export const loader = batchLogsLoader;
/** Photos added to a day return to its card (#log-<id>), where the message is shown. */
export const handle = { placesFlash: true };
export const action = batchLogsAction;

export default function BatchLogs() {
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as LogResult | undefined;
  const { batch } = loaderData;
  const flash = useFlash();
  const onCard = flash?.anchor ? loaderData.logs.some((l) => `log-${l.id}` === flash.anchor) : false;
  return (
    <div>
      {flash?.anchor && !onCard ? <FlashMessage flash={flash} durationMs={ADMIN_MESSAGE_MS} className="mb-4" /> : null}
      <p className="text-sm">
        <Link to="/admin">← Dashboard</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Daily logs: Batch #{batch.id}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {batch.productType === "EGG" ? "Egg Note (layers)" : "Chicken Note (broilers)"} at {batch.farmName}
        {batch.location ? `, ${batch.location}` : ""} · {batch.status}
        {batch.startDate ? ` · started ${batch.startDate}` : ""}
      </p>
      <AdminLogForm data={loaderData} result={result} />
      <AdminLogList data={loaderData} result={result} flash={onCard ? flash : null} />
    </div>
  );
}
