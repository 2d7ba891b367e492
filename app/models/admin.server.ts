import { count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { BatchSchema } from "~/domain/admin";
import { DomainError } from "~/domain/errors";
import { MSG } from "~/domain/messages";
import { today } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { atomic, balanceMinor, escrowAccount, farmAccount, postEntry } from "~/models/ledger.server";
import { batches, farms, investments, journalEntries, payouts } from "~/models/schema.server";

export type FarmRow = typeof farms.$inferSelect;

export function farmJson(f: FarmRow) {
  return { id: f.id, name: f.name, location: f.location, notes: f.notes, created_at: f.createdAt };
}

export function listFarms(): FarmRow[] {
  return getDb().select().from(farms).orderBy(farms.name).all();
}

export function createFarm(input: { name: string; location: string; notes: string }): FarmRow {
  return getDb().insert(farms).values(input).returning().get();
}

export function createBatch(input: z.infer<typeof BatchSchema>) {
  return atomic(() => {
    const db = getDb();
    if (!db.select({ id: farms.id }).from(farms).where(eq(farms.id, input.farm_id)).get()) throw new DomainError(422, MSG.selectFarm, "farm_id");
    return db
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
  });
}

function batchRow(batchId: number) {
  const batch = getDb().select().from(batches).where(eq(batches.id, batchId)).get();
  if (!batch) throw new DomainError(404, MSG.batchNotFound);
  return batch;
}

/** Only a batch nobody invested in (and with no money history) can be deleted. */
export function deleteBatch(batchId: number) {
  return atomic(() => {
    const db = getDb();
    batchRow(batchId);
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
  });
}

/** OPEN -> ACTIVE: escrow is deployed to the farm; the start date is set when empty. */
export function activateBatch(batchId: number) {
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
    return getDb()
      .update(batches)
      .set({ status: "ACTIVE", startDate: batch.startDate ?? today() })
      .where(eq(batches.id, batchId))
      .returning()
      .get();
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
