import { accountLabelSql } from "~/models/account-label.server";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { checkEarlyExit, checkInvestment, exitFillProceeds, unitsOf, type InvestableBatch, type UnitCount } from "~/domain/investing";
import type { BatchStatus, ProductType } from "~/domain/types";
import { minorToCedis } from "~/domain/money";
import { nowIso, today } from "~/lib/clock.server";
import { businessCounters } from "~/lib/metrics.server";
import { afterCommit, getDb, prepared } from "~/lib/db.server";
import { daysBetween, type SqlBoolean } from "~/lib/sql-dialect.server";
import { getEnv } from "~/lib/env.server";
import { availableUnitsOf, getBatch } from "~/models/batch.server";
import { atomic, escrowAccount, feesAccount, postEntry, walletAccount, walletBalanceMinor } from "~/models/ledger.server";
import { batches, exitRequests, farms, investments, journalEntries, payouts, type InvestmentStatus, users } from "~/models/schema.server";
import { notify } from "~/models/notification.server";

export type InvestmentRow = typeof investments.$inferSelect;

export function investmentJson(i: InvestmentRow & { productType?: string; farmName?: string }) {
  return {
    id: i.id,
    batch_id: i.batchId,
    units: i.units,
    units_held: i.unitsHeld,
    amount: minorToCedis(i.amountMinor),
    // After an early exit: what is still held at cost, and what left.
    amount_held: minorToCedis(i.unitsHeld * i.unitPriceMinor),
    units_exited: i.units - i.unitsHeld,
    amount_exited: minorToCedis((i.units - i.unitsHeld) * i.unitPriceMinor),
    status: i.status,
    auto_reinvest: i.autoReinvest,
    created_at: i.createdAt,
    ...(i.productType ? { product_type: i.productType } : {}),
    ...(i.farmName ? { farm_name: i.farmName } : {}),
  };
}

/**
 * Buys units: new units of an OPEN batch (wallet -> escrow, units_placed rises), or units other
 * investors offer through early exit in an ACTIVE egg batch (buyer -> sellers, fee to the platform).
 * One transaction; the invest command (app/commands) makes it idempotent.
 */
export function investInBatch({
  userId,
  batchId,
  units,
  acceptedTerms,
  autoReinvest = false,
  unitsShown,
}: {
  userId: number;
  batchId: number;
  units: UnitCount;
  acceptedTerms?: boolean;
  autoReinvest?: boolean;
  /** The units the dialog's figures were for (checkInvestment); undefined where none were shown. */
  unitsShown?: number;
}): InvestmentRow {
  const bought = atomic(() => {
    const { batch, buyingOffers, units: wanted, costMinor } = checkPurchase({ userId, batchId, units, acceptedTerms, unitsShown });
    if (!buyingOffers) {
      const placed = prepared<[number, number, number]>("update batches set units_placed = units_placed + ? where id = ? and status = 'OPEN' and units_placed + ? <= target_units").run(
        wanted,
        batchId,
        wanted,
      );
      if (placed.changes !== 1) throw new DomainError(409, msg(`rules.tooMany.${batch.productType}`), "units");
      const row = prepared<[number, number, number, number, number, number, number, string], Omit<InvestmentRow, "autoReinvest"> & { autoReinvest: SqlBoolean }>(
        `insert into investments (user_id, batch_id, units, units_held, amount_minor, unit_price_minor, auto_reinvest, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning ${INVESTMENT_COLUMNS}`,
      ).get(userId, batchId, wanted, wanted, costMinor, batch.unitPriceMinor, autoReinvest ? 1 : 0, nowIso())!;
      // The entry carries the investment's reference (its receipt quotes both).
      postEntry({
        kind: "INVEST",
        memo: msg("ledger.bought", { units: unitsOf(wanted), batchId }),
        userId,
        batchId,
        externalRef: investmentRef(row.id),
        lines: [
          { accountId: walletAccount(userId), amountMinor: -costMinor },
          { accountId: escrowAccount(batchId), amountMinor: costMinor },
        ],
      });
      return { ...row, autoReinvest: Boolean(row.autoReinvest) };
    }
    return buyFromExitOffers({ userId, batchId, units: wanted, unitPriceMinor: batch.unitPriceMinor, autoReinvest });
  });
  // Counted once the purchase commits (it may run inside a command's transaction, or be rolled back).
  afterCommit(() => businessCounters.investments.inc());
  return bought;
}

