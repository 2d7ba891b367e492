import { businessCounters } from "~/lib/metrics.server";
import { msg } from "~/catalog/ref";
import { and, eq, gt, asc, desc } from "drizzle-orm";
import { DomainError } from "~/domain/errors";
import { checkPayoutPeriod, checkRunFunding, planPayouts, recordDateOf, taxableIncomeMinor, withholdPerInvestor, type Holding, type PlannedPayout, type ReceivedPayout } from "~/domain/payouts";
import { minorToCedis } from "~/domain/money";
import { batchPayoutDue, daysOverdue, expectedRunPayouts, nextPayoutDue, type ExpectedPayout, type PayoutDue } from "~/domain/schedules";
import type { BatchStatus, ProductType } from "~/domain/types";
import { nowIso, today } from "~/lib/clock.server";
import { afterCommit, getDb, prepared } from "~/lib/db.server";
import { selectJsonRows, type JsonRowColumn, type SqlBoolean } from "~/lib/sql-dialect.server";
import { investInBatch } from "~/models/investment.server";
import { atomic, balanceMinor, findAccountId, postEntry, reserveAccount, settlementAccount, taxAccount, walletAccounts } from "~/models/ledger.server";
import { getEnv } from "~/lib/env.server";
import { batches, exitRequests, investments, payoutRuns } from "~/models/schema.server";
import { type By, recordAudit } from "~/models/audit.server";
import { notify, notifyEach } from "~/models/notification.server";

type RunKind = "MONTHLY" | "HARVEST" | "PRINCIPAL";

/** A planned payout with its withholding tax (the wallet gets amountMinor - taxMinor). */
type TaxedPayout = PlannedPayout & { taxMinor: number };

type Plan = {
  batch: typeof batches.$inferSelect;
  kind: RunKind;
  period: string;
  payouts: TaxedPayout[];
  /** Gross: what the run pays out of the batch's settlement account. */
  totalMinor: number;
  taxMinor: number;
  alreadyPaid: boolean;
  /** What the batch holds for investors (remitted, not yet paid), and what the reserve holds. */
  heldMinor: number;
  reserveMinor: number;
};

type PayableHolding = Holding & { autoReinvest: boolean };

/** Who holds the batch's units now (of them, `userId`'s holdings only when given). */
function holdingsOf(batchId: number, userId?: number): PayableHolding[] {
  return getDb()
    .select({ investmentId: investments.id, userId: investments.userId, unitsHeld: investments.unitsHeld, unitPriceMinor: investments.unitPriceMinor, autoReinvest: investments.autoReinvest })
    .from(investments)
    .where(and(eq(investments.batchId, batchId), eq(investments.status, "ACTIVE"), gt(investments.unitsHeld, 0), userId === undefined ? undefined : eq(investments.userId, userId)))
    .orderBy(investments.id)
    .all();
}

/**
 * Who held the batch's units at `recordDate`: holdings bought by then, less the units their exit
 * fills (EXIT payout rows) had sold by then. A holding exited since still earns the months it held,
 * and a buyer of exit units earns nothing for the months before they bought.
 */
function holdingsAt(batchId: number, recordDate: string, userId?: number): PayableHolding[] {
  const mine = userId === undefined ? "" : " and i.user_id = ?";
  const rows = getDb()
    .$client.prepare(
      `select i.id as "investmentId", i.user_id as "userId", i.unit_price_minor as "unitPriceMinor", i.auto_reinvest as "autoReinvest", ${UNITS_AT_RECORD_DATE} as "unitsHeld"
       from investments i where i.batch_id = ? and i.created_at <= ?${mine} order by i.id`,
    )
    .all(recordDate, batchId, recordDate, ...(userId === undefined ? [] : [userId])) as Array<Omit<PayableHolding, "autoReinvest"> & { autoReinvest: SqlBoolean }>;
  return rows.map((r) => ({ ...r, autoReinvest: Boolean(r.autoReinvest) }));
}

