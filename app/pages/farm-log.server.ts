import { msg } from "~/catalog/ref";
import { newIdempotencyKey, notFoundResponse } from "~/lib/page-action.server";
import { errorField, logger } from "~/lib/logger.server";
import { data } from "@remix-run/node";
import { readUploadForm } from "~/lib/upload-form.server";
import { today } from "~/lib/clock.server";
import { DomainError } from "~/domain/errors";

import { checkPhotos, parseFarmLogEntry, type FarmLogEntry } from "~/forms/farm-log.server";
import { renderMessages, type FieldMessage } from "~/forms/parse.server";
import { PHOTO_MAX_BYTES, FARM_LOG_LIMITS, PHOTO_MAX_COUNT } from "~/forms/limits";
import { HttpError, parseId } from "~/lib/http.server";
import { getBatch } from "~/models/batch.server";
import { FarmLogInvalid, getFarmLog, listBatchLogs } from "~/models/farm-log.server";
import { addFarmLogPhotos, recordFarmLog, type CheckedPhotos } from "~/commands/admin-batches.server";
import type { ProductType } from "~/domain/types";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { type LogResult } from "~/components/admin-log-form";
import { ADMIN_FALLBACK } from "~/pages/admin";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import type { Locale } from "~/catalog/format";

/** The daily-log form and photo uploads, page and API: read the request and check it; the commands store it. */

/** An uploaded photo as read from the form: its bytes, or only its size when it was too big to keep. */
export type PhotoUpload = { name: string; size: number; bytes: Uint8Array | null };

export type FarmLogForm = { fields: Record<string, string>; photos: PhotoUpload[] };

/** Reads a daily-log form: urlencoded, JSON (no photos) or multipart with `photos` files (2 MB each). */
export async function readFarmLogForm(request: Request): Promise<FarmLogForm> {
  const { fields, files } = await readUploadForm(request, { fileFields: ["photos"], maxFileBytes: PHOTO_MAX_BYTES, textFields: ["log_date", "notes", "incident_description"] });
  return { fields, photos: files.map(({ name, size, bytes }) => ({ name, size, bytes })) };
}

const photoCandidates = (photos: PhotoUpload[]) => photos.map((p) => ({ name: p.name, size: p.size, head: p.bytes ?? new Uint8Array() }));

/**
 * Checks a day's log for a batch (its product and start date) with its photos: the typed entry and
 * the photos' types, or FarmLogInvalid with every field's message.
 */
export function checkFarmLog(batch: { productType: ProductType; startDate: string | null }, { fields, photos }: FarmLogForm): { entry: FarmLogEntry } & CheckedPhotos {
  const parsed = parseFarmLogEntry(fields, { productType: batch.productType, startDate: batch.startDate, today: today() });
  const errors: Record<string, FieldMessage> = parsed.ok ? {} : { ...parsed.errors };
  const checked = checkPhotos(photoCandidates(photos));
  if (!checked.ok) errors.photos = checked.error;
  if (!parsed.ok || !checked.ok) throw new FarmLogInvalid(errors);
  return { entry: parsed.entry, photos, types: checked.types };
}

/** Checks photos added later to a day's log: at least one, each a JPEG or PNG within the limits. */
export function checkLogPhotos(photos: PhotoUpload[]): CheckedPhotos {
  if (photos.length === 0) throw new FarmLogInvalid({ photos: msg("forms.farmLog.choosePhoto") });
  const checked = checkPhotos(photoCandidates(photos));
  if (!checked.ok) throw new FarmLogInvalid({ photos: checked.error });
  return { photos, types: checked.types };
}

/** The batch the path names, or the page's 404 in the reader's `locale`. */
function batchOr404(idParam: string | undefined, locale: Locale) {
  let id: number;
  try {
    id = parseId(idParam, msg("rules.batchNotFound"));
  } catch {
    throw notFoundResponse(msg("rules.batchNotFound"), locale);
  }
  const batch = getBatch(id);
  if (!batch) throw notFoundResponse(msg("rules.batchNotFound"), locale);
  return batch;
}

/** The page's words, without the other product's fields (an egg batch logs eggs, a broiler batch weight). */
function logWords(locale: Locale, productType: ProductType) {
  const words = wordsFor(locale, ["adminLogs"]);
  const other = productType === "EGG" ? ["adminLogs.avgWeightKg", "adminLogs.avgWeight"] : ["adminLogs.eggsCollected"];
  for (const id of other) delete words[id];
  return words;
}

export async function batchLogsLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const b = batchOr404(params.id, locale);
  const t = translatorFor(locale);
  return {
    words: logWords(locale, b.productType),
    title: t("adminMeta.logs.title", { batchId: b.id }),
    description: t("adminMeta.logs.description"),
    batch: { id: b.id, productType: b.productType, farmName: b.farmName, location: b.location, status: b.status, startDate: b.startDate, targetUnits: b.targetUnits },
    logs: listBatchLogs(b.id).map((l) => ({
      id: l.id,
      logDate: l.logDate,
      birdsAlive: l.birdsAlive,
      deaths: l.deaths,
      feedKg: l.feedKg,
      eggsCollected: l.eggsCollected,
      avgWeightKg: l.avgWeightKg,
      temperatureC: l.temperatureC,
      humidityPct: l.humidityPct,
      ammoniaPpm: l.ammoniaPpm,
      notes: l.notes,
      incident: l.incident,
      incidentDescription: l.incidentDescription,
      photoIds: l.photoIds,
    })),
    today: today(),
    limits: { ...FARM_LOG_LIMITS, photoMaxCount: PHOTO_MAX_COUNT },
    // The day's form and each card's "Add photos" form send it (with their own suffix): the same form sent again counts once.
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function batchLogsAction({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const locale = localeOf(request);
  const batch = batchOr404(params.id, locale);
  let values: Record<string, string> = {};
  try {
    const form = await readFarmLogForm(request);
    values = form.fields;
    const ctx = { actor: admin, key: values.idempotency_key || null };
    if (values.intent === "photos") {
      const logId = parseId(values.log_id, msg("api.logNotFound"));
      getFarmLog({ batchId: batch.id, logId });
      const added = addFarmLogPhotos(ctx, { batchId: batch.id, logId, ...checkLogPhotos(form.photos) });
      const n = added.photoIds.length;
      return redirectWithFlash(`/admin/batches/${batch.id}/logs#log-${logId}`, { kind: "success", message: msg("adminLogs.flash.photosAdded", { count: n, date: added.logDate }) });
    }
    const log = recordFarmLog(ctx, { batchId: batch.id, ...checkFarmLog(batch, form) });
    const date = values.log_date?.trim() ?? "";
    const saved = log.photoIds.length ? msg("adminLogs.flash.savedWithPhotos", { date, count: log.photoIds.length }) : msg("adminLogs.flash.saved", { date });
    return redirectWithFlash(`/admin/batches/${batch.id}/logs`, { kind: "success", message: saved });
  } catch (error) {
    if (error instanceof FarmLogInvalid) {
      const locale = localeOf(request);
      return data({ ok: false as const, errors: renderMessages(error.messages, rendererFor(locale)), values } satisfies LogResult, { status: 400 });
    }
    if (error instanceof DomainError || error instanceof HttpError) {
      return data({ ok: false as const, errors: { form: detailIn(locale, error) }, values } satisfies LogResult, { status: error.status });
    }
    logger.error({ err: errorField(error) }, "page action failed");
    return data({ ok: false as const, errors: { form: translatorFor(locale)(ADMIN_FALLBACK.log) }, values } satisfies LogResult, { status: 500 });
  }
}
