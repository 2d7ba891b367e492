import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";

import { apiJson, handleApi, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { listPayoutsForInvestment, payoutJson } from "~/models/investment.server";

/** Payouts of one of the investor's own investments; another investor's id is 404. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const investmentId = parseId(params.id, msg("rules.investmentNotFound"));
    return apiJson(listPayoutsForInvestment(user.id, investmentId).map(payoutJson));
  });
}

export const action = onlyMethods("GET");
