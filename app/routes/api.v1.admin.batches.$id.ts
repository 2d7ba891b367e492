import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, HttpError, idempotencyKeyOf, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { deleteBatch } from "~/commands/admin-batches.server";
import { batchJson, getBatch } from "~/models/batch.server";
import { guardedAnswer } from "~/models/approval-actions.server";
import { localeOf } from "~/catalog/index.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "DELETE");
    await requireApiAdmin(request);
    const batch = getBatch(parseId(params.id, msg("rules.batchNotFound")));
    if (!batch) throw new HttpError(404, msg("rules.batchNotFound"));
    return apiJson(batchJson(batch));
  });
}

/** DELETE: only a batch without investments. One with history (past OPEN) waits for a second admin (issue 20: 202). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "DELETE");
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, msg("rules.batchNotFound"));
    const answer = guardedAnswer(deleteBatch({ actor: admin, key: idempotencyKeyOf(request) }, { batchId }), localeOf(request));
    return apiJson(answer.body, answer.status);
  });
}
