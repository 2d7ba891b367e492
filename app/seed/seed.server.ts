import { count, eq } from "drizzle-orm";
import { getDb, type Db, markDatabaseReady, writeTransaction } from "~/lib/db.server";
import { now, nowIso } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { hashPasswordSync } from "~/lib/password.server";
import { HOW_IT_WORKS_SEED } from "~/seed/content.server";
import { seedDemoActivity } from "~/seed/activity.server";
import { demoFarmLogs } from "~/seed/farm-logs.server";
import { demoDevices } from "~/seed/farm-devices.server";
import * as schema from "~/models/schema.server";
import { firstIncomePeriod } from "~/domain/schedules";

/** SQLite caps the variables in one statement: insert many rows a few hundred at a time. */
const chunks = <T>(rows: T[], size: number) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Monthly points ending the month before `endMonth` (YYYY-MM), around a base percent. */
function monthlyHistory(endMonth: string, basePercent: number, wiggles: number[]) {
  const [y, m] = endMonth.split("-").map(Number);
  return wiggles.map((wiggle, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (wiggles.length - i), 1));
    return {
      label: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
      date: d.toISOString().slice(0, 10),
      roiPercent: Math.round((basePercent + wiggle) * 100) / 100,
    };
  });
}

/** Per-cycle points for broiler batches (past cycles of the same farm). */
function cycleHistory(basePercent: number, wiggles: number[], lastCycleEnd: string) {
  const end = new Date(`${lastCycleEnd}T00:00:00Z`);
  return wiggles.map((wiggle, i) => {
    const d = new Date(end.getTime() - (wiggles.length - 1 - i) * 56 * 86400_000);
    return {
      label: `Cycle ${i + 1}`,
      date: d.toISOString().slice(0, 10),
      roiPercent: Math.round((basePercent + wiggle) * 100) / 100,
    };
  });
}

/** A demo number in MTN's test range (Paystack's test mode), never a real person's. */
const DEMO_INVESTOR_PHONE = "+233551234987";

export function isDatabaseEmpty(db: Db): boolean {
  const [{ users }] = db.select({ users: count() }).from(schema.users).all();
  const [{ farms }] = db.select({ farms: count() }).from(schema.farms).all();
  return users === 0 && farms === 0;
}

/**
 * Seeds an empty database only; a database with any user or farm is left alone. Without `demo`
 * that is just the admin account; with it, the demo platform below.
 * The base data (people, farms, batches, history, logs, content) is inserted here; the money side
 * (deposits, investments, activation, payouts) goes through the real functions in
 * seed-activity.server.ts. All of it is one transaction: a failed seed leaves the database empty.
 */
export function seedIfEmpty(db: Db, { demo }: { demo: boolean }): boolean {
  if (!isDatabaseEmpty(db)) return false;
  const env = getEnv();
  if (!demo) {
    // No demo data (production's default): just the admin who sets the platform up.
    db.insert(schema.users)
      .values({ email: env.ADMIN_EMAIL.toLowerCase(), fullName: "Akoko Admin", passwordHash: hashPasswordSync(env.ADMIN_PASSWORD), isAdmin: true })
      .run();
    return true;
  }
  writeTransaction(() => {
    seedDemoActivity(seedBase(db));
    // The demo investor's contacts count as confirmed from now on (after the history, whose
    // notices would otherwise all be queued at once), so a newcomer sees every new message in
    // the demo outbox (/admin/outbox) and the log.
    db.update(schema.users)
      .set({ emailVerifiedAt: nowIso(), phone: DEMO_INVESTOR_PHONE, phoneVerifiedAt: nowIso(), kycTier: "VERIFIED" })
      .where(eq(schema.users.email, env.DEMO_INVESTOR_EMAIL.toLowerCase()))
      .run();
  });
  if (env.NODE_ENV !== "production") {
    console.log(`[seed] Demo data created. Admin: ${env.ADMIN_EMAIL} / ${env.ADMIN_PASSWORD}. Investor: ${env.DEMO_INVESTOR_EMAIL} / ${env.DEMO_INVESTOR_PASSWORD}`);
  }
  return true;
}

