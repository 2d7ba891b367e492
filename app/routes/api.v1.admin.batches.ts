import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BatchSchema } from "~/forms/admin.server";
import { apiJson, handleApi, idempotencyKeyOf, parseOrThrow, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { createBatch } from "~/commands/admin-batches.server";
import { batchJson, listBatches } from "~/models/batch.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    return apiJson(listBatches().map(batchJson));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const input = parseOrThrow(BatchSchema, await readBody(request));
    return apiJson(batchJson(createBatch({ actor: admin, key: idempotencyKeyOf(request) }, input)), 201);
  });
}