/**
 * The holdings a run pays (of them, `userId`'s only when given): a month whose record date has
 * passed, its holders then; this month's (still ahead), a harvest or a close, today's holders.
 */
function runHolders(batchId: number, kind: RunKind, period: string, userId?: number): PayableHolding[] {
  const recordDate = kind === "MONTHLY" ? recordDateOf(period) : null;
  return recordDate !== null && recordDate < nowIso() ? holdingsAt(batchId, recordDate, userId) : holdingsOf(batchId, userId);
}

/** A holding `i`'s units at a record date (the one parameter): bought, less what its exit fills had sold by then. */
const UNITS_AT_RECORD_DATE = `i.units - coalesce((select sum(p.units) from payouts p where p.investment_id = i.id and p.kind = 'EXIT' and p.created_at <= ?), 0)`;

/**
 * What a payout run would pay now. Eggs: the monthly income of `period` (default this month).
 * Chicken: the harvest (principal + return). `close` plans an egg batch's principal return.
 */
function plan(batchId: number, { period, close = false }: { period?: string | null; close?: boolean }): Plan {
  const db = getDb();
  const batch = db.select().from(batches).where(eq(batches.id, batchId)).get();
  if (!batch) throw new DomainError(404, msg("rules.batchNotFound"));
  if (batch.status !== "ACTIVE") throw new DomainError(409, msg("refusals.payoutNeedsActive", { batchId, status: batch.status }));
  let kind: RunKind;
  let runPeriod: string;
  if (close) {
    if (batch.productType !== "EGG") throw new DomainError(409, msg("refusals.onlyEggBatchesClose"));
    kind = "PRINCIPAL";
    runPeriod = "CLOSE";
  } else if (batch.productType === "EGG") {
    kind = "MONTHLY";
    const currentPeriod = today().slice(0, 7);
    runPeriod = checkPayoutPeriod({ period: period || currentPeriod, startDate: batch.startDate, currentPeriod });
  } else {
    kind = "HARVEST";
    runPeriod = "HARVEST";
  }
  const done = db
    .select({ id: payoutRuns.id })
    .from(payoutRuns)
    .where(and(eq(payoutRuns.batchId, batchId), eq(payoutRuns.period, runPeriod)))
    .get();
  const rate = getEnv().WITHHOLDING_TAX_RATE;
  const planned = done ? [] : withholdPerInvestor(kind, planPayouts(kind, runHolders(batchId, kind, runPeriod), batch.expectedRoi), rate);
  return {
    batch,
    kind,
    period: runPeriod,
    payouts: planned,
    totalMinor: planned.reduce((s, p) => s + p.amountMinor, 0),
    taxMinor: planned.reduce((s, p) => s + p.taxMinor, 0),
    alreadyPaid: Boolean(done),
    heldMinor: balanceMinor(findAccountId("SETTLEMENT", { batchId })),
    reserveMinor: balanceMinor(findAccountId("PLATFORM_RESERVE")),
  };
}

export type PayoutSimulation = {
  batchId: number;
  kind: RunKind;
  period: string;
  totalMinor: number;
  count: number;
  alreadyPaid: boolean;
  taxMinor: number;
  heldMinor: number;
  /** What the held money does not cover: the farm must remit it, or the admin draws it from the reserve. */
  shortfallMinor: number;
  reserveMinor: number;
};
export type PayoutRun = { batchId: number; kind: RunKind; period: string; totalMinor: number; count: number; reinvested: number; taxMinor: number; reserveDrawMinor: number };

export function simulatePayout(batchId: number, { period, close = false }: { period?: string | null; close?: boolean } = {}): PayoutSimulation {
  const p = plan(batchId, { period, close });
  const held = Math.max(0, p.heldMinor);
  return {
    batchId,
    kind: p.kind,
    period: p.period,
    totalMinor: p.totalMinor,
    count: p.payouts.length,
    alreadyPaid: p.alreadyPaid,
    taxMinor: p.taxMinor,
    heldMinor: held,
    shortfallMinor: Math.max(0, p.totalMinor - held),
    reserveMinor: Math.max(0, p.reserveMinor),
  };
}