/** Every rule of buying, on the batch and wallet as they stand: the units and their cost, or the refusal. */
function checkPurchase({ userId, batchId, units, acceptedTerms, unitsShown }: { userId: number; batchId: number; units: UnitCount; acceptedTerms?: boolean; unitsShown?: number }) {
  const batch = investableBatch(batchId);
  if (!batch) throw new DomainError(404, msg("rules.batchNotFound"), "batch_id");
  const buyingOffers = batch.status === "ACTIVE";
  // Your own offered units are not for sale to you.
  const ownOffered = buyingOffers ? offeredUnitsBy(userId, batchId) : 0;
  const checked = checkInvestment({ batch, ownOfferedUnits: ownOffered, units, acceptedTerms, walletMinor: walletBalanceMinor(userId), unitsShown });
  return { batch, buyingOffers, ...checked };
}

/**
 * What buying these units would cost now, by the rules and messages of buying itself (nothing is
 * written): a confirm step's figures (the USSD menus), or the DomainError buying would throw.
 */
export function previewInvestment(input: { userId: number; batchId: number; units: UnitCount }): { units: number; costMinor: number } {
  const { units, costMinor } = checkPurchase(input);
  return { units, costMinor };
}

// The invest path runs once per request under load: statements compiled once (see `prepared`).
const INVESTMENT_COLUMNS = `id, user_id as "userId", batch_id as "batchId", units, units_held as "unitsHeld", amount_minor as "amountMinor", unit_price_minor as "unitPriceMinor", status, auto_reinvest as "autoReinvest", bought_from_exit_id as "boughtFromExitId", created_at as "createdAt"`;

/** What buying needs of a batch (getBatch also loads its farm and chart history). */
function investableBatch(batchId: number): (InvestableBatch & { unitsOffered: number }) | undefined {
  const row = prepared<[number], { productType: ProductType; status: BatchStatus; unitPriceMinor: number; targetUnits: number; unitsPlaced: number }>(
    `select product_type as "productType", status, unit_price_minor as "unitPriceMinor", target_units as "targetUnits", units_placed as "unitsPlaced" from batches where id = ?`,
  ).get(batchId);
  if (!row) return undefined;
  const unitsOffered =
    row.status === "ACTIVE" && row.productType === "EGG"
      ? prepared<[number], { n: number }>("select coalesce(sum(units_remaining), 0) n from exit_requests where batch_id = ? and status = 'PENDING'").get(batchId)!.n
      : 0;
  return { ...row, unitsOffered, availableUnits: availableUnitsOf(row, unitsOffered) };
}

function offeredUnitsBy(userId: number, batchId: number): number {
  const row = getDb()
    .select({ n: sql<number>`coalesce(sum(${exitRequests.unitsRemaining}), 0)` })
    .from(exitRequests)
    .where(and(eq(exitRequests.userId, userId), eq(exitRequests.batchId, batchId), eq(exitRequests.status, "PENDING")))
    .get();
  return Number(row?.n ?? 0);
}

/** The units an exit request's offer (it and the requests made with it: offerId) has sold so far. */
function unitsSoldOf(request: { id: number; offerId: number | null; batchId: number }): number {
  const offerId = request.offerId ?? request.id;
  const row = getDb()
    .$client.prepare(`select coalesce(sum(units - units_remaining), 0) as n from exit_requests where batch_id = ? and (id = ? or offer_id = ?)`)
    .get(request.batchId, offerId, offerId) as { n: number };
  return Number(row.n);
}

