import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";

import { parseAmountToMinor } from "~/domain/money";

/** The mobile money networks an investor can be paid to. */
export const MOMO_PROVIDERS = ["MTN MoMo", "Telecel Cash", "AT Money"] as const;

/** Deposit and withdrawal amounts: cedis with at most 2 decimals, within the per-operation ceiling. */
export function parseMoneyAmount(input: unknown): number {
  const parsed = parseAmountToMinor(input);
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
