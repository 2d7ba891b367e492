import { and, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Locale, MessageRef } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { destinationUsableFrom, holderNameMatches, sameNameWords } from "~/domain/kyc";
import { formatInstant } from "~/domain/calendar";
import { decideWithdrawal, PAYMENT_TIMINGS, type TransferWord } from "~/domain/payments";
import { checkWithdrawalCeiling, MOMO_NETWORK_LABELS, MOMO_PROVIDERS } from "~/domain/wallet";
import { getPaymentsProvider, paymentReference, PaymentsError, paymentsSettleAtOnce, type MomoNetwork, type TransferResult } from "~/integrations/payments/index.server";
import { now, nowIso } from "~/lib/clock.server";
import { businessCounters } from "~/lib/metrics.server";
import { afterCommit, getDb } from "~/lib/db.server";
import { assertMayWithdraw, verifiedLegalName } from "~/models/kyc.server";
import { getEnv } from "~/lib/env.server";
import { accountId, atomic, externalAccount, postEntry, reverseEntry, walletAccount, walletBalanceMinor } from "~/models/ledger.server";
import { notify } from "~/models/notification.server";
import { flagColumns, messageColumns, storedRef } from "~/models/stored-message.server";
import { paymentDestinations, users, withdrawals } from "~/models/schema.server";
import { approvalSummary, isExpired, WITHDRAWAL_REVIEW_WINDOW_MS, withdrawalNeedsReview } from "~/domain/approvals";
import { createApproval, heldWithdrawalApproval, settleApproval } from "~/models/approvals.server";

/**
 * Withdrawals (issue 15). At request the money leaves the wallet at once into PAYOUTS_PENDING, so it
 * cannot be spent twice; the provider's success moves it on to EXTERNAL, a failure or a reversal
 * brings it back with REVERSAL entries. With the demo provider it all happens within the request.
 */

export type Withdrawal = typeof withdrawals.$inferSelect;
export type PaymentDestination = typeof paymentDestinations.$inferSelect;

const payoutsPendingAccount = () => accountId("PAYOUTS_PENDING");

/** What the investor reads for each network (wallet.ts's names). */
export const NETWORK_LABELS: Record<MomoNetwork, (typeof MOMO_PROVIDERS)[number]> = MOMO_NETWORK_LABELS;

// ---- destinations ----

/**
 * A destination as read at the door: a network and a Ghana number (+233...), or a bank's code and an
 * account number (digits); the holder's name, spaces tidied.
 */
export type DestinationInput = { name: string } & ({ kind: "mobile_money"; network: MomoNetwork; phone: string } | { kind: "bank"; bankCode: string; accountNumber: string });

export type NewDestination = {
  userId: number;
  destination: DestinationInput;
  /** Issue 26: the owner proves it is them (the password again, a code); throws when not. Run once the destination itself is right. */
  confirmOwner: () => Promise<void>;
};

/** "MTN MoMo ending 567": a destination in a message, without its whole number. */
export function maskedDestination(label: string, accountNumber: string): MessageRef | string {
  return accountNumber.length >= 3 ? msg("notices.destination.ending", { label: providerName(label), last3: accountNumber.slice(-3) }) : providerName(label);
}

/** A destination checked, confirmed by its owner and known to the provider: what storeDestination keeps. */
export type PreparedDestination = Omit<typeof paymentDestinations.$inferInsert, "userId" | "createdAt"> & { recipientCode: string };

/**
 * Readies a payout destination to save: checks it, has the owner confirm it is them, creates the
 * provider's transfer recipient. Mobile money: a network and a Ghana number. Bank: a bank from the
 * provider's own list and an account number. Only a verified account adds one, in the verified
 * name's own words, and only one it has not saved already (409, beside the number).
 */
