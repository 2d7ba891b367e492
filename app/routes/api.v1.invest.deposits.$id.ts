import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { checkDeposit } from "~/commands/payments.server";
import { depositJson } from "~/pages/payments";
import { depositMessage } from "~/models/deposit.server";
import { localeOf } from "~/catalog/index.server";

export const action = onlyMethods("GET");

/** One of the investor's deposits; a pending one is checked with the provider first (at most every few seconds). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const depositId = parseId(params.id, msg("api.depositNotFound"));
    const deposit = await checkDeposit({ actor: user, key: null }, { depositId });
    return apiJson(depositJson(deposit, depositMessage(deposit, localeOf(request))));
  });
}
