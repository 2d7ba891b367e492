import { msg } from "~/catalog/ref";
import type { MessageRef } from "~/catalog/format";
import { and, asc, count, eq, inArray, sql, sum, desc } from "drizzle-orm";
import { calendarDateOrNull } from "~/domain/calendar";
import { minorToCedis } from "~/domain/money";
import type { BatchStatus, ProductType } from "~/domain/types";
import { getDb, inTransaction, prepared, preparedQuery, type Db } from "~/lib/db.server";
import { inJsonIntegers } from "~/lib/sql-dialect.server";
import { batches, batchRoiHistory, exitRequests, farms, investments, payouts } from "~/models/schema.server";
import type { BatchInput } from "~/forms/admin.server";
import { type By, recordAudit } from "~/models/audit.server";
import { DomainError } from "~/domain/errors";

import { atomic, balanceMinor, escrowAccount, farmAccount, postEntry, findAccountId } from "~/models/ledger.server";
import { today } from "~/lib/clock.server";
import { startDateWindow } from "~/domain/schedules";

export type RoiPoint = { label: string; date: string; roiPercent: number };

export type BatchView = {
  id: number;
  farmId: number;
  farmName: string;
  location: string;
  productType: ProductType;
  unitPriceMinor: number;
  targetUnits: number;
  unitsPlaced: number;
  expectedRoi: number;
  status: BatchStatus;
  feedPriceMinor: number | null;
  mortalityRate: number;
  startDate: string | null;
  endedAt: string | null;
  createdAt: string;
  /** Units other investors offer through early exit (ACTIVE egg batches). */
  unitsOffered: number;
  /** What an investor can buy now: new units of an OPEN batch, or offered units of an ACTIVE egg batch. */
  availableUnits: number;
  history: RoiPoint[];
};

const batchColumns = {
  id: batches.id,
  farmId: batches.farmId,
  farmName: farms.name,
  location: farms.location,
  productType: batches.productType,
  unitPriceMinor: batches.unitPriceMinor,
  targetUnits: batches.targetUnits,
  unitsPlaced: batches.unitsPlaced,
  expectedRoi: batches.expectedRoi,
  status: batches.status,
  feedPriceMinor: batches.feedPriceMinor,
  mortalityRate: batches.mortalityRate,
  startDate: batches.startDate,
  endedAt: batches.endedAt,
  createdAt: batches.createdAt,
};

/** New units for sale (OPEN) or units offered by exiting investors (ACTIVE eggs). */
export function availableUnitsOf(b: { status: BatchStatus; productType: ProductType; targetUnits: number; unitsPlaced: number }, unitsOffered: number) {
  if (b.status === "OPEN") return Math.max(0, b.targetUnits - b.unitsPlaced);
  if (b.status === "ACTIVE" && b.productType === "EGG") return unitsOffered;
  return 0;
}

// The batch list and its details are read on every view of Home and the invest pages: prepared
// once (preparedQuery). A list of batch ids goes in as one JSON array (inJsonIntegers), so one
// statement serves any number of batches.
const idsIn = (column: typeof batchRoiHistory.batchId | typeof exitRequests.batchId) => inJsonIntegers(column, sql.placeholder("ids"));
const roiHistoryQuery = (db: Db) =>
  db
    .select({ batchId: batchRoiHistory.batchId, label: batchRoiHistory.label, date: batchRoiHistory.date, roiPercent: batchRoiHistory.roiPercent })
    .from(batchRoiHistory)
    .where(idsIn(batchRoiHistory.batchId))
    .orderBy(asc(batchRoiHistory.date), asc(batchRoiHistory.id))
    .prepare();
const unitsOfferedQuery = (db: Db) =>
  db
    .select({ batchId: exitRequests.batchId, units: sum(exitRequests.unitsRemaining) })
    .from(exitRequests)
    .where(and(idsIn(exitRequests.batchId), eq(exitRequests.status, "PENDING")))
    .groupBy(exitRequests.batchId)
    .prepare();