export async function prepareDestination(input: NewDestination): Promise<PreparedDestination> {
  const { destination } = input;
  const { name } = destination;
  const provider = getPaymentsProvider();
  let row: Omit<PreparedDestination, "recipientCode">;
  let recipient: Parameters<typeof provider.createRecipient>[0];
  if (destination.kind === "mobile_money") {
    const { network, phone } = destination;
    row = { kind: "mobile_money", network, label: NETWORK_LABELS[network], accountNumber: phone, name };
    recipient = { kind: "mobile_money", network, accountNumber: `0${phone.slice(4)}`, name };
  } else {
    const { bankCode, accountNumber } = destination;
    const bank = (await listBanks()).find((b) => b.code === bankCode);
    if (!bank) throw new DomainError(422, msg("refusals.bankFromList"), "bank_code");
    row = { kind: "bank", bankCode, label: bank.name, accountNumber, name };
    recipient = { kind: "bank", bankCode, accountNumber, name };
  }
  // Issue 17: only accounts in the verified person's own name (checked again at each withdrawal).
  // Issue 26: what is typed is that name's own words; there is none to hold it to before verification.
  const verifiedName = verifiedLegalName(input.userId);
  if (verifiedName === null) throw new DomainError(409, msg("refusals.verifyBeforeDestination"));
  if (!sameNameWords(verifiedName, name)) throw new DomainError(422, msg("refusals.holderNotYou", { verifiedName, holder: name }), "name");
  // Before the password and the provider: saving it again would only add a second, cooling-off copy.
  assertNotSavedAlready(input.userId, row);
  await input.confirmOwner();
  let recipientCode: string;
  let accountName: string | undefined;
  try {
    ({ recipientCode, accountName } = await provider.createRecipient(recipient));
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    // Beside the field the investor filled: the number for mobile money, the account number for a bank.
    if (error.code === "bad_request" || error.code === "rejected") throw new DomainError(422, msg("paymentStatus.badRecipient"), recipient.kind === "bank" ? "account_number" : "phone");
    throw new DomainError(503, msg("refusals.destinationProviderDown"));
  }
  // The provider's word on whose account it is beats what was typed (networks shorten names: the lenient rule).
  if (accountName) {
    // The provider's name is not repeated: the form must not tell who owns someone else's number.
    if (!holderNameMatches(verifiedName, accountName)) throw new DomainError(422, msg("refusals.destinationNameMismatch", { verifiedName }), "name");
    row = { ...row, name: accountName };
  }
  return { ...row, recipientCode };
}

/**
 * Keeps a prepared destination and tells the owner by email and SMS (a security notice: a stolen
 * session must not add one quietly), in one transaction; the same account saved meanwhile (two
 * requests at once) is refused as in prepareDestination.
 */
export function storeDestination(userId: number, prepared: PreparedDestination): PaymentDestination {
  return atomic(() => {
    assertNotSavedAlready(userId, prepared);
    const added = getDb()
      .insert(paymentDestinations)
      .values({ ...prepared, userId, createdAt: nowIso() })
      .returning()
      .get();
    notify(userId, "DESTINATION_ADDED", msg("notices.destinationAdded", { destination: maskedDestination(added.label, added.accountNumber) }));
    return added;
  });
}

/**
 * One saved (not removed) destination per account: the same network and number, or the same bank and
 * account number. A removed one may be saved again (with a new cooling-off).
 */
function assertNotSavedAlready(userId: number, row: Pick<PreparedDestination, "kind" | "network" | "bankCode" | "accountNumber">): void {
  const same = listMyDestinations(userId).find((d) => d.kind === row.kind && d.accountNumber === row.accountNumber && (row.kind === "bank" ? d.bankCode === row.bankCode : d.network === row.network));
  if (same) throw new DomainError(409, msg("refusals.destinationSavedAlready", { destination: maskedDestination(same.label, same.accountNumber) }), row.kind === "bank" ? "account_number" : "phone");
}

/** Banks that can receive a transfer, from the provider's live list; an outage is a clear 503. */
export async function listBanks() {
  try {
    return (await getPaymentsProvider().listBanks({ kind: "bank" })).filter((b) => b.active);
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    throw new DomainError(503, msg("refusals.banksUnavailable"));
  }
}

export function listMyDestinations(userId: number): PaymentDestination[] {
  return getDb()
    .select()
    .from(paymentDestinations)
    .where(and(eq(paymentDestinations.userId, userId), isNull(paymentDestinations.removedAt)))
    .orderBy(desc(paymentDestinations.id))
    .all();
}

