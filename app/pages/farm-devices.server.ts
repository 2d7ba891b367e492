import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import type { Locale } from "~/catalog/format";
import { issueDeviceToken, revokeDeviceToken } from "~/commands/farm-devices.server";
import { DomainError } from "~/domain/errors";
import { DeviceLabelSchema, RevokeDeviceSchema } from "~/forms/farm-devices.server";
import { DEVICE_LABEL_MAX } from "~/forms/limits";
import { fieldErrors } from "~/forms/parse.server";
import { HttpError } from "~/lib/http.server";
import { errorField, logger } from "~/lib/logger.server";
import { newIdempotencyKey, notFoundResponse, readPageForm } from "~/lib/page-action.server";
import { getBatch } from "~/models/batch.server";
import { listDevices } from "~/models/farm-devices.server";

/**
 * The admin's device page of a batch (/admin/batches/<id>/devices): issue a token (shown once, on
 * the page the issue answers with, never in a redirect, a cookie or a log) and revoke one.
 */

/**
 * What the action answers when it does not redirect: the new token, shown this once, or the form's
 * errors. `token` is null when the same form came again (its key already used): the device issued
 * the first time, its token not shown again (issueDeviceToken says why).
 */
export type DeviceResult = { ok: true; issued: { id: number; label: string; token: string | null } } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

function batchOr404(idParam: string | undefined, locale: Locale) {
  const id = Number(idParam);
  const batch = /^\d{1,15}$/.test(idParam ?? "") && id > 0 ? getBatch(id) : undefined;
  if (!batch) throw notFoundResponse(msg("rules.batchNotFound"), locale);
  return batch;
}

export async function batchDevicesLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const batch = batchOr404(params.id, locale);
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["adminDevices"]),
    title: t("adminDevices.metaTitle", { batchId: batch.id }),
    description: t("adminDevices.metaDescription"),
    batch: { id: batch.id, productType: batch.productType, farmName: batch.farmName, location: batch.location, status: batch.status },
    devices: listDevices(batch.id),
    labelMax: DEVICE_LABEL_MAX,
    // The issue form and each revoke form send it (with their own suffix): the same form sent again counts once.
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function batchDevicesAction({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const locale = localeOf(request);
  const batch = batchOr404(params.id, locale);
  const values = await readPageForm(request);
  const ctx = { actor: admin, key: values.idempotency_key || null };
  try {
    if (values.intent === "revoke") {
      const parsed = RevokeDeviceSchema.safeParse(values);
      if (!parsed.success) throw new DomainError(404, msg("deviceRules.deviceNotFound"));
      const device = revokeDeviceToken(ctx, { batchId: batch.id, deviceId: parsed.data.device_id });
      return redirectWithFlash(`/admin/batches/${batch.id}/devices`, { kind: "success", message: msg("adminDevices.flash.revoked", { label: device.label }) });
    }
    const parsed = DeviceLabelSchema.safeParse(values);
    if (!parsed.success) return data({ ok: false as const, errors: fieldErrors(parsed.error, rendererFor(locale)), values } satisfies DeviceResult, { status: 400 });
    const { device, token } = issueDeviceToken(ctx, { batchId: batch.id, ...parsed.data });
    // The token is in this one answer (no-store: no cache keeps it); the page shows it once.
    return data({ ok: true as const, issued: { id: device.id, label: device.label, token } } satisfies DeviceResult, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError)
      return data({ ok: false as const, errors: { form: detailIn(locale, error) }, values } satisfies DeviceResult, { status: error.status });
    logger.error({ err: errorField(error) }, "page action failed");
    return data({ ok: false as const, errors: { form: translatorFor(locale)("adminDevices.failed") }, values } satisfies DeviceResult, { status: 500 });
  }
}
