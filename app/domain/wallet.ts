import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";

import { MAX_AMOUNT_MINOR, parseAmountToMinor, type AmountParse } from "~/domain/money";

/** The mobile money networks an investor can be paid to. */
export const MOMO_PROVIDERS = ["MTN MoMo", "Telecel Cash", "AT Money"] as const;

/** What people read for each network's code (MTN, TELECEL, AT): the names the forms use. */
export const MOMO_NETWORK_LABELS = { MTN: "MTN MoMo", TELECEL: "Telecel Cash", AT: "AT Money" } as const satisfies Record<string, (typeof MOMO_PROVIDERS)[number]>;

/** A network's name for people; a code it does not know is shown as it is. */
export function networkLabel(code: string): string {
  return (MOMO_NETWORK_LABELS as Record<string, string>)[code] ?? code;
}

/** The refusal of an amount parseAmountToMinor could not read, in the wallet's words. */
function amountRefusal(reason: Exclude<AmountParse, { ok: true }>["reason"]): DomainError {
  const message = {
    empty: msg("rules.amountRequired"),
    format: msg("rules.amountFormat"),
    separators: msg("rules.amountSeparators"),
    decimals: msg("rules.amountDecimals"),
    "non-positive": msg("rules.amountPositive"),
    "too-large": msg("rules.amountTooLarge"),
  }[reason];
  return new DomainError(422, message, "amount");
}

/** Deposit and withdrawal amounts: cedis with at most 2 decimals, within the per-operation ceiling (`max`). */
export function parseMoneyAmount(input: unknown, max: number = MAX_AMOUNT_MINOR): number {
  const parsed = parseAmountToMinor(input, max);
  if (parsed.ok) return parsed.minor;
  throw amountRefusal(parsed.reason);
}

/**
 * A withdrawal's amount, read as parseMoneyAmount reads it but at any size: more than the wallet
 * holds is 'Insufficient balance' however large, so the ceiling is checked after the balance
 * (checkWithdrawalCeiling, in reserveWithdrawal's transaction). An amount too large to count in
 * pesewas exactly is more than any wallet holds: it gets the balance's answer here, the one
 * reserveWithdrawal gives before any other rule.
 */
export function parseWithdrawalAmount(input: unknown): number {
  const parsed = parseAmountToMinor(input, Number.POSITIVE_INFINITY);
  if (parsed.ok) return parsed.minor;
  if (parsed.reason === "too-large") throw new DomainError(409, msg("rules.insufficientBalance"), "amount");
  throw amountRefusal(parsed.reason);
}

/** One withdrawal moves at most MAX_AMOUNT_MINOR: checked once the balance covers it. */
export function checkWithdrawalCeiling(amountMinor: number): void {
  if (amountMinor > MAX_AMOUNT_MINOR) throw new DomainError(422, msg("rules.amountTooLarge"), "amount");
}
