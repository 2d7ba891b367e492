import type { ActionFunctionArgs } from "@remix-run/node";
import { fieldErrors } from "~/forms/parse.server";
import { amountParam } from "~/domain/idempotency";
import { minorToCedis } from "~/domain/money";
import { DestinationSchema } from "~/forms/wallet.server";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, methodNotAllowed, readBody } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { once } from "~/models/idempotency.server";
import { withdraw } from "~/models/wallet.server";

export const loader = () => methodNotAllowed();

/** Amount in cedis; optional destination (method MOMO|BANK, provider, account_number), recorded when given. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request);
    const body = await readBody(request);
    let destination = null;
    if (body.method !== undefined || body.account_number !== undefined) {
      const parsed = DestinationSchema.safeParse(body);
      if (!parsed.success) throw new HttpError(422, Object.values(fieldErrors(parsed.error))[0] ?? "Check the destination.");
      destination = { method: parsed.data.method, provider: parsed.data.provider, accountNumber: parsed.data.account_number };
    }
    const answer = once({ userId: user.id, key: idempotencyKeyOf(request), operation: "invest/withdraw", params: { amount: amountParam(body.amount), destination } }, () => {
      const result = withdraw({ userId: user.id, amount: body.amount, destination });
      return { status: 200, body: { message: "Withdrawal processed", amount: minorToCedis(result.amountMinor), balance: minorToCedis(result.balanceMinor) } };
    });
    return apiJson(answer.body, answer.status);
  });
}
