import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { requireApiAdmin } from "~/auth/session.server";
import { issueDeviceToken } from "~/commands/farm-devices.server";
import { DeviceLabelSchema } from "~/forms/farm-devices.server";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, parseId, parseOrThrow, readBody, requireMethod } from "~/lib/http.server";
import { getBatchRow } from "~/models/batch.server";
import { deviceJson, listDevices } from "~/models/farm-devices.server";

function batchIdOr404(param: string | undefined) {
  const batchId = parseId(param, msg("rules.batchNotFound"));
  if (!getBatchRow(batchId)) throw new HttpError(404, msg("rules.batchNotFound"));
  return batchId;
}

/** GET: the batch's devices (never their tokens), newest first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    return apiJson(listDevices(batchIdOr404(params.id)).map(deviceJson));
  });
}

/**
 * POST `label`: issues a device token. 201 with the device and `token`, shown this once (only its hash
 * is kept); the same request again with its Idempotency-Key answers the same device with `token: null`.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const batchId = batchIdOr404(params.id);
    const input = parseOrThrow(DeviceLabelSchema, await readBody(request));
    const { device, token } = issueDeviceToken({ actor: admin, key: idempotencyKeyOf(request) }, { batchId, ...input });
    return apiJson({ ...deviceJson(device), token }, 201);
  });
}
