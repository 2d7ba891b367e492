import type { ActionFunctionArgs } from "@remix-run/node";
import { amountParam } from "~/domain/idempotency";
import { minorToCedis } from "~/domain/money";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, readBody } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { once } from "~/models/idempotency.server";
import { deposit } from "~/models/wallet.server";

export const loader = () => methodNotAllowed();

/** Demo deposit (simulated mobile money); amount in cedis as JSON or form data. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const answer = once({ userId: user.id, key: idempotencyKeyOf(request), operation: "invest/deposit", params: { amount: amountParam(body.amount) } }, () => {
      const result = deposit({ userId: user.id, amount: body.amount });
      return { status: 200, body: { message: "Deposit successful", amount: minorToCedis(result.amountMinor), balance: minorToCedis(result.balanceMinor) } };
    });
    return apiJson(answer.body, answer.status);
  });
}
