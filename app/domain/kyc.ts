/** Know-your-customer rules: pure, no I/O. */
import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";

/** Ghana numbers: +233 or 0, then 9 digits; spaces, dashes and brackets are ignored. */
export function normalizeGhanaPhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  const match = /^(?:\+233|00233|233|0)([235]\d{8})$/.exec(compact);
  return match ? `+233${match[1]}` : null;
}

// ---- tiers and limits (issue 17) ----

export const KYC_TIERS = ["REGISTERED", "VERIFIED", "ENHANCED"] as const;
export type KycTier = (typeof KYC_TIERS)[number];

export type TierLimits = {
  /** The most the wallet may hold after a deposit (payouts and exit proceeds may still take it above). */
  walletBalanceMinor: number;
  depositsPerDayMinor: number;
  /** null: no monthly limit. */
  depositsPerMonthMinor: number | null;
  withdrawals: boolean;
};

/**
 * THE one place the tier limits live (pesewas). They mirror Bank of Ghana's mobile-money wallet
 * tiers in force since March 2024; change them here and every check, message and answer follows.
 */
export const TIER_LIMITS: Record<KycTier, TierLimits> = {
  REGISTERED: { walletBalanceMinor: 5_000_00, depositsPerDayMinor: 3_000_00, depositsPerMonthMinor: 10_000_00, withdrawals: false },
  VERIFIED: { walletBalanceMinor: 40_000_00, depositsPerDayMinor: 15_000_00, depositsPerMonthMinor: null, withdrawals: true },
  ENHANCED: { walletBalanceMinor: 75_000_00, depositsPerDayMinor: 25_000_00, depositsPerMonthMinor: null, withdrawals: true },
};

export const TIER_NAMES: Record<KycTier, string> = { REGISTERED: "Registered", VERIFIED: "Verified", ENHANCED: "Enhanced" };

/** How a page names the identity document of a submission. */
export const ID_TYPE_NAMES = { GHANA_CARD: "Ghana Card", PASSPORT: "Passport" } as const;

export function isKycTier(value: unknown): value is KycTier {
  return typeof value === "string" && (KYC_TIERS as readonly string[]).includes(value);
}

/** A tier read back from storage; anything unknown counts as the lowest (never more than was approved). */
export function kycTierOrLowest(value: unknown): KycTier {
  return isKycTier(value) ? value : "REGISTERED";
}

export type DepositUsage = {
  /** Deposits today (UTC, Ghana's time) and this calendar month, succeeded or still pending, pesewas. */
  depositedTodayMinor: number;
  depositedThisMonthMinor: number;
  /** The wallet balance plus deposits still pending (they will land in it), pesewas. */
  walletBalanceMinor: number;
};

export type Remaining = { todayMinor: number; thisMonthMinor: number | null; walletRoomMinor: number };

/** What may still be deposited (never negative); null: no monthly limit. */
export function remainingDeposits(tier: KycTier, usage: DepositUsage): Remaining {
  const limits = TIER_LIMITS[tier];
  const room = (limit: number, used: number) => Math.max(0, limit - used);
  return {
    todayMinor: room(limits.depositsPerDayMinor, usage.depositedTodayMinor),
    thisMonthMinor: limits.depositsPerMonthMinor === null ? null : room(limits.depositsPerMonthMinor, usage.depositedThisMonthMinor),
    walletRoomMinor: room(limits.walletBalanceMinor, usage.walletBalanceMinor),
  };
}

export type LimitDecision = { ok: true } | { ok: false; limit: "day" | "month" | "balance" | "withdrawals"; message: MessageRef };

/**
 * May a deposit of `amountMinor` go ahead? A deposit that would cross a limit is refused whole (never
 * cut down): the message names the limit, what is left, and how to raise it.
 */
export function checkDepositLimits(tier: KycTier, usage: DepositUsage, amountMinor: number): LimitDecision {
  const limits = TIER_LIMITS[tier];
  const left = remainingDeposits(tier, usage);
  // How the investor raises the tier's limits (the last tier has nowhere higher to go).
  const said = { tier: msg(`kycRules.tier.${tier}`), raise: msg(`kycRules.raise.${tier}`) };
  if (amountMinor > left.todayMinor)
    return { ok: false, limit: "day", message: msg("kycRules.limit.day", { ...said, limit: { money: limits.depositsPerDayMinor }, left: { money: left.todayMinor } }) };
  if (left.thisMonthMinor !== null && limits.depositsPerMonthMinor !== null && amountMinor > left.thisMonthMinor)
    return { ok: false, limit: "month", message: msg("kycRules.limit.month", { ...said, limit: { money: limits.depositsPerMonthMinor }, left: { money: left.thisMonthMinor } }) };
  if (amountMinor > left.walletRoomMinor)
    return { ok: false, limit: "balance", message: msg("kycRules.limit.balance", { ...said, limit: { money: limits.walletBalanceMinor }, left: { money: left.walletRoomMinor } }) };
  return { ok: true };
}

/** May this tier withdraw at all? (Where to, and cooling-off, are checked elsewhere.) */
export function checkWithdrawalAllowed(tier: KycTier): LimitDecision {
  if (TIER_LIMITS[tier].withdrawals) return { ok: true };
  return { ok: false, limit: "withdrawals", message: msg("kycRules.limit.withdrawals", { tier: msg(`kycRules.tier.${tier}`) }) };
}