/** The API's answers: the API's field names (simulated_total, total: gross), money in cedis, with the run's funding and tax. */
export const simulationJson = (s: PayoutSimulation) => ({
  batch_id: s.batchId,
  kind: s.kind,
  period: s.period,
  simulated_total: minorToCedis(s.totalMinor),
  count: s.count,
  already_paid: s.alreadyPaid,
  held: minorToCedis(s.heldMinor),
  shortfall: minorToCedis(s.shortfallMinor),
  reserve_available: minorToCedis(s.reserveMinor),
  tax_withheld: minorToCedis(s.taxMinor),
  net_total: minorToCedis(s.totalMinor - s.taxMinor),
});
export const payoutRunJson = (r: PayoutRun) => ({
  batch_id: r.batchId,
  kind: r.kind,
  period: r.period,
  count: r.count,
  total: minorToCedis(r.totalMinor),
  reinvested: r.reinvested,
  tax_withheld: minorToCedis(r.taxMinor),
  net_total: minorToCedis(r.totalMinor - r.taxMinor),
  reserve_draw: minorToCedis(r.reserveDrawMinor),
});

/** How a run is funded beyond what the batch holds: the reserve draw the admin chose (pesewas, 0: none). */
export type RunFunding = { reserveDrawMinor?: number };

/**
 * Pays a run in one transaction, only from what the batch holds for investors (its SETTLEMENT
 * account: what the farm remitted, not yet paid) plus the reserve draw the admin chose (a
 * RESERVE_DRAW entry PLATFORM_RESERVE -> SETTLEMENT, audited). Too little: 409 naming the amounts,
 * nothing changed. Then SETTLEMENT -> each WALLET (net) and TAX_WITHHELD (the tax on income), a
 * payout row per investment (gross and tax), a run row that makes the period payable once.
 * Harvest and close also end the batch (PAID, HARVESTED/CLOSED).
 */
/** The columns a payout run writes for each holding paid, in the order its rows give them. */
const PAYOUT_COLUMNS: readonly JsonRowColumn[] = [
  ["investment_id", "integer"],
  ["user_id", "integer"],
  ["batch_id", "integer"],
  ["run_id", "integer"],
  ["entry_id", "integer"],
  ["kind", "text"],
  ["period", "text"],
  ["amount_minor", "integer"],
  ["tax_withheld_minor", "integer"],
  ["taxable_minor", "integer"],
  ["created_at", "text"],
];
/** Rows per statement: a run over 50,000 holdings is ten statements of a few hundred KB each. */
const PAYOUT_ROWS_PER_STATEMENT = 5000;

