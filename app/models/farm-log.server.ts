import { msg } from "~/catalog/ref";
import { and, eq, asc, desc, inArray, sql } from "drizzle-orm";
import { PHOTO_MAX_PER_LOG } from "~/forms/limits";
import type { MessageRef } from "~/catalog/format";
import { DomainError } from "~/domain/errors";
import { type FarmLogEntry } from "~/forms/farm-log.server";
import { type ImageType } from "~/domain/images";
import { getDb, preparedQuery, type Db } from "~/lib/db.server";
import { inJsonIntegers } from "~/lib/sql-dialect.server";
import { getEnv } from "~/lib/env.server";
import { recordAudit } from "~/models/audit.server";
import { readStoredFile, withStoredFiles, type StoredFile } from "~/models/stored-files.server";
import { farmLogPhotos, farmLogs } from "~/models/schema.server";

/**
 * Reading a batch's daily farm logs: what investors see as the truth about their birds. The admin
 * writes them (app/pages/farm-log.server.ts checks the form first).
 */
export type FarmLog = typeof farmLogs.$inferSelect;
/** A house's conditions on a day: what the cards' sensor strip shows. */
export type Reading = { temperatureC: number | null; humidityPct: number | null; ammoniaPpm: number | null };
export type FarmLogPhoto = { id: number; logId: number; href: string };

/** Photos are served by the admin side at /farm-photos/<photoId>. */
export const farmPhotoHref = (photoId: number) => `/farm-photos/${photoId}`;

/** A batch's logs, oldest first. */
export function listFarmLogs({ batchId }: { batchId: number }): FarmLog[] {
  return getDb().select().from(farmLogs).where(eq(farmLogs.batchId, batchId)).orderBy(asc(farmLogs.logDate), asc(farmLogs.id)).all();
}

/** The photos of the given logs, grouped by log. */
export function listPhotosForLogs(logIds: number[]): Map<number, FarmLogPhoto[]> {
  const byLog = new Map<number, FarmLogPhoto[]>();
  if (logIds.length === 0) return byLog;
  const rows = getDb().select({ id: farmLogPhotos.id, logId: farmLogPhotos.logId }).from(farmLogPhotos).where(inArray(farmLogPhotos.logId, logIds)).orderBy(asc(farmLogPhotos.id)).all();
  for (const r of rows) {
    const list = byLog.get(r.logId) ?? [];
    list.push({ id: r.id, logId: r.logId, href: farmPhotoHref(r.id) });
    byLog.set(r.logId, list);
  }
  return byLog;
}

/** The house conditions of the batch's latest log, or null when the farm has logged none. */
export function latestFarmReading(batchId: number): (Reading & { logDate: string }) | null {
  const row = getDb()
    .select({ logDate: farmLogs.logDate, temperatureC: farmLogs.temperatureC, humidityPct: farmLogs.humidityPct, ammoniaPpm: farmLogs.ammoniaPpm })
    .from(farmLogs)
    .where(eq(farmLogs.batchId, batchId))
    .orderBy(desc(farmLogs.logDate), desc(farmLogs.id))
    .limit(1)
    .get();
  return row ?? null;
}

/** The latest reading of each batch that has logs (one query for a whole list of cards). */
// Read on every view of the invest pages: prepared once; the batch ids go in as one JSON array.
const latestReadingsQuery = (db: Db) =>
  db
    .select({ batchId: farmLogs.batchId, logDate: farmLogs.logDate, temperatureC: farmLogs.temperatureC, humidityPct: farmLogs.humidityPct, ammoniaPpm: farmLogs.ammoniaPpm })
    .from(farmLogs)
    // Only each batch's newest day (the unique (batch_id, log_date) index answers the subquery).
    .where(and(inJsonIntegers(farmLogs.batchId, sql.placeholder("ids")), sql`${farmLogs.logDate} = (select max(g.log_date) from farm_logs g where g.batch_id = ${farmLogs.batchId})`))
    .orderBy(asc(farmLogs.logDate), asc(farmLogs.id))
    .prepare();

export function latestFarmReadings(batchIds: number[]): Map<number, Reading & { logDate: string }> {
  const out = new Map<number, Reading & { logDate: string }>();
  if (batchIds.length === 0) return out;
  const rows = preparedQuery(latestReadingsQuery).all({ ids: JSON.stringify(batchIds) });
  for (const { batchId, ...reading } of rows) out.set(batchId, reading);
  return out;
}

export function listBatchLogs(batchId: number, limit = 60) {
  const db = getDb();
  const logs = db.select().from(farmLogs).where(eq(farmLogs.batchId, batchId)).orderBy(desc(farmLogs.logDate)).limit(limit).all();
  const photos = logs.length
    ? db
        .select({ id: farmLogPhotos.id, logId: farmLogPhotos.logId })
        .from(farmLogPhotos)
        .where(
          inArray(
            farmLogPhotos.logId,
            logs.map((l) => l.id),
          ),
        )
        .orderBy(farmLogPhotos.id)
        .all()
    : [];
  return logs.map((l) => ({ ...l, photoIds: photos.filter((p) => p.logId === l.id).map((p) => p.id) }));
}

