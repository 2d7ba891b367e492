import type { ActionFunctionArgs } from "@remix-run/node";
import { detailIn, localeOf } from "~/catalog/index.server";
import { authenticateDevice, recordReadings } from "~/commands/farm-devices.server";
import { bearerToken, ReadingRefused } from "~/domain/farm-readings";
import { readReadingsBody } from "~/forms/farm-devices.server";
import { apiJson, handleApi, onlyMethods, readJsonBody, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/** 500 readings with room to spare for long numbers and offsets (the API's other bodies stop at 64 KB). */
const READINGS_BODY_BYTES = 256 * 1024;

/**
 * A farm device posts readings with its token (`Authorization: Bearer akd_...`): one reading, or
 * `readings`, up to 500. 201 `{stored, duplicates}`; 401 for a missing, unknown or revoked token;
 * 422 `{detail, index, field}` for a bad reading, and then nothing is stored.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const device = authenticateDevice(bearerToken(request.headers.get("Authorization")));
    try {
      const readings = readReadingsBody(await readJsonBody(request, READINGS_BODY_BYTES));
      return apiJson(recordReadings(device, readings), 201);
    } catch (error) {
      if (error instanceof ReadingRefused) return apiJson({ detail: detailIn(localeOf(request), error), index: error.index, field: error.field }, 422);
      throw error;
    }
  });
}
