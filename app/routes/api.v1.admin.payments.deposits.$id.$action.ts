import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { recheckDeposit, refundDeposit, retryRefund } from "~/commands/admin-payments.server";
import { guardedAnswer } from "~/models/approval-actions.server";
import { resolvedDepositJson } from "~/models/payment-resolution.server";
import { recheckMessage } from "~/pages/payment-admin.server";
import { localeOf, render } from "~/catalog/index.server";

export const loader = onlyMethods("POST");

/**
 * Resolving a flagged deposit or a failed refund (docs/payments.md#flagged-deposits-and-withdrawals):
 * `recheck` asks the provider now and applies its word (200); `refund` and `retry-refund` move money
 * and wait for a second admin (202 with the approval) where there is one.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const depositId = parseId(params.id, msg("api.depositNotFound"));
    const locale = localeOf(request);
    const ctx = { actor: admin, key: idempotencyKeyOf(request) };
    switch (params.action) {
      case "recheck": {
        const r = await recheckDeposit(ctx, { depositId });
        return apiJson({ detail: render(locale, recheckMessage(r)), outcome: r.outcome, provider_status: r.providerStatus, deposit: resolvedDepositJson(r.deposit) });
      }
      case "refund":
      case "retry-refund": {
        const g = params.action === "refund" ? await refundDeposit(ctx, { depositId }) : await retryRefund(ctx, { depositId });
        const answer = guardedAnswer(g, locale);
        return apiJson(answer.body, answer.status);
      }
      default:
        throw new HttpError(404, msg("api.notFound"));
    }
  });
}
