import path from "node:path";
import { msg } from "~/catalog/ref";
import type { Locale, MessageRef } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { languageOf, type Language } from "~/catalog/languages";
import { messageColumns, storedText } from "~/models/stored-message.server";
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { DomainError } from "~/domain/errors";
import {
  ageOn,
  checkDepositLimits,
  checkWithdrawalAllowed,
  kycRejectionCodeOf,
  kycTierOrLowest,
  KYC_TIERS,
  remainingDeposits,
  submissionRefusal,
  TIER_LIMITS,
  tierRequested,
  type DepositUsage,
  type KycTier,
  type LimitDecision,
} from "~/domain/kyc";
import type { CheckedImage, KycFileField, KycSubmissionInput } from "~/forms/kyc.server";
import { getKycVerifier } from "~/integrations/kyc/index.server";
import { getEnv } from "~/lib/env.server";
import { lastFour, openIdNumber, sealIdNumber } from "~/lib/kyc-crypto.server";
import { errorField, logger } from "~/lib/logger.server";
import { recordAudit } from "~/models/audit.server";
import { atomic } from "~/models/ledger.server";
import { phoneConfirmedByAnother } from "~/models/contacts.server";
import { notify } from "~/models/notification.server";
import { readStoredFile, removeStoredFile, withStoredFiles, contentTypeOf } from "~/models/stored-files.server";
import { minorToCedis } from "~/domain/money";
import { nowIso, today } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { walletBalanceMinor } from "~/models/ledger.server";
import { deposits, kycSubmissions, users, KYC_SUBMISSION_STATUSES } from "~/models/schema.server";

export { KYC_SUBMISSION_STATUSES };

/**
 * Tiers and limits on the server (issue 17); the rules themselves are in app/domain/kyc.ts. Days and
 * months are UTC, which is Ghana's time.
 */

export function userKycTier(userId: number): KycTier {
  const row = getDb().select({ tier: users.kycTier }).from(users).where(eq(users.id, userId)).get();
  return kycTierOrLowest(row?.tier);
}

/**
 * Deposits of a day and of its month that count against the limits: succeeded, or still pending (they
 * may yet succeed, so two deposits started together cannot both slip under a limit). The balance
 * counts pending deposits too. The day is today's, or `day`'s (ISO: a deposit's own day, when its
 * money arrives later); `excludeDepositId` leaves out a deposit being decided on.
 */
export function depositUsage(userId: number, { day = nowIso(), excludeDepositId }: { day?: string; excludeDepositId?: number } = {}): DepositUsage {
  const dayStart = `${day.slice(0, 10)}T00:00:00.000Z`;
  const dayEnd = new Date(Date.parse(dayStart) + 24 * 3600 * 1000).toISOString();
  const monthStart = `${day.slice(0, 7)}-01T00:00:00.000Z`;
  const nextMonth = new Date(monthStart);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const others = excludeDepositId === undefined ? undefined : ne(deposits.id, excludeDepositId);
  const row = getDb()
    .select({
      today: sql<number>`coalesce(sum(case when ${deposits.createdAt} >= ${dayStart} and ${deposits.createdAt} < ${dayEnd} then ${deposits.amountMinor} else 0 end), 0)`,
      month: sql<number>`coalesce(sum(${deposits.amountMinor}), 0)`,
    })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), inArray(deposits.status, ["PENDING", "SUCCEEDED"]), gte(deposits.createdAt, monthStart), lt(deposits.createdAt, nextMonth.toISOString()), others))
    .get()!;
  // Every pending deposit, whenever it started, still heads for the wallet.
  const pending = getDb()
    .select({ sum: sql<number>`coalesce(sum(${deposits.amountMinor}), 0)` })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, "PENDING"), others))
    .get()!;
  return { depositedTodayMinor: row.today, depositedThisMonthMinor: row.month, walletBalanceMinor: walletBalanceMinor(userId) + pending.sum };
}