function withDetails(rows: Array<Omit<BatchView, "unitsOffered" | "availableUnits" | "history">>): BatchView[] {
  if (rows.length === 0) return [];
  const ids = JSON.stringify(rows.map((r) => r.id));
  const history = new Map<number, RoiPoint[]>();
  for (const point of preparedQuery(roiHistoryQuery).all({ ids })) {
    const list = history.get(point.batchId) ?? [];
    list.push({ label: point.label, date: point.date, roiPercent: point.roiPercent });
    history.set(point.batchId, list);
  }
  const offered = new Map(
    preparedQuery(unitsOfferedQuery)
      .all({ ids })
      .map((r) => [r.batchId, Number(r.units ?? 0)]),
  );
  return rows.map((r) => {
    const unitsOffered = offered.get(r.id) ?? 0;
    // A start date that is not a real day (written before the forms checked it) reads as unknown.
    return { ...r, startDate: calendarDateOrNull(r.startDate), unitsOffered, availableUnits: availableUnitsOf(r, unitsOffered), history: history.get(r.id) ?? [] };
  });
}

/** What buying needs to know of some batches (type, status, units on sale now), in one read. */
export function batchAvailability(ids: readonly number[]): Map<number, { productType: ProductType; status: BatchStatus; availableUnits: number }> {
  if (ids.length === 0) return new Map();
  const db = getDb();
  const unique = [...new Set(ids)];
  const offered = new Map(
    db
      .select({ batchId: exitRequests.batchId, units: sum(exitRequests.unitsRemaining) })
      .from(exitRequests)
      .where(and(inArray(exitRequests.batchId, unique), eq(exitRequests.status, "PENDING")))
      .groupBy(exitRequests.batchId)
      .all()
      .map((r) => [r.batchId, Number(r.units ?? 0)]),
  );
  return new Map(
    db
      .select({ id: batches.id, productType: batches.productType, status: batches.status, targetUnits: batches.targetUnits, unitsPlaced: batches.unitsPlaced })
      .from(batches)
      .where(inArray(batches.id, unique))
      .all()
      .map((b) => [b.id, { productType: b.productType, status: b.status, availableUnits: availableUnitsOf(b, offered.get(b.id) ?? 0) }]),
  );
}

const batchListQuery = (db: Db) =>
  db
    .select(batchColumns)
    .from(batches)
    .innerJoin(farms, eq(farms.id, batches.farmId))
    // The cast gives the first parameter a type, which PostgreSQL needs (it reads the second from the column).
    .where(sql`(cast(${sql.placeholder("type")} as text) is null or ${batches.productType} = ${sql.placeholder("type")})`)
    .orderBy(asc(batches.id))
    .prepare();

export function listBatches({ productType }: { productType?: ProductType } = {}): BatchView[] {
  return withDetails(preparedQuery(batchListQuery).all({ type: productType ?? null }));
}

export function getBatch(id: number): BatchView | undefined {
  const row = getDb().select(batchColumns).from(batches).innerJoin(farms, eq(farms.id, batches.farmId)).where(eq(batches.id, id)).get();
  return row ? withDetails([row])[0] : undefined;
}

/** The public product shape the API has always answered (money in cedis, rates as fractions). */
export function batchJson(b: BatchView) {
  return {
    id: b.id,
    farm_id: b.farmId,
    farm_name: b.farmName,
    location: b.location,
    product_type: b.productType,
    unit_price: minorToCedis(b.unitPriceMinor),
    target_units: b.targetUnits,
    units_placed: b.unitsPlaced,
    available_units: b.availableUnits,
    units_offered: b.unitsOffered,
    expected_roi: b.expectedRoi,
    status: b.status,
    feed_price: b.feedPriceMinor === null ? null : minorToCedis(b.feedPriceMinor),
    mortality_rate: b.mortalityRate,
    start_date: b.startDate,
    ended_at: b.endedAt,
    history: b.history.map((p) => ({ label: p.label, date: p.date, roi_percent: p.roiPercent })),
  };
}

export type OverviewStats = {
  batches_egg: number;
  batches_chicken: number;
  batches_open: number;
  farms: number;
  investors: number;
  total_invested: number;
  total_paid_out: number;
};

/** Platform numbers for the landing page and How It Works. */
// Home's figures, on every view of it: prepared once.
const overviewQueries = (db: Db) => ({
  byType: db.select({ type: batches.productType, n: count() }).from(batches).groupBy(batches.productType).prepare(),
  open: db.select({ n: count() }).from(batches).where(eq(batches.status, "OPEN")).prepare(),
  farms: db.select({ n: count() }).from(farms).prepare(),
});

/** Investors, money invested and money paid out, summed over rows up to the last ids seen. */
type RunningTotals = { investmentId: number; investors: number; investedMinor: number; payoutId: number; paidMinor: number };
const NO_TOTALS: RunningTotals = { investmentId: 0, investors: 0, investedMinor: 0, payoutId: 0, paidMinor: 0 };
const runningTotals = new WeakMap<Db["$client"], RunningTotals>();

