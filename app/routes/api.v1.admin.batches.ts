import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BatchSchema } from "~/forms/admin.server";
import { apiJson, handleApi, idempotencyKeyOf, parseOrThrow, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { createBatch, batchJson, getBatch, listBatches } from "~/models/batch.server";
import { once } from "~/models/idempotency.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    return apiJson(listBatches().map(batchJson));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const input = parseOrThrow(BatchSchema, await readBody(request));
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/create-batch", params: input }, () => ({
      status: 201,
      body: batchJson(getBatch(createBatch(input, { adminId: admin.id }).id)!),
    }));
    return apiJson(answer.body, answer.status);
  });
}
