import crypto from "node:crypto";
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { today } from "~/lib/clock.server";
import { DomainError } from "~/domain/errors";
import { MSG } from "~/domain/messages";
import { checkPhotos, parseFarmLogEntry } from "~/forms/farm-log.server";
import { PHOTO_MAX_BYTES } from "~/forms/limits";
import { HttpError, readBody } from "~/lib/http.server";
import { getBatchRow } from "~/models/batch.server";
import { attachFarmLogPhotos, createFarmLog, FarmLogInvalid, getFarmLog } from "~/models/farm-log.server";

/** The daily-log form and photo uploads, page and API: read the request, check it, then store it. */

/** An uploaded file as read from the form: its bytes, or only its size when it was too big to keep. */
export type PhotoUpload = { name: string; size: number; bytes: Uint8Array | null };

export type FarmLogForm = { fields: Record<string, string>; photos: PhotoUpload[] };

const TEXT_PART_MAX = 64 * 1024;

/**
 * Reads a daily-log form: urlencoded, JSON (no photos) or multipart with `photos` files. Files are
 * kept in memory up to 2 MB each; a bigger file is read to its end and remembered only by size,
 * so the admin gets a clear message and what they typed back instead of a broken request.
 */
export async function readFarmLogForm(request: Request): Promise<FarmLogForm> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.includes("multipart/form-data")) {
    const body = await readBody(request);
    return { fields: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : v == null ? "" : String(v)])), photos: [] };
  }
  const photos: PhotoUpload[] = [];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const isFile = typeof filename === "string";
    const limit = isFile ? PHOTO_MAX_BYTES : TEXT_PART_MAX;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
      else if (!isFile) throw new MaxPartSizeExceededError(name, limit);
    }
    if (!isFile) return new TextDecoder().decode(Buffer.concat(chunks));
    // An empty file input (no photo chosen) sends a nameless, empty part.
    if (!filename && size === 0) return undefined;
    if (name === "photos") photos.push({ name: filename || "The photo", size, bytes: size <= limit ? new Uint8Array(Buffer.concat(chunks)) : null });
    return undefined;
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new HttpError(413, "A form field is too large.");
    throw new HttpError(400, "The form body could not be read.");
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !(k in fields)) fields[k] = v;
  return { fields, photos };
}

/** What makes a daily-log request this one, for its idempotency key: the typed fields (trimmed) and each photo's digest. */
export function farmLogParams({ fields, photos }: FarmLogForm) {
  return {
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])),
    photos: photos.map((p) => ({ name: p.name, size: p.size, sha256: p.bytes ? crypto.createHash("sha256").update(p.bytes).digest("hex") : null })),
  };
}

const photoCandidates = (photos: PhotoUpload[]) => photos.map((p) => ({ name: p.name, size: p.size, head: p.bytes ?? new Uint8Array() }));

/**
 * Records a day's log for a batch with its photos. All or nothing: a bad value, a bad photo or a
 * second log for the same day stores no row and leaves no file behind.
 */
export function createFarmLogEntry({ adminId, batchId, fields, photos }: { adminId: number; batchId: number } & FarmLogForm) {
  const batch = getBatchRow(batchId);
  if (!batch) throw new DomainError(404, MSG.batchNotFound);
  const parsed = parseFarmLogEntry(fields, { productType: batch.productType, today: today() });
  const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
  const checked = checkPhotos(photoCandidates(photos));
  if (!checked.ok) errors.photos = checked.error;
  if (!parsed.ok || !checked.ok) throw new FarmLogInvalid(errors);
  return createFarmLog({ adminId, batch, entry: parsed.entry, photos, types: checked.types });
}

/** Photos added later to a day's log. */
export function addFarmLogPhotos({ adminId, batchId, logId, photos }: { adminId: number; batchId: number; logId: number; photos: PhotoUpload[] }) {
  getFarmLog({ batchId, logId });
  if (photos.length === 0) throw new FarmLogInvalid({ photos: "Choose at least one photo." });
  const checked = checkPhotos(photoCandidates(photos));
  if (!checked.ok) throw new FarmLogInvalid({ photos: checked.error });
  return attachFarmLogPhotos({ adminId, batchId, logId, photos, types: checked.types });
}
