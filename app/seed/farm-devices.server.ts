import { createHash, randomBytes } from "node:crypto";
import type { farmDevices, farmReadings } from "~/models/schema.server";

/**
 * The demo batches' sensor devices (issue 29), so the demo looks alive: one device a batch, with a
 * reading every 30 minutes over the day before `at` (the seed's now), following a house's day:
 * warmest mid-afternoon (UTC is Ghana's time), humidity highest before dawn, ammonia creeping up
 * between cleanings. The tokens are random and thrown away: nobody can post as these devices.
 */
const READINGS_A_DAY = 48;
const STEP_MS = 30 * 60 * 1000;
const r1 = (n: number) => Math.round(n * 10) / 10;

export function demoDevices(batchIds: number[], adminId: number, at: Date) {
  const issuedAt = new Date(at.getTime() - 2 * READINGS_A_DAY * STEP_MS).toISOString();
  const devices: Array<typeof farmDevices.$inferInsert> = batchIds.map((batchId, i) => ({
    batchId,
    label: `House ${i + 1} sensor`,
    tokenHash: createHash("sha256")
      .update(`akd_${randomBytes(32).toString("base64url")}`)
      .digest("hex"),
    issuedBy: adminId,
    issuedAt,
  }));
  // The newest reading is the last half hour's mark, a few minutes ago at most.
  const last = Math.floor(at.getTime() / STEP_MS) * STEP_MS;
  const readings = (deviceId: number, batchId: number, n: number): Array<typeof farmReadings.$inferInsert> =>
    Array.from({ length: READINGS_A_DAY }, (_, k) => {
      const when = new Date(last - (READINGS_A_DAY - 1 - k) * STEP_MS);
      const hour = when.getUTCHours() + when.getUTCMinutes() / 60;
      const day = Math.cos(((hour - 15) / 24) * 2 * Math.PI);
      return {
        deviceId,
        batchId,
        recordedAt: when.toISOString(),
        temperatureC: r1(26.5 + n * 0.4 + 3.5 * day),
        humidityPct: r1(66 - n - 9 * day),
        ammoniaPpm: r1(9 + n * 0.5 + 2 * Math.sin((k / READINGS_A_DAY) * 2 * Math.PI)),
        receivedAt: when.toISOString(),
      };
    });
  return { devices, readings };
}
