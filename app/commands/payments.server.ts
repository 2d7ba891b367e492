import { msg } from "~/catalog/ref";
import type { OtpRead } from "~/domain/payments";
import { confirmPasswordAndCode } from "~/auth/account.server";
import { chargeDeposit, depositById, getMyDeposit, openDeposit, refreshDeposit, settledAtOnce, submitDepositOtp as passOtpToProvider, type Deposit, type DepositInput } from "~/models/deposit.server";
import { once } from "~/models/idempotency.server";
import { dryRun } from "~/models/ledger.server";
import { notify } from "~/models/notification.server";
import type { User } from "~/models/user.server";
import {
  getMyWithdrawal,
  heldForReview,
  holdIfLarge,
  maskedDestination,
  prepareDestination,
  refreshWithdrawal,
  removeDestination as hideDestination,
  reserveWithdrawal,
  sendNewWithdrawal,
  storeDestination,
  withdrawalById,
  type DestinationInput,
  type PaymentDestination,
  type UnsavedDestination,
  type Withdrawal,
} from "~/models/withdrawal.server";
import { onceOnly, replayOf, type CommandContext } from "~/commands/command.server";

/**
 * The investor's money in and out of the wallet (docs/payments.md): deposits, withdrawals and the
 * destinations withdrawals go to. The wallet side happens in one transaction with the idempotency
 * key; the payment provider is asked after it commits, so a slow or failed call never holds the
 * database, and a replay reads where the first request got to instead of charging or sending again.
 */

/**
 * A key stored before deposits and withdrawals had rows: its first answer as it was stored
 * (status and body), replayed and never redone. The door answers it as it did then.
 */
export type EarlierAnswer = { status: number; body: unknown };

/**
 * The names the page and the API stored these keys under before commands. A key stored under one
 * of them for the same request still replays: a client retrying across an upgrade is not refused.
 */
const FORMERLY = { deposit: ["invest/deposit", "portfolio/deposit"], withdraw: ["invest/withdraw", "portfolio/withdraw"] } as const;

// ---- deposits ----

export type DepositStarted = { deposit: Deposit; earlierAnswer?: undefined } | { deposit?: undefined; earlierAnswer: EarlierAnswer };

/**
 * Starts a deposit: the PENDING row is written once per key (after the tier's limits), then the
 * provider is asked to charge. Returns the row as it stands after the provider's first answer.
 * `callbackUrl` is where the hosted checkout sends the investor back.
 */
/**
 * `email`: the payer's, null for an account registered by phone (the provider gets payerEmail's stand-in).
 * `smsReceipt`: a door with no page to keep (USSD) has the reference sent by SMS, once, with the row.
 */
export async function startDeposit(
  ctx: CommandContext,
  input: { payment: DepositInput; email: string | null; callbackUrl: (depositId: number) => string; smsReceipt?: boolean },
): Promise<DepositStarted> {
  const { payment } = input;
  const userId = ctx.actor.id;
  // once() itself, not onceOnly: keys stored under FORMERLY names replay their stored status too.
  const answer = once(
    {
      userId,
      key: ctx.key,
      operation: "command/deposit",
      formerly: FORMERLY.deposit,
      params: { amountMinor: payment.amountMinor, method: payment.method, network: payment.network, phone: payment.phone },
    },
    () => {
      const opened = openDeposit(userId, payment);
      if (input.smsReceipt) notify(userId, "RECEIPT", msg("notices.receiptDeposit", { reference: opened.reference, amount: { money: opened.amountMinor } }));
      return { status: 202, body: { depositId: opened.id } as { depositId?: number } };
    },
  );
  if (answer.body.depositId === undefined) return { earlierAnswer: { status: answer.status, body: answer.body } };
  const row = depositById(answer.body.depositId)!;
  // A replayed request does not charge twice: it reads where the first one got to (with a provider
  // that settles at once, after the first one is done, so both answer alike).
  if (answer.replayed) return { deposit: await settledAtOnce(row, depositById) };
  return { deposit: await chargeDeposit(row, payment, input) };
}

/**
 * One of the investor's deposits; a pending one is checked with the provider first, at most every
 * few seconds however often it is asked (a reloaded status page, a polling client).
 */
export async function checkDeposit(ctx: CommandContext, input: { depositId: number }): Promise<Deposit> {
  const mine = { userId: ctx.actor.id, depositId: input.depositId };
  getMyDeposit(mine);
  await refreshDeposit({ depositId: input.depositId });
  return getMyDeposit(mine);
}

/** Passes the voucher or code the provider asked for; returns the deposit after the provider's answer. */
export function submitDepositOtp(ctx: CommandContext, input: { depositId: number; otp: OtpRead }): Promise<Deposit> {
  return passOtpToProvider({ userId: ctx.actor.id, ...input });
}

// ---- withdrawals ----

/**
 * Where the money goes: a saved destination, or (only where money moves at once, the demo) an unsaved one.
 * `smsReceipt`: a door with no page to keep (USSD) has the reference sent by SMS, once, with the reservation.
 */
