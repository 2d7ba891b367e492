import { describe, expect, it } from "vitest";
import type { MessageRef } from "~/catalog/format";
import { englishOf } from "~/domain/errors";
import {
  ageOn,
  destinationUsableFrom,
  holderNameMatches,
  sameNameWords,
  checkDepositLimits,
  checkWithdrawalAllowed,
  kycTierOrLowest,
  normalizeGhanaPhone,
  remainingDeposits,
  submissionRefusal,
  TIER_LIMITS,
  tierRequested,
} from "~/domain/kyc";

const fresh = { depositedTodayMinor: 0, depositedThisMonthMinor: 0, walletBalanceMinor: 0 };

/** A rule's answer with its message in English, as the tests read it. */
function inEnglish<T extends { ok: boolean; message?: MessageRef }>(decision: T) {
  return decision.message ? { ...decision, message: englishOf(decision.message) } : decision;
}
const english = (ref: MessageRef | null) => (ref ? englishOf(ref) : null);

describe("kyc tiers and limits", () => {
  it("keeps the issue's table in one place, in pesewas", () => {
    expect(TIER_LIMITS.REGISTERED).toEqual({ walletBalanceMinor: 500_000, depositsPerDayMinor: 300_000, depositsPerMonthMinor: 1_000_000, withdrawals: false });
    expect(TIER_LIMITS.VERIFIED).toEqual({ walletBalanceMinor: 4_000_000, depositsPerDayMinor: 1_500_000, depositsPerMonthMinor: null, withdrawals: true });
    expect(TIER_LIMITS.ENHANCED).toEqual({ walletBalanceMinor: 7_500_000, depositsPerDayMinor: 2_500_000, depositsPerMonthMinor: null, withdrawals: true });
  });

  it("allows a deposit exactly up to the daily limit, refuses one pesewa more with the limit and how to raise it", () => {
    expect(checkDepositLimits("REGISTERED", fresh, 300_000)).toEqual({ ok: true });
    expect(checkDepositLimits("REGISTERED", { ...fresh, depositedTodayMinor: 100_000, depositedThisMonthMinor: 100_000, walletBalanceMinor: 100_000 }, 200_000)).toEqual({ ok: true });
    const refused = inEnglish(checkDepositLimits("REGISTERED", { ...fresh, depositedTodayMinor: 100_000, depositedThisMonthMinor: 100_000, walletBalanceMinor: 100_000 }, 200_001));
    expect(refused).toEqual({
      ok: false,
      limit: "day",
      message: "Registered accounts can deposit up to GH₵3,000.00 a day (GH₵2,000.00 left today). Verify your identity on the KYC page to raise it.",
    });
  });

  it("refuses what would cross the month, at its edge", () => {
    const usage = { depositedTodayMinor: 0, depositedThisMonthMinor: 900_000, walletBalanceMinor: 0 };
    expect(checkDepositLimits("REGISTERED", usage, 100_000)).toEqual({ ok: true });
    const refused = inEnglish(checkDepositLimits("REGISTERED", usage, 100_001));
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.limit).toBe("month");
      expect(refused.message).toBe("Registered accounts can deposit up to GH₵10,000.00 a month (GH₵1,000.00 left this month). Verify your identity on the KYC page to raise it.");
    }
    // No monthly limit above Registered.
    expect(checkDepositLimits("VERIFIED", { depositedTodayMinor: 0, depositedThisMonthMinor: 100_000_000, walletBalanceMinor: 0 }, 1_500_000)).toEqual({ ok: true });
  });

  it("refuses what would take the wallet above its cap, at its edge", () => {
    const usage = { depositedTodayMinor: 0, depositedThisMonthMinor: 0, walletBalanceMinor: 3_900_000 };
    expect(checkDepositLimits("VERIFIED", usage, 100_000)).toEqual({ ok: true });
    const refused = inEnglish(checkDepositLimits("VERIFIED", usage, 100_001));
    expect(refused).toEqual({
      ok: false,
      limit: "balance",
      message: "Verified accounts can hold up to GH₵40,000.00 in the wallet (room for GH₵1,000.00 more). Add proof of address on the KYC page to raise it.",
    });
    // A balance already above the cap (payouts are never refused) blocks any new deposit.
    const over = checkDepositLimits("REGISTERED", { ...fresh, walletBalanceMinor: 600_000 }, 1);
    expect(over.ok === false && over.limit).toBe("balance");
  });

  it("Enhanced: the daily edge, and the message says it is the highest tier", () => {
    expect(checkDepositLimits("ENHANCED", fresh, 2_500_000)).toEqual({ ok: true });
    const refused = inEnglish(checkDepositLimits("ENHANCED", fresh, 2_500_001));
    expect(refused.ok === false && refused.message).toBe("Enhanced accounts can deposit up to GH₵25,000.00 a day (GH₵25,000.00 left today). This is the highest tier's limit.");
  });

  it("tells what may still be deposited, never below zero", () => {
    expect(remainingDeposits("REGISTERED", { depositedTodayMinor: 50_000, depositedThisMonthMinor: 950_000, walletBalanceMinor: 700_000 })).toEqual({
      todayMinor: 250_000,
      thisMonthMinor: 50_000,
      walletRoomMinor: 0,
    });
    expect(remainingDeposits("VERIFIED", fresh)).toEqual({ todayMinor: 1_500_000, thisMonthMinor: null, walletRoomMinor: 4_000_000 });
  });

  it("lets only Verified and Enhanced withdraw", () => {
    expect(checkWithdrawalAllowed("VERIFIED")).toEqual({ ok: true });
    expect(checkWithdrawalAllowed("ENHANCED")).toEqual({ ok: true });
    const refused = inEnglish(checkWithdrawalAllowed("REGISTERED"));
    expect(refused.ok === false && refused.message).toMatch(/^Registered accounts cannot withdraw yet\. Verify your identity on the KYC page/);
  });

  it("reads an unknown stored tier as the lowest", () => {
    expect(kycTierOrLowest("VERIFIED")).toBe("VERIFIED");
    expect(kycTierOrLowest("GOLD")).toBe("REGISTERED");
    expect(kycTierOrLowest(null)).toBe("REGISTERED");
  });

  it("still normalises Ghana phone numbers", () => {
    expect(normalizeGhanaPhone("024 123 4567")).toBe("+233241234567");
  });
});

