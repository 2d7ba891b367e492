import { DomainError } from "~/domain/errors";
import { MSG } from "~/domain/messages";
import { parseAmountToMinor } from "~/domain/money";

/** The mobile money networks an investor can be paid to. */
export const MOMO_PROVIDERS = ["MTN MoMo", "Telecel Cash", "AT Money"] as const;

/** Deposit and withdrawal amounts: cedis with at most 2 decimals, within the per-operation ceiling. */
export function parseMoneyAmount(input: unknown): number {
  const parsed = parseAmountToMinor(input);
  if (parsed.ok) return parsed.minor;
  const message = {
    empty: MSG.amountRequired,
    format: MSG.amountFormat,
    separators: MSG.amountSeparators,
    decimals: MSG.amountDecimals,
    "non-positive": MSG.amountPositive,
    "too-large": MSG.amountTooLarge,
  }[parsed.reason];
  throw new DomainError(422, message, "amount");
}
