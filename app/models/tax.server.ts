import { msg } from "~/catalog/ref";
import { and, asc, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import { nextPeriod } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { minorToCedis } from "~/domain/money";
import { monthName, monthWords, sumTotals, totalsByMonth, type IncomeLine } from "~/domain/tax";
import { nowIso } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { recordAudit, type By } from "~/models/audit.server";
import { atomic, balanceMinor, externalAccount, findAccountId, postEntry, taxAccount } from "~/models/ledger.server";
import { taxIdentity } from "~/models/kyc.server";
import { batches, payouts, taxPayments, users } from "~/models/schema.server";

/**
 * Withholding tax documents (issue 18): an investor's monthly certificate and yearly statement, the
 * admin's monthly report for the tax authority, and the payment of the withheld tax out of
 * TAX_WITHHELD. Every figure is read from the payout rows the runs wrote in the same transaction as
 * their ledger entries, so the documents add up to the ledger.
 */

/** The payer on every document: the platform, with its tax number when configured. */
export function taxPayer() {
  return { name: "Akoko", tin: getEnv().TAX_PAYER_TIN ?? null };
}

const monthRange = (month: string) => ({ from: `${month}-01T00:00:00.000Z`, to: `${nextPeriod(month)}-01T00:00:00.000Z` });
const yearRange = (year: string) => ({ from: `${year}-01-01T00:00:00.000Z`, to: `${Number(year) + 1}-01-01T00:00:00.000Z` });

/** The investor's income payouts (taxable part above zero) paid in [from, to). */
function incomeLines(userId: number, { from, to }: { from: string; to: string }): IncomeLine[] {
  return getDb()
    .select({
      paidAt: payouts.createdAt,
      batchId: payouts.batchId,
      productType: batches.productType,
      kind: payouts.kind,
      period: payouts.period,
      taxableMinor: payouts.taxableMinor,
      taxMinor: payouts.taxWithheldMinor,
    })
    .from(payouts)
    .innerJoin(batches, eq(batches.id, payouts.batchId))
    .where(and(eq(payouts.userId, userId), or(gt(payouts.taxableMinor, 0), gt(payouts.taxWithheldMinor, 0)), gte(payouts.createdAt, from), lt(payouts.createdAt, to)))
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .all();
}

/** A month's withholding tax certificate for one investor. */
export function taxCertificate(userId: number, month: string) {
  const lines = incomeLines(userId, monthRange(month));
  const totals = sumTotals(lines.map((l) => ({ grossMinor: l.taxableMinor, taxMinor: l.taxMinor, netMinor: l.taxableMinor - l.taxMinor })));
  return {
    month,
    monthName: monthName(month),
    payer: taxPayer(),
    payee: taxIdentity(userId),
    rate: getEnv().WITHHOLDING_TAX_RATE,
    lines,
    totals,
    taxPaidOver: monthTaxPaidOver(month),
    issuedAt: nowIso(),
  };
}

/**
 * How much of the month's withholding tax has been paid to the authority: "all" (the tax payments
 * recorded for it cover every payout's tax withheld that month), "part" or "none". Until "all" a
 * certificate says the tax is held, not paid.
 */
function monthTaxPaidOver(month: string): "all" | "part" | "none" {
  const { from, to } = monthRange(month);
  const withheld = getDb()
    .select({ n: sql<number>`coalesce(sum(${payouts.taxWithheldMinor}), 0)` })
    .from(payouts)
    .where(and(gte(payouts.createdAt, from), lt(payouts.createdAt, to)))
    .get();
  const paid = getDb()
    .select({ n: sql<number>`coalesce(sum(${taxPayments.amountMinor}), 0)` })
    .from(taxPayments)
    .where(eq(taxPayments.period, month))
    .get();
  const paidMinor = Number(paid?.n ?? 0);
  return paidMinor >= Number(withheld?.n ?? 0) ? "all" : paidMinor > 0 ? "part" : "none";
}

/** A year's statement: per month gross income, tax withheld and net. */
export function yearlyTaxStatement(userId: number, year: string) {
  const months = totalsByMonth(incomeLines(userId, yearRange(year)));
  return { year, payer: taxPayer(), payee: taxIdentity(userId), months, totals: sumTotals(months), issuedAt: nowIso() };
}

/** The years an investor has income in (newest first), for the statements page's links. */
export function yearsWithIncome(userId: number): string[] {
  return getDb()
    .selectDistinct({ year: sql<string>`substr(${payouts.createdAt}, 1, 4)` })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), or(gt(payouts.taxableMinor, 0), gt(payouts.taxWithheldMinor, 0))))
    .all()
    .map((r) => r.year)
    .sort()
    .reverse();
}

