import { msg } from "~/catalog/ref";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { DomainError } from "~/domain/errors";

import { minorToCedis } from "~/domain/money";
import { periodSupportedRoi, periodWords, prefillSheet, supportedRoi, type RemittanceInput, SURPLUS_REFERENCE, type SurplusDestination } from "~/domain/remittances";
import { nowIso, today } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { type By, recordAudit } from "~/models/audit.server";
import { addDays, lastDayOfMonth } from "~/domain/calendar";
import { daysOverdue, HARVEST_DAYS } from "~/domain/schedules";
import { atomic, balanceMinor, batchFunds, externalAccount, feesAccount, findAccountId, postEntry, reserveAccount, settlementAccount } from "~/models/ledger.server";
import { batchNextPayoutDue, simulatePayout } from "~/models/payout.server";
import { accounts, batches, farmLogs, journalEntries, payoutRuns, postings, remittances } from "~/models/schema.server";

/**
 * Remittances (issue 18): each sum a farm sends for a batch is one REMITTANCE entry from EXTERNAL
 * (the farm's bank or mobile-money transfer reaching us) into the batch's SETTLEMENT account, with
 * its settlement sheet stored beside it and an audit row, all in one transaction. Payout runs pay
 * only from SETTLEMENT (app/models/payout.server.ts), plus an explicit draw from PLATFORM_RESERVE.
 */

export type Remittance = typeof remittances.$inferSelect;

function batchRow(batchId: number) {
  const batch = getDb().select().from(batches).where(eq(batches.id, batchId)).get();
  if (!batch) throw new DomainError(404, msg("rules.batchNotFound"));
  return batch;
}

export function getBatchForRemittance(batchId: number) {
  return batchRow(batchId);
}

/** Records a remittance: money into the batch's settlement account, the sheet beside it, audited. */
export function recordRemittance(batchId: number, input: RemittanceInput, { adminId }: By): Remittance {
  return atomic(() => {
    const batch = batchRow(batchId);
    // Only a running batch has investors waiting to be paid from it; an ended one has paid out.
    if (batch.status !== "ACTIVE") throw new DomainError(409, msg("refusals.remittanceNeedsActive", { batchId, status: batch.status }));
    const entryId = postEntry({
      kind: "REMITTANCE",
      memo: msg("ledger.remittance", { batchId, period: input.period }),
      batchId,
      lines: [
        { accountId: externalAccount(), amountMinor: -input.amountMinor },
        { accountId: settlementAccount(batchId), amountMinor: input.amountMinor },
      ],
    });
    const row = getDb()
      .insert(remittances)
      .values({ ...input, batchId, entryId, createdBy: adminId, createdAt: nowIso() })
      .returning()
      .get();
    recordAudit({
      adminId,
      action: "remittance.record",
      batchId,
      farmId: batch.farmId,
      detail: msg("auditDetail.remittance", { period: periodWords(input.period), amount: { money: input.amountMinor }, remittanceId: row.id }),
    });
    return row;
  });
}

export function listRemittances(batchId: number): Remittance[] {
  return getDb().select().from(remittances).where(eq(remittances.batchId, batchId)).orderBy(desc(remittances.createdAt), desc(remittances.id)).all();
}

export function listRemittancesOldestFirst(batchId: number): Remittance[] {
  return getDb().select().from(remittances).where(eq(remittances.batchId, batchId)).orderBy(asc(remittances.id)).all();
}

const cedisOrNull = (minor: number | null) => (minor === null ? null : minorToCedis(minor));

/** The API's shape: GHS as decimals, the sheet's fields by the names they were sent with. */
export function remittanceJson(r: Remittance) {
  return {
    id: r.id,
    batch_id: r.batchId,
    period: r.period,
    amount: minorToCedis(r.amountMinor),
    crates_sold: r.cratesSold,
    price_per_crate: cedisOrNull(r.pricePerCrateMinor),
    birds_sold: r.birdsSold,
    live_weight_kg: r.liveWeightKg,
    price_per_kg: cedisOrNull(r.pricePerKgMinor),
    revenue: cedisOrNull(r.revenueMinor),
    feed_cost: cedisOrNull(r.feedCostMinor),
    vet_cost: cedisOrNull(r.vetCostMinor),
    other_costs: cedisOrNull(r.otherCostsMinor),
    farm_share: cedisOrNull(r.farmShareMinor),
    created_at: r.createdAt,
  };
}

/** What the batch holds for its investors now: remitted (and drawn from the reserve) less what runs paid. */
export function settlementHeldMinor(batchId: number): number {
  return balanceMinor(findAccountId("SETTLEMENT", { batchId }));
}

export function reserveBalanceMinor(): number {
  return balanceMinor(findAccountId("PLATFORM_RESERVE"));
}

export const RESERVE_SOURCES = ["FEES", "EXTERNAL"] as const;
export type ReserveSource = (typeof RESERVE_SOURCES)[number];

