import { z } from "zod";
import { msg } from "~/catalog/ref";
import { badReadingShape, checkReadingCount, readingsNotAList, type ReadingInput } from "~/domain/farm-readings";
import { DEVICE_LABEL_MAX } from "~/forms/limits";
import { formId, formMsg } from "~/forms/parse.server";
import { singleLineText } from "~/forms/text.server";

/** The admin's issue form (page and API): the device's label. */
export const DeviceLabelSchema = z.object({
  label: singleLineText({
    label: msg("deviceRules.labelName"),
    required: formMsg("deviceRules.labelRequired"),
    max: DEVICE_LABEL_MAX,
    tooLong: formMsg("deviceRules.labelTooLong", { max: DEVICE_LABEL_MAX }),
  }),
});
export type DeviceLabelInput = z.infer<typeof DeviceLabelSchema>;

/** The page's revoke button: which device. */
export const RevokeDeviceSchema = z.object({ device_id: formId(msg("deviceRules.deviceNotFound")) });

const ReadingSchema = z.object({
  temperature_c: z.number(),
  humidity_pct: z.number(),
  ammonia_ppm: z.number(),
  recorded_at: z.string(),
});

/**
 * A device's JSON body as readings: one reading (`temperature_c`, `humidity_pct`, `ammonia_ppm`,
 * `recorded_at`), or `readings`, a list of them (a device that was offline catches up). Checks the
 * shape only (numbers are JSON numbers, the time is text); the rules in app/domain/farm-readings.ts
 * check the values. A bad reading refuses the whole request and is named by its index.
 */
export function readReadingsBody(body: Record<string, unknown>): ReadingInput[] {
  const list = "readings" in body ? body.readings : [body];
  if (!Array.isArray(list)) throw readingsNotAList();
  checkReadingCount(list.length);
  return list.map((item: unknown, index) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw badReadingShape(index, null);
    const parsed = ReadingSchema.safeParse(item);
    if (parsed.success) return parsed.data;
    throw badReadingShape(index, String(parsed.error.issues[0]?.path[0] ?? "recorded_at"));
  });
}
