import { msg } from "~/catalog/ref";
import { localeOf, render } from "~/catalog/index.server";
import type { ActionFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { activateBatch } from "~/commands/admin-batches.server";
import { batchJson } from "~/models/batch.server";

export const loader = onlyMethods("POST");

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, msg("rules.batchNotFound"));
    const batch = activateBatch({ actor: admin, key: idempotencyKeyOf(request) }, { batchId });
    return apiJson({ detail: render(localeOf(request), msg("adminDashboard.flash.activated")), batch: batchJson(batch) });
  });
}
