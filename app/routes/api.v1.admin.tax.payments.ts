import type { ActionFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { localeOf, render } from "~/catalog/index.server";
import { requireApiAdmin } from "~/auth/session.server";
import { minorToCedis } from "~/domain/money";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, readBody, requireMethod } from "~/lib/http.server";
import { recordTaxPayment } from "~/commands/admin-payouts.server";
import { readTaxPayment } from "~/pages/tax-admin.server";

/** Records withheld tax paid to the authority: `period` (YYYY-MM), `amount` (GHS), `reference`. Audited; idempotent with a key. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const payment = readTaxPayment(await readBody(request));
    const row = recordTaxPayment({ actor: admin, key: idempotencyKeyOf(request) }, payment);
    return apiJson(
      { detail: render(localeOf(request), msg("api.taxPaymentRecorded")), id: row.id, period: row.period, amount: minorToCedis(row.amountMinor), reference: row.reference, created_at: row.createdAt },
      201,
    );
  });
}

export const loader = onlyMethods("POST");