/** First come, first served over the pending exit offers of an ACTIVE egg batch. */
function buyFromExitOffers({ userId, batchId, units, unitPriceMinor, autoReinvest }: { userId: number; batchId: number; units: number; unitPriceMinor: number; autoReinvest: boolean }): InvestmentRow {
  const db = getDb();
  const offers = db
    .select()
    .from(exitRequests)
    .where(and(eq(exitRequests.batchId, batchId), eq(exitRequests.status, "PENDING"), ne(exitRequests.userId, userId)))
    .orderBy(asc(exitRequests.id))
    .all();
  if (offers.length === 0) throw new DomainError(409, msg("refusals.notEnoughUnits"), "units");
  // The buyer's holding first, so each fill's entry carries its reference (the receipt lists them).
  const bought = db
    .insert(investments)
    .values({ userId, batchId, units, unitsHeld: units, amountMinor: units * unitPriceMinor, unitPriceMinor, autoReinvest, boughtFromExitId: offers[0].id, createdAt: nowIso() })
    .returning()
    .get();
  let left = units;
  for (const offer of offers) {
    if (left === 0) break;
    const take = Math.min(left, offer.unitsRemaining);
    // The fee is the whole offer's, shared over its fills (one request per holding it took units from).
    const { priceMinor, feeMinor, netMinor } = exitFillProceeds({ unitsSoldBefore: unitsSoldOf(offer), units: take, unitPriceMinor, feeRate: offer.feeRate });
    const entryId = postEntry({
      kind: "EXIT_FILL",
      memo: msg("ledger.exitFilled", { units: unitsOf(take), batchId, exitId: offer.id }),
      userId,
      batchId,
      externalRef: investmentRef(bought.id),
      lines: [
        { accountId: walletAccount(userId), amountMinor: -priceMinor },
        { accountId: walletAccount(offer.userId), amountMinor: netMinor },
        { accountId: feesAccount(), amountMinor: feeMinor },
      ],
    });
    const remaining = offer.unitsRemaining - take;
    db.update(exitRequests)
      .set({ unitsRemaining: remaining, ...(remaining === 0 ? { status: "FILLED" as const, closedAt: nowIso() } : {}) })
      .where(eq(exitRequests.id, offer.id))
      .run();
    const seller = db.select().from(investments).where(eq(investments.id, offer.investmentId)).get()!;
    const held = seller.unitsHeld - take;
    db.update(investments)
      .set({ unitsHeld: held, ...(held === 0 ? { status: "EXITED" as InvestmentStatus } : {}) })
      .where(eq(investments.id, seller.id))
      .run();
    // `units` and the time of the fill are what a month's holders are rebuilt from (payout.server.ts).
    db.insert(payouts).values({ investmentId: seller.id, userId: offer.userId, batchId, entryId, kind: "EXIT", period: null, units: take, amountMinor: netMinor, createdAt: nowIso() }).run();
    notify(offer.userId, "EXIT_FILLED", msg("notices.exitFilled", { units: take, batchId, net: { money: netMinor }, price: { money: priceMinor }, fee: { money: feeMinor } }));
    left -= take;
  }
  if (left !== 0) throw new DomainError(409, msg("refusals.notEnoughUnits"), "units");
  return bought;
}

/** The reference an investment is known by on its receipt and on the ledger entries that paid for it. */
export const investmentRef = (investmentId: number) => `AKK-INV-${investmentId}`;

export type ExitRequestRow = typeof exitRequests.$inferSelect;

export function exitRequestJson(r: ExitRequestRow) {
  return {
    id: r.id,
    batch_id: r.batchId,
    investment_id: r.investmentId,
    units: r.units,
    units_remaining: r.unitsRemaining,
    fee_rate: r.feeRate,
    status: r.status,
    created_at: r.createdAt,
    closed_at: r.closedAt,
  };
}

/**
 * Offers units of the investor's egg holding in a batch for early exit. The units are taken
 * from their holdings oldest first; each holding gets its own PENDING request.
 */
