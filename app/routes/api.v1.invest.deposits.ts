import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { depositMessage, listMyDeposits } from "~/models/deposit.server";
import { depositJson } from "~/pages/payments";
import { localeOf } from "~/catalog/index.server";

export const action = onlyMethods("GET");

/** The investor's deposits, newest first (the last 50). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    return apiJson(listMyDeposits({ userId: user.id }).map((d) => depositJson(d, depositMessage(d, localeOf(request)))));
  });
}
