import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminLogForm, type LogResult } from "~/components/admin-log-form";
import { AdminLogList } from "~/components/admin-log-list";
import { FlashMessage, useFlash } from "~/components/toast";
import { ADMIN_MESSAGE_MS } from "~/pages/admin";
import { pageMeta } from "~/lib/meta";
import { batchLogsLoader, batchLogsAction } from "~/pages/farm-log.server";
import { useT } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = batchLogsLoader;
/** Photos added to a day return to its card (#log-<id>), where the message is shown. */
export const handle = { placesFlash: true };
export const action = batchLogsAction;

export default function BatchLogs() {
  const t = useT();
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as LogResult | undefined;
  const { batch } = loaderData;
  const flash = useFlash();
  const onCard = flash?.anchor ? loaderData.logs.some((l) => `log-${l.id}` === flash.anchor) : false;
  return (
    <div>
      {flash?.anchor && !onCard ? <FlashMessage flash={flash} durationMs={ADMIN_MESSAGE_MS} className="mb-4" /> : null}
      <p className="text-sm">
        <Link to="/admin">{t("admin.dashboardLink")}</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("adminLogs.title", { batchId: batch.id })}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {t("admin.batchAt", { product: t(batch.productType === "EGG" ? "admin.eggNote" : "admin.chickenNote"), farm: batch.farmName })}
        {batch.location ? `, ${batch.location}` : ""} · {t(`admin.status.${batch.status}`)}
        {batch.startDate ? ` · ${t("adminLogs.started", { date: batch.startDate })}` : ""}
      </p>
      <AdminLogForm data={loaderData} result={result} />
      <AdminLogList data={loaderData} result={result} flash={onCard ? flash : null} />
    </div>
  );
}