export type WithdrawalInput = { amountMinor: number; destinationId: number | null; unsaved: UnsavedDestination | null; smsReceipt?: boolean };

/** A withdrawal as the investor follows it: `held` while it waits for an admin's review (issue 20); `message` says where it stands. */
export type WithdrawalView = { withdrawal: Withdrawal; held: boolean };

export type WithdrawalRequested = (WithdrawalView & { earlierAnswer?: undefined }) | { withdrawal?: undefined; earlierAnswer: EarlierAnswer };

const viewOf = (withdrawal: Withdrawal): WithdrawalView => ({ withdrawal, held: heldForReview(withdrawal) });

/**
 * Asks for a withdrawal: the money leaves the wallet at once (reserved, once per key) and, unless
 * the day's withdrawals are large enough to need a second person (four eyes: then it waits for an
 * admin), is sent to the provider after the transaction commits.
 */
export async function requestWithdrawal(ctx: CommandContext, input: WithdrawalInput): Promise<WithdrawalRequested> {
  const userId = ctx.actor.id;
  // once() itself, not onceOnly: keys stored under FORMERLY names replay their stored status too.
  const answer = once(
    { userId, key: ctx.key, operation: "command/withdraw", formerly: FORMERLY.withdraw, params: { amountMinor: input.amountMinor, destinationId: input.destinationId, unsaved: input.unsaved } },
    () => {
      const reserved = reserveWithdrawal({ userId, amountMinor: input.amountMinor, destinationId: input.destinationId, unsaved: input.unsaved });
      // In the reservation's transaction: two requests sent together are added up one after the other.
      const held = holdIfLarge(reserved);
      if (input.smsReceipt) {
        const receipt = { reference: reserved.reference ?? "", amount: { money: reserved.amountMinor }, destination: maskedDestination(reserved.provider, reserved.accountNumber) };
        notify(userId, "RECEIPT", msg(held ? "notices.receiptWithdrawalHeld" : "notices.receiptWithdrawal", receipt));
      }
      return { status: 202, body: { withdrawalId: reserved.id } as { withdrawalId?: number } };
    },
  );
  if (answer.body.withdrawalId === undefined) return { earlierAnswer: { status: answer.status, body: answer.body } };
  const row = withdrawalById(answer.body.withdrawalId)!;
  // Held for an admin's review: reserved, not sent; approving it sends it.
  if (heldForReview(row)) return viewOf(row);
  if (answer.replayed) return viewOf(await settledAtOnce(row, withdrawalById));
  return viewOf(await sendNewWithdrawal(row));
}

/**
 * The confirm step: every rule of a withdrawal run and rolled back, so 'Withdraw GHS x?' is asked
 * only for one that would go through. Changes nothing; throws what the request would.
 */
export function previewWithdrawal(ctx: CommandContext, input: WithdrawalInput): { amountMinor: number } {
  const { amountMinor } = dryRun(() => reserveWithdrawal({ userId: ctx.actor.id, amountMinor: input.amountMinor, destinationId: input.destinationId, unsaved: input.unsaved }));
  return { amountMinor };
}

/** One of the investor's withdrawals; one still in flight is checked with the provider first. */
export async function checkWithdrawal(ctx: CommandContext, input: { withdrawalId: number }): Promise<WithdrawalView> {
  const mine = { userId: ctx.actor.id, withdrawalId: input.withdrawalId };
  getMyWithdrawal(mine);
  await refreshWithdrawal({ withdrawalId: input.withdrawalId });
  return viewOf(getMyWithdrawal(mine));
}

// ---- destinations ----

/**
 * Saves a payout destination once the owner confirmed it is them (issue 26): the password again
 * and, with two factors on, a current code. The destination is checked first, so a mistyped number
 * does not spend a code. The actor is the whole user: the password check needs the account. One
 * already saved (the same network and number, or bank and account number) is refused (409).
 */
export async function addDestination(ctx: CommandContext & { actor: User }, input: { destination: DestinationInput; password: string; code: string }): Promise<PaymentDestination> {
  const { destination, password, code } = input;
  // The same request again (its key: a resent form, a retried call) gets the destination it saved,
  // before any check: that one is now "already saved". No second row, recipient or notice.
  const params = { destination };
  const earlier = replayOf<PaymentDestination>(ctx, "add-destination", params);
  if (earlier) return earlier.result;
  const prepared = await prepareDestination({ userId: ctx.actor.id, destination, confirmOwner: () => confirmPasswordAndCode({ user: ctx.actor, password, code }) });
  return onceOnly(ctx, "add-destination", params, () => storeDestination(ctx.actor.id, prepared)).result;
}

/**
 * Hides a destination from new withdrawals; those already sent keep pointing at it. The same request
 * again (its key: a second tap, a retried DELETE) answers as the first did, not "not found" for the
 * destination it removed.
 */
export function removeDestination(ctx: CommandContext, input: { destinationId: number }): { removed: number } {
  return onceOnly(ctx, "remove-destination", { destinationId: input.destinationId }, () => {
    hideDestination({ userId: ctx.actor.id, destinationId: input.destinationId });
    return { removed: input.destinationId };
  }).result;
}