/** The month's report for the tax authority: each payee with their PIN, gross income and tax; what was paid over. */
export function monthlyTaxReport(month: string) {
  const { from, to } = monthRange(month);
  const rows = getDb()
    .select({ userId: payouts.userId, email: users.email, grossMinor: sql<number>`sum(${payouts.taxableMinor})`, taxMinor: sql<number>`sum(${payouts.taxWithheldMinor})` })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(and(or(gt(payouts.taxableMinor, 0), gt(payouts.taxWithheldMinor, 0)), gte(payouts.createdAt, from), lt(payouts.createdAt, to)))
    // The email too: PostgreSQL accepts only grouped or aggregated columns (one email per user either way).
    .groupBy(payouts.userId, users.email)
    .orderBy(asc(payouts.userId))
    .all();
  const payees = rows.map((r) => ({ ...r, ...taxIdentity(r.userId), netMinor: r.grossMinor - r.taxMinor }));
  const paid = getDb().select().from(taxPayments).where(eq(taxPayments.period, month)).orderBy(asc(taxPayments.id)).all();
  const totals = sumTotals(payees);
  const paidMinor = paid.reduce((s, p) => s + p.amountMinor, 0);
  return { month, monthName: monthName(month), payer: taxPayer(), payees, totals, paid, paidMinor, dueMinor: Math.max(0, totals.taxMinor - paidMinor), heldMinor: taxHeldMinor() };
}

/** What TAX_WITHHELD holds: withheld and not yet paid over. */
export function taxHeldMinor(): number {
  return balanceMinor(findAccountId("TAX_WITHHELD"));
}

/**
 * Records withheld tax paid to the authority for `period`: a TAX_PAYMENT entry TAX_WITHHELD ->
 * EXTERNAL and its row, audited, in one transaction. Never more than the account holds, nor more
 * than that month's withholding still unpaid (409, nothing changed).
 */
export function recordTaxPayment({ period, amountMinor, reference, adminId }: { period: string; amountMinor: number; reference: string } & By) {
  return atomic(() => {
    const report = monthlyTaxReport(period);
    if (amountMinor > report.dueMinor)
      throw new DomainError(409, msg("refusals.taxAboveDue", { month: monthWords(period), due: { money: report.dueMinor }, amount: { money: amountMinor } }), "amount");
    if (amountMinor > report.heldMinor) throw new DomainError(409, msg("refusals.taxAccountTooSmall", { held: { money: report.heldMinor }, amount: { money: amountMinor } }), "amount");
    // One receipt is one payment: the same reference again for the month is a payment recorded twice.
    const used = getDb()
      .select({ reference: taxPayments.reference })
      .from(taxPayments)
      .where(and(eq(taxPayments.period, period), sql`lower(${taxPayments.reference}) = ${reference.toLowerCase()}`))
      .get();
    if (used) throw new DomainError(409, msg("refusals.taxReferenceUsed", { reference: used.reference }), "reference");
    const entryId = postEntry({
      kind: "TAX_PAYMENT",
      memo: msg("ledger.taxPaid", { period, reference }),
      externalRef: `tax-${period}-${reference}`,
      lines: [
        { accountId: taxAccount(), amountMinor: -amountMinor },
        { accountId: externalAccount(), amountMinor },
      ],
    });
    const row = getDb().insert(taxPayments).values({ period, amountMinor, reference, entryId, createdBy: adminId, createdAt: nowIso() }).returning().get();
    recordAudit({ adminId, action: "tax.payment", detail: msg("auditDetail.taxPayment", { period, amount: { money: amountMinor }, reference }) });
    return row;
  });
}

// ---- JSON (amounts in cedis, as every /api/v1 answer) ----

export function yearlyStatementJson(s: ReturnType<typeof yearlyTaxStatement>) {
  return {
    year: s.year,
    payer: s.payer,
    payee: { name: s.payee.name, ghana_card_pin: s.payee.pin, verified: s.payee.verified },
    months: s.months.map((m) => ({ month: m.month, gross: minorToCedis(m.grossMinor), tax_withheld: minorToCedis(m.taxMinor), net: minorToCedis(m.netMinor) })),
    totals: { gross: minorToCedis(s.totals.grossMinor), tax_withheld: minorToCedis(s.totals.taxMinor), net: minorToCedis(s.totals.netMinor) },
  };
}

export function taxReportJson(r: ReturnType<typeof monthlyTaxReport>) {
  return {
    month: r.month,
    payer: r.payer,
    payees: r.payees.map((p) => ({
      user_id: p.userId,
      name: p.name,
      ghana_card_pin: p.pin,
      verified: p.verified,
      gross: minorToCedis(p.grossMinor),
      tax_withheld: minorToCedis(p.taxMinor),
      net: minorToCedis(p.netMinor),
    })),
    totals: { gross: minorToCedis(r.totals.grossMinor), tax_withheld: minorToCedis(r.totals.taxMinor), net: minorToCedis(r.totals.netMinor) },
    paid: r.paid.map((p) => ({ id: p.id, amount: minorToCedis(p.amountMinor), reference: p.reference, created_at: p.createdAt })),
    still_to_pay: minorToCedis(r.dueMinor),
    tax_account_balance: minorToCedis(r.heldMinor),
  };
}