// ---- submissions ----

/** The Terms' minimum age. */
export const MINIMUM_AGE = 18;

/** Whole years between a date of birth and `today` (both YYYY-MM-DD): a birthday counts on its day. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The tier a submission asks for: proof of address makes it the top one. */
export function tierRequested(hasProofOfAddress: boolean): "VERIFIED" | "ENHANCED" {
  return hasProofOfAddress ? "ENHANCED" : "VERIFIED";
}

/**
 * May this investor submit for `requested` now? A submission already waiting, or a tier already
 * held, is refused with what to do instead (null: go ahead).
 */
export function submissionRefusal({ tier, pending, requested }: { tier: KycTier; pending: boolean; requested: "VERIFIED" | "ENHANCED" }): MessageRef | null {
  if (pending) return msg("kycRules.submission.pending");
  if (tier === "ENHANCED") return msg("kycRules.submission.highest");
  if (tier === "VERIFIED" && requested === "VERIFIED") return msg("kycRules.submission.verified");
  return null;
}

// ---- destinations in the investor's own name ----

/** A name's words for comparing: lower case, accents and punctuation gone ("Kwame A. Mensah-Boateng" -> kwame, a, mensah, boateng). */
function nameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/**
 * Is an account held in the verified person's name? Networks and banks reorder names, drop or add
 * a middle name, and shorten names to initials. So one name's words must all be found in the other
 * (a word by itself or by its initial, an initial by a word it starts), and at least two words must
 * match in full (one, when the verified name has a single word): a shared surname is not enough.
 */
export function holderNameMatches(verifiedName: string, holderName: string): boolean {
  const verified = nameWords(verifiedName);
  const holder = nameWords(holderName);
  if (verified.length === 0 || holder.length === 0) return false;
  const needed = Math.min(2, verified.filter((w) => w.length > 1).length);
  const covered = (x: string[], y: string[]) => {
    let fullMatches = 0;
    for (const word of x) {
      if (word.length > 1 && y.includes(word)) fullMatches++;
      else if (!y.some((other) => (word.length === 1 ? other[0] === word : other === word[0]))) return false;
    }
    return fullMatches >= Math.max(1, needed);
  };
  return covered(verified, holder) || covered(holder, verified);
}

/**
 * Is a typed name the verified name itself: the same words, in any order and case (accents and
 * punctuation aside)? What an investor types is held to this; the lenient holderNameMatches is for the
 * name a bank or network resolves, which they shorten and reorder their own way.
 */
export function sameNameWords(verifiedName: string, typedName: string): boolean {
  const sorted = (name: string) => nameWords(name).sort().join(" ");
  const verified = sorted(verifiedName);
  return verified !== "" && verified === sorted(typedName);
}

/**
 * When a destination added at `createdAt` may first receive money (ISO): after the cooling-off hours,
 * rounded up to the whole minute, so the time a person is told ("14:36 UTC") is when it works.
 * Without cooling-off hours, at once.
 */
export function destinationUsableFrom(createdAt: string, coolingOffHours: number): string {
  // No cooling-off (0 hours): at once.
  if (coolingOffHours <= 0) return new Date(Date.parse(createdAt)).toISOString();
  return new Date(Math.ceil((Date.parse(createdAt) + coolingOffHours * 3600 * 1000) / 60_000) * 60_000).toISOString();
}

/**
 * Why an admin rejects a submission (issue 7b of the notices walk): a code from this list, rendered
 * in the investor's language in the notice, email and SMS (`kycDecision.reason.<CODE>`). OTHER may
 * carry the admin's own note, which is sent as written: the admin is told which language the
 * investor reads.
 */
export const KYC_REJECTION_REASONS = ["PHOTO_UNCLEAR", "NAME_MISMATCH", "NUMBER_NOT_FOUND", "DOCUMENT_EXPIRED", "OTHER"] as const;
export type KycRejectionReason = (typeof KYC_REJECTION_REASONS)[number];

export const isKycRejectionReason = (value: unknown): value is KycRejectionReason => (KYC_REJECTION_REASONS as readonly unknown[]).includes(value);

/** A note the investor reads inside a sentence: it ends as one ("Looks unusual" becomes "Looks unusual."). */
const asSentence = (note: string) => (/[.!?…]$/.test(note.trim()) ? note.trim() : `${note.trim()}.`);

/** The reason the investor reads, as a catalog message: a code's words, or OTHER's note as written (or OTHER's words without one). */
export function kycRejectionRef(code: KycRejectionReason, note: string | null): MessageRef {
  if (code === "OTHER" && note) return msg("kycDecision.reasonNote", { note: asSentence(note) });
  return msg(`kycDecision.reason.${code}`);
}

/** The code a stored reason was given with (its message id); null for an approval's note or a reason stored as text before codes. */
export function kycRejectionCodeOf(messageId: string | null): KycRejectionReason | null {
  if (messageId === "kycDecision.reasonNote") return "OTHER";
  const code = messageId?.startsWith("kycDecision.reason.") ? messageId.slice("kycDecision.reason.".length) : null;
  return isKycRejectionReason(code) ? code : null;
}
