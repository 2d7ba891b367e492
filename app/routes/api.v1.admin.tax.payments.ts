import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { minorToCedis } from "~/domain/money";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, readBody, requireMethod } from "~/lib/http.server";
import { once } from "~/models/idempotency.server";
import { payWithheldTax } from "~/pages/tax-admin.server";

/** Records withheld tax paid to the authority: `period` (YYYY-MM), `amount` (GHS), `reference`. Audited; idempotent with a key. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const body = await readBody(request);
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/tax/payments", params: body }, () => {
      const row = payWithheldTax(admin.id, body);
      return { status: 201, body: { detail: "Tax payment recorded.", id: row.id, period: row.period, amount: minorToCedis(row.amountMinor), reference: row.reference, created_at: row.createdAt } };
    });
    return apiJson(answer.body, answer.status);
  });
}

export const loader = () => methodNotAllowed("POST");
