import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { recheckWithdrawal, returnWithdrawal } from "~/commands/admin-payments.server";
import { guardedAnswer } from "~/models/approval-actions.server";
import { resolvedWithdrawalJson } from "~/models/payment-resolution.server";
import { recheckMessage } from "~/pages/payment-admin.server";
import { localeOf, render } from "~/catalog/index.server";

export const loader = onlyMethods("POST");

/**
 * Resolving a flagged withdrawal (docs/payments.md#flagged-deposits-and-withdrawals): `recheck` asks
 * the provider now and applies its word (200); `return` puts the money back in the wallet once the
 * provider says the transfer failed or never reached it, waiting for a second admin (202) where there is one.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const withdrawalId = parseId(params.id, msg("api.withdrawalNotFound"));
    const locale = localeOf(request);
    const ctx = { actor: admin, key: idempotencyKeyOf(request) };
    switch (params.action) {
      case "recheck": {
        const r = await recheckWithdrawal(ctx, { withdrawalId });
        return apiJson({ detail: render(locale, recheckMessage(r)), outcome: r.outcome, provider_status: r.providerStatus, withdrawal: resolvedWithdrawalJson(r.withdrawal) });
      }
      case "return": {
        const answer = guardedAnswer(await returnWithdrawal(ctx, { withdrawalId }), locale);
        return apiJson(answer.body, answer.status);
      }
      default:
        throw new HttpError(404, msg("api.notFound"));
    }
  });
}