export function requestEarlyExit({ userId, batchId, units, unitsShown }: { userId: number; batchId: number; units: UnitCount; unitsShown?: number }): ExitRequestRow[] {
  return atomic(() => {
    const batch = getBatch(batchId);
    if (!batch) throw new DomainError(404, msg("rules.batchNotFound"), "batch_id");
    const db = getDb();
    const holdings = db
      .select()
      .from(investments)
      .where(and(eq(investments.userId, userId), eq(investments.batchId, batchId), eq(investments.status, "ACTIVE")))
      .orderBy(asc(investments.id))
      .all();
    const pending = db
      .select({ investmentId: exitRequests.investmentId, units: exitRequests.unitsRemaining })
      .from(exitRequests)
      .where(and(eq(exitRequests.userId, userId), eq(exitRequests.batchId, batchId), eq(exitRequests.status, "PENDING")))
      .all();
    const offeredBy = new Map<number, number>();
    for (const p of pending) offeredBy.set(p.investmentId, (offeredBy.get(p.investmentId) ?? 0) + p.units);
    const unitsHeld = holdings.reduce((s, h) => s + h.unitsHeld, 0);
    const unitsAlreadyOffered = [...offeredBy.values()].reduce((s, n) => s + n, 0);
    let left = checkEarlyExit({ batch, units, today: today(), unitsHeld, unitsAlreadyOffered, unitsShown });
    const feeRate = getEnv().EARLY_EXIT_FEE_RATE;
    const created: ExitRequestRow[] = [];
    for (const h of holdings) {
      if (left === 0) break;
      const free = h.unitsHeld - (offeredBy.get(h.id) ?? 0);
      if (free <= 0) continue;
      const take = Math.min(free, left);
      // One offer over several holdings: the requests after the first name it, so its fee is the offer's.
      const offerId = created[0]?.id ?? null;
      created.push(db.insert(exitRequests).values({ investmentId: h.id, userId, batchId, units: take, unitsRemaining: take, feeRate, offerId, createdAt: nowIso() }).returning().get());
      left -= take;
    }
    return created;
  });
}

export function cancelEarlyExit({ userId, exitRequestId }: { userId: number; exitRequestId: number }): ExitRequestRow {
  return atomic(() => {
    const db = getDb();
    const request = db
      .select()
      .from(exitRequests)
      .where(and(eq(exitRequests.id, exitRequestId), eq(exitRequests.userId, userId)))
      .get();
    if (!request) throw new DomainError(404, msg("rules.exitRequestNotFound"));
    if (request.status !== "PENDING") throw new DomainError(409, msg("rules.exitNotPending"));
    return db.update(exitRequests).set({ status: "CANCELLED", closedAt: nowIso() }).where(eq(exitRequests.id, request.id)).returning().get();
  });
}

export function listExitRequests(userId: number): ExitRequestRow[] {
  return getDb().select().from(exitRequests).where(eq(exitRequests.userId, userId)).orderBy(desc(exitRequests.id)).all();
}

/** The units an investor offers for exit and no buyer has taken yet, by batch (what availableToBuyer takes off). */
export function ownOffersByBatch(userId: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of listExitRequests(userId)) if (r.status === "PENDING") out.set(r.batchId, (out.get(r.batchId) ?? 0) + r.unitsRemaining);
  return out;
}

/** The investor's investments, newest first, with their batch's type and farm. */
export function listMyInvestments(userId: number) {
  return getDb()
    .select({
      id: investments.id,
      userId: investments.userId,
      batchId: investments.batchId,
      units: investments.units,
      unitsHeld: investments.unitsHeld,
      amountMinor: investments.amountMinor,
      unitPriceMinor: investments.unitPriceMinor,
      status: investments.status,
      autoReinvest: investments.autoReinvest,
      boughtFromExitId: investments.boughtFromExitId,
      createdAt: investments.createdAt,
      productType: batches.productType,
      batchStatus: batches.status,
      batchStartDate: batches.startDate,
      expectedRoi: batches.expectedRoi,
    })
    .from(investments)
    .innerJoin(batches, eq(batches.id, investments.batchId))
    .where(eq(investments.userId, userId))
    .orderBy(desc(investments.createdAt), desc(investments.id))
    .all();
}

/** The investment if it is the user's; another investor's id is "not found". */
export function getMyInvestment(userId: number, investmentId: number): InvestmentRow {
  const row = getDb()
    .select()
    .from(investments)
    .where(and(eq(investments.id, investmentId), eq(investments.userId, userId)))
    .get();
  if (!row) throw new DomainError(404, msg("rules.investmentNotFound"));
  return row;
}

/**
 * Switches a holding's auto-reinvest on or off: when it matures (a harvest, an egg close) its
 * proceeds buy units of the next open batch of the same product (payout.server.ts). Only an ACTIVE
 * holding can still mature.
 */
export function setAutoReinvest({ userId, investmentId, autoReinvest }: { userId: number; investmentId: number; autoReinvest: boolean }): InvestmentRow {
  return atomic(() => {
    const holding = getMyInvestment(userId, investmentId);
    if (holding.status !== "ACTIVE") throw new DomainError(409, msg("rules.autoReinvestEnded", { investmentId: investmentId }));
    return getDb().update(investments).set({ autoReinvest }).where(eq(investments.id, investmentId)).returning().get();
  });
}

