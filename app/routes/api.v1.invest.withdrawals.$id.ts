import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeOf } from "~/catalog/index.server";
import { withdrawalMessage } from "~/models/withdrawal.server";
import { apiJson, handleApi, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { checkWithdrawal } from "~/commands/payments.server";
import { withdrawalJson } from "~/pages/payments";

export const action = onlyMethods("GET");

/** One of the investor's withdrawals; one still in flight is checked with the provider first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const withdrawalId = parseId(params.id, msg("api.withdrawalNotFound"));
    const { withdrawal } = await checkWithdrawal({ actor: user, key: null }, { withdrawalId });
    return apiJson(withdrawalJson(withdrawal, withdrawalMessage(withdrawal, localeOf(request))));
  });
}
