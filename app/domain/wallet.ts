import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";

import { MAX_AMOUNT_MINOR, parseAmountToMinor } from "~/domain/money";

/** The mobile money networks an investor can be paid to. */
export const MOMO_PROVIDERS = ["MTN MoMo", "Telecel Cash", "AT Money"] as const;

/** Deposit and withdrawal amounts: cedis with at most 2 decimals, within the per-operation ceiling (`max`). */
export function parseMoneyAmount(input: unknown, max: number = MAX_AMOUNT_MINOR): number {
  const parsed = parseAmountToMinor(input, max);
  if (parsed.ok) return parsed.minor;
  const message = {
    empty: msg("rules.amountRequired"),
    format: msg("rules.amountFormat"),
    separators: msg("rules.amountSeparators"),
    decimals: msg("rules.amountDecimals"),
    "non-positive": msg("rules.amountPositive"),
    "too-large": msg("rules.amountTooLarge"),
  }[parsed.reason];
  throw new DomainError(422, message, "amount");
}

/**
 * A withdrawal's amount, read as parseMoneyAmount reads it but at any size: more than the wallet
 * holds is 'Insufficient balance' however large, so the ceiling is checked after the balance
 * (checkWithdrawalCeiling, in reserveWithdrawal's transaction).
 */
export function parseWithdrawalAmount(input: unknown): number {
  return parseMoneyAmount(input, Number.POSITIVE_INFINITY);
}

/** One withdrawal moves at most MAX_AMOUNT_MINOR: checked once the balance covers it. */
export function checkWithdrawalCeiling(amountMinor: number): void {
  if (amountMinor > MAX_AMOUNT_MINOR) throw new DomainError(422, msg("rules.amountTooLarge"), "amount");
}