/**
 * Puts money into the platform's reserve, audited: from the fees the platform earned (never more
 * than they hold) or from outside (the platform's own money coming in).
 */
export function fundReserve({ amountMinor, source, adminId }: { amountMinor: number; source: ReserveSource } & By): { reserveMinor: number } {
  return atomic(() => {
    if (source === "FEES") {
      const fees = balanceMinor(findAccountId("PLATFORM_FEES"));
      if (fees < amountMinor) throw new DomainError(409, msg("refusals.feesTooSmall", { held: { money: Math.max(0, fees) }, amount: { money: amountMinor } }), "amount");
    }
    postEntry({
      kind: "RESERVE_FUND",
      memo: msg(`ledger.reserveFunded.${source}`),
      lines: [
        { accountId: source === "FEES" ? feesAccount() : externalAccount(), amountMinor: -amountMinor },
        { accountId: reserveAccount(), amountMinor: amountMinor },
      ],
    });
    recordAudit({
      adminId,
      action: "reserve.fund",
      detail: msg(source === "FEES" ? "auditDetail.reserveFundFromFees" : "auditDetail.reserveFundFromOutside", { amount: { money: amountMinor } }),
    });
    return { reserveMinor: reserveBalanceMinor() };
  });
}

export type SurplusSettlement = { batchId: number; to: SurplusDestination; amountMinor: number; reference: string | null; entryId: number; createdAt: string };

/**
 * Settles what is left in an ended (HARVESTED or CLOSED) batch's settlement account, the farm's
 * over-remittance no run can pay any more: all of it goes back to the farm (a SURPLUS_RETURN entry
 * SETTLEMENT -> EXTERNAL, carrying the transfer's reference) or to the platform reserve (a
 * SURPLUS_TO_RESERVE entry SETTLEMENT -> PLATFORM_RESERVE), audited, in one transaction. The amount
 * the admin was shown (`amountMinor`, what the approval names) must still be what is there.
 * docs/decisions/014-settlement-surplus.md.
 */
export function settleSurplus({ batchId, to, reference, amountMinor, adminId }: { batchId: number; to: SurplusDestination; reference: string | null; amountMinor?: number } & By): SurplusSettlement {
  return atomic(() => {
    const batch = batchRow(batchId);
    if (batch.status !== "HARVESTED" && batch.status !== "CLOSED") throw new DomainError(409, msg("refusals.surplusNeedsEnded", { batchId, status: batch.status }));
    const heldMinor = settlementHeldMinor(batchId);
    if (heldMinor <= 0) throw new DomainError(409, msg("refusals.surplusNone", { batchId }));
    if (amountMinor !== undefined && amountMinor !== heldMinor) throw new DomainError(409, msg("refusals.surplusChanged", { batchId, amount: { money: amountMinor }, held: { money: heldMinor } }));
    if (to === "FARM" && !reference) throw new DomainError(422, msg("rules.surplus.reference", SURPLUS_REFERENCE), "reference");
    const toFarm = to === "FARM";
    const entryId = postEntry({
      kind: toFarm ? "SURPLUS_RETURN" : "SURPLUS_TO_RESERVE",
      memo: toFarm ? msg("ledger.surplusReturned", { batchId, reference: reference! }) : msg("ledger.surplusToReserve", { batchId }),
      batchId,
      externalRef: toFarm ? reference! : undefined,
      lines: [
        { accountId: settlementAccount(batchId), amountMinor: -heldMinor },
        { accountId: toFarm ? externalAccount() : reserveAccount(), amountMinor: heldMinor },
      ],
    });
    recordAudit({
      adminId,
      action: "batch.surplus",
      batchId,
      farmId: batch.farmId,
      detail: toFarm ? msg("auditDetail.surplusReturned", { amount: { money: heldMinor }, reference: reference! }) : msg("auditDetail.surplusToReserve", { amount: { money: heldMinor } }),
    });
    return { batchId, to, amountMinor: heldMinor, reference: toFarm ? reference : null, entryId, createdAt: nowIso() };
  });
}

/** Where an ended batch's surplus went: its SURPLUS_RETURN and SURPLUS_TO_RESERVE entries, oldest first. */
export function listSurplusSettlements(batchId: number): Array<Omit<SurplusSettlement, "batchId">> {
  return getDb()
    .select({ kind: journalEntries.kind, amountMinor: postings.amountMinor, reference: journalEntries.externalRef, entryId: journalEntries.id, createdAt: journalEntries.createdAt })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .where(and(eq(journalEntries.batchId, batchId), inArray(journalEntries.kind, ["SURPLUS_RETURN", "SURPLUS_TO_RESERVE"]), eq(accounts.kind, "SETTLEMENT")))
    .orderBy(asc(journalEntries.id))
    .all()
    .map((r) => ({ to: r.kind === "SURPLUS_RETURN" ? ("FARM" as const) : ("RESERVE" as const), amountMinor: -r.amountMinor, reference: r.reference, entryId: r.entryId, createdAt: r.createdAt }));
}

