import type { Translate } from "~/catalog/index.server";
import { firstFitting, option, type Part } from "~/ussd/screen";
import type { Network } from "~/ussd/state";

/**
 * The lines of the three confirmation screens a money action passes before its PIN (invest,
 * deposit, withdraw), for any figures the rules allow: a screen holds 182 characters, and a Twi
 * line with seven-figure amounts takes half of it. Each screen says everything when it fits; else
 * a shorter wording of its second line; else the refusal above it (a wrong key's, or a rule's after
 * the PIN, in any language) is what the caller needs now, and the line about what follows goes or
 * the refusal is cut to the room left. Pure, so app/ussd/confirm-screens.test.ts holds every screen
 * to its size with the largest figures, in English and Twi.
 */

const money = (minor: number) => ({ money: minor });
const choices = (say: Translate) => [option(1, say("ussd.confirm")), option(0, say("ussd.back"))];

/** `refusal`: what to say above the screen ("" for nothing), already in the caller's language. */
export function investConfirmLines(say: Translate, refusal: string, f: { units: number; batchId: number; costMinor: number; netMinor: number; productType: "EGG" | "CHICKEN" }): string[] {
  const cost = say("ussd.invest.cost", { units: { msg: "ledger.units", params: { count: f.units } }, batchId: f.batchId, cost: money(f.costMinor) });
  const net = money(f.netMinor);
  const income = f.productType === "EGG" ? say("ussd.invest.income.EGG", { net }) : say("ussd.invest.income.CHICKEN", { net, cost: money(f.costMinor) });
  // A harvest's line without the cost again (the line above says it).
  const incomeShort = f.productType === "EGG" ? income : say("ussd.invest.incomeShort.CHICKEN", { net });
  return firstFitting([
    [refusal, cost, income, ...choices(say)],
    [refusal, cost, incomeShort, ...choices(say)],
    [{ line: refusal, shrink: true }, cost, { line: incomeShort, drop: 1 }, ...choices(say)],
  ]);
}

/** Mobile money from the phone that dials, on `network`: a prompt to approve follows (Telecel Cash: a voucher). */
export function depositConfirmLines(say: Translate, refusal: string, f: { amountMinor: number; network: Network; networkLabel: string }): string[] {
  const amount = say("ussd.deposit.confirm", { amount: money(f.amountMinor) });
  const telecel = f.network === "TELECEL";
  const from = telecel ? say("ussd.deposit.fromPhone.TELECEL") : say("ussd.deposit.fromPhone", { network: f.networkLabel });
  const fromShort = telecel ? from : say("ussd.deposit.fromPhoneShort", { network: f.networkLabel });
  const lines = (l: Part[]) => [...l, ...choices(say)];
  return firstFitting([lines([refusal, amount, from]), lines([refusal, amount, fromShort]), lines([{ line: refusal, shrink: true }, amount, fromShort])]);
}

/** "Withdraw GHS 5,500.00?" and where to (`destination`: "MTN MoMo ending 567", in the caller's language). */
export function withdrawConfirmLines(say: Translate, refusal: string, f: { amountMinor: number; destination: string }): string[] {
  return firstFitting([[{ line: refusal, shrink: true }, say("ussd.withdraw.confirm", { amount: money(f.amountMinor) }), say("ussd.withdraw.to", { destination: f.destination }), ...choices(say)]]);
}