/**
 * The platform's totals (Home, How it works, /api/v1/public/overview), exact on every read and the
 * same in every worker, without reading every investment on every view: at 200,000 investments that
 * scan made Home take 21 ms instead of 4. Investments and payouts are only ever added (their user,
 * amount, kind and exit link never change; no row is deleted), so each process adds the rows after
 * the last id it summed. Ids only grow, and a row below the newest id seen is never committed later
 * (one writer at a time). Inside a transaction, whose rows may still roll back, nothing is kept.
 */
function platformTotals(): RunningTotals {
  const client = getDb().$client;
  const keep = !inTransaction();
  let from = (keep && runningTotals.get(client)) || NO_TOTALS;
  const lastInvestmentId = prepared<[], { id: number | null }>("select max(id) id from investments").get()?.id ?? 0;
  const lastPayoutId = prepared<[], { id: number | null }>("select max(id) id from payouts").get()?.id ?? 0;
  // Fewer ids than summed: the file was swapped underneath (rows are never deleted). Start again.
  if (lastInvestmentId < from.investmentId || lastPayoutId < from.payoutId) from = NO_TOTALS;
  if (lastInvestmentId === from.investmentId && lastPayoutId === from.payoutId) return from;
  const newInvestors = prepared<[number, number, number], { n: number }>(
    `select count(distinct i.user_id) n from investments i where i.id > ? and i.id <= ?
       and not exists (select 1 from investments earlier where earlier.user_id = i.user_id and earlier.id <= ?)`,
  ).get(from.investmentId, lastInvestmentId, from.investmentId)!.n;
  // Exit sales are one investor buying from another: not new money invested, nor money the platform paid out.
  const invested = prepared<[number, number], { total: number }>("select coalesce(sum(amount_minor), 0) total from investments where id > ? and id <= ? and bought_from_exit_id is null").get(
    from.investmentId,
    lastInvestmentId,
  )!.total;
  const paid = prepared<[number, number], { total: number }>("select coalesce(sum(amount_minor), 0) total from payouts where id > ? and id <= ? and kind != 'EXIT'").get(
    from.payoutId,
    lastPayoutId,
  )!.total;
  const totals = {
    investmentId: lastInvestmentId,
    investors: from.investors + newInvestors,
    investedMinor: from.investedMinor + invested,
    payoutId: lastPayoutId,
    paidMinor: from.paidMinor + paid,
  };
  if (keep) runningTotals.set(client, totals);
  return totals;
}

export function getOverviewStats(): OverviewStats {
  const q = preparedQuery(overviewQueries);
  const byType = q.byType.all();
  const open = q.open.get();
  const farmCount = q.farms.get();
  const totals = platformTotals();
  const typeCount = (t: ProductType) => byType.find((r) => r.type === t)?.n ?? 0;
  return {
    batches_egg: typeCount("EGG"),
    batches_chicken: typeCount("CHICKEN"),
    batches_open: open?.n ?? 0,
    farms: farmCount?.n ?? 0,
    investors: totals.investors,
    total_invested: minorToCedis(totals.investedMinor),
    total_paid_out: minorToCedis(totals.paidMinor),
  };
}

export function createBatch(input: BatchInput, { adminId }: By) {
  return atomic(() => {
    const db = getDb();
    if (!db.select({ id: farms.id }).from(farms).where(eq(farms.id, input.farm_id)).get()) throw new DomainError(422, msg("rules.selectFarm"), "farm_id");
    if (input.start_date) {
      const window = startDateWindow(today());
      if (input.start_date < window.from || input.start_date > window.to) throw new DomainError(422, msg("forms.admin.startDateWindow", window), "start_date");
    }
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
      detail: msg("auditDetail.batchCreate", { product: batch.productType, units: batch.targetUnits, price: { money: batch.unitPriceMinor }, roi: batch.expectedRoi }),
    });
    return batch;
  });
}

/** The batch's own row (no farm, no history), or undefined. */
export function getBatchRow(batchId: number) {
  return getDb().select().from(batches).where(eq(batches.id, batchId)).get();
}

function batchRow(batchId: number) {
  const batch = getBatchRow(batchId);
  if (!batch) throw new DomainError(404, msg("rules.batchNotFound"));
  return batch;
}