function getMyDestination({ userId, destinationId }: { userId: number; destinationId: number }): PaymentDestination {
  const row = getDb()
    .select()
    .from(paymentDestinations)
    .where(and(eq(paymentDestinations.id, destinationId), eq(paymentDestinations.userId, userId), isNull(paymentDestinations.removedAt)))
    .get();
  if (!row) throw new DomainError(404, msg("refusals.destinationNotFound"), "destination_id");
  return row;
}

/** Hides a destination from new withdrawals; those already sent keep pointing at it. */
export function removeDestination({ userId, destinationId }: { userId: number; destinationId: number }): void {
  getMyDestination({ userId, destinationId });
  getDb().update(paymentDestinations).set({ removedAt: nowIso() }).where(eq(paymentDestinations.id, destinationId)).run();
}

// ---- withdrawals ----

/** The plain withdraw form names a destination without saving it (method MOMO|BANK, provider, number). */
export type UnsavedDestination = { method: "MOMO" | "BANK"; provider: string; accountNumber: string };

export type WithdrawalRequest = {
  userId: number;
  amountMinor: number;
  /** A saved destination (required unless the provider settles at once). */
  destinationId: number | null;
  unsaved: UnsavedDestination | null;
};

/** Where the money goes; `label` is the provider's name, empty when the demo's plain form named none. */
type Target = { destinationId: number | null; method: "MOMO" | "BANK"; label: string; accountNumber: string; recipientCode: string | null };

/** A withdrawal's provider as people read it: its name, or "Not given" in the reader's language. */
export function providerName(provider: string): MessageRef | string {
  return provider === "" ? msg("ledger.destinationNotGiven") : provider;
}

/**
 * Issue 17: a saved destination receives money only when it is held in the verified person's name
 * and its cooling-off hours have passed (so someone who takes over an account cannot empty it at once).
 */
function assertDestinationMayReceive(userId: number, d: PaymentDestination): void {
  const verifiedName = verifiedLegalName(userId);
  if (verifiedName !== null && !holderNameMatches(verifiedName, d.name)) throw new DomainError(409, msg("refusals.holderNotYou", { verifiedName, holder: d.name }), "destination_id");
  const hours = getEnv().DESTINATION_COOLING_OFF_HOURS;
  const usableFrom = destinationUsableFrom(d.createdAt, hours);
  if (usableFrom > nowIso()) throw new DomainError(409, msg("refusals.destinationCoolingOff", { hours, from: formatInstant(usableFrom) }), "destination_id");
}

/**
 * The saved mobile money destinations that may receive money now (held in the verified name, past
 * their cooling-off hours): what the USSD menus offer to withdraw to, newest first.
 */
