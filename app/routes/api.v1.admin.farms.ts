import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FarmSchema } from "~/forms/admin.server";
import { apiJson, handleApi, idempotencyKeyOf, parseOrThrow, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { createFarm, farmJson, listFarms } from "~/models/farm.server";
import { once } from "~/models/idempotency.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    return apiJson(listFarms().map(farmJson));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const input = parseOrThrow(FarmSchema, await readBody(request));
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/create-farm", params: input }, () => ({
      status: 201,
      body: farmJson(createFarm(input, { adminId: admin.id })),
    }));
    return apiJson(answer.body, answer.status);
  });
}
