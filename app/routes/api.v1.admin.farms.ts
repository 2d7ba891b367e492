import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FarmSchema } from "~/domain/admin";
import { apiJson, handleApi, methodNotAllowed, parseOrThrow, readBody } from "~/lib/http.server";
import { requireApiAdmin } from "~/lib/session.server";
import { createFarm, farmJson, listFarms } from "~/models/admin.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request);
    return apiJson(listFarms().map(farmJson));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const admin = await requireApiAdmin(request);
    const input = parseOrThrow(FarmSchema, await readBody(request));
    return apiJson(farmJson(createFarm(input, { adminId: admin.id })), 201);
  });
}