export function mobileMoneyDestinationsReady(userId: number): PaymentDestination[] {
  return listMyDestinations(userId).filter((d) => {
    if (d.kind !== "mobile_money") return false;
    try {
      assertDestinationMayReceive(userId, d);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  });
}

/** When a saved destination may first receive money (ISO). */
export function destinationUsableAt(d: PaymentDestination): string {
  return destinationUsableFrom(d.createdAt, getEnv().DESTINATION_COOLING_OFF_HOURS);
}

function targetOf(request: WithdrawalRequest): Target {
  if (request.destinationId !== null) {
    const d = getMyDestination({ userId: request.userId, destinationId: request.destinationId });
    assertDestinationMayReceive(request.userId, d);
    return { destinationId: d.id, method: d.kind === "bank" ? "BANK" : "MOMO", label: d.label, accountNumber: d.accountNumber, recipientCode: d.recipientCode };
  }
  // Only money that moves at once (the demo) can go somewhere not saved with the provider.
  if (!paymentsSettleAtOnce()) throw new DomainError(422, msg("refusals.chooseDestination"), "destination_id");
  const u = request.unsaved;
  return { destinationId: null, method: u?.method ?? "MOMO", label: u?.provider ?? "", accountNumber: u?.accountNumber ?? "", recipientCode: null };
}

/**
 * The wallet side of a withdrawal, in one transaction: the product's rules first ('Insufficient
 * balance'), then the tier (Registered may not withdraw), then the destination, then WALLET -> PAYOUTS_PENDING and the PENDING row with our
 * reference. The confirm step runs it rolled back (previewWithdrawal).
 */
export function reserveWithdrawal(request: WithdrawalRequest): Withdrawal {
  return atomic(() => {
    const { userId, amountMinor } = request;
    if (amountMinor > walletBalanceMinor(userId)) throw new DomainError(409, msg("rules.insufficientBalance"), "amount");
    checkWithdrawalCeiling(amountMinor);
    // Tier (issue 17): after 'Insufficient balance', so that answer (docs/rules.md#tier-limits) still comes first.
    assertMayWithdraw(userId);
    const target = targetOf(request);
    const entryId = postEntry({
      kind: "WITHDRAW",
      memo: namesNoDestination(target) ? msg("ledger.withdrawal") : msg("ledger.withdrawalTo", { destination: providerName(target.label) }),
      userId,
      lines: [
        { accountId: walletAccount(userId), amountMinor: -amountMinor },
        { accountId: payoutsPendingAccount(), amountMinor },
      ],
    });
    const at = nowIso();
    const db = getDb();
    const { id } = db
      .insert(withdrawals)
      .values({
        userId,
        entryId,
        amountMinor,
        method: target.method,
        provider: target.label,
        accountNumber: target.accountNumber,
        status: "PENDING",
        destinationId: target.destinationId,
        balanceAfterMinor: walletBalanceMinor(userId),
        failureMessage: null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: withdrawals.id })
      .get();
    const reference = paymentReference("withdrawal", id);
    db.update(withdrawals).set({ reference }).where(eq(withdrawals.id, id)).run();
    // Issue 26: every withdrawal is told at once by email and SMS, whatever the preferences (a security notice).
    notify(userId, "WITHDRAWAL_REQUESTED", withdrawalRequestedNotice(amountMinor, target));
    return withdrawalById(id)!;
  });
}

/** Whether nothing names where the money goes (the demo's plain form): its words then name no destination ("to Not given"). */
export function namesNoDestination(target: { label: string; accountNumber: string }): boolean {
  return target.label === "" && target.accountNumber === "";
}

/** The security notice of a withdrawal: where it goes, unless nothing names it. */
function withdrawalRequestedNotice(amountMinor: number, target: Target): MessageRef {
  const amount = { money: amountMinor };
  if (namesNoDestination(target)) return msg("notices.withdrawalRequestedNoDestination", { amount });
  return msg("notices.withdrawalRequested", { amount, destination: maskedDestination(target.label, target.accountNumber) });
}

/** Sends a withdrawal just reserved (and not held for review) to the provider; returns it as it stands after. */
export async function sendNewWithdrawal(row: Withdrawal): Promise<Withdrawal> {
  businessCounters.withdrawals.inc({ outcome: "requested" });
  await sendTransfer(row);
  return withdrawalById(row.id)!;
}

/**
 * Four eyes on withdrawals: when the investor's withdrawals of the last 24 hours, this one included,
 * pass LARGE_WITHDRAWAL_GHS, this one stays reserved (WALLET -> PAYOUTS_PENDING) and waits as a
 * withdrawal.send approval; an admin other than the investor sends or returns it. Inside the
 * reservation's transaction, so two requests sent together are added up one after the other and
 * cannot both slip under the threshold. True when it is held.
 */
export function holdIfLarge(row: Withdrawal): boolean {
  const since = new Date(Date.parse(row.createdAt) - WITHDRAWAL_REVIEW_WINDOW_MS).toISOString();
  const windowTotalMinor =
    getDb()
      .select({ total: sql<number>`coalesce(sum(${withdrawals.amountMinor}), 0)` })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, row.userId), inArray(withdrawals.status, ["PENDING", "SUCCEEDED"]), gte(withdrawals.createdAt, since)))
      .get()?.total ?? 0;
  if (!withdrawalNeedsReview(windowTotalMinor, Math.round(getEnv().LARGE_WITHDRAWAL_GHS * 100))) return false;
  const email = getDb().select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get()?.email ?? `user #${row.userId}`;
  createApproval({
    action: "withdrawal.send",
    params: { withdrawalId: row.id },
    summary: approvalSummary({ action: "withdrawal.send", withdrawalId: row.id, amountMinor: row.amountMinor, email, provider: providerName(row.provider), windowTotalMinor }),
    requestedBy: row.userId,
  });
  return true;
}

