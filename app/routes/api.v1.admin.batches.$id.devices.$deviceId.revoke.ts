import type { ActionFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { requireApiAdmin } from "~/auth/session.server";
import { revokeDeviceToken } from "~/commands/farm-devices.server";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { deviceJson } from "~/models/farm-devices.server";

export const loader = onlyMethods("POST");

/** POST: revokes the device; its token gets 401 from then on, its readings stay. Revoking again changes nothing. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const batchId = parseId(params.id, msg("rules.batchNotFound"));
    const deviceId = parseId(params.deviceId, msg("deviceRules.deviceNotFound"));
    return apiJson(deviceJson(revokeDeviceToken({ actor: admin, key: idempotencyKeyOf(request) }, { batchId, deviceId })));
  });
}
