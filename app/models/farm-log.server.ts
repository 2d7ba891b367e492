import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Reading } from "~/pages/invest-list";
import { getDb } from "~/lib/db.server";
import { farmLogPhotos, farmLogs } from "~/models/schema.server";

/**
 * Reading a batch's daily farm logs: what investors see as the truth about their birds. Logs and
 * photos are written by the admin side (farm-log-entry.server.ts); this module only reads.
 */
export type FarmLog = typeof farmLogs.$inferSelect;
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
  const rows = getDb()
    .select({ id: farmLogPhotos.id, logId: farmLogPhotos.logId })
    .from(farmLogPhotos)
    .where(inArray(farmLogPhotos.logId, logIds))
    .orderBy(asc(farmLogPhotos.id))
    .all();
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
export function latestFarmReadings(batchIds: number[]): Map<number, Reading & { logDate: string }> {
  const out = new Map<number, Reading & { logDate: string }>();
  if (batchIds.length === 0) return out;
  const rows = getDb()
    .select({ batchId: farmLogs.batchId, logDate: farmLogs.logDate, temperatureC: farmLogs.temperatureC, humidityPct: farmLogs.humidityPct, ammoniaPpm: farmLogs.ammoniaPpm })
    .from(farmLogs)
    // Only each batch's newest day (the unique (batch_id, log_date) index answers the subquery).
    .where(and(inArray(farmLogs.batchId, batchIds), sql`${farmLogs.logDate} = (select max(g.log_date) from farm_logs g where g.batch_id = ${farmLogs.batchId})`))
    .orderBy(asc(farmLogs.logDate), asc(farmLogs.id))
    .all();
  for (const { batchId, ...reading } of rows) out.set(batchId, reading);
  return out;
}