function seedBase(db: Db) {
  const env = getEnv();
  return writeTransaction(() => {
    const [admin, investor] = db
      .insert(schema.users)
      .values([
        { email: env.ADMIN_EMAIL.toLowerCase(), fullName: "Akoko Admin", passwordHash: hashPasswordSync(env.ADMIN_PASSWORD), isAdmin: true },
        { email: env.DEMO_INVESTOR_EMAIL.toLowerCase(), fullName: "Ama Owusu", passwordHash: hashPasswordSync(env.DEMO_INVESTOR_PASSWORD), isAdmin: false },
      ])
      .returning({ id: schema.users.id })
      .all();

    const farmRows = db
      .insert(schema.farms)
      .values([
        { name: "Sunrise Layers Farm", location: "Dormaa Ahenkro, Bono", notes: "Family layer farm since 2009; 40,000-bird capacity, vet visits every fortnight." },
        { name: "Ejisu Poultry Cooperative", location: "Ejisu, Ashanti", notes: "Cooperative of twelve growers sharing a feed mill and a cold room." },
        { name: "Nsawam Broiler Farms", location: "Nsawam, Eastern", notes: "Closed-house broiler units supplying Accra cold stores." },
        { name: "Techiman Agro Poultry", location: "Techiman, Bono East", notes: "Mixed layer and broiler farm beside the Techiman market." },
      ])
      .returning({ id: schema.farms.id })
      .all();
    const [sunrise, ejisu, nsawam, techiman] = farmRows.map((f) => f.id);

    const batchSpecs = [
      {
        farmId: sunrise,
        productType: "EGG" as const,
        unitPriceMinor: 15000,
        targetUnits: 5000,
        expectedRoi: 0.01,
        status: "OPEN" as const,
        feedPriceMinor: 620,
        mortalityRate: 0.04,
        startDate: "2026-05-01",
        history: monthlyHistory("2026-11", 1.0, [-0.3, -0.1, 0.1, 0.05, 0.15, 0.0]),
      },
      {
        farmId: ejisu,
        productType: "EGG" as const,
        unitPriceMinor: 12000,
        targetUnits: 3000,
        expectedRoi: 0.009,
        status: "OPEN" as const,
        feedPriceMinor: 600,
        mortalityRate: 0.05,
        startDate: null,
        history: monthlyHistory("2026-11", 0.9, [-0.1, 0.05, 0.1, -0.05, 0.0, 0.08]),
      },
      {
        farmId: techiman,
        productType: "EGG" as const,
        unitPriceMinor: 10000,
        targetUnits: 4000,
        expectedRoi: 0.011,
        status: "OPEN" as const,
        feedPriceMinor: null,
        mortalityRate: 0.06,
        startDate: null,
        history: monthlyHistory("2026-11", 1.1, [0.0, -0.2, 0.1, 0.05, 0.1, -0.05]),
      },
      {
        farmId: nsawam,
        productType: "CHICKEN" as const,
        unitPriceMinor: 5000,
        targetUnits: 2000,
        expectedRoi: 0.1,
        status: "OPEN" as const,
        feedPriceMinor: 650,
        mortalityRate: 0.04,
        startDate: "2026-11-02",
        history: cycleHistory(10, [-1.5, 0.5, 1.2, -0.4, 0.8], "2026-10-30"),
      },
      {
        farmId: nsawam,
        productType: "CHICKEN" as const,
        unitPriceMinor: 4000,
        targetUnits: 1500,
        expectedRoi: 0.09,
        status: "OPEN" as const,
        feedPriceMinor: 650,
        mortalityRate: 0.05,
        startDate: null,
        history: cycleHistory(9, [-0.8, 0.6, 0.2, 1.1], "2026-10-30"),
      },
      {
        farmId: techiman,
        productType: "CHICKEN" as const,
        unitPriceMinor: 4500,
        targetUnits: 1800,
        expectedRoi: 0.12,
        status: "OPEN" as const,
        feedPriceMinor: 610,
        mortalityRate: 0.03,
        startDate: null,
        history: cycleHistory(11.5, [0.5, -1.0, 0.9, 0.3, 1.4], "2026-10-15"),
      },
      // Activated by the demo activity: a layer flock whose farm has not remitted last month's income, so its payout is overdue.
      {
        farmId: techiman,
        productType: "EGG" as const,
        unitPriceMinor: 10000,
        targetUnits: 1500,
        expectedRoi: 0.0105,
        status: "OPEN" as const,
        feedPriceMinor: 610,
        mortalityRate: 0.06,
        startDate: "2026-06-01",
        history: monthlyHistory("2026-11", 1.05, [-0.2, 0.1, 0.0, 0.05]),
      },
    ];
    const batchIds: number[] = [];
    for (const { history, ...batch } of batchSpecs) {
      const [{ id }] = db.insert(schema.batches).values(batch).returning({ id: schema.batches.id }).all();
      db.insert(schema.batchRoiHistory)
        .values(history.map((point) => ({ ...point, batchId: id })))
        .run();
      batchIds.push(id);
    }
    // Daily logs for the batches the demo activity activates, so their batch pages show real figures
    // and each month it settles has the logs its settlement sheet is prefilled from.
    const inLay = (i: number) => firstIncomePeriod(batchSpecs[i].startDate!) + "-01";
    for (const logs of chunks(demoFarmLogs({ layerBatchId: batchIds[0], broilerBatchId: batchIds[3], layersInLay: inLay(0), lateLayers: { batchId: batchIds[6], inLay: inLay(6), hens: 3_050 } }), 200))
      db.insert(schema.farmLogs).values(logs).run();

    // A device for each demo batch, with the last day's readings (relative to now), so the cards and batch pages look alive.
    const sensors = demoDevices(batchIds, admin.id, now());
    const deviceIds = db.insert(schema.farmDevices).values(sensors.devices).returning({ id: schema.farmDevices.id, batchId: schema.farmDevices.batchId }).all();
    for (const [i, device] of deviceIds.entries())
      db.insert(schema.farmReadings)
        .values(sensors.readings(device.id, device.batchId, i))
        .run();

    db.insert(schema.pages)
      .values({ ...HOW_IT_WORKS_SEED, locale: "en" })
      .run();
    return {
      adminId: admin.id,
      demoInvestorId: investor.id,
      batchIds: { layersActive: batchIds[0], layersOpen: batchIds[1], broilersActive: batchIds[3], broilersOpen: batchIds[5], layersLate: batchIds[6] },
    };
  });
}

/**
 * What the server and `npm run seed` run at start-up, before the first request: open and migrate the
 * database, then seed it when it is empty (the demo data goes through the app's own money functions,
 * which use this same connection).
 */
export function initDatabase(): Db {
  const db = getDb();
  seedIfEmpty(db, { demo: getEnv().seedDemoData });
  markDatabaseReady();
  return db;
}
