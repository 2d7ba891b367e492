import { createHash, timingSafeEqual } from "node:crypto";
import { msg } from "~/catalog/ref";
import { getEnv } from "~/lib/env.server";
import { apiError, clientIp, handleApi, methodNotAllowed } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { answerUssd } from "~/ussd/engine.server";
import type { Gateway } from "~/ussd/gateways.server";

/** Whether the path's secret is USSD_CALLBACK_SECRET, in constant time (both hashed first, so their lengths say nothing either). */
function isCallbackSecret(given: string | undefined, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given ?? ""), digest(expected));
}

/**
 * A USSD gateway's callback (/ussd/<gateway>/<secret>): the guards, the gateway's request read,
 * the screen, the gateway's answer. Without USSD_CALLBACK_SECRET, or with another secret in the
 * path, the door is not there (404). With the secret but from an address outside USSD_ALLOWED_IPS
 * (when set), 403: the caller knew the secret, the operator reads the refused address in the log.
 */
export function ussdDoor(request: Request, secret: string | undefined, gateway: Gateway): Promise<Response> {
  return handleApi(request, async () => {
    const env = getEnv();
    // Answers in English: a gateway reads them, no person.
    if (!env.USSD_CALLBACK_SECRET || !isCallbackSecret(secret, env.USSD_CALLBACK_SECRET)) return apiError(404, msg("api.notFound"), "en");
    const caller = clientIp(request);
    if (env.ussdAllowedIps && !env.ussdAllowedIps.has(caller)) {
      logger.warn({ gateway: gateway.name, client_ip: caller }, "USSD callback refused: the caller is not in USSD_ALLOWED_IPS");
      return apiError(403, msg("api.addressRefused"), "en");
    }
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const ussd = await gateway.read(request);
    return gateway.answer(await answerUssd(ussd), ussd);
  });
}
