import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BatchSchema } from "~/forms/admin.server";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseOrThrow, readBody } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { createBatch, batchJson, getBatch, listBatches } from "~/models/batch.server";
import { once } from "~/models/idempotency.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request);
    return apiJson(listBatches().map(batchJson));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const admin = await requireApiAdmin(request);
    const input = parseOrThrow(BatchSchema, await readBody(request));
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/create-batch", params: input }, () => ({ status: 201, body: batchJson(getBatch(createBatch(input, { adminId: admin.id }).id)!) }));
    return apiJson(answer.body, answer.status);
  });
}
