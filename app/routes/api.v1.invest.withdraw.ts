import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { localeOf } from "~/catalog/index.server";
import { withdrawalMessage } from "~/models/withdrawal.server";
import { fieldMessages } from "~/forms/parse.server";
import { minorToCedis } from "~/domain/money";
import { parseWithdrawalAmount } from "~/domain/wallet";
import { DestinationSchema } from "~/forms/wallet.server";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { requestWithdrawal } from "~/commands/payments.server";
import { withdrawalJson } from "~/pages/payments";

export const loader = onlyMethods("POST");

/**
 * `amount` in cedis and `destination_id` (a saved destination): answers 202 with the withdrawal,
 * or, when the money goes out at once (the demo), the plain 200 'Withdrawal processed'. The demo
 * also takes the plain form's unsaved destination (method MOMO|BANK, provider, account_number).
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const destinationId = body.destination_id === undefined || body.destination_id === null || body.destination_id === "" ? null : parseId(body.destination_id, msg("api.destinationNotFound"));
    let unsaved = null;
    if (destinationId === null && (body.method !== undefined || body.account_number !== undefined)) {
      const parsed = DestinationSchema.safeParse(body);
      if (!parsed.success) throw new HttpError(422, Object.values(fieldMessages(parsed.error))[0] ?? msg("api.checkDestination"));
      unsaved = { method: parsed.data.method, provider: parsed.data.provider, accountNumber: parsed.data.account_number };
    }
    const amountMinor = parseWithdrawalAmount(body.amount);
    const start = await requestWithdrawal({ actor: user, key: idempotencyKeyOf(request) }, { amountMinor, destinationId, unsaved });
    if (start.earlierAnswer) return apiJson(start.earlierAnswer.body, start.earlierAnswer.status);
    const { withdrawal } = start;
    const message = withdrawalMessage(withdrawal, localeOf(request));
    if (destinationId === null && withdrawal.status === "SUCCEEDED")
      return apiJson({ message, amount: minorToCedis(withdrawal.amountMinor), balance: minorToCedis(withdrawal.balanceAfterMinor ?? 0) });
    return apiJson(withdrawalJson(withdrawal, message), 202);
  });
}
