import { describe, expect, it } from "vitest";
import { en, type MessageId } from "~/catalog/en";
import type { Locale, Param } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { gsm7Length, smsText } from "~/domain/notices";
import { smsVersion } from "~/models/messages.server";

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
  price: { money: 99_999_999 },
  proceeds: { money: 99_999_999 },
  amount: { money: 99_999_999 },
  fee: { money: 9_999_999 },
  tax: { money: 9_999_999 },
  why: msg("notices.exitCancelled.harvested"),
  label: msg("notices.payout.close"),
  destination: msg("notices.destination.ending", { label: "Absa Bank Ghana Ltd", last3: "567" }),
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
/** Where one notice's parameter is a phrase of its own, its longest phrase. */
const LONGEST_FOR: Record<string, Record<string, Param>> = {
  "notices.withdrawalNotSent": { why: msg("notices.withdrawalNotSent.lapsed") },
};

/** The notices themselves; their phrases (`notices.payout.monthly`...) travel inside them. */
const NOTICE_IDS = (Object.keys(en) as MessageId[]).filter((id) => /^notices\.\w+$/.test(id));

function sms(id: MessageId, locale: Locale): string {
  const names = new Set([...JSON.stringify(en[id]).matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  const params: Record<string, Param> = {};
  for (const name of names) {
    const value = LONGEST_FOR[id]?.[name] ?? LONGEST[name];
    if (value === undefined) throw new Error(`no longest value for {${name}} of ${id}: add one`);
    params[name] = value;
  }
  return render(locale, msg("mail.sms", { text: smsVersion({ msg: id, params }) }));
}

describe("an SMS notice fits one segment whole", () => {
  it.each(["en", "ak"] as const)("in %s", (locale) => {
    expect(NOTICE_IDS.length).toBeGreaterThan(20);
    const cut = NOTICE_IDS.map((id) => ({ id, sent: smsText(sms(id, locale)) })).filter(({ sent }) => sent.endsWith("...") || gsm7Length(sent) === null);
    expect(cut).toEqual([]);
  });
});
