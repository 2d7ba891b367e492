import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, methodNotAllowed, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { getMyDeposit, refreshDeposit } from "~/models/deposit.server";
import { depositJson } from "~/pages/payments";

export const action = () => methodNotAllowed("GET");

/** One of the investor's deposits; a pending one is checked with the provider first (at most every few seconds). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const depositId = parseId(params.id, "Deposit not found.");
    getMyDeposit({ userId: user.id, depositId });
    await refreshDeposit({ depositId });
    return apiJson(depositJson(getMyDeposit({ userId: user.id, depositId })));
  });
}
