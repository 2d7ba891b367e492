import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, methodNotAllowed, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { getMyWithdrawal, refreshWithdrawal, withdrawalMessage } from "~/models/withdrawal.server";
import { withdrawalJson } from "~/pages/payments";

export const action = () => methodNotAllowed("GET");

/** One of the investor's withdrawals; one still in flight is checked with the provider first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const withdrawalId = parseId(params.id, "Withdrawal not found.");
    getMyWithdrawal({ userId: user.id, withdrawalId });
    await refreshWithdrawal({ withdrawalId });
    const row = getMyWithdrawal({ userId: user.id, withdrawalId });
    return apiJson(withdrawalJson(row, withdrawalMessage(row)));
  });
}
