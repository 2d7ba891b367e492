import { and, asc, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import type { CheckedReading } from "~/domain/farm-readings";
import { nowIso } from "~/lib/clock.server";
import { getDb, prepared, preparedQuery, type Db } from "~/lib/db.server";
import { integersFromJson } from "~/lib/sql-dialect.server";
import { atomic } from "~/models/ledger.server";
import { recordAudit } from "~/models/audit.server";
import { farmDevices, farmReadings } from "~/models/schema.server";

/**
 * Farm devices and their readings (issue 29): a device per batch posts readings with a token of
 * which only the SHA-256 is stored. Commands (app/commands/farm-devices.server.ts) call these.
 */

export type FarmDevice = typeof farmDevices.$inferSelect;
/** A device as the admin sees it: never its token hash. */
export type DeviceView = { id: number; batchId: number; label: string; issuedAt: string; revokedAt: string | null; lastSeenAt: string | null };
/** A stored reading as the pages and the public API show it. */
export type StoredReading = { recordedAt: string; temperatureC: number; humidityPct: number; ammoniaPpm: number };

/** Stores a new device (its token already hashed) with the audit row, in one transaction. */
export function insertDevice({ batchId, label, tokenHash, adminId }: { batchId: number; label: string; tokenHash: string; adminId: number }): DeviceView {
  return atomic(() => {
    const at = nowIso();
    const row = getDb().insert(farmDevices).values({ batchId, label, tokenHash, issuedBy: adminId, issuedAt: at }).returning().get();
    recordAudit({ adminId, action: "device.issue", batchId, detail: msg("auditDetail.deviceIssued", { deviceId: row.id, label }) });
    return { id: row.id, batchId, label, issuedAt: row.issuedAt, revokedAt: null, lastSeenAt: null };
  });
}

/** Revokes a batch's device (its token is refused from then on); revoking it again changes nothing. */
export function revokeDevice({ batchId, deviceId, adminId }: { batchId: number; deviceId: number; adminId: number }): DeviceView {
  return atomic(() => {
    const device = getDb()
      .select()
      .from(farmDevices)
      .where(and(eq(farmDevices.id, deviceId), eq(farmDevices.batchId, batchId)))
      .get();
    if (!device) throw new DomainError(404, msg("deviceRules.deviceNotFound"));
    if (!device.revokedAt) {
      getDb().update(farmDevices).set({ revokedAt: nowIso(), revokedBy: adminId }).where(eq(farmDevices.id, deviceId)).run();
      recordAudit({ adminId, action: "device.revoke", batchId, detail: msg("auditDetail.deviceRevoked", { deviceId, label: device.label }) });
    }
    return listDevices(batchId).find((d) => d.id === deviceId)!;
  });
}

/** The active (not revoked) device a token hash belongs to, or undefined. */
export function activeDeviceByTokenHash(tokenHash: string): Pick<FarmDevice, "id" | "batchId"> | undefined {
  return prepared<[string], { id: number; batchId: number }>(`select id, batch_id as "batchId" from farm_devices where token_hash = ? and revoked_at is null`).get(tokenHash);
}

/** A batch's devices, newest first, each with when its latest reading was taken. */
export function listDevices(batchId: number): DeviceView[] {
  return getDb()
    .select({
      id: farmDevices.id,
      batchId: farmDevices.batchId,
      label: farmDevices.label,
      issuedAt: farmDevices.issuedAt,
      revokedAt: farmDevices.revokedAt,
      // Written out: drizzle leaves a lone table's columns unqualified, which inside the subquery would name the reading's id.
      lastSeenAt: sql<string | null>`(select max(r.recorded_at) from farm_readings r where r.device_id = "farm_devices"."id")`,
    })
    .from(farmDevices)
    .where(eq(farmDevices.batchId, batchId))
    .orderBy(desc(farmDevices.id))
    .all();
}

/**
 * Stores a device's checked readings in one transaction. A reading the device sent before (same
 * device, same instant) is stored once: it counts as a duplicate and changes nothing.
 */
export function insertReadings(device: { id: number; batchId: number }, readings: CheckedReading[]): { stored: number; duplicates: number } {
  const insert = prepared<[number, number, string, number, number, number, string]>(
    "insert into farm_readings (device_id, batch_id, recorded_at, temperature_c, humidity_pct, ammonia_ppm, received_at) values (?, ?, ?, ?, ?, ?, ?) on conflict (device_id, recorded_at) do nothing",
  );
  return atomic(() => {
    const at = nowIso();
    let stored = 0;
    for (const r of readings) stored += insert.run(device.id, device.batchId, r.recordedAt, r.temperatureC, r.humidityPct, r.ammoniaPpm, at).changes;
    return { stored, duplicates: readings.length - stored };
  });
}

/** Whether the batch has a device that may post (not revoked). */
export function hasActiveDevice(batchId: number): boolean {
  return Boolean(
    getDb()
      .select({ id: farmDevices.id })
      .from(farmDevices)
      .where(and(eq(farmDevices.batchId, batchId), isNull(farmDevices.revokedAt)))
      .limit(1)
      .get(),
  );
}

/** A batch's readings taken at or after `since` (ISO), oldest first. */
export function readingsSince(batchId: number, since: string): StoredReading[] {
  return getDb()
    .select({ recordedAt: farmReadings.recordedAt, temperatureC: farmReadings.temperatureC, humidityPct: farmReadings.humidityPct, ammoniaPpm: farmReadings.ammoniaPpm })
    .from(farmReadings)
    .where(and(eq(farmReadings.batchId, batchId), gte(farmReadings.recordedAt, since)))
    .orderBy(asc(farmReadings.recordedAt), asc(farmReadings.id))
    .all();
}

/** What the cards need of each batch's devices: the latest reading, and whether a device may post. */
export type SensorSource = { latest: StoredReading | null; hasDevice: boolean };

// Read on every view of the invest pages: prepared once; the batch ids go in as one JSON array.
const sensorSourcesQuery = (db: Db) =>
  db
    .select({
      batchId: sql<number>`ids.value`,
      hasDevice: sql<number>`exists (select 1 from farm_devices d where d.batch_id = ids.value and d.revoked_at is null)`,
      recordedAt: farmReadings.recordedAt,
      temperatureC: farmReadings.temperatureC,
      humidityPct: farmReadings.humidityPct,
      ammoniaPpm: farmReadings.ammoniaPpm,
    })
    .from(integersFromJson(sql.placeholder("ids"), "ids"))
    // Each batch's newest reading (the (batch_id, recorded_at) index answers the subquery).
    .leftJoin(farmReadings, sql`${farmReadings.id} = (select r.id from farm_readings r where r.batch_id = ids.value order by r.recorded_at desc, r.id desc limit 1)`)
    .prepare();

/** Each batch's sensor source (one query for a whole list of cards). */
export function sensorSources(batchIds: number[]): Map<number, SensorSource> {
  const out = new Map<number, SensorSource>();
  if (batchIds.length === 0) return out;
  for (const row of preparedQuery(sensorSourcesQuery).all({ ids: JSON.stringify(batchIds) })) {
    const latest = row.recordedAt === null ? null : { recordedAt: row.recordedAt, temperatureC: row.temperatureC!, humidityPct: row.humidityPct!, ammoniaPpm: row.ammoniaPpm! };
    out.set(row.batchId, { latest, hasDevice: Boolean(row.hasDevice) || latest !== null });
  }
  return out;
}

/** A device in the admin API's answers (never its token or hash). */
export function deviceJson(d: DeviceView) {
  return { id: d.id, batch_id: d.batchId, label: d.label, issued_at: d.issuedAt, revoked_at: d.revokedAt, last_seen_at: d.lastSeenAt };
}

/** A stored reading in the API's answers. */
export function readingJson(r: StoredReading) {
  return { recorded_at: r.recordedAt, temperature_c: r.temperatureC, humidity_pct: r.humidityPct, ammonia_ppm: r.ammoniaPpm };
}