/** The API's shape of a settled surplus. */
export const surplusJson = (s: Omit<SurplusSettlement, "batchId">, batchId: number) => ({
  batch_id: batchId,
  to: s.to,
  amount: minorToCedis(s.amountMinor),
  reference: s.reference,
  entry_id: s.entryId,
  created_at: s.createdAt,
});

/** The settlement sheet's figures the daily logs already know, for the form's defaults. */
export function sheetPrefill(batchId: number, period: string) {
  const batch = batchRow(batchId);
  const logs = getDb()
    .select({ logDate: farmLogs.logDate, birdsAlive: farmLogs.birdsAlive, feedKg: farmLogs.feedKg, eggsCollected: farmLogs.eggsCollected, avgWeightKg: farmLogs.avgWeightKg })
    .from(farmLogs)
    .where(eq(farmLogs.batchId, batchId))
    .all();
  return prefillSheet({ productType: batch.productType, period, logs, feedPriceMinor: batch.feedPriceMinor });
}

/**
 * The batch's settlements, period by period, for everyone to check (issue 18): when each payout was
 * due, what it came to, what the farm remitted (with its sheets), what was paid, how much came from
 * the reserve, and the return the farm's remittances support next to the expected one; and the next
 * payout's due date with how many days it is overdue (batchNextPayoutDue, as the batch page's
 * facts, the dashboard and the remittances page say it: the first unpaid month with holders). The batch page and the public API both read this.
 */
export function batchSettlements(batchId: number) {
  const batch = batchRow(batchId);
  const { deployedMinor } = batchFunds(batchId);
  const runs = getDb().select().from(payoutRuns).where(eq(payoutRuns.batchId, batchId)).all();
  const sent = listRemittancesOldestFirst(batchId);
  const periods = [...new Set([...sent.map((r) => r.period), ...runs.map((r) => r.period)])].sort(
    (a, b) => (/^\d/.test(a) ? 0 : a === "HARVEST" ? 1 : 2) - (/^\d/.test(b) ? 0 : b === "HARVEST" ? 1 : 2) || a.localeCompare(b),
  );
  const due = batchNextPayoutDue(batch);
  const rows = periods.map((period) => {
    const mine = sent.filter((r) => r.period === period);
    const run = runs.find((r) => r.period === period) ?? null;
    const remittedMinor = mine.reduce((s, r) => s + r.amountMinor, 0);
    let dueMinor: number | null = run?.totalMinor ?? null;
    if (!run && batch.status === "ACTIVE" && period !== "CLOSE") {
      try {
        dueMinor = simulatePayout(batchId, { period: /^\d/.test(period) ? period : null }).totalMinor;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    const dueDate = /^\d/.test(period) ? lastDayOfMonth(period) : period === "HARVEST" && batch.startDate ? addDays(batch.startDate, HARVEST_DAYS) : null;
    const roi = periodSupportedRoi({ period, remittedMinor, principalMinor: deployedMinor });
    return {
      period,
      dueDate,
      dueMinor,
      remittedMinor,
      paidMinor: run?.totalMinor ?? 0,
      taxMinor: run?.taxWithheldMinor ?? 0,
      fromReserveMinor: run?.reserveDrawMinor ?? 0,
      paidAt: run?.createdAt ?? null,
      supportedRoi: roi,
      sheets: mine,
    };
  });
  return {
    batch,
    deployedMinor,
    supportedRoi: supportedRoi({ productType: batch.productType, periods: rows, principalMinor: deployedMinor }),
    nextDue: due ? { period: due.period, date: due.date, overdueDays: daysOverdue(due.date, today()) } : null,
    periods: rows,
  };
}

export function settlementsJson(s: ReturnType<typeof batchSettlements>) {
  return {
    batch_id: s.batch.id,
    product_type: s.batch.productType,
    status: s.batch.status,
    expected_roi: s.batch.expectedRoi,
    deployed: minorToCedis(s.deployedMinor),
    supported_roi: s.supportedRoi,
    next_due: s.nextDue && { period: s.nextDue.period, due_date: s.nextDue.date, overdue_days: s.nextDue.overdueDays },
    periods: s.periods.map((p) => ({
      period: p.period,
      due_date: p.dueDate,
      due: p.dueMinor === null ? null : minorToCedis(p.dueMinor),
      remitted: minorToCedis(p.remittedMinor),
      paid: minorToCedis(p.paidMinor),
      tax_withheld: minorToCedis(p.taxMinor),
      from_reserve: minorToCedis(p.fromReserveMinor),
      paid_at: p.paidAt,
      supported_roi: p.supportedRoi,
      sheets: p.sheets.map((r) => remittanceJson(r)),
    })),
  };
}