function executePlan(batchId: number, options: { period?: string | null; close?: boolean } & RunFunding, adminId?: number): PayoutRun {
  const result = atomic(() => {
    const p = plan(batchId, options);
    if (p.alreadyPaid) throw new DomainError(409, msg("rules.alreadyPaid", { batchId: batchId, period: p.period }));
    const reserveDrawMinor = options.reserveDrawMinor ?? 0;
    checkRunFunding({ batchId, dueMinor: p.totalMinor, heldMinor: p.heldMinor, reserveDrawMinor, reserveMinor: p.reserveMinor });
    const db = getDb();
    const client = db.$client;
    const payoutLabel = p.kind === "MONTHLY" ? msg("notices.payout.monthly", { period: p.period ?? "" }) : p.kind === "HARVEST" ? msg("notices.payout.harvest") : msg("notices.payout.close");
    if (reserveDrawMinor > 0) {
      postEntry({
        kind: "RESERVE_DRAW",
        memo: msg("ledger.reserveDraw", { batchId, label: payoutLabel }),
        batchId,
        lines: [
          { accountId: reserveAccount(), amountMinor: -reserveDrawMinor },
          { accountId: settlementAccount(batchId), amountMinor: reserveDrawMinor },
        ],
      });
      if (adminId !== undefined)
        recordAudit({
          adminId,
          action: "reserve.draw",
          batchId,
          detail: msg("auditDetail.reserveDraw", { kind: msg(`portfolioDialogs.payoutKind.${p.kind}`), period: p.period, amount: { money: reserveDrawMinor } }),
        });
    }
    // Credit each wallet once per run (net of tax), however many holdings the investor has.
    const perUser = new Map<number, { netMinor: number; taxMinor: number }>();
    for (const payout of p.payouts) {
      const mine = perUser.get(payout.userId) ?? { netMinor: 0, taxMinor: 0 };
      mine.netMinor += payout.amountMinor - payout.taxMinor;
      mine.taxMinor += payout.taxMinor;
      perUser.set(payout.userId, mine);
    }
    const wallets = walletAccounts([...perUser.keys()]);
    // A run with nobody to pay (no holders) moves no money: it still marks the period paid and ends the batch.
    const entryId =
      p.payouts.length === 0
        ? null
        : postEntry({
            kind: p.kind === "PRINCIPAL" ? "CLOSE" : p.kind === "HARVEST" ? "HARVEST" : "PAYOUT",
            memo: msg("ledger.payout", { batchId, label: payoutLabel }),
            batchId,
            lines: [
              { accountId: settlementAccount(batchId), amountMinor: -p.totalMinor },
              ...[...perUser].map(([userId, { netMinor }]) => ({ accountId: wallets.get(userId)!, amountMinor: netMinor })),
              ...(p.taxMinor > 0 ? [{ accountId: taxAccount(), amountMinor: p.taxMinor }] : []),
            ],
          });
    const run = db
      .insert(payoutRuns)
      .values({
        batchId,
        kind: p.kind,
        period: p.period,
        totalMinor: p.totalMinor,
        count: p.payouts.length,
        reserveDrawMinor,
        taxWithheldMinor: p.taxMinor,
        entryId,
        createdBy: adminId,
        createdAt: nowIso(),
      })
      .returning({ id: payoutRuns.id })
      .get();
    const createdAt = nowIso();
    const rows = p.payouts.map((payout) => [
      payout.investmentId,
      payout.userId,
      batchId,
      run.id,
      entryId,
      p.kind,
      p.kind === "MONTHLY" ? p.period : null,
      payout.amountMinor,
      payout.taxMinor,
      taxableIncomeMinor({ kind: p.kind, amountMinor: payout.amountMinor, principalMinor: payout.principalMinor }),
      createdAt,
    ]);
    // A few statements for the whole run, not one per holding (on PostgreSQL each is a round trip).
    const insertPayouts = prepared<[string]>(`insert into payouts (${PAYOUT_COLUMNS.map(([name]) => name).join(", ")}) ${selectJsonRows(PAYOUT_COLUMNS)}`);
    for (let at = 0; at < rows.length; at += PAYOUT_ROWS_PER_STATEMENT) insertPayouts.run(JSON.stringify(rows.slice(at, at + PAYOUT_ROWS_PER_STATEMENT)));
    // One notice per investor per run, in the app and (through notify) by email and SMS: the net, and the tax taken.
    notifyEach(
      "PAYOUT",
      [...perUser].map(([userId, { netMinor, taxMinor }]) => {
        const said = { net: { money: netMinor }, batchId, label: payoutLabel };
        return { userId, message: taxMinor > 0 ? msg("notices.payoutTaxed", { ...said, tax: { money: taxMinor } }) : msg("notices.payout", said) };
      }),
    );

    if (p.kind !== "MONTHLY") {
      client.prepare("update investments set status = 'PAID' where batch_id = ? and status = 'ACTIVE'").run(batchId);
      db.update(batches)
        .set({ status: p.kind === "HARVEST" ? "HARVESTED" : "CLOSED", endedAt: nowIso() })
        .where(eq(batches.id, batchId))
        .run();
      const cancelled = db
        .update(exitRequests)
        .set({ status: "CANCELLED", closedAt: nowIso() })
        .where(and(eq(exitRequests.batchId, batchId), eq(exitRequests.status, "PENDING")))
        .returning({ userId: exitRequests.userId, unitsRemaining: exitRequests.unitsRemaining })
        .all();
      // Each owner learns why their offer went away (one note per offer, in this transaction).
      const why = p.kind === "HARVEST" ? msg("notices.exitCancelled.harvested") : msg("notices.exitCancelled.closed");
      for (const offer of cancelled) {
        notify(offer.userId, "EXIT_CANCELLED", msg("notices.exitCancelled", { count: offer.unitsRemaining, units: offer.unitsRemaining, batchId, why }));
      }
    }
    // A holding that matures (a harvest, a close) rolls over; a month's income always stays in the wallet.
    const reinvested = p.kind === "MONTHLY" ? 0 : autoReinvest(p.batch, p.kind, p.payouts);
    return { batchId, kind: p.kind, period: p.period, count: p.payouts.length, totalMinor: p.totalMinor, reinvested, taxMinor: p.taxMinor, reserveDrawMinor };
  });
  // Counted once it commits: a command, four eyes' rehearsal or a confirm step runs it inside a transaction.
  afterCommit(() => businessCounters.payouts.inc({ kind: result.kind }));
  return result;
}

