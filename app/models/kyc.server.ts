import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { DomainError } from "~/domain/errors";
import { checkDepositLimits, checkWithdrawalAllowed, kycTierOrLowest, remainingDeposits, TIER_LIMITS, type DepositUsage, type KycTier } from "~/domain/kyc";
import { minorToCedis } from "~/domain/money";
import { nowIso } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { walletBalanceMinor } from "~/models/ledger.server";
import { deposits, kycSubmissions, users } from "~/models/schema.server";

/**
 * Tiers and limits on the server (issue 17); the rules themselves are in app/domain/kyc.ts. Days and
 * months are UTC, which is Ghana's time.
 */

export function userKycTier(userId: number): KycTier {
  const row = getDb().select({ tier: users.kycTier }).from(users).where(eq(users.id, userId)).get();
  return kycTierOrLowest(row?.tier);
}

/**
 * Deposits today and this month that count against the limits: succeeded, or still pending (they may
 * yet succeed, so two deposits started together cannot both slip under a limit). The balance counts
 * pending deposits too.
 */
export function depositUsage(userId: number): DepositUsage {
  const at = nowIso();
  const dayStart = `${at.slice(0, 10)}T00:00:00.000Z`;
  const monthStart = `${at.slice(0, 7)}-01T00:00:00.000Z`;
  const row = getDb()
    .select({
      today: sql<number>`coalesce(sum(case when ${deposits.createdAt} >= ${dayStart} then ${deposits.amountMinor} else 0 end), 0)`,
      month: sql<number>`coalesce(sum(${deposits.amountMinor}), 0)`,
      pending: sql<number>`coalesce(sum(case when ${deposits.status} = 'PENDING' then ${deposits.amountMinor} else 0 end), 0)`,
    })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), inArray(deposits.status, ["PENDING", "SUCCEEDED"]), gte(deposits.createdAt, monthStart)))
    .get()!;
  // Pending deposits from before this month still head for the wallet.
  const olderPending = getDb()
    .select({ sum: sql<number>`coalesce(sum(${deposits.amountMinor}), 0)` })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, "PENDING"), sql`${deposits.createdAt} < ${monthStart}`))
    .get()!;
  return { depositedTodayMinor: row.today, depositedThisMonthMinor: row.month, walletBalanceMinor: walletBalanceMinor(userId) + row.pending + olderPending.sum };
}

/**
 * Refuses a deposit that would cross the investor's tier limits, whole (409), before anything is
 * written or charged. Call it inside the deposit's transaction, so two requests cannot both pass.
 */
export function assertDepositWithinLimits(userId: number, amountMinor: number): void {
  const decision = checkDepositLimits(userKycTier(userId), depositUsage(userId), amountMinor);
  if (!decision.ok) throw new DomainError(409, decision.message, "amount");
}

/** Refuses a withdrawal from a tier that may not withdraw (409). */
export function assertMayWithdraw(userId: number): void {
  const decision = checkWithdrawalAllowed(userKycTier(userId));
  if (!decision.ok) throw new DomainError(409, decision.message, "amount");
}

export type KycOverview = {
  tier: KycTier;
  /** The latest submission's status, or NONE. */
  status: "NONE" | "PENDING" | "APPROVED" | "REJECTED";
  limits: (typeof TIER_LIMITS)[KycTier];
  remaining: ReturnType<typeof remainingDeposits>;
};

/** What GET /api/v1/kyc and the portfolio show. */
export function kycOverview(userId: number): KycOverview {
  const tier = userKycTier(userId);
  const latest = getDb().select({ status: kycSubmissions.status }).from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(desc(kycSubmissions.id)).limit(1).get();
  return { tier, status: latest?.status ?? "NONE", limits: TIER_LIMITS[tier], remaining: remainingDeposits(tier, depositUsage(userId)) };
}

/** GET /api/v1/kyc: amounts in cedis, as every /api/v1 answer; null means no limit. */
export function kycJson(userId: number) {
  const o = kycOverview(userId);
  const cedis = (minor: number | null) => (minor === null ? null : minorToCedis(minor));
  return {
    status: o.status,
    tier: o.tier,
    limits: { wallet_balance: cedis(o.limits.walletBalanceMinor), deposits_per_day: cedis(o.limits.depositsPerDayMinor), deposits_per_month: cedis(o.limits.depositsPerMonthMinor), withdrawals: o.limits.withdrawals },
    remaining: { today: cedis(o.remaining.todayMinor), this_month: cedis(o.remaining.thisMonthMinor), wallet_room: cedis(o.remaining.walletRoomMinor) },
  };
}

/**
 * The name withdrawals must be held in: the legal name of the investor's latest approved submission.
 * Accounts made Verified without one (the demo seed, bench data) answer with their account name.
 * Null below Verified: such an account has no verified name and may not withdraw.
 */
export function verifiedLegalName(userId: number): string | null {
  const user = getDb().select({ tier: users.kycTier, fullName: users.fullName }).from(users).where(eq(users.id, userId)).get();
  if (!user || kycTierOrLowest(user.tier) === "REGISTERED") return null;
  const approved = getDb()
    .select({ legalName: kycSubmissions.legalName })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, "APPROVED")))
    .orderBy(desc(kycSubmissions.id))
    .limit(1)
    .get();
  return approved?.legalName ?? user.fullName;
}
