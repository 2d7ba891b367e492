import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, listBefore, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { listMyWithdrawals, withdrawalMessage } from "~/models/withdrawal.server";
import { withdrawalJson } from "~/pages/payments";
import { localeOf } from "~/catalog/index.server";

export const action = onlyMethods("GET");

/**
 * The investor's withdrawals, newest first, 50 at a time (`?before=<id>`: the next 50 older than that
 * one), each as GET /withdrawals/{id} answers it: how a client that lost an id finds its withdrawal.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const before = listBefore(request);
    return apiJson(listMyWithdrawals({ userId: user.id, before }).map((w) => withdrawalJson(w, withdrawalMessage(w, localeOf(request)))));
  });
}
