import { count, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { BatchSchema, ContentPageInput, FarmSchema } from "~/forms/admin.server";
import { DomainError } from "~/domain/errors";
import { MSG } from "~/domain/messages";
import { minorToDecimalString } from "~/domain/money";
import { nowIso, today } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { recordAudit } from "~/models/audit.server";
import { atomic, balanceMinor, escrowAccount, farmAccount, postEntry } from "~/models/ledger.server";
import { closeEggBatch, executePayout } from "~/models/payout.server";
import { auditLog, batches, contactMessages, exitRequests, farmLogPhotos, farmLogs, farms, investments, journalEntries, pages, payouts, users } from "~/models/schema.server";

/**
 * Every admin change runs in one transaction with its audit_log row: the action and its record
 * stand or fall together. `adminId` is the signed-in admin (checked by the route's guard).
 */
type By = { adminId: number };

export type FarmRow = typeof farms.$inferSelect;

export function farmJson(f: FarmRow) {
  return { id: f.id, name: f.name, location: f.location, notes: f.notes, created_at: f.createdAt };
}

export function listFarms(): FarmRow[] {
  return getDb().select().from(farms).orderBy(farms.name).all();
}

export function createFarm(input: z.infer<typeof FarmSchema>, { adminId }: By): FarmRow {
  return atomic(() => {
    const farm = getDb().insert(farms).values(input).returning().get();
    recordAudit({ adminId, action: "farm.create", farmId: farm.id, detail: `Farm #${farm.id} ${farm.name}${farm.location ? `, ${farm.location}` : ""}` });
    return farm;
  });
}

export function createBatch(input: z.infer<typeof BatchSchema>, { adminId }: By) {
  return atomic(() => {
    const db = getDb();
    if (!db.select({ id: farms.id }).from(farms).where(eq(farms.id, input.farm_id)).get()) throw new DomainError(422, MSG.selectFarm, "farm_id");
    const batch = db
      .insert(batches)
      .values({
        farmId: input.farm_id,
        productType: input.product_type,
        unitPriceMinor: input.unit_price,
        targetUnits: input.target_units,
        feedPriceMinor: input.feed_price,
        mortalityRate: input.mortality_rate,
        expectedRoi: input.expected_roi,
        startDate: input.start_date,
      })
      .returning()
      .get();
    recordAudit({
      adminId,
      action: "batch.create",
      batchId: batch.id,
      farmId: batch.farmId,
      detail: `${batch.productType} batch, ${batch.targetUnits} units at GHS ${minorToDecimalString(batch.unitPriceMinor)}, ROI ${batch.expectedRoi}`,
    });
    return batch;
  });
}

function batchRow(batchId: number) {
  const batch = getDb().select().from(batches).where(eq(batches.id, batchId)).get();
  if (!batch) throw new DomainError(404, MSG.batchNotFound);
  return batch;
}

/** Only a batch nobody invested in (and with no money history) can be deleted. */
export function deleteBatch(batchId: number, { adminId }: By) {
  return atomic(() => {
    const db = getDb();
    const batch = batchRow(batchId);
    const invested = db.select({ n: count() }).from(investments).where(eq(investments.batchId, batchId)).get()!.n;
    const entries = db.select({ n: count() }).from(journalEntries).where(eq(journalEntries.batchId, batchId)).get()!.n;
    if (invested > 0 || entries > 0) throw new DomainError(409, MSG.deleteHasInvestments);
    // Payout runs and farm logs are the batch's public record: a batch that has them stays.
    const history = db.$client
      .prepare("select (select count(*) from payout_runs where batch_id = ?) + (select count(*) from farm_logs where batch_id = ?) as n")
      .get(batchId, batchId) as { n: number };
    if (history.n > 0) throw new DomainError(409, MSG.deleteHasHistory);
    db.run(sql`delete from accounts where batch_id = ${batchId}`);
    db.delete(batches).where(eq(batches.id, batchId)).run();
    recordAudit({ adminId, action: "batch.delete", batchId, farmId: batch.farmId, detail: `${batch.productType} batch deleted` });
  });
}

/** OPEN -> ACTIVE: escrow is deployed to the farm; the start date is set when empty. */
export function activateBatch(batchId: number, { adminId }: By) {
  return atomic(() => {
    const batch = batchRow(batchId);
    if (batch.status !== "OPEN") throw new DomainError(409, `Only an open batch can be activated; Batch #${batchId} is ${batch.status}.`);
    const escrowMinor = balanceMinor(escrowAccount(batchId));
    if (escrowMinor > 0) {
      postEntry({ kind: "ACTIVATE", memo: `Batch #${batchId} funds deployed to the farm`, batchId, lines: [
        { accountId: escrowAccount(batchId), amountMinor: -escrowMinor },
        { accountId: farmAccount(batchId), amountMinor: escrowMinor },
      ] });
    }
    const active = getDb()
      .update(batches)
      .set({ status: "ACTIVE", startDate: batch.startDate ?? today() })
      .where(eq(batches.id, batchId))
      .returning()
      .get();
    recordAudit({ adminId, action: "batch.activate", batchId, farmId: batch.farmId, detail: `GHS ${minorToDecimalString(escrowMinor)} deployed to the farm; start date ${active.startDate}` });
    return active;
  });
}

/** A real payout run (egg: this month or `period`; chicken: the harvest), audited. */
export function runPayout(batchId: number, { adminId, period }: By & { period?: string | null }) {
  return atomic(() => {
    const result = executePayout(batchId, { period, adminId });
    recordAudit({ adminId, action: "payout.execute", batchId, detail: `${result.kind} ${result.period}: ${result.count} payouts, GHS ${minorToDecimalString(result.totalMinor)}` });
    return result;
  });
}

/** Egg batch end (principal returned), audited. */
export function closeBatch(batchId: number, { adminId }: By) {
  return atomic(() => {
    const result = closeEggBatch(batchId, { adminId });
    recordAudit({ adminId, action: "batch.close", batchId, detail: `Principal returned: ${result.count} payouts, GHS ${minorToDecimalString(result.totalMinor)}` });
    return result;
  });
}

export function adminStats() {
  const db = getDb();
  const n = (table: typeof farms | typeof batches | typeof investments | typeof payouts) => db.select({ n: count() }).from(table).get()!.n;
  return { farms: n(farms), batches: n(batches), investments: n(investments), payouts: n(payouts) };
}

/** The admin batches table: newest first, with the farm's name. */
export function listAdminBatches() {
  return getDb()
    .select({
      id: batches.id,
      farmId: batches.farmId,
      farmName: farms.name,
      productType: batches.productType,
      unitsPlaced: batches.unitsPlaced,
      targetUnits: batches.targetUnits,
      status: batches.status,
      unitPriceMinor: batches.unitPriceMinor,
      expectedRoi: batches.expectedRoi,
      startDate: batches.startDate,
    })
    .from(batches)
    .innerJoin(farms, eq(farms.id, batches.farmId))
    .orderBy(desc(batches.id))
    .all();
}

// ---- what the admin reads ----

export type AdminExit = {
  id: number;
  batchId: number;
  investmentId: number;
  investor: string;
  units: number;
  unitsRemaining: number;
  feeRate: number;
  status: string;
  createdAt: string;
  closedAt: string | null;
};

/** Investors' early-exit requests: pending (oldest first, as buyers take them) and filled (newest first). */
export function listAdminExits(limit = 100): { pending: AdminExit[]; filled: AdminExit[] } {
  const select = () =>
    getDb()
      .select({
        id: exitRequests.id,
        batchId: exitRequests.batchId,
        investmentId: exitRequests.investmentId,
        investor: users.email,
        units: exitRequests.units,
        unitsRemaining: exitRequests.unitsRemaining,
        feeRate: exitRequests.feeRate,
        status: exitRequests.status,
        createdAt: exitRequests.createdAt,
        closedAt: exitRequests.closedAt,
      })
      .from(exitRequests)
      .innerJoin(users, eq(users.id, exitRequests.userId));
  return {
    pending: select().where(eq(exitRequests.status, "PENDING")).orderBy(exitRequests.id).limit(limit).all(),
    filled: select().where(eq(exitRequests.status, "FILLED")).orderBy(desc(exitRequests.id)).limit(limit).all(),
  };
}

export function adminExitJson(e: AdminExit) {
  return { id: e.id, batch_id: e.batchId, investment_id: e.investmentId, investor: e.investor, units: e.units, units_remaining: e.unitsRemaining, fee_rate: e.feeRate, status: e.status, created_at: e.createdAt, closed_at: e.closedAt };
}

export function listContactMessages(limit = 100) {
  return getDb().select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(limit).all();
}

export function contactMessageJson(m: ReturnType<typeof listContactMessages>[number]) {
  return { id: m.id, user_id: m.userId, name: m.name, email: m.email, subject: m.subject, message: m.message, created_at: m.createdAt };
}

/** The audit log with each admin's email: newest first. Nobody can edit it (database triggers). */
export function listAuditEntries({ batchId, limit = 200 }: { batchId?: number | null; limit?: number } = {}) {
  return getDb()
    .select({ id: auditLog.id, adminEmail: users.email, action: auditLog.action, batchId: auditLog.batchId, farmId: auditLog.farmId, detail: auditLog.detail, createdAt: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.adminId))
    .where(batchId ? eq(auditLog.batchId, batchId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all();
}

export function auditJson(a: ReturnType<typeof listAuditEntries>[number]) {
  return { id: a.id, admin: a.adminEmail, action: a.action, batch_id: a.batchId, farm_id: a.farmId, detail: a.detail, created_at: a.createdAt };
}

/** Writes the How It Works page that /how-it-works and the public pages API read. */
export function saveContentPage(slug: string, input: ContentPageInput, { adminId }: By) {
  return atomic(() => {
    const values = {
      title: input.title,
      bodyMd: input.body_md,
      faqsJson: JSON.stringify(input.faqs),
      exampleUnitPriceMinor: input.example_unit_price,
      exampleExpectedRoi: input.example_expected_roi,
      updatedAt: nowIso(),
    };
    getDb()
      .insert(pages)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: pages.slug, set: values })
      .run();
    recordAudit({ adminId, action: "page.update", detail: `/${slug}: ${input.title} (${input.faqs.length} FAQs)` });
  });
}

// ---- a batch's daily logs, for the admin's log page ----

export function listBatchLogs(batchId: number, limit = 60) {
  const db = getDb();
  const logs = db.select().from(farmLogs).where(eq(farmLogs.batchId, batchId)).orderBy(desc(farmLogs.logDate)).limit(limit).all();
  const photos = logs.length
    ? db.select({ id: farmLogPhotos.id, logId: farmLogPhotos.logId }).from(farmLogPhotos).where(inArray(farmLogPhotos.logId, logs.map((l) => l.id))).orderBy(farmLogPhotos.id).all()
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

// ---- the dashboard's forms: one action, a hidden `intent` (zod stays on the server) ----

export const ROW_INTENTS = ["activate", "simulate", "execute", "close", "delete"] as const;
export type RowIntent = (typeof ROW_INTENTS)[number];
export type DashboardIntent = "create_farm" | "create_batch" | RowIntent;

export function dashboardIntent(value: unknown): DashboardIntent | null {
  return value === "create_farm" || value === "create_batch" || (ROW_INTENTS as readonly unknown[]).includes(value) ? (value as DashboardIntent) : null;
}

/** The editor's form: FAQ rows come as repeated faq_question / faq_answer; a row left blank is dropped. */
export function contentFormInput(form: FormData) {
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const questions = form.getAll("faq_question").map((v) => (typeof v === "string" ? v : ""));
  const answers = form.getAll("faq_answer").map((v) => (typeof v === "string" ? v : ""));
  const faqs = questions.map((question, i) => ({ question, answer: answers[i] ?? "" })).filter((f) => f.question.trim() || f.answer.trim());
  return { intent: str("intent"), title: str("title"), body_md: str("body_md").replace(/\r\n/g, "\n"), faqs, example_unit_price: str("example_unit_price"), example_expected_roi: str("example_expected_roi") };
}