/**
 * Why each batch cannot be deleted (null when it can): only a batch nobody invested in, with no
 * money history and no public record. The delete and the dashboard's Delete buttons both ask this,
 * the dashboard for every batch in one statement. `batchId`: that batch only.
 */
function deleteBlockers(batchId?: number): Map<number, MessageRef | null> {
  const rows = getDb()
    .$client.prepare(
      `select b.id as "id", case
        when exists (select 1 from investments where batch_id = b.id) or exists (select 1 from journal_entries where batch_id = b.id) then 'invested'
        when exists (select 1 from payout_runs where batch_id = b.id) or exists (select 1 from farm_logs where batch_id = b.id) then 'history'
        when exists (select 1 from accounts where batch_id = b.id) then 'ledger'
        when exists (select 1 from farm_readings where batch_id = b.id) then 'readings'
      end as "blocker"
      from batches b${batchId === undefined ? "" : " where b.id = ?"}`,
    )
    .all(...(batchId === undefined ? [] : [batchId])) as Array<{ id: number; blocker: keyof typeof DELETE_BLOCKERS | null }>;
  return new Map(rows.map((r) => [Number(r.id), r.blocker ? DELETE_BLOCKERS[r.blocker] : null]));
}

const DELETE_BLOCKERS = {
  invested: msg("rules.deleteHasInvestments"),
  // Payout runs and farm logs are the batch's public record: a batch that has them stays.
  history: msg("rules.deleteHasHistory"),
  // Accounts are never deleted (a trigger refuses it); a batch that ever had one keeps its record.
  ledger: msg("rules.deleteHasLedger"),
  // A farm device's readings are the batch's record too; devices that sent none go with it (their tokens with them).
  readings: msg("deviceRules.deleteHasReadings"),
} satisfies Record<string, MessageRef>;

/** Why the batch cannot be deleted, or null when it can (deleteBlockers). */
export function deleteBlocker(batchId: number): MessageRef | null {
  return deleteBlockers(batchId).get(batchId) ?? null;
}

/** Deletes a batch that deleteBlocker lets go (409 with its reason otherwise). */
export function deleteBatch(batchId: number, { adminId }: By) {
  return atomic(() => {
    const db = getDb();
    const batch = batchRow(batchId);
    const blocker = deleteBlocker(batchId);
    if (blocker) throw new DomainError(409, blocker);
    db.$client.prepare("delete from farm_devices where batch_id = ?").run(batchId);
    db.delete(batches).where(eq(batches.id, batchId)).run();
    recordAudit({ adminId, action: "batch.delete", batchId, farmId: batch.farmId, detail: msg("auditDetail.batchDelete", { product: batch.productType }) });
  });
}

/** OPEN -> ACTIVE: escrow is deployed to the farm; the start date is set when empty. */
export function activateBatch(batchId: number, { adminId }: By) {
  return atomic(() => {
    const batch = batchRow(batchId);
    if (batch.status !== "OPEN") throw new DomainError(409, msg("refusals.activateNeedsOpen", { batchId, status: batch.status }));
    const escrowMinor = balanceMinor(findAccountId("ESCROW", { batchId }));
    if (escrowMinor > 0) {
      postEntry({
        kind: "ACTIVATE",
        memo: msg("ledger.deployed", { batchId }),
        batchId,
        lines: [
          { accountId: escrowAccount(batchId), amountMinor: -escrowMinor },
          { accountId: farmAccount(batchId), amountMinor: escrowMinor },
        ],
      });
    }
    const active = getDb()
      .update(batches)
      .set({ status: "ACTIVE", startDate: batch.startDate ?? today() })
      .where(eq(batches.id, batchId))
      .returning()
      .get();
    recordAudit({
      adminId,
      action: "batch.activate",
      batchId,
      farmId: batch.farmId,
      detail: msg("auditDetail.batchActivate", { amount: { money: escrowMinor }, startDate: String(active.startDate) }),
    });
    return active;
  });
}

export function adminStats() {
  const db = getDb();
  const n = (table: typeof farms | typeof batches | typeof investments | typeof payouts) => db.select({ n: count() }).from(table).get()!.n;
  return { farms: n(farms), batches: n(batches), investments: n(investments), payouts: n(payouts) };
}

/** The admin batches table: newest first, with the farm's name. */
export function listAdminBatches() {
  const rows = getDb()
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
  // Delete is offered only where the delete would go through (the same rule, for every batch at once).
  const blockers = deleteBlockers();
  return rows.map((b) => ({ ...b, deletable: blockers.get(b.id) === null }));
}
