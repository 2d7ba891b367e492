import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { adminStats } from "~/models/batch.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request);
    return apiJson(adminStats());
  });
}
