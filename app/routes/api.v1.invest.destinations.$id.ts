import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { removeDestination } from "~/commands/payments.server";

export const loader = onlyMethods("DELETE");

/**
 * DELETE: the destination is no longer offered; withdrawals already sent keep their record. 204, and
 * 204 again for the same request with its Idempotency-Key.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "DELETE");
    const user = await requireApiUser(request);
    removeDestination({ actor: user, key: idempotencyKeyOf(request) }, { destinationId: parseId(params.id, msg("api.destinationNotFound")) });
    return new Response(null, { status: 204 });
  });
}
