import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, listBefore, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { depositMessage, listMyDeposits } from "~/models/deposit.server";
import { depositJson } from "~/pages/payments";
import { localeOf } from "~/catalog/index.server";

export const action = onlyMethods("GET");

/** The investor's deposits, newest first, 50 at a time (`?before=<id>`: the next 50 older than that one). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const before = listBefore(request);
    return apiJson(listMyDeposits({ userId: user.id, before }).map((d) => depositJson(d, depositMessage(d, localeOf(request)))));
  });
}