/**
 * Whether a deposit's money, now that the provider confirms it, fits the tier's limits: its day's and
 * month's deposits (counted by the day it started, as when it was asked for) and the wallet as it is
 * now. A deposit that fitted when it started can stop fitting only when other money arrived since; one
 * given up on (failed, abandoned) no longer counted, so a late success may not fit at all.
 */
export function depositStillFits(deposit: { id: number; userId: number; amountMinor: number; createdAt: string }): LimitDecision {
  return checkDepositLimits(userKycTier(deposit.userId), depositUsage(deposit.userId, { day: deposit.createdAt, excludeDepositId: deposit.id }), deposit.amountMinor);
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
  latest: KycSubmission | null;
  /** Whether the account's phone was confirmed by its SMS code (or vouched for by the verifier). */
  phoneConfirmed: boolean;
};

/** What GET /api/v1/kyc, /kyc and the portfolio show. */
export function kycOverview(userId: number): KycOverview {
  const user = getDb().select({ tier: users.kycTier, phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  const tier = kycTierOrLowest(user?.tier);
  const latest = latestSubmission(userId) ?? null;
  return {
    tier,
    status: latest?.status ?? "NONE",
    limits: TIER_LIMITS[tier],
    remaining: remainingDeposits(tier, depositUsage(userId)),
    latest,
    phoneConfirmed: Boolean(user?.phone && user.phoneVerifiedAt),
  };
}

/** GET /api/v1/kyc: amounts in cedis, as every /api/v1 answer; null means no limit. */
export function kycJson(userId: number, locale: Locale) {
  const o = kycOverview(userId);
  const cedis = (minor: number | null) => (minor === null ? null : minorToCedis(minor));
  return {
    status: o.status,
    tier: o.tier,
    limits: {
      wallet_balance: cedis(o.limits.walletBalanceMinor),
      deposits_per_day: cedis(o.limits.depositsPerDayMinor),
      deposits_per_month: cedis(o.limits.depositsPerMonthMinor),
      withdrawals: o.limits.withdrawals,
    },
    remaining: { today: cedis(o.remaining.todayMinor), this_month: cedis(o.remaining.thisMonthMinor), wallet_room: cedis(o.remaining.walletRoomMinor) },
    submission: o.latest ? kycSubmissionJson(o.latest, locale) : null,
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

// ---- submissions and their review (issue 17) ----

export type KycSubmission = typeof kycSubmissions.$inferSelect;

/** The private folder the KYC images live in: inside UPLOADS_DIR, served only through a guarded route. */
function kycDir(): string {
  return path.join(getEnv().uploadsDir, "kyc");
}

const FILE_COLUMNS = { id_front: "idFrontFile", selfie: "selfieFile", proof_of_address: "proofOfAddressFile" } as const satisfies Record<KycFileField, keyof KycSubmission>;

function latestSubmission(userId: number): KycSubmission | undefined {
  return getDb().select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(desc(kycSubmissions.id)).limit(1).get();
}

/**
 * Takes an identity submission: checks it may be made, keeps the images and the sealed ID number in
 * one step (no file stays behind if the row is not written), then asks the verifier. The demo
 * approves at once; a manual review leaves it PENDING for /admin/kyc. Returns the submission as stored.
 */
export async function submitKyc({ userId, input, images }: { userId: number; input: KycSubmissionInput; images: Partial<Record<KycFileField, CheckedImage>> }): Promise<KycSubmission> {
  const verifier = getKycVerifier();
  const requested = tierRequested(Boolean(images.proof_of_address));
  const user = getDb().select({ phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new DomainError(404, msg("refusals.accountNotFound"));
  // Verified needs a confirmed phone: our own SMS code, unless the verifier vouches for it.
  if (!verifier.vouchesForPhone && (user.phone !== input.phone || !user.phoneVerifiedAt)) throw new DomainError(422, msg("refusals.kycPhoneUnconfirmed"), "phone");
  // A verifier that vouches for the phone confirms it on approval: not a number another account confirmed.
  if (verifier.vouchesForPhone && phoneConfirmedByAnother(input.phone, userId)) throw new DomainError(409, msg("refusals.phoneTaken"), "phone");
  const refuseIfNotAllowed = () => {
    const pending = latestSubmission(userId)?.status === "PENDING";
    const refusal = submissionRefusal({ tier: userKycTier(userId), pending, requested });
    if (refusal) throw new DomainError(409, refusal);
  };
  refuseIfNotAllowed();
  const fields = (["id_front", "selfie", "proof_of_address"] as const).filter((f) => images[f]);
  const sealed = sealIdNumber(input.id_number);
  const submission = withStoredFiles(
    kycDir(),
    fields.map((f) => images[f]!),
    (stored) => {
      // Again inside the transaction: two submissions sent together cannot both be taken.
      refuseIfNotAllowed();
      const files = Object.fromEntries(fields.map((f, i) => [FILE_COLUMNS[f], stored[i].fileName]));
      return getDb()
        .insert(kycSubmissions)
        .values({
          userId,
          tierRequested: requested,
          legalName: input.legal_name,
          dateOfBirth: input.date_of_birth,
          idType: input.id_type,
          idNumberIv: sealed.iv,
          idNumberTag: sealed.tag,
          idNumberCiphertext: sealed.ciphertext,
          idNumberLast4: lastFour(input.id_number),
          ...files,
          createdAt: nowIso(),
        })
        .returning()
        .get();
    },
  );
  logger.info({ submission_id: submission.id, user_id: userId, tier_requested: requested, verifier: verifier.name }, "kyc submission received");
  const verdict = await verifier.verify({ submissionId: submission.id, tierRequested: requested, idType: input.id_type });
  if (verdict.decision === "APPROVE") {
    decideSubmission({ submissionId: submission.id, decision: "APPROVED", reason: verdict.note, adminId: null, phone: verifier.vouchesForPhone ? input.phone : null });
  }
  return getDb().select().from(kycSubmissions).where(eq(kycSubmissions.id, submission.id)).get()!;
}

function tierRank(tier: KycTier): number {
  return KYC_TIERS.indexOf(tier);
}

/**
 * Records the decision on a PENDING submission, in one transaction: approval raises the investor's
 * tier (never lowers it) and, when the verifier vouched for the phone, keeps it as confirmed; every
 * decision notifies the investor, and an admin's is audited.
 */
function decideSubmission({
  submissionId,
  decision,
  reason,
  adminId,
  phone = null,
}: {
  submissionId: number;
  decision: "APPROVED" | "REJECTED";
  reason: string | MessageRef;
  adminId: number | null;
  phone?: string | null;
}): KycSubmission {
  return atomic(() => {
    const db = getDb();
    const row = db.select().from(kycSubmissions).where(eq(kycSubmissions.id, submissionId)).get();
    if (!row) throw new DomainError(404, msg("refusals.kycSubmissionNotFound"));
    if (row.status !== "PENDING") throw new DomainError(409, row.status === "APPROVED" ? msg("refusals.kycAlreadyApproved") : msg("refusals.kycAlreadyRejected"));
    const at = nowIso();
    const stored =
      typeof reason === "string"
        ? { decisionReason: reason, decisionReasonId: null, decisionReasonParams: null }
        : { decisionReason: render("en", reason), decisionReasonId: messageColumns(reason).id, decisionReasonParams: messageColumns(reason).params };
    db.update(kycSubmissions)
      .set({ status: decision, ...stored, decidedBy: adminId, decidedAt: at })
      .where(eq(kycSubmissions.id, submissionId))
      .run();
    const tier = userKycTier(row.userId);
    const requested = kycTierOrLowest(row.tierRequested);
    if (decision === "APPROVED") {
      const newTier = tierRank(requested) > tierRank(tier) ? requested : tier;
      db.update(users)
        .set({ kycTier: newTier, ...(phone && !phoneConfirmedByAnother(phone, row.userId) ? { phone, phoneVerifiedAt: at } : {}) })
        .where(eq(users.id, row.userId))
        .run();
      const limits = TIER_LIMITS[newTier];
      notify(
        row.userId,
        "KYC_APPROVED",
        msg("notices.kycApproved", {
          tier: msg(`notices.tier.${newTier}`),
          depositsPerDay: { money: limits.depositsPerDayMinor },
          walletBalance: { money: limits.walletBalanceMinor },
        }),
      );
    } else {
      notify(row.userId, "KYC_REJECTED", msg("notices.kycRejected", { reason }));
    }
    if (adminId !== null)
      recordAudit({
        adminId,
        action: decision === "APPROVED" ? "kyc.approve" : "kyc.reject",
        detail:
          decision === "APPROVED"
            ? msg("auditDetail.kycApproved", { submissionId, userId: row.userId, tier: msg(`notices.tier.${requested}`) })
            : msg("auditDetail.kycRejected", { submissionId, userId: row.userId, tier: msg(`notices.tier.${requested}`), reason }),
      });
    return db.select().from(kycSubmissions).where(eq(kycSubmissions.id, submissionId)).get()!;
  });
}

export function approveKycSubmission({ submissionId, adminId }: { submissionId: number; adminId: number }): KycSubmission {
  return decideSubmission({ submissionId, decision: "APPROVED", reason: msg("kycDecision.approvedAfterReview"), adminId });
}

export function rejectKycSubmission({ submissionId, adminId, reason }: { submissionId: number; adminId: number; reason: string | MessageRef }): KycSubmission {
  return decideSubmission({ submissionId, decision: "REJECTED", reason, adminId });
}

/** `email` is null for an account registered by phone (issue 31): its phone is beside it. */
export type KycReviewRow = KycSubmission & { email: string | null; fullName: string; phone: string | null; phoneVerifiedAt: string | null; tier: KycTier; locale: Language };

/** The review queue (oldest first, so nobody waits longest), or the decided ones (newest first). */
export function listKycSubmissions({ status, limit = 100 }: { status: KycSubmission["status"]; limit?: number }): KycReviewRow[] {
  return getDb()
    .select({ s: kycSubmissions, email: users.email, fullName: users.fullName, phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt, tier: users.kycTier, locale: users.locale })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(eq(kycSubmissions.status, status))
    .orderBy(status === "PENDING" ? asc(kycSubmissions.id) : desc(kycSubmissions.id))
    .limit(limit)
    .all()
    .map((r) => ({ ...r.s, email: r.email, fullName: r.fullName, phone: r.phone, phoneVerifiedAt: r.phoneVerifiedAt, tier: kycTierOrLowest(r.tier), locale: languageOf(r.locale) ?? "en" }));
}

/** Where a page or an app loads a submission's image (owner and admins only: see readKycImage). */
export const kycImageHref = (submissionId: number, field: KycFileField) => `/kyc/files/${submissionId}/${field}`;

/** The images a submission still holds, as links. */
export function kycImageLinks(row: KycSubmission): Partial<Record<KycFileField, string>> {
  const out: Partial<Record<KycFileField, string>> = {};
  for (const field of Object.keys(FILE_COLUMNS) as KycFileField[]) if (row[FILE_COLUMNS[field]]) out[field] = kycImageHref(row.id, field);
  return out;
}

/**
 * A submission's image for its owner or an admin; null (a 404, never a 403 that confirms it exists)
 * for anyone else, an unknown submission or field, or an image already deleted.
 */
export function readKycImage({ viewer, submissionId, field }: { viewer: { id: number; isAdmin: boolean }; submissionId: number; field: string }): { bytes: Buffer; contentType: string } | null {
  if (!(field in FILE_COLUMNS)) return null;
  const row = getDb().select().from(kycSubmissions).where(eq(kycSubmissions.id, submissionId)).get();
  if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) return null;
  const fileName = row[FILE_COLUMNS[field as KycFileField]];
  const bytes = readStoredFile(kycDir(), fileName);
  return bytes && fileName ? { bytes, contentType: contentTypeOf(fileName) } : null;
}

/** How long a rejected submission's images are kept (for the investor's questions), in days. */
export const REJECTED_IMAGES_KEPT_DAYS = 30;

/**
 * Deletes the images of submissions rejected more than 30 days ago (the row and its decision stay).
 * Returns how many submissions lost their images.
 */
export function purgeRejectedKycImages(): number {
  const before = new Date(Date.parse(nowIso()) - REJECTED_IMAGES_KEPT_DAYS * 24 * 3600 * 1000).toISOString();
  const rows = getDb()
    .select()
    .from(kycSubmissions)
    .where(
      and(
        eq(kycSubmissions.status, "REJECTED"),
        lt(kycSubmissions.decidedAt, before),
        or(isNotNull(kycSubmissions.idFrontFile), isNotNull(kycSubmissions.selfieFile), isNotNull(kycSubmissions.proofOfAddressFile)),
      ),
    )
    .all();
  for (const row of rows) {
    getDb().update(kycSubmissions).set({ idFrontFile: null, selfieFile: null, proofOfAddressFile: null }).where(eq(kycSubmissions.id, row.id)).run();
    for (const column of Object.values(FILE_COLUMNS)) removeStoredFile(kycDir(), row[column]);
  }
  if (rows.length) logger.info({ submissions: rows.length }, "rejected kyc images deleted");
  return rows.length;
}

/** An investor's own view of a submission (the API's and the page's): never more than the last 4 of the ID. */
export function kycSubmissionJson(row: KycSubmission, locale: Locale) {
  return {
    id: row.id,
    status: row.status,
    tier_requested: row.tierRequested,
    legal_name: row.legalName,
    date_of_birth: row.dateOfBirth,
    id_type: row.idType,
    id_number_last4: row.idNumberLast4,
    images: kycImageLinks(row),
    decision_reason: decisionReasonText(row, locale),
    // The code an admin rejected with (KYC_REJECTION_REASONS); null otherwise, and for a reason written before codes.
    decision_reason_code: row.status === "REJECTED" ? kycRejectionCodeOf(row.decisionReasonId) : null,
    decided_at: row.decidedAt,
    created_at: row.createdAt,
  };
}

/** An admin's view: the submission with the investor's account and phone. */
/** A decision's reason in the locale: our note rendered, or what an admin or a verifier wrote. */
export function decisionReasonText(row: KycSubmission, locale: Locale): string | null {
  return storedText(locale, row.decisionReasonId, row.decisionReasonParams, row.decisionReason);
}

export const kycReviewJson = (locale: Locale) => (row: KycReviewRow) => ({
  ...kycSubmissionJson(row, locale),
  user_id: row.userId,
  email: row.email,
  account_name: row.fullName,
  tier: row.tier,
  age: ageOn(row.dateOfBirth, today()),
  phone: row.phone,
  phone_confirmed: Boolean(row.phoneVerifiedAt),
  // The language the investor reads their notices in: a note with OTHER is sent as written.
  locale: row.locale,
});

/** Runs purgeRejectedKycImages soon after start, then hourly (in the one process that runs jobs). */
export function startKycImagePurge(): () => void {
  const run = () => {
    try {
      purgeRejectedKycImages();
    } catch (error) {
      logger.error({ err: errorField(error) }, "kyc image purge failed");
    }
  };
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, 3600 * 1000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * Who a tax document names (issue 18): the verified legal name and, for a verified Ghana Card, its
 * number, which is the holder's tax PIN. Decrypted only for the investor's own certificate and the
 * admin's report to the tax authority; never logged. Unverified: the account name and no PIN.
 */
export function taxIdentity(userId: number): { name: string; pin: string | null; verified: boolean } {
  const user = getDb().select({ fullName: users.fullName, tier: users.kycTier }).from(users).where(eq(users.id, userId)).get();
  const approved = getDb()
    .select()
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, "APPROVED")))
    .orderBy(desc(kycSubmissions.id))
    .limit(1)
    .get();
  if (!approved) return { name: user?.fullName ?? "", pin: null, verified: kycTierOrLowest(user?.tier) !== "REGISTERED" };
  const pin = approved.idType === "GHANA_CARD" ? openIdNumber({ iv: approved.idNumberIv, tag: approved.idNumberTag, ciphertext: approved.idNumberCiphertext }) : null;
  return { name: approved.legalName, pin, verified: true };
}