/** Approved (issue 20): the held withdrawal goes to the provider now, as any other would have. */
export async function sendHeldWithdrawal(withdrawalId: number): Promise<Withdrawal> {
  const row = withdrawalById(withdrawalId);
  if (!row || row.status !== "PENDING") throw new DomainError(409, msg("refusals.withdrawalNotWaiting"));
  return sendNewWithdrawal(row);
}

/**
 * Rejected or lapsed (issue 20): nothing went out, so the reservation is reversed (REVERSAL back to
 * the wallet), the withdrawal FAILED, and the investor told. Call inside a transaction.
 */
export function returnHeldWithdrawal({ withdrawalId, why }: { withdrawalId: number; why: MessageRef | string }): Withdrawal {
  const row = withdrawalById(withdrawalId);
  if (!row || row.status !== "PENDING") throw new DomainError(409, msg("refusals.withdrawalNotWaiting"));
  const returnedEntryId = reverseEntry({ entryId: row.entryId, memo: msg("ledger.withdrawalHeld"), externalRef: row.reference ?? undefined });
  const message = msg("notices.withdrawalNotSent", { amount: { money: row.amountMinor }, why });
  const failure = messageColumns(message);
  getDb()
    .update(withdrawals)
    .set({ status: "FAILED", returnedEntryId, failureMessageId: failure.id, failureMessageParams: failure.params, updatedAt: nowIso() })
    .where(eq(withdrawals.id, row.id))
    .run();
  notify(row.userId, "WITHDRAWAL_FAILED", message);
  return withdrawalById(withdrawalId)!;
}

/** A held withdrawal whose request lapsed (24 hours, nobody decided) returns its money; true if it is still held. */
export function checkHeldWithdrawal(withdrawalId: number): boolean {
  const held = heldWithdrawalApproval(withdrawalId);
  if (!held) return false;
  if (!isExpired(held.expiresAt, nowIso())) return true;
  atomic(() => {
    if (settleApproval(held.id, { status: "EXPIRED" })) returnHeldWithdrawal({ withdrawalId, why: msg("notices.withdrawalNotSent.lapsed") });
  });
  return false;
}

const UNSAVED_RECIPIENT = "RCP_unsaved_destination";

/** Sends (or sends again, same reference) the provider transfer for a reserved withdrawal. */
async function sendTransfer(row: Withdrawal): Promise<void> {
  const recipientCode = row.destinationId === null ? UNSAVED_RECIPIENT : getDb().select().from(paymentDestinations).where(eq(paymentDestinations.id, row.destinationId)).get()!.recipientCode;
  let result: TransferResult;
  try {
    result = await getPaymentsProvider().transfer({ reference: row.reference!, amountMinor: row.amountMinor, recipientCode, reason: `Akoko wallet withdrawal ${row.reference}` });
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    // Refused outright: nothing went out, the money goes back. Otherwise (no answer) it may have
    // gone: the sweep verifies it, and sends it again under the same reference if it never arrived.
    if (error.code === "bad_request" || error.code === "rejected") applyWithdrawalWord({ reference: row.reference!, word: { status: "failed", amountMinor: null, currency: null } });
    return;
  }
  if (result.transferCode) getDb().update(withdrawals).set({ transferCode: result.transferCode }).where(eq(withdrawals.id, row.id)).run();
  switch (result.status) {
    case "failed":
      applyWithdrawalWord({ reference: row.reference!, word: { status: "failed", amountMinor: null, currency: null } });
      return;
    case "succeeded":
      await refreshWithdrawal({ withdrawalId: row.id, force: true });
      return;
    case "otp":
      getDb()
        .update(withdrawals)
        .set({ ...flagColumns(msg("paymentFlags.transferOtp")), updatedAt: nowIso() })
        .where(eq(withdrawals.id, row.id))
        .run();
      return;
    case "pending":
      return;
  }
}

