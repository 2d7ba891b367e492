import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { farmLogJson, getFarmLog, listBatchLogs, FarmLogInvalid } from "~/models/farm-log.server";
import { getBatch } from "~/models/batch.server";
import { createFarmLogEntry, farmLogParams, readFarmLogForm } from "~/pages/farm-log.server";
import { once } from "~/models/idempotency.server";

function batchId(param: string | undefined) {
  const id = parseId(param, MSG.batchNotFound);
  if (!getBatch(id)) throw new HttpError(404, MSG.batchNotFound);
  return id;
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    return apiJson(listBatchLogs(batchId(params.id)).map(farmLogJson));
  });
}

/** POST a day's log: JSON, form or multipart with `photos`. 422 {"detail", "errors"} stores nothing. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const id = batchId(params.id);
    try {
      const form = await readFarmLogForm(request);
      const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/create-log", params: { batchId: id, ...farmLogParams(form) } }, () => {
        const log = createFarmLogEntry({ adminId: admin.id, batchId: id, ...form });
        // Read by id: a day logged late is not among the latest the list shows.
        return { status: 201, body: farmLogJson({ ...getFarmLog({ batchId: id, logId: log.id }), photoIds: log.photoIds }) };
      });
      return apiJson(answer.body, answer.status);
    } catch (error) {
      if (error instanceof FarmLogInvalid) return apiJson({ detail: error.detail, errors: error.errors }, 422);
      throw error;
    }
  });
}
