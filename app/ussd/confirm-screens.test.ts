import { describe, expect, it } from "vitest";
import { render, translatorFor } from "~/catalog/index.server";
import { checkDepositLimits, TIER_LIMITS } from "~/domain/kyc";
import { MAX_AMOUNT_MINOR } from "~/domain/money";
import { gsm7Only } from "~/domain/notices";
import { MOMO_NETWORK_LABELS } from "~/domain/wallet";
import { depositConfirmLines, investConfirmLines, withdrawConfirmLines } from "~/ussd/confirm-screens";
import { screen } from "~/ussd/screen";

const LOCALES = ["en", "ak"] as const;
const NETWORKS = ["MTN", "TELECEL", "AT"] as const;
/** The pesewas a number holds exactly: more than any wallet, amount or cost can be. */
const ANY_AMOUNT = Number.MAX_SAFE_INTEGER;
/** The most a batch sells (the admin form's limit) and batch ids far past any farm's count. */
const UNITS = [1, 99_999, 10_000_000];
const BATCH_IDS = [1, 99_999, 9_999_999];
const AMOUNTS = [1, TIER_LIMITS.ENHANCED.walletBalanceMinor, MAX_AMOUNT_MINOR, 99_999_999_99, ANY_AMOUNT];

/** What a screen may show above itself in `locale`: nothing, a wrong key's words, a rule's longest (a tier limit's), something longer still. */
function refusals(locale: (typeof LOCALES)[number]): string[] {
  const say = translatorFor(locale);
  const limit = checkDepositLimits("REGISTERED", { depositedTodayMinor: 0, depositedThisMonthMinor: 0, walletBalanceMinor: 0 }, 999_999_00);
  if (limit.ok) throw new Error("a deposit past the day's limit is refused");
  return ["", say("ussd.invalidChoice"), render(locale, limit.message), `${"Ɔbuasi Ɛkyɛm ".repeat(40)}.`];
}

/** The screen made of the lines: `screen()` throws on one longer than a USSD page. */
const shown = (lines: string[]) => screen("confirmation", lines, "text").text;

describe("the money confirmations on USSD", () => {
  it("fit a screen with the largest figures and the longest refusal, in English and Twi, keeping what is bought and the keys", () => {
    let screens = 0;
    for (const locale of LOCALES) {
      const say = translatorFor(locale);
      const keys = [`1. ${say("ussd.confirm")}`, `0. ${say("ussd.back")}`];
      for (const refusal of refusals(locale)) {
        for (const productType of ["EGG", "CHICKEN"] as const)
          for (const units of UNITS)
            for (const batchId of BATCH_IDS)
              for (const costMinor of AMOUNTS) {
                const lines = investConfirmLines(say, refusal, { units, batchId, costMinor, netMinor: costMinor, productType });
                const text = shown(lines);
                expect(lines).toContain(say("ussd.invest.cost", { units: { msg: "ledger.units", params: { count: units } }, batchId, cost: { money: costMinor } }));
                expect(lines.slice(-2), text).toEqual(keys);
                screens += 1;
              }
        for (const network of NETWORKS)
          for (const amountMinor of [1, MAX_AMOUNT_MINOR]) {
            const lines = depositConfirmLines(say, refusal, { amountMinor, network, networkLabel: MOMO_NETWORK_LABELS[network] });
            shown(lines);
            expect(lines).toContain(say("ussd.deposit.confirm", { amount: { money: amountMinor } }));
            // Where the money comes from stays, in its short words at least.
            expect(lines.join("\n")).toContain(network === "TELECEL" ? "*110#" : MOMO_NETWORK_LABELS[network]);
            expect(lines.slice(-2)).toEqual(keys);
            const destination = say("notices.destination.ending", { label: MOMO_NETWORK_LABELS[network], last3: "999" });
            const out = withdrawConfirmLines(say, refusal, { amountMinor, destination });
            shown(out);
            expect(out.slice(-4)).toEqual([say("ussd.withdraw.confirm", { amount: { money: amountMinor } }), say("ussd.withdraw.to", { destination }), ...keys]);
            screens += 2;
          }
      }
    }
    expect(screens).toBeGreaterThan(700);
  });

  it("keep a wrong key's words whole and the income expected, for anything an Enhanced wallet buys", () => {
    for (const locale of LOCALES) {
      const say = translatorFor(locale);
      const wrongKey = say("ussd.invalidChoice");
      for (const productType of ["EGG", "CHICKEN"] as const) {
        const lines = investConfirmLines(say, wrongKey, { units: 99_999, batchId: 99_999, costMinor: TIER_LIMITS.ENHANCED.walletBalanceMinor, netMinor: 8_280_00, productType });
        shown(lines);
        expect(lines[0]).toBe(wrongKey);
        expect(lines.join("\n")).toContain(say("ussd.invest.cost", { units: { msg: "ledger.units", params: { count: 99_999 } }, batchId: 99_999, cost: { money: 75_000_00 } }));
        expect(lines.join("\n")).toMatch(/8,280\.00/);
      }
      // A long refusal after the PIN is cut on a word, to the room the rest leaves.
      const [, , limit] = refusals(locale);
      const cut = investConfirmLines(say, limit, { units: 1_545, batchId: 10, costMinor: 69_525_00, netMinor: 7_675_56, productType: "CHICKEN" });
      shown(cut);
      expect(cut[0]).toMatch(/\.\.\.$/);
      expect(gsm7Only(limit).startsWith(cut[0].slice(0, -3))).toBe(true);
    }
  });

  it("say it all when it fits, and the harvest's line without the cost again when only that makes room (Twi, a wrong key, batch 10)", () => {
    const say = translatorFor("ak");
    const figures = { units: 1_545, batchId: 10, costMinor: 69_525_00, netMinor: 7_675_56, productType: "CHICKEN" as const };
    expect(shown(investConfirmLines(say, "", figures))).toBe(
      "To nkyefa 1,545 wo nkoko kuw 10 mu ma GHS 69,525.00.\nOtwa bere: mfasoo GHS 7,675.56, woatwa towa akyi, ne wo GHS 69,525.00 a esan ba.\n1. Si so dua\n0. San ko",
    );
    expect(shown(investConfirmLines(say, say("ussd.invalidChoice"), figures))).toBe(
      "Yi noma a ewo ho no baako.\nTo nkyefa 1,545 wo nkoko kuw 10 mu ma GHS 69,525.00.\nOtwa bere: mfasoo GHS 7,675.56, woatwa towa akyi, ne wo sika titiriw.\n1. Si so dua\n0. San ko",
    );
    // The withdrawal's amount in the money format of every other screen.
    const destination = translatorFor("en")("notices.destination.ending", { label: "MTN MoMo", last3: "567" });
    expect(shown(withdrawConfirmLines(translatorFor("en"), "", { amountMinor: 5_500_00, destination }))).toBe("Withdraw GHS 5,500.00?\nTo MTN MoMo ending 567.\n1. Confirm\n0. Back");
    expect(shown(withdrawConfirmLines(say, "", { amountMinor: 5_000_00, destination: "MTN MoMo a ne to ye 567" }))).toMatch(/^Yi GHS 5,000\.00\?\n/);
  });
});
