import type { ActionFunctionArgs } from "@remix-run/node";
import { minorToCedis } from "~/domain/money";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { startDeposit } from "~/commands/payments.server";
import { depositJson } from "~/pages/payments";
import { depositReturnUrl, readDepositRequest } from "~/pages/payments.server";
import { depositMessage } from "~/models/deposit.server";
import { localeOf } from "~/catalog/index.server";

export const loader = onlyMethods("POST");

/**
 * The plain contract (`amount` only) answers 200 'Deposit successful' when the money is in at once
 * (the demo provider). With a method (`mobile_money` + network + phone, or `checkout`) it answers 202
 * with the deposit and what the investor does next; the wallet is credited on the provider's word.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const payment = readDepositRequest({ amount: body.amount, method: body.method, network: body.network, phone: body.phone });
    const start = await startDeposit({ actor: user, key: idempotencyKeyOf(request) }, { payment, email: user.email, callbackUrl: depositReturnUrl });
    if (start.earlierAnswer) return apiJson(start.earlierAnswer.body, start.earlierAnswer.status);
    const { deposit } = start;
    const message = depositMessage(deposit, localeOf(request));
    if (body.method === undefined && deposit.status === "SUCCEEDED") return apiJson({ message, amount: minorToCedis(deposit.amountMinor), balance: minorToCedis(deposit.balanceAfterMinor ?? 0) });
    return apiJson(depositJson(deposit, message), 202);
  });
}
