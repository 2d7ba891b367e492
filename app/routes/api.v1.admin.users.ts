import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { accountJson, listAccounts } from "~/models/admin-users.server";

export const action = onlyMethods("GET");

/** Issue 20: the accounts (email, name, admin, two-factor on). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    return apiJson(listAccounts().map(accountJson));
  });
}
