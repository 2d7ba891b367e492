import { DomainError } from "~/domain/errors";
import { formatGhs } from "~/domain/money";

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

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Why the account cannot be closed now, one sentence each; empty when it can. */
export function accountClosingBlockers({ balanceMinor, activeHoldings, pendingExits, paymentsInFlight, isAdmin }: AccountPosition): string[] {
  const reasons: string[] = [];
  // The platform must keep someone who can run payouts; the seeded admin is not re-created on restart.
  if (isAdmin) reasons.push("An admin account cannot be closed.");
  if (balanceMinor !== 0) reasons.push(`Your wallet still holds ${formatGhs(balanceMinor)}: withdraw it first.`);
  if (paymentsInFlight > 0) {
    reasons.push(
      `You have ${paymentsInFlight} ${plural(paymentsInFlight, "deposit or withdrawal", "deposits or withdrawals")} still on ${plural(paymentsInFlight, "its", "their")} way: wait until ${plural(paymentsInFlight, "it completes", "they complete")}.`,
    );
  }
  if (pendingExits > 0) {
    reasons.push(`You have ${pendingExits} early-exit ${plural(pendingExits, "offer", "offers")} waiting for a buyer: cancel ${plural(pendingExits, "it", "them")} on your portfolio first.`);
  }
  if (activeHoldings > 0) {
    reasons.push(
      `You still hold ${activeHoldings} active ${plural(activeHoldings, "investment", "investments")}: ${plural(activeHoldings, "it runs", "they run")} to the end of ${plural(activeHoldings, "its", "their")} batch, and you can close your account once ${plural(activeHoldings, "it is", "they are")} paid out.`,
    );
  }
  return reasons;
}

export const ACCOUNT_NOT_CLOSABLE = "Your account cannot be closed yet.";

/** Throws a 409 naming every reason when the account cannot be closed now. */
export function checkAccountClosable(position: AccountPosition): void {
  const reasons = accountClosingBlockers(position);
  if (reasons.length) throw new DomainError(409, [ACCOUNT_NOT_CLOSABLE, ...reasons].join(" "));
}

/**
 * What a closed account's row keeps: no name, an address that can never receive mail (RFC 2606's
 * .invalid) and is unique by the id, so the person's own address can register again.
 */
export const CLOSED_ACCOUNT_NAME = "Closed account";
export const closedAccountEmail = (userId: number) => `closed-${userId}@closed.invalid`;
