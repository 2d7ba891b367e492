import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminLogForm, type LogResult } from "~/components/admin-log-form";
import { AdminLogList } from "~/components/admin-log-list";
import { ADMIN_FALLBACK } from "~/pages/admin";
import { FARM_LOG_LIMITS, PHOTO_MAX_COUNT } from "~/forms/limits";
import { DomainError } from "~/domain/errors";
import { MSG } from "~/domain/messages";
import { today } from "~/lib/clock.server";
import { HttpError, parseId } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash, requireAdmin } from "~/lib/session.server";
import { listBatchLogs, FarmLogInvalid } from "~/models/farm-log.server";
import { getBatch } from "~/models/batch.server";
import { addFarmLogPhotos, createFarmLogEntry, readFarmLogForm } from "~/pages/farm-log.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `Daily logs: Batch #${data.batch.id}` : "Daily logs", "Record a day on the farm: birds, feed, eggs or weight, house conditions, incidents and photos.");

function batchOr404(idParam: string | undefined) {
  const batch = getBatch(parseIdOr404(idParam));
  if (!batch) throw new Response(MSG.batchNotFound, { status: 404 });
  return batch;
}
function parseIdOr404(idParam: string | undefined) {
  try {
    return parseId(idParam, MSG.batchNotFound);
  } catch {
    throw new Response(MSG.batchNotFound, { status: 404 });
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const b = batchOr404(params.id);
  return {
    batch: { id: b.id, productType: b.productType, farmName: b.farmName, location: b.location, status: b.status, startDate: b.startDate, targetUnits: b.targetUnits },
    logs: listBatchLogs(b.id).map((l) => ({
      id: l.id, logDate: l.logDate, birdsAlive: l.birdsAlive, deaths: l.deaths, feedKg: l.feedKg, eggsCollected: l.eggsCollected, avgWeightKg: l.avgWeightKg,
      temperatureC: l.temperatureC, humidityPct: l.humidityPct, ammoniaPpm: l.ammoniaPpm, notes: l.notes, incident: l.incident, incidentDescription: l.incidentDescription, photoIds: l.photoIds,
    })),
    today: today(),
    limits: { ...FARM_LOG_LIMITS, photoMaxCount: PHOTO_MAX_COUNT },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const batch = batchOr404(params.id);
  let values: Record<string, string> = {};
  try {
    const form = await readFarmLogForm(request);
    values = form.fields;
    if (values.intent === "photos") {
      const logId = parseId(values.log_id, "Daily log not found.");
      const added = addFarmLogPhotos({ adminId: admin.id, batchId: batch.id, logId, photos: form.photos });
      const n = added.photoIds.length;
      return redirectWithFlash(`/admin/batches/${batch.id}/logs#log-${logId}`, { kind: "success", message: `${n} photo${n === 1 ? "" : "s"} added to the log of ${added.logDate}.` });
    }
    const log = createFarmLogEntry({ adminId: admin.id, batchId: batch.id, ...form });
    const photos = log.photoIds.length ? ` with ${log.photoIds.length} photo${log.photoIds.length === 1 ? "" : "s"}` : "";
    return redirectWithFlash(`/admin/batches/${batch.id}/logs`, { kind: "success", message: `Daily log saved for ${values.log_date?.trim()}${photos}.` });
  } catch (error) {
    if (error instanceof FarmLogInvalid) return data({ ok: false as const, errors: error.errors, values } satisfies LogResult, { status: 400 });
    if (error instanceof DomainError || error instanceof HttpError) {
      return data({ ok: false as const, errors: { form: error.detail }, values } satisfies LogResult, { status: error.status });
    }
    console.error(error);
    return data({ ok: false as const, errors: { form: ADMIN_FALLBACK.log }, values } satisfies LogResult, { status: 500 });
  }
}

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

export type BatchLogsData = ReturnType<typeof useLoaderData<typeof loader>>;