describe("submissions", () => {
  it("counts whole years, a birthday on its day", () => {
    expect(ageOn("2008-11-23", "2026-11-23")).toBe(18);
    expect(ageOn("2008-11-24", "2026-11-23")).toBe(17);
    expect(ageOn("2008-12-01", "2026-11-23")).toBe(17);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
  });

  it("asks for Enhanced with a proof of address, Verified without", () => {
    expect(tierRequested(true)).toBe("ENHANCED");
    expect(tierRequested(false)).toBe("VERIFIED");
  });

  it("refuses a second submission while one waits, and a tier already held", () => {
    expect(submissionRefusal({ tier: "REGISTERED", pending: false, requested: "VERIFIED" })).toBeNull();
    expect(submissionRefusal({ tier: "REGISTERED", pending: false, requested: "ENHANCED" })).toBeNull();
    expect(submissionRefusal({ tier: "VERIFIED", pending: false, requested: "ENHANCED" })).toBeNull();
    expect(english(submissionRefusal({ tier: "REGISTERED", pending: true, requested: "VERIFIED" }))).toMatch(/being reviewed/);
    expect(english(submissionRefusal({ tier: "VERIFIED", pending: false, requested: "VERIFIED" }))).toMatch(/add a proof of address/);
    expect(english(submissionRefusal({ tier: "ENHANCED", pending: false, requested: "ENHANCED" }))).toMatch(/highest tier/);
  });
});

describe("destinations in the investor's own name", () => {
  it("matches reordered names, a missing or added middle name, initials, accents and case", () => {
    expect(holderNameMatches("Kwame Asante Mensah", "KWAME A. MENSAH")).toBe(true);
    expect(holderNameMatches("Kwame Asante Mensah", "Mensah Kwame")).toBe(true);
    expect(holderNameMatches("Kwame Mensah", "Kwame Asante Mensah")).toBe(true);
    expect(holderNameMatches("Adwoa Mensah-Boateng", "adwoa mensah boateng")).toBe(true);
    expect(holderNameMatches("Adjoa Amoakohéne", "ADJOA AMOAKOHENE")).toBe(true);
  });

  it("refuses another person, even one sharing a surname or a first name", () => {
    expect(holderNameMatches("Kwame Mensah", "Efua Mensah")).toBe(false);
    expect(holderNameMatches("Kwame Mensah", "Kwame Boateng")).toBe(false);
    expect(holderNameMatches("Kwame Asante Mensah", "Kwame Owusu Mensah")).toBe(false);
    expect(holderNameMatches("Kwame Mensah", "K. Boateng")).toBe(false);
    expect(holderNameMatches("Kwame Mensah", "Mensah")).toBe(false);
    expect(holderNameMatches("Kwame Mensah", "")).toBe(false);
    expect(holderNameMatches("Kwame Mensah", "M. K.")).toBe(false);
  });

  it("takes a typed name only as the verified name's own words, in any order and case (issue 26)", () => {
    expect(sameNameWords("Alice Tester", "TESTER alice")).toBe(true);
    expect(sameNameWords("Adwoa Mensah-Boateng", "  boateng ADWOA mensah ")).toBe(true);
    expect(sameNameWords("Adjoa Amoakohéne", "ADJOA AMOAKOHENE")).toBe(true);
    expect(sameNameWords("Alice Tester", "Alice X Tester Mallory Thief")).toBe(false);
    expect(sameNameWords("Alice Tester", "Alice Tester Tester")).toBe(false);
    expect(sameNameWords("Kwame Asante Mensah", "Kwame A. Mensah")).toBe(false);
    expect(sameNameWords("Kwame Asante Mensah", "Kwame Mensah")).toBe(false);
    expect(sameNameWords("Alice Tester", "")).toBe(false);
    expect(sameNameWords("", "")).toBe(false);
  });

  it("a destination may receive money once the cooling-off hours have passed", () => {
    expect(destinationUsableFrom("2026-11-23T10:00:00.000Z", 24)).toBe("2026-11-24T10:00:00.000Z");
    expect(destinationUsableFrom("2026-11-23T10:00:00.000Z", 0)).toBe("2026-11-23T10:00:00.000Z");
    // Rounded up to the whole minute: the time a person is told ("10:01 UTC") is when it works, not a few seconds before.
    expect(destinationUsableFrom("2026-11-23T10:00:12.345Z", 24)).toBe("2026-11-24T10:01:00.000Z");
    expect(destinationUsableFrom("2026-11-23T10:00:59.999Z", 1)).toBe("2026-11-23T11:01:00.000Z");
    // No cooling-off: at once, to the millisecond.
    expect(destinationUsableFrom("2026-11-23T10:00:59.999Z", 0)).toBe("2026-11-23T10:00:59.999Z");
  });
});