/** Asks the provider about a withdrawal still in flight and acts on its word (page, sweep). */
export async function refreshWithdrawal({ withdrawalId, force = false }: { withdrawalId: number; force?: boolean }): Promise<void> {
  const row = withdrawalById(withdrawalId);
  if (!row || row.reference === null || row.status !== "PENDING") return;
  // Held for review (issue 20): never sent, so there is nothing to ask the provider (nor to resend).
  if (checkHeldWithdrawal(withdrawalId)) return;
  if (withdrawalById(withdrawalId)!.status !== "PENDING") return;
  if (!force && row.checkedAt && now().getTime() - Date.parse(row.checkedAt) < PAYMENT_TIMINGS.recheckMs) return;
  getDb().update(withdrawals).set({ checkedAt: nowIso() }).where(eq(withdrawals.id, withdrawalId)).run();
  const word = await getPaymentsProvider().verifyTransfer(row.reference);
  const outcome = applyWithdrawalWord({ reference: row.reference, word });
  if (outcome === "resend") await sendTransfer(row);
}

export type WithdrawalWordOutcome = "settled" | "returned" | "flagged" | "resend" | "unchanged" | "unknown_reference";

/** Acts on the provider's word about one of our transfers, in one transaction. */
export function applyWithdrawalWord({ reference, word }: { reference: string; word: TransferWord }): WithdrawalWordOutcome {
  const outcome = atomic((): WithdrawalWordOutcome => {
    const row = getDb().select().from(withdrawals).where(eq(withdrawals.reference, reference)).get();
    if (!row) return "unknown_reference";
    const decision = decideWithdrawal({ status: row.status, amountMinor: row.amountMinor, flagged: row.flag !== null }, word);
    const at = nowIso();
    switch (decision.kind) {
      case "settle": {
        const settledEntryId = postEntry({
          kind: "WITHDRAW",
          memo: msg("ledger.withdrawalSent", { provider: providerName(row.provider) }),
          userId: row.userId,
          externalRef: reference,
          lines: [
            { accountId: payoutsPendingAccount(), amountMinor: -row.amountMinor },
            { accountId: externalAccount(), amountMinor: row.amountMinor },
          ],
        });
        // A flag clears once the provider's word settles the row (a transfer OTP finalised in its dashboard).
        getDb()
          .update(withdrawals)
          .set({ status: "SUCCEEDED", settledEntryId, ...NO_FLAG, updatedAt: at })
          .where(eq(withdrawals.id, row.id))
          .run();
        if (!paymentsSettleAtOnce()) notify(row.userId, "WITHDRAWAL_SENT", msg("notices.withdrawalSent", { amount: { money: row.amountMinor }, provider: providerName(row.provider) }));
        return "settled";
      }
      case "return": {
        // After a success the money first comes back from outside, then out of flight to the wallet.
        if (row.settledEntryId !== null) reverseEntry({ entryId: row.settledEntryId, memo: msg("ledger.withdrawalReversedBy", { provider: providerName(row.provider) }), externalRef: reference });
        const returnedEntryId = reverseEntry({
          entryId: row.entryId,
          memo: decision.status === "REVERSED" ? msg("ledger.withdrawalReversed") : msg("ledger.withdrawalFailed"),
          externalRef: reference,
        });
        const failure = messageColumns(decision.status === "REVERSED" ? msg("paymentStatus.withdrawalReversed") : msg("paymentStatus.withdrawalFailed"));
        getDb()
          .update(withdrawals)
          .set({ status: decision.status, returnedEntryId, failureMessageId: failure.id, failureMessageParams: failure.params, ...NO_FLAG, updatedAt: at })
          .where(eq(withdrawals.id, row.id))
          .run();
        notify(
          row.userId,
          decision.status === "REVERSED" ? "WITHDRAWAL_REVERSED" : "WITHDRAWAL_FAILED",
          msg(decision.status === "REVERSED" ? "notices.withdrawalReversed" : "notices.withdrawalReturned", { amount: { money: row.amountMinor }, provider: providerName(row.provider) }),
        );
        return "returned";
      }
      case "flag":
        getDb()
          .update(withdrawals)
          .set({ ...flagColumns(decision.detail), updatedAt: at })
          .where(eq(withdrawals.id, row.id))
          .run();
        return "flagged";
      case "resend":
        return "resend";
      case "wait":
        return "unchanged";
    }
  });
  // Counted once it commits: a webhook acts inside its own transaction.
  if (outcome === "settled" || outcome === "returned" || outcome === "flagged") afterCommit(() => businessCounters.withdrawals.inc({ outcome }));
  return outcome;
}