export type InvestmentReceipt = {
  id: number;
  reference: string;
  batchId: number;
  productType: ProductType;
  farmName: string;
  location: string;
  units: number;
  unitPriceMinor: number;
  amountMinor: number;
  status: InvestmentStatus;
  createdAt: string;
  boughtFromExit: boolean;
  /** The ledger entries that paid for it: one INVEST entry, or one EXIT_FILL per seller. */
  entries: Array<{ id: number; kind: string; createdAt: string }>;
};

/** What an investor bought, for its receipt; another investor's investment is "not found". */
export function getInvestmentReceipt(userId: number, investmentId: number): InvestmentReceipt {
  const i = getMyInvestment(userId, investmentId);
  const batch = getDb()
    .select({ productType: batches.productType, farmName: farms.name, location: farms.location })
    .from(batches)
    .innerJoin(farms, eq(farms.id, batches.farmId))
    .where(eq(batches.id, i.batchId))
    .get()!;
  const reference = investmentRef(i.id);
  let entries = getDb()
    .select({ id: journalEntries.id, kind: journalEntries.kind, createdAt: journalEntries.createdAt })
    .from(journalEntries)
    .where(and(eq(journalEntries.externalRef, reference), eq(journalEntries.userId, userId)))
    .orderBy(asc(journalEntries.id))
    .all();
  if (entries.length === 0 && i.boughtFromExitId === null) {
    // Bought before entries carried the reference: the INVEST entry of these units, the one written nearest the purchase.
    entries = getDb()
      .select({ id: journalEntries.id, kind: journalEntries.kind, createdAt: journalEntries.createdAt })
      .from(journalEntries)
      .where(
        and(eq(journalEntries.kind, "INVEST"), eq(journalEntries.userId, userId), eq(journalEntries.batchId, i.batchId), eq(journalEntries.memo, `Bought ${i.units} units of Batch #${i.batchId}`)),
      )
      .orderBy(sql`abs(${daysBetween(journalEntries.createdAt, i.createdAt)})`, asc(journalEntries.id))
      .limit(1)
      .all();
  }
  return {
    id: i.id,
    reference,
    batchId: i.batchId,
    ...batch,
    units: i.units,
    unitPriceMinor: i.unitPriceMinor,
    amountMinor: i.amountMinor,
    status: i.status,
    createdAt: i.createdAt,
    boughtFromExit: i.boughtFromExitId !== null,
    entries,
  };
}

export type PayoutRow = typeof payouts.$inferSelect;

export function payoutJson(p: PayoutRow) {
  // amount is gross (docs/rules.md#tax); the wallet received net_amount, the rest went to withholding tax.
  return {
    id: p.id,
    investment_id: p.investmentId,
    batch_id: p.batchId,
    amount: minorToCedis(p.amountMinor),
    tax_withheld: minorToCedis(p.taxWithheldMinor),
    net_amount: minorToCedis(p.amountMinor - p.taxWithheldMinor),
    kind: p.kind,
    period: p.period,
    created_at: p.createdAt,
  };
}

export function listPayoutsForInvestment(userId: number, investmentId: number): PayoutRow[] {
  getMyInvestment(userId, investmentId);
  return getDb().select().from(payouts).where(eq(payouts.investmentId, investmentId)).orderBy(desc(payouts.id)).all();
}

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
        investor: accountLabelSql,
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
  return {
    id: e.id,
    batch_id: e.batchId,
    investment_id: e.investmentId,
    investor: e.investor,
    units: e.units,
    units_remaining: e.unitsRemaining,
    fee_rate: e.feeRate,
    status: e.status,
    created_at: e.createdAt,
    closed_at: e.closedAt,
  };
}

/** What still ties an investor to the platform: ACTIVE holdings and PENDING early-exit offers (closing an account reads it). */
export function openPositionCounts(userId: number): { activeHoldings: number; pendingExits: number } {
  return prepared<[number, number], { activeHoldings: number; pendingExits: number }>(
    `select (select count(*) from investments where user_id = ? and status = 'ACTIVE') as "activeHoldings", (select count(*) from exit_requests where user_id = ? and status = 'PENDING') as "pendingExits"`,
  ).get(userId, userId)!;
}