export function farmLogJson(l: ReturnType<typeof listBatchLogs>[number]) {
  return {
    id: l.id,
    batch_id: l.batchId,
    log_date: l.logDate,
    birds_alive: l.birdsAlive,
    deaths: l.deaths,
    feed_kg: l.feedKg,
    eggs_collected: l.eggsCollected,
    avg_weight_kg: l.avgWeightKg,
    temperature_c: l.temperatureC,
    humidity_pct: l.humidityPct,
    ammonia_ppm: l.ammoniaPpm,
    notes: l.notes,
    incident: l.incident,
    incident_description: l.incidentDescription,
    photos: l.photoIds.map((id) => `/farm-photos/${id}`),
    created_at: l.createdAt,
  };
}

// ---- writing a day's log and its photos ----

/**
 * A daily log that broke the rules: every field's message (a door renders them in its reader's
 * language), and nothing was stored.
 */
export class FarmLogInvalid extends DomainError {
  constructor(public messages: Record<string, string | MessageRef>) {
    super(422, Object.values(messages)[0] ?? msg("forms.farmLog.check"), Object.keys(messages)[0]);
    this.name = "FarmLogInvalid";
  }
}

/** What a log with `room` photos left can still take. */
const roomLeft = (room: number): MessageRef => (room > 0 ? msg("rules.farmLog.roomForMore", { count: room }) : msg("rules.farmLog.full"));

function uploadsDir(): string {
  return getEnv().uploadsDir;
}

/** A photo whose bytes were read and checked. */
export type StoredPhoto = { size: number; bytes: Uint8Array | null };

function insertPhotoRows(logId: number, files: StoredFile[]): number[] {
  const db = getDb();
  return files.map(
    (f) =>
      db
        .insert(farmLogPhotos)
        .values({ logId, ...f })
        .returning({ id: farmLogPhotos.id })
        .get().id,
  );
}

/** Keeps checked photos, then runs `save` in one transaction; no file stays behind if it fails. */
function withStoredPhotos<T>(photos: StoredPhoto[], types: ImageType[], save: (files: StoredFile[]) => T): T {
  return withStoredFiles(
    uploadsDir(),
    photos.map((p, i) => ({ bytes: p.bytes!, type: types[i] })),
    save,
  );
}

/** A stored photo's bytes and type, or null for an unknown id or a missing file. */
export function readFarmPhoto(photoId: number): { bytes: Buffer; contentType: string } | null {
  const row = getDb().select().from(farmLogPhotos).where(eq(farmLogPhotos.id, photoId)).get();
  if (!row) return null;
  const bytes = readStoredFile(uploadsDir(), row.fileName);
  return bytes ? { bytes, contentType: row.contentType } : null;
}

/**
 * Records a checked day's log for a batch with its checked photos. All or nothing: a second log for
 * the same day stores no row and leaves no file behind.
 */
export function createFarmLog({ adminId, batch, entry, photos, types }: { adminId: number; batch: { id: number; farmId: number }; entry: FarmLogEntry; photos: StoredPhoto[]; types: ImageType[] }) {
  const batchId = batch.id;
  return withStoredPhotos(photos, types, (files) => {
    const db = getDb();
    const duplicate = db
      .select({ id: farmLogs.id })
      .from(farmLogs)
      .where(and(eq(farmLogs.batchId, batchId), eq(farmLogs.logDate, entry.log_date)))
      .get();
    if (duplicate) throw new FarmLogInvalid({ log_date: msg("rules.farmLog.duplicate", { date: entry.log_date, batchId }) });
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
      detail: msg("auditDetail.dailyLog", {
        date: entry.log_date,
        birds: entry.birds_alive,
        deaths: entry.deaths,
        incident: entry.incident ? msg("auditDetail.dailyLogIncident") : "",
        photos: photoIds.length ? msg("auditDetail.dailyLogPhotos", { count: photoIds.length }) : "",
      }),
    });
    return { id: log.id, photoIds };
  });
}

/** A batch's daily log, or 404. */
export function getFarmLog({ batchId, logId }: { batchId: number; logId: number }) {
  const log = getDb()
    .select()
    .from(farmLogs)
    .where(and(eq(farmLogs.id, logId), eq(farmLogs.batchId, batchId)))
    .get();
  if (!log) throw new DomainError(404, msg("refusals.dailyLogNotFound"));
  return log;
}

/** Checked photos added later to a day's log (the log itself never changes). All or nothing, like a new log. */
export function attachFarmLogPhotos({ adminId, batchId, logId, photos, types }: { adminId: number; batchId: number; logId: number; photos: StoredPhoto[]; types: ImageType[] }) {
  const log = getFarmLog({ batchId, logId });
  return withStoredPhotos(photos, types, (files) => {
    const db = getDb();
    const existing = db.select({ id: farmLogPhotos.id }).from(farmLogPhotos).where(eq(farmLogPhotos.logId, logId)).all().length;
    if (existing + files.length > PHOTO_MAX_PER_LOG) throw new FarmLogInvalid({ photos: roomLeft(PHOTO_MAX_PER_LOG - existing) });
    const photoIds = insertPhotoRows(logId, files);
    recordAudit({ adminId, action: "farm_log.photos", batchId, detail: msg("auditDetail.dailyLogPhotosAdded", { date: log.logDate, count: photoIds.length }) });
    return { id: logId, logDate: log.logDate, photoIds };
  });
}