/**
 * When a holding that asked for it matures (a broiler harvest, an egg batch's close), its proceeds
 * buy as many whole units as they cover of the next OPEN batch of the same product with room (the
 * oldest first, whose unit price the proceeds reach); the rest stays in the wallet. Runs inside the
 * payout's transaction; a purchase the rules refuse leaves that money in the wallet and the run
 * goes on (its savepoint is rolled back alone).
 */
function autoReinvest(matured: typeof batches.$inferSelect, kind: "HARVEST" | "PRINCIPAL", paid: TaxedPayout[]): number {
  const db = getDb();
  const wanting = new Set(
    db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.batchId, matured.id), eq(investments.autoReinvest, true)))
      .all()
      .map((r) => r.id),
  );
  const proceeds = kind === "HARVEST" ? msg("notices.reinvested.harvest") : msg("notices.reinvested.principal");
  let count = 0;
  for (const taxed of paid) {
    if (!wanting.has(taxed.investmentId)) continue;
    // What reached the wallet: the proceeds net of withholding tax.
    const payout = { userId: taxed.userId, amountMinor: taxed.amountMinor - taxed.taxMinor };
    const next = db
      .select()
      .from(batches)
      .where(and(eq(batches.productType, matured.productType), eq(batches.status, "OPEN")))
      .orderBy(batches.id)
      .all()
      .find((b) => b.targetUnits > b.unitsPlaced && b.unitPriceMinor <= payout.amountMinor);
    if (!next) continue;
    const units = Math.min(Math.floor(payout.amountMinor / next.unitPriceMinor), next.targetUnits - next.unitsPlaced);
    if (units <= 0) continue;
    try {
      investInBatch({ userId: payout.userId, batchId: next.id, units: { ok: true, units }, autoReinvest: true });
    } catch (error) {
      if (error instanceof DomainError) continue;
      throw error;
    }
    const costMinor = units * next.unitPriceMinor;
    notify(
      payout.userId,
      "REINVESTED",
      // What the proceeds paid (net of tax), what the units cost, what stayed: the investor need not work it out.
      msg("notices.reinvestedNet", {
        count: units,
        batchId: next.id,
        cost: { money: costMinor },
        proceeds,
        fromBatchId: matured.id,
        net: { money: payout.amountMinor },
        rest: { money: payout.amountMinor - costMinor },
      }),
    );
    count += 1;
  }
  return count;
}

