import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FarmSchema } from "~/forms/admin.server";
import { apiJson, handleApi, idempotencyKeyOf, parseOrThrow, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { createFarm } from "~/commands/admin-batches.server";
import { farmJson, listFarms } from "~/models/farm.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    return apiJson(listFarms().map(farmJson));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const input = parseOrThrow(FarmSchema, await readBody(request));
    return apiJson(farmJson(createFarm({ actor: admin, key: idempotencyKeyOf(request) }, input)), 201);
  });
}
