import { msg } from "~/catalog/ref";
import { detailIn, localeOf, rendererFor } from "~/catalog/index.server";
import { renderMessages } from "~/forms/parse.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, HttpError, idempotencyKeyOf, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { farmLogJson, listBatchLogs, FarmLogInvalid } from "~/models/farm-log.server";
import { getBatch } from "~/models/batch.server";
import { checkFarmLog, readFarmLogForm } from "~/pages/farm-log.server";
import { recordFarmLog } from "~/commands/admin-batches.server";

function batchOr404(param: string | undefined) {
  const batch = getBatch(parseId(param, msg("rules.batchNotFound")));
  if (!batch) throw new HttpError(404, msg("rules.batchNotFound"));
  return batch;
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    return apiJson(listBatchLogs(batchOr404(params.id).id).map(farmLogJson));
  });
}

/** POST a day's log: JSON, form or multipart with `photos`. 422 {"detail", "errors"} stores nothing. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const batch = batchOr404(params.id);
    try {
      const checked = checkFarmLog(batch, await readFarmLogForm(request));
      return apiJson(farmLogJson(recordFarmLog({ actor: admin, key: idempotencyKeyOf(request) }, { batchId: batch.id, ...checked })), 201);
    } catch (error) {
      if (error instanceof FarmLogInvalid) {
        const locale = localeOf(request);
        return apiJson({ detail: detailIn(locale, error), errors: renderMessages(error.messages, rendererFor(locale)) }, 422);
      }
      throw error;
    }
  });
}