export function executePayout(batchId: number, { period, adminId, reserveDrawMinor }: { period?: string | null; adminId?: number } & RunFunding = {}) {
  return executePlan(batchId, { period, reserveDrawMinor }, adminId);
}

/** Egg batch end: principal back to every holder, investments PAID, batch CLOSED, pending exits cancelled. */
export function closeEggBatch(batchId: number, { adminId, reserveDrawMinor }: { adminId?: number } & RunFunding = {}) {
  return executePlan(batchId, { close: true, reserveDrawMinor }, adminId);
}

export function listBatchPayoutRuns(batchId: number) {
  return getDb().select().from(payoutRuns).where(eq(payoutRuns.batchId, batchId)).orderBy(payoutRuns.id).all();
}

/** A run's audit parameters: its payouts and total, and the tax withheld and the reserve drawn when there were any. */
const fundingDetail = (r: PayoutRun) => ({
  count: r.count,
  amount: { money: r.totalMinor },
  tax: r.taxMinor > 0 ? msg("auditDetail.taxWithheld", { amount: { money: r.taxMinor } }) : "",
  reserve: r.reserveDrawMinor > 0 ? msg("auditDetail.fromReserve", { amount: { money: r.reserveDrawMinor } }) : "",
});

/** A real payout run (egg: this month or `period`; chicken: the harvest), audited. */
export function runPayout(batchId: number, { adminId, period, reserveDrawMinor }: By & { period?: string | null } & RunFunding) {
  return atomic(() => {
    const result = executePayout(batchId, { period, adminId, reserveDrawMinor });
    recordAudit({
      adminId,
      action: "payout.execute",
      batchId,
      detail: msg("auditDetail.payoutRun", { kind: msg(`portfolioDialogs.payoutKind.${result.kind}`), period: result.period, ...fundingDetail(result) }),
    });
    return result;
  });
}

/** Egg batch end (principal returned), audited. */
export function closeBatch(batchId: number, { adminId, reserveDrawMinor }: By & RunFunding) {
  return atomic(() => {
    const result = closeEggBatch(batchId, { adminId, reserveDrawMinor });
    recordAudit({ adminId, action: "batch.close", batchId, detail: msg("auditDetail.principalRun", fundingDetail(result)) });
    return result;
  });
}

/** The batch's payout runs, newest first (what every investor in it was paid, and when). */
export function listBatchPayoutHistory(batchId: number) {
  return getDb()
    .select({ id: payoutRuns.id, kind: payoutRuns.kind, period: payoutRuns.period, totalMinor: payoutRuns.totalMinor, count: payoutRuns.count, createdAt: payoutRuns.createdAt })
    .from(payoutRuns)
    .where(eq(payoutRuns.batchId, batchId))
    .orderBy(desc(payoutRuns.createdAt), desc(payoutRuns.id))
    .all();
}

/** The monthly periods already paid (for the next payout date). */
export function paidPeriods(batchId: number): string[] {
  return getDb()
    .select({ period: payoutRuns.period })
    .from(payoutRuns)
    .where(and(eq(payoutRuns.batchId, batchId), eq(payoutRuns.kind, "MONTHLY")))
    .orderBy(asc(payoutRuns.period))
    .all()
    .map((r) => r.period);
}

/** When the batch's first holding was bought (ISO), or null when nobody ever bought units of it. */
function firstBoughtAt(batchId: number): string | null {
  const row = getDb().$client.prepare(`select min(created_at) as "at" from investments where batch_id = ? and units > 0`).get(batchId) as { at: string | null } | undefined;
  return row?.at ?? null;
}

/**
 * The batch's next payout, as the batch page, the public settlements, the admin's dashboard and
 * remittances page say it: the first month with holders that is not paid yet (batchPayoutDue).
 */
