import { msg } from "~/catalog/ref";
import { detailIn, localeOf, rendererFor } from "~/catalog/index.server";
import { renderMessages } from "~/forms/parse.server";
import type { ActionFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { checkLogPhotos, readFarmLogForm } from "~/pages/farm-log.server";
import { FarmLogInvalid, getFarmLog } from "~/models/farm-log.server";
import { addFarmLogPhotos } from "~/commands/admin-batches.server";

export const loader = onlyMethods("POST");

/** POST multipart `photos` to a day already logged: 201 with the new photo URLs; 422 stores nothing. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, msg("rules.batchNotFound"));
    const logId = parseId(params.logId, msg("api.logNotFound"));
    try {
      const { photos } = await readFarmLogForm(request);
      getFarmLog({ batchId, logId });
      const added = addFarmLogPhotos({ actor: admin, key: idempotencyKeyOf(request) }, { batchId, logId, ...checkLogPhotos(photos) });
      return apiJson({ log_id: logId, photos: added.photoIds.map((id) => `/farm-photos/${id}`) }, 201);
    } catch (error) {
      if (error instanceof FarmLogInvalid) {
        const locale = localeOf(request);
        return apiJson({ detail: detailIn(locale, error), errors: renderMessages(error.messages, rendererFor(locale)) }, 422);
      }
      throw error;
    }
  });
}
