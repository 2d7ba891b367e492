import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { submitDepositOtp } from "~/commands/payments.server";
import { readOtp } from "~/domain/payments";
import { depositJson } from "~/pages/payments";
import { depositMessage } from "~/models/deposit.server";
import { localeOf } from "~/catalog/index.server";

export const loader = onlyMethods("POST");

/** Passes the voucher or code (`otp`) the provider asked for; answers the deposit. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const depositId = parseId(params.id, msg("api.depositNotFound"));
    const body = await readBody(request);
    const deposit = await submitDepositOtp({ actor: user, key: null }, { depositId, otp: readOtp(body.otp) });
    return apiJson(depositJson(deposit, depositMessage(deposit, localeOf(request))));
  });
}
