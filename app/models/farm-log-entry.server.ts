import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { PHOTO_MAX_BYTES, PHOTO_MAX_PER_LOG } from "~/forms/limits";
import { DomainError } from "~/domain/errors";
import { checkPhotos, FARM_LOG_MESSAGES, parseFarmLogEntry, type FarmLogEntry } from "~/forms/farm-log.server";
import { type ImageType } from "~/domain/images";
import { MSG } from "~/domain/messages";
import { today } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { HttpError, readBody } from "~/lib/http.server";
import { recordAudit } from "~/models/audit.server";
import { atomic } from "~/models/ledger.server";
import { batches, farmLogPhotos, farmLogs } from "~/models/schema.server";

/** A daily log that broke the rules: every field's message, and nothing was stored. */
export class FarmLogInvalid extends DomainError {
  constructor(public errors: Record<string, string>) {
    super(422, Object.values(errors)[0] ?? "Check the daily log.", Object.keys(errors)[0]);
    this.name = "FarmLogInvalid";
  }
}

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

function uploadsDir(): string {
  return getEnv().uploadsDir;
}

/**
 * Records a day's log for a batch with its photos. All or nothing: a bad value, a bad photo or a
 * second log for the same day stores no row and leaves no file behind.
 */
export function createFarmLogEntry({ adminId, batchId, fields, photos }: { adminId: number; batchId: number } & FarmLogForm) {
  const batch = getDb().select().from(batches).where(eq(batches.id, batchId)).get();
  if (!batch) throw new DomainError(404, MSG.batchNotFound);
  const parsed = parseFarmLogEntry(fields, { productType: batch.productType, today: today() });
  const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
  const checked = checkPhotos(photos.map((p) => ({ name: p.name, size: p.size, head: p.bytes ?? new Uint8Array() })));
  if (!checked.ok) errors.photos = checked.error;
  if (!parsed.ok || !checked.ok) throw new FarmLogInvalid(errors);
  const entry: FarmLogEntry = parsed.entry;

  return withStoredPhotos(photos, checked.types, (files) => {
    const db = getDb();
    const duplicate = db.select({ id: farmLogs.id }).from(farmLogs).where(and(eq(farmLogs.batchId, batchId), eq(farmLogs.logDate, entry.log_date))).get();
    if (duplicate) throw new FarmLogInvalid({ log_date: FARM_LOG_MESSAGES.duplicate(entry.log_date, batchId) });
    const log = db
      .insert(farmLogs)
      .values({
        batchId,
        logDate: entry.log_date,
        birdsAlive: entry.birds_alive,
        deaths: entry.deaths,
        feedKg: entry.feed_kg,
        eggsCollected: entry.eggs_collected,
        avgWeightKg: entry.avg_weight_kg,
        temperatureC: entry.temperature_c,
        humidityPct: entry.humidity_pct,
        ammoniaPpm: entry.ammonia_ppm,
        notes: entry.notes,
        incident: entry.incident,
        incidentDescription: entry.incident_description,
        createdBy: adminId,
      })
      .returning({ id: farmLogs.id })
      .get();
    const photoIds = insertPhotoRows(log.id, files);
    recordAudit({
      adminId,
      action: "farm_log.create",
      batchId,
      farmId: batch.farmId,
      detail: `Daily log ${entry.log_date}: ${entry.birds_alive} birds, ${entry.deaths} deaths${entry.incident ? ", incident" : ""}${photoIds.length ? `, ${photoIds.length} photo(s)` : ""}`,
    });
    return { id: log.id, photoIds };
  });
}

/** Photos added later to a day's log (the log itself never changes). All or nothing, like a new log. */
export function attachFarmLogPhotos({ adminId, batchId, logId, photos }: { adminId: number; batchId: number; logId: number; photos: PhotoUpload[] }) {
  const log = getDb().select().from(farmLogs).where(and(eq(farmLogs.id, logId), eq(farmLogs.batchId, batchId))).get();
  if (!log) throw new DomainError(404, "Daily log not found.");
  if (photos.length === 0) throw new FarmLogInvalid({ photos: "Choose at least one photo." });
  const checked = checkPhotos(photos.map((p) => ({ name: p.name, size: p.size, head: p.bytes ?? new Uint8Array() })));
  if (!checked.ok) throw new FarmLogInvalid({ photos: checked.error });
  return withStoredPhotos(photos, checked.types, (files) => {
    const db = getDb();
    const existing = db.select({ id: farmLogPhotos.id }).from(farmLogPhotos).where(eq(farmLogPhotos.logId, logId)).all().length;
    if (existing + files.length > PHOTO_MAX_PER_LOG) throw new FarmLogInvalid({ photos: FARM_LOG_MESSAGES.tooManyForLog(PHOTO_MAX_PER_LOG - existing) });
    const photoIds = insertPhotoRows(logId, files);
    recordAudit({ adminId, action: "farm_log.photos", batchId, detail: `Daily log ${log.logDate}: ${photoIds.length} photo(s) added` });
    return { id: logId, logDate: log.logDate, photoIds };
  });
}

type StoredFile = { fileName: string; contentType: ImageType; sizeBytes: number };

function insertPhotoRows(logId: number, files: StoredFile[]): number[] {
  const db = getDb();
  return files.map((f) => db.insert(farmLogPhotos).values({ logId, ...f }).returning({ id: farmLogPhotos.id }).get().id);
}

/**
 * Writes checked photos under random names, then runs `save` in one transaction. If anything
 * fails (the transaction, a write), every file written for this request is removed again.
 */
function withStoredPhotos<T>(photos: PhotoUpload[], types: ImageType[], save: (files: StoredFile[]) => T): T {
  const dir = uploadsDir();
  const written: string[] = [];
  try {
    if (photos.length) fs.mkdirSync(dir, { recursive: true });
    const files = photos.map((photo, i) => {
      const fileName = `${crypto.randomBytes(16).toString("hex")}.${types[i] === "image/png" ? "png" : "jpg"}`;
      fs.writeFileSync(path.join(dir, fileName), photo.bytes!, { flag: "wx" });
      written.push(fileName);
      return { fileName, contentType: types[i], sizeBytes: photo.size };
    });
    return atomic(() => save(files));
  } catch (error) {
    for (const fileName of written) fs.rmSync(path.join(dir, fileName), { force: true });
    throw error;
  }
}

/** A stored photo's bytes and type, or null for an unknown id or a missing file. */
export function readFarmPhoto(photoId: number): { bytes: Buffer; contentType: string } | null {
  const row = getDb().select().from(farmLogPhotos).where(eq(farmLogPhotos.id, photoId)).get();
  if (!row) return null;
  // Stored names are ours (hex + extension); refuse anything else rather than trust the row.
  if (!/^[0-9a-f]{32}\.(jpg|png)$/.test(row.fileName)) return null;
  try {
    return { bytes: fs.readFileSync(path.join(uploadsDir(), row.fileName)), contentType: row.contentType };
  } catch {
    return null;
  }
}
