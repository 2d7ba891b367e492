import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { adminExitJson, listAdminExits } from "~/models/investment.server";

/** Investors' early-exit requests: pending and filled. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const { pending, filled } = listAdminExits();
    return apiJson({ pending: pending.map(adminExitJson), filled: filled.map(adminExitJson) });
  });
}

export const action = onlyMethods("GET");
