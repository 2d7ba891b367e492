import { describe, expect, it } from "vitest";
import { en, type MessageId } from "~/catalog/en";
import type { Locale, MessageRef, Param } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { gsm7Length, smsText } from "~/domain/notices";
import { KYC_REJECTION_REASONS, kycRejectionRef } from "~/domain/kyc";
import { smsVersion } from "~/models/messages.server";

/** A bank's name longer than any in Paystack's list for Ghana (the fake's longest is "Ecobank Ghana Limited"). */
const LONG_BANK = "Agricultural Development Bank of Ghana Limited";

/**
 * Every notice an investor or admin can receive by SMS, in English and in Twi, fits one segment
 * (160 GSM-7 characters) whole, with the longest values it can carry: never cut short with "...".
 */
const LONGEST: Record<string, Param> = {
  units: 12_345,
  count: 12_345,
  batchId: 123_456,
  fromBatchId: 123_455,
  net: { money: 99_999_999 },
  cost: { money: 99_999_999 },
  rest: { money: 99_999_999 },
  price: { money: 99_999_999 },
  proceeds: { money: 99_999_999 },
  amount: { money: 99_999_999 },
  paid: { money: 99_999_999 },
  fee: { money: 9_999_999 },
  tax: { money: 9_999_999 },
  why: msg("notices.exitCancelled.harvested"),
  label: msg("notices.payout.close"),
  destination: msg("notices.destination.ending", { label: LONG_BANK, last3: "567" }),
  provider: "Absa Bank Ghana Ltd",
  tier: msg("notices.tier.ENHANCED"),
  depositsPerDay: { money: 1_500_000 },
  walletBalance: { money: 4_000_000 },
  reason: "The photo of the card is not readable.",
  summary: "send withdrawal #123456 of GH₵999,999.99 to Absa Bank Ghana Ltd",
  email: "abena.owusu-ansah@example.com",
  device: msg("devices.browserOn", { browser: "Samsung Internet", system: "Android" }),
  place: "2c0f:2a80:10:5::x",
  tries: 3,
  until: "2026-12-31 23:59 UTC",
  // A receipt's reference: a withdrawal's with an eight-digit id (AKK-INV-<id> and deposits' are shorter).
  reference: "akoko-withdrawal-12345678",
};
/** Where one notice's parameter is a phrase of its own, every phrase it can be (the longest differs between languages). */
const LONGEST_FOR: Record<string, Record<string, Param[]>> = {
  "notices.withdrawalNotSent": { why: [msg("notices.withdrawalNotSent.lapsed")] },
  "notices.exitCancelled": { why: [msg("notices.exitCancelled.harvested"), msg("notices.exitCancelled.closed")] },
  "notices.reinvestedFor": { proceeds: [msg("notices.reinvested.harvest"), msg("notices.reinvested.principal")] },
  "notices.reinvestedNet": { proceeds: [msg("notices.reinvested.harvest"), msg("notices.reinvested.principal")] },
  "notices.kycRejected": { reason: [LONGEST.reason, ...KYC_REJECTION_REASONS.map((code) => kycRejectionRef(code, null))] },
};

/** The notices themselves; their phrases (`notices.payout.monthly`...) travel inside them. */
const NOTICE_IDS = (Object.keys(en) as MessageId[]).filter((id) => /^notices\.\w+$/.test(id));

/** The notice as its SMS says it, once with each of its phrases. */
function smses(id: MessageId, locale: Locale): string[] {
  const names = new Set([...JSON.stringify(en[id]).matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  let variants: Array<Record<string, Param>> = [{}];
  for (const name of names) {
    const values = LONGEST_FOR[id]?.[name] ?? (LONGEST[name] === undefined ? [] : [LONGEST[name]]);
    if (values.length === 0) throw new Error(`no longest value for {${name}} of ${id}: add one`);
    variants = variants.flatMap((params) => values.map((value) => ({ ...params, [name]: value })));
  }
  return variants.map((params) => sms(locale, { msg: id, params }));
}

const sms = (locale: Locale, message: MessageRef) => smsText(render(locale, msg("mail.sms", { text: smsVersion(message, locale) })));

describe("an SMS notice fits one segment whole", () => {
  it.each(["en", "ak"] as const)("in %s", (locale) => {
    expect(NOTICE_IDS.length).toBeGreaterThan(20);
    const cut = NOTICE_IDS.flatMap((id) => smses(id, locale).map((sent) => ({ id, sent }))).filter(({ sent }) => sent.endsWith("...") || gsm7Length(sent) === null);
    expect(cut).toEqual([]);
  });
});

describe("what an SMS keeps", () => {
  const bank = (label: string) => msg("notices.destination.ending", { label, last3: "567" });
  const ADVICE = { en: "Not you? Change your password now and contact support.", ak: "Enye wo? Sesa wo password seesei na fre yen." };

  it.each(["en", "ak"] as const)("a security notice keeps its advice whole with the largest amount and a long bank name, and names the destination where it fits (%s)", (locale) => {
    for (const id of ["notices.withdrawalRequested", "notices.destinationAdded"] as const) {
      const worst = sms(locale, msg(id, { amount: { money: 20_000_000 }, destination: bank(LONG_BANK) }));
      expect(worst.endsWith(ADVICE[locale])).toBe(true);
      const usual = sms(locale, msg(id, { amount: { money: 20_000 }, destination: bank("MTN MoMo") }));
      expect(usual).toContain("MTN MoMo");
      expect(usual.endsWith(ADVICE[locale])).toBe(true);
    }
  });

  it("the Twi USSD investment receipt says what was paid, as its confirm screen does", () => {
    const receipt = msg("notices.receiptInvested", { reference: "AKK-INV-26", count: 2, batchId: 3, amount: { money: 20_000 } });
    expect(sms("ak", receipt)).toBe("Akoko: Tua ho krataa AKK-INV-26: wato nkyefa 2 wo nkoko kuw #3 mu ma GHS 200.00.");
  });

  it("auto-reinvest says what the proceeds paid, what the units cost and what stayed in the wallet, in English and Twi", () => {
    const notice = msg("notices.reinvestedNet", {
      count: 9,
      batchId: 6,
      cost: { money: 40_500 },
      proceeds: msg("notices.reinvested.harvest"),
      fromBatchId: 5,
      net: { money: 43_312 },
      rest: { money: 2_812 },
    });
    expect(render("en", notice)).toBe(
      "Auto-reinvest: your harvest from Batch #5 paid GH₵433.12 into your wallet; 9 units of Batch #6 were bought with it for GH₵405.00, and GH₵28.12 stayed in your wallet.",
    );
    for (const figure of ["GH₵433.12", "GH₵405.00", "GH₵28.12"]) expect(render("ak", notice)).toContain(figure);
    // The SMS keeps the three figures too.
    for (const locale of ["en", "ak"] as const) for (const figure of ["GHS 433.12", "GHS 405.00", "GHS 28.12"]) expect(sms(locale, notice)).toContain(figure);
  });

  it("a stored auto-reinvest notice from before still reads as written", () => {
    const notice = msg("notices.reinvestedFor", { count: 9, batchId: 6, cost: { money: 40_500 }, proceeds: msg("notices.reinvested.harvest"), fromBatchId: 5, rest: { money: 2_812 } });
    expect(render("en", notice)).toBe("Auto-reinvest: 9 units of Batch #6 bought for GH₵405.00 with your harvest from Batch #5; GH₵28.12 stayed in your wallet.");
    expect(render("ak", notice)).toContain("GH₵405.00");
    expect(render("ak", notice)).toContain("GH₵28.12");
  });
});