export function batchNextPayoutDue(batch: { id: number; productType: ProductType; status: BatchStatus; startDate: string | null }): PayoutDue | null {
  if (batch.status !== "ACTIVE") return null;
  return batchPayoutDue({
    productType: batch.productType,
    status: batch.status,
    startDate: batch.startDate,
    paidPeriods: batch.productType === "EGG" ? paidPeriods(batch.id) : [],
    firstBoughtAt: firstBoughtAt(batch.id),
  });
}

/**
 * Every payout the investor received, with the cost of the units it paid back (for the portfolio's
 * totals, app/domain/payouts.ts): a harvest's principal is the holding's units at their price (a
 * broiler holding never changes size), an exit fill's is the units it sold, a close's is its amount.
 */
export function listReceivedPayouts(userId: number): ReceivedPayout[] {
  const rows = getDb()
    .$client.prepare(
      `select p.kind kind, p.amount_minor as "amountMinor", p.tax_withheld_minor as "taxMinor",
         case p.kind when 'HARVEST' then i.units_held * i.unit_price_minor
                     when 'EXIT' then coalesce(p.units, 0) * i.unit_price_minor
                     else p.amount_minor end as "principalMinor"
       from payouts p join investments i on i.id = p.investment_id where p.user_id = ?`,
    )
    .all(userId) as ReceivedPayout[];
  return rows;
}

/** What nextPayouts needs of an active holding (the portfolio's rows, the USSD menus' holdings). */
export type PayingHolding = {
  id: number;
  batchId: number;
  productType: ProductType;
  batchStatus: BatchStatus;
  /** YYYY-MM-DD, or null when unknown (calendarDateOrNull). */
  batchStartDate: string | null;
  unitsHeld: number;
  unitPriceMinor: number;
  expectedRoi: number;
  /** When it was bought (ISO): a month whose record date came before is not its own. */
  createdAt: string;
};

/**
 * Each active holding of the investor's (`userId`) next payout, the soonest first: when
 * (app/domain/schedules.ts), how much before and after tax, and how late. The portfolio page and the
 * USSD menus read the same figures. The amounts are the run's own (expectedRunPayouts): worked out
 * once for all the investor's holdings the run of that month (or harvest) pays, then split over
 * them as the run splits them; a month whose record date has passed pays the units held then, as
 * its run will (holdingsAt): units offered and sold since still earn it.
 */
export function nextPayouts(userId: number, active: readonly PayingHolding[], todayDate: string, taxRate: number) {
  const paid = new Map<number, string[]>();
  for (const i of active) if (i.productType === "EGG" && !paid.has(i.batchId)) paid.set(i.batchId, paidPeriods(i.batchId));
  const runs = new Map<string, Map<number, ExpectedPayout>>();
  const none: ExpectedPayout = { grossMinor: 0, taxMinor: 0, netMinor: 0, incomeMinor: 0 };
  return active
    .map((i) => {
      const due = nextPayoutDue({ productType: i.productType, status: i.batchStatus, startDate: i.batchStartDate, paidPeriods: paid.get(i.batchId) ?? [], heldSince: i.createdAt });
      const kind: RunKind = i.productType === "EGG" ? "MONTHLY" : "HARVEST";
      // Not started yet (no date): what a run would pay today's holdings.
      const period = due?.period ?? (kind === "MONTHLY" ? todayDate.slice(0, 7) : "HARVEST");
      const key = `${i.batchId} ${period}`;
      let run = runs.get(key);
      if (!run) {
        run = expectedRunPayouts(i.productType, runHolders(i.batchId, kind, period, userId), i.expectedRoi, taxRate);
        runs.set(key, run);
      }
      return {
        id: i.id,
        batchId: i.batchId,
        productType: i.productType,
        kind: due?.kind ?? null,
        period: due?.period ?? null,
        date: due?.date ?? null,
        expected: run.get(i.id) ?? none,
        overdueDays: due ? daysOverdue(due.date, todayDate) : 0,
      };
    })
    .sort((a, b) => (a.date ?? "9999").localeCompare(b.date ?? "9999") || a.id - b.id);
}
