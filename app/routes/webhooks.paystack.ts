import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { localeOf } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { receiveSignedWebhook } from "~/models/payment-events.server";

export const loader = onlyMethods("POST");

const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * Paystack's webhooks. The signature is checked over the exact bytes received before anything else
 * (401 and nothing changes); then the event is stored once and acted on in one transaction, and we
 * answer 200 at once: a duplicate or an unknown reference is kept, never an error.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const raw = Buffer.from(await request.arrayBuffer());
    if (raw.byteLength > MAX_WEBHOOK_BYTES) return apiError(413, msg("api.tooLarge"), localeOf(request));
    const receipt = receiveSignedWebhook({ rawBody: raw, signature: request.headers.get("x-paystack-signature") });
    if (!receipt) return apiError(401, msg("api.invalidSignature"), localeOf(request));
    return apiJson({ received: true, duplicate: receipt.duplicate });
  });
}
