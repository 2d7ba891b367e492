import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { hasHiddenCharacters, NAME_MAX } from "~/domain/names";

/** What decides whether an investor may close their account (read from the ledger and holdings). */
export type AccountPosition = {
  balanceMinor: number;
  /** Investments still ACTIVE: the Terms let them run to the end of their batch. */
  activeHoldings: number;
  /** Early-exit offers still waiting for a buyer. */
  pendingExits: number;
  /** Deposits and withdrawals the payment provider has not settled yet (money may still arrive or come back). */
  paymentsInFlight: number;
  isAdmin: boolean;
};

/** Why the account cannot be closed now, one sentence each; empty when it can. */
export function accountClosingBlockers({ balanceMinor, activeHoldings, pendingExits, paymentsInFlight, isAdmin }: AccountPosition): MessageRef[] {
  const reasons: MessageRef[] = [];
  // The platform must keep someone who can run payouts; the seeded admin is not re-created on restart.
  if (isAdmin) reasons.push(msg("rules.account.admin"));
  if (balanceMinor !== 0) reasons.push(msg("rules.account.balance", { balance: { money: balanceMinor } }));
  if (paymentsInFlight > 0) reasons.push(msg("rules.account.paymentsInFlight", { count: paymentsInFlight }));
  if (pendingExits > 0) reasons.push(msg("rules.account.pendingExits", { count: pendingExits }));
  if (activeHoldings > 0) reasons.push(msg("rules.account.activeHoldings", { count: activeHoldings }));
  return reasons;
}

/** Throws a 409 naming every reason when the account cannot be closed now. */
export function checkAccountClosable(position: AccountPosition): void {
  const [first, ...rest] = accountClosingBlockers(position);
  if (!first) return;
  // One message holding every reason, each rendered in the reader's language: "<first> <rest...>".
  const reasons = rest.reduce((all, next) => msg("rules.account.reasons", { first: all, rest: next }), first);
  throw new DomainError(409, msg("rules.account.notClosable", { reasons }));
}

/**
 * What a closed account's row keeps: no name, an address that can never receive mail (RFC 2606's
 * .invalid) and is unique by the id, so the person's own address can register again.
 */
export const CLOSED_ACCOUNT_NAME = "Closed account";
export const closedAccountEmail = (userId: number) => `closed-${userId}@closed.invalid`;

/**
 * How admins' lists and messages name an account: its email, or for an account registered by phone
 * (issue 31: no email until its owner adds one) its phone number, else its number. The same as
 * accountLabelSql (app/models/account-label.server.ts) in SQL.
 */
export function accountLabel(account: { id: number; email: string | null; phone?: string | null }): string {
  return account.email ?? account.phone ?? `#${account.id}`;
}

/**
 * A full name typed where there is no form (the USSD registration), by the registration form's rules
 * and messages: trimmed, not empty, at most NAME_MAX characters, no hidden characters.
 */
export function readFullName(input: unknown): string {
  const name = typeof input === "string" ? input.trim() : "";
  if (name === "") throw new DomainError(422, msg("forms.account.fullNameRequired"), "full_name");
  if (name.length > NAME_MAX) throw new DomainError(422, msg("forms.account.nameTooLong", { max: NAME_MAX }), "full_name");
  if (hasHiddenCharacters(name)) throw new DomainError(422, msg("forms.hiddenCharacters", { label: msg("forms.label.yourName") }), "full_name");
  return name;
}