/**
 * A person returns a flagged withdrawal's money to the wallet, once the provider said its transfer
 * failed, was reversed or never reached it (flaggedReturnable, checked with the provider's fresh word
 * by the caller): REVERSAL entries, FAILED, the flag cleared, the investor told. Call inside a transaction.
 */
export function returnFlaggedWithdrawal(withdrawalId: number): Withdrawal {
  const row = withdrawalById(withdrawalId);
  if (!row) throw new DomainError(404, msg("refusals.withdrawalNotFound"));
  if (row.status !== "PENDING" || row.flag === null) throw new DomainError(409, msg("refusals.withdrawalNotFlagged"));
  const returnedEntryId = reverseEntry({ entryId: row.entryId, memo: msg("ledger.withdrawalFailed"), externalRef: row.reference ?? undefined });
  const failure = messageColumns(msg("paymentStatus.withdrawalFailed"));
  getDb()
    .update(withdrawals)
    .set({ status: "FAILED", returnedEntryId, failureMessageId: failure.id, failureMessageParams: failure.params, ...NO_FLAG, updatedAt: nowIso() })
    .where(eq(withdrawals.id, row.id))
    .run();
  notify(row.userId, "WITHDRAWAL_FAILED", msg("notices.withdrawalReturned", { amount: { money: row.amountMinor }, provider: providerName(row.provider) }));
  return withdrawalById(withdrawalId)!;
}

const NO_FLAG = { flag: null, flagId: null, flagParams: null } as const;

export function withdrawalById(id: number): Withdrawal | undefined {
  return getDb().select().from(withdrawals).where(eq(withdrawals.id, id)).get();
}

export function getMyWithdrawal({ userId, withdrawalId }: { userId: number; withdrawalId: number }): Withdrawal {
  const row = getDb()
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.userId, userId)))
    .get();
  if (!row) throw new DomainError(404, msg("refusals.withdrawalNotFound"));
  return row;
}

/** The investor's withdrawals, newest first; `before`: only those older than that id (the next page). */
export function listMyWithdrawals({ userId, limit = 50, before = null }: { userId: number; limit?: number; before?: number | null }): Withdrawal[] {
  return getDb()
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), before === null ? undefined : lt(withdrawals.id, before)))
    .orderBy(desc(withdrawals.id))
    .limit(limit)
    .all();
}

export function listStalePendingWithdrawals({ before, limit = 100 }: { before: string; limit?: number }): Withdrawal[] {
  return getDb()
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, "PENDING"), lt(withdrawals.createdAt, before)))
    .orderBy(withdrawals.createdAt)
    .limit(limit)
    .all();
}

/** Whether a withdrawal waits, reserved, for an admin's review (issue 20). */
export function heldForReview(row: Withdrawal): boolean {
  return row.status === "PENDING" && heldWithdrawalApproval(row.id) !== undefined;
}

/** The investor's words for where a withdrawal stands; a failure's stored message in the reader's language. */
export function withdrawalMessage(row: Withdrawal, locale: Locale): string {
  const message = withdrawalMessageRef(row);
  return typeof message === "string" ? message : render(locale, message);
}

/** What a withdrawal's state says, as a catalog message (English text for a failure stored before). */
export function withdrawalMessageRef(row: Withdrawal): MessageRef | string {
  if (row.status === "SUCCEEDED") return msg("paymentStatus.withdrawalSucceeded");
  if (heldForReview(row)) return msg("paymentStatus.withdrawalHeld");
  if (row.status === "PENDING") return msg("paymentStatus.withdrawalPending");
  return (
    storedRef(row.failureMessageId, row.failureMessageParams) ?? row.failureMessage ?? (row.status === "REVERSED" ? msg("paymentStatus.withdrawalReversed") : msg("paymentStatus.withdrawalFailed"))
  );
}
