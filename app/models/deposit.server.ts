import { and, desc, eq, isNull, lt, lte, or } from "drizzle-orm";
import type { Locale, MessageRef } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { decideDeposit, PAYMENT_TIMINGS, type Confirmation, type OtpRead } from "~/domain/payments";
import { getPaymentsProvider, paymentReference, PaymentsError, paymentsSettleAtOnce, type ChargeResult, type MomoNetwork } from "~/integrations/payments/index.server";
import { now, nowIso } from "~/lib/clock.server";
import { businessCounters } from "~/lib/metrics.server";
import { afterCommit, getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { assertDepositWithinLimits, depositStillFits } from "~/models/kyc.server";
import { atomic, externalAccount, postEntry, walletAccount, walletBalanceMinor } from "~/models/ledger.server";
import { notify } from "~/models/notification.server";
import { flagColumns, messageColumns, storedText } from "~/models/stored-message.server";
import { deposits, type RefundStatus } from "~/models/schema.server";

/**
 * Deposits (issue 15): a row per attempt, credited EXTERNAL -> WALLET exactly once, only on the
 * provider's word (a signed webhook or our own verify call). With the demo provider the whole
 * journey happens inside the request, so the 'Deposit successful' answer (docs/rules.md#messages) still holds.
 */

/** A deposit's words for the investor as its columns: a catalog message by id and parameters (a provider's refusal too: a PaymentsError's ref). */
function said(message: MessageRef) {
  const { id, params } = messageColumns(message);
  return { message: null, messageId: id, messageParams: params };
}

/** A flag cleared: the row no longer waits for a person (it settled, or a person resolved it). */
const NO_FLAG = { flag: null, flagId: null, flagParams: null } as const;

/** The investor's words for where a deposit stands, in the reader's language (rows written before read as written). */
export function depositMessage(d: Deposit, locale: Locale): string {
  if (d.status === "PENDING" && d.flag !== null) return render(locale, msg("paymentStatus.depositFlagged"));
  return storedText(locale, d.messageId, d.messageParams, d.message) ?? render(locale, msg("paymentStatus.depositPending"));
}

export type Deposit = typeof deposits.$inferSelect;

/** What the investor asked to pay, read at the door: card or bank through the hosted checkout, or mobile money from a number. */
export type DepositInput = { amountMinor: number } & ({ method: "checkout"; network: null; phone: null } | { method: "mobile_money"; network: MomoNetwork; phone: string });

/**
 * Writes a PENDING deposit with our reference, after the tier's limits. Call inside the
 * transaction that stores the idempotency key: nothing is charged here (chargeDeposit, after commit).
 */
export function openDeposit(userId: number, input: DepositInput): Deposit {
  return atomic(() => {
    // Tier limits (issue 17), after the product's own amount rules (read at the door) and inside this transaction:
    // a deposit that would cross one is refused whole, before a row is written or anything charged.
    assertDepositWithinLimits(userId, input.amountMinor);
    const at = nowIso();
    const db = getDb();
    // The reference is made from the row's id, so the row is written first with a placeholder.
    const { id } = db
      .insert(deposits)
      .values({
        userId,
        reference: `new-${userId}-${at}-${Math.random()}`,
        amountMinor: input.amountMinor,
        method: input.method,
        network: input.network,
        phoneHint: input.phone?.slice(-3) ?? null,
        ...said(msg("paymentStatus.depositPending")),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: deposits.id })
      .get();
    db.update(deposits)
      .set({ reference: paymentReference("deposit", id) })
      .where(eq(deposits.id, id))
      .run();
    return depositById(id)!;
  });
}

/**
 * The email the payment provider is given for the payer. Paystack takes none without one; an account
 * registered by phone (issue 31) has none until its owner adds one, so it gets an address of its own
 * on the app's domain, which keeps each account's customer record apart at the provider. Nothing of
 * ours is sent there.
 */
export function payerEmail(userId: number, email: string | null): string {
  return email ?? `investor-${userId}@${new URL(getEnv().appUrl).hostname}`;
}

/**
 * Asks the provider to charge a deposit just opened (after the transaction that wrote it has
 * committed). Returns the row as it stands after the provider's first answer.
 */
export async function chargeDeposit(row: Deposit, input: DepositInput, payer: { email: string | null; callbackUrl: (depositId: number) => string }): Promise<Deposit> {
  businessCounters.deposits.inc({ outcome: "started" });
  const provider = getPaymentsProvider();
  const email = payerEmail(row.userId, payer.email);
  try {
    if (input.method === "checkout") {
      const { authorizationUrl } = await provider.startCheckout({ reference: row.reference, email, amountMinor: row.amountMinor, callbackUrl: payer.callbackUrl(row.id) });
      recordNextStep(row.id, { nextAction: "redirect", authorizationUrl, message: msg("paymentStatus.checkout") });
      if (paymentsSettleAtOnce()) await refreshDeposit({ depositId: row.id, force: true });
    } else {
      const result = await provider.chargeMobileMoney({ reference: row.reference, email, amountMinor: row.amountMinor, network: input.network, phone: input.phone });
      await applyChargeResult(row.id, result);
    }
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    // The provider refused what we sent (a number it does not know): this attempt is over. Anything
    // else (a timeout, no answer) leaves it pending for verify to settle: the charge may have gone out.
    if (error.code === "bad_request" || error.code === "rejected") endDeposit(row.reference, "FAILED", error.ref ?? msg("paymentStatus.depositFailed"));
  }
  return depositById(row.id)!;
}

/** The provider's answer to a charge or an OTP: what the investor does next, or the result to confirm. */
async function applyChargeResult(depositId: number, result: ChargeResult): Promise<void> {
  switch (result.status) {
    case "approve_on_phone":
      recordNextStep(depositId, { nextAction: "approve_on_phone", message: msg("paymentStatus.approveOnPhone") });
      return;
    case "enter_otp":
      recordNextStep(depositId, { nextAction: "enter_otp", message: msg("paymentStatus.enterOtp") });
      return;
    case "pending":
      recordNextStep(depositId, { nextAction: null, message: msg("paymentStatus.networkPending") });
      return;
    case "succeeded":
    case "failed":
      // The charge's answer is never the truth on its own: ask for the transaction itself.
      await refreshDeposit({ depositId, force: true });
      return;
  }
}

function recordNextStep(depositId: number, { message, ...step }: { nextAction: Deposit["nextAction"]; message: MessageRef; authorizationUrl?: string }) {
  // A webhook may have settled the deposit while we waited for the provider's answer: leave it be.
  getDb()
    .update(deposits)
    .set({ ...step, ...said(message), updatedAt: nowIso() })
    .where(and(eq(deposits.id, depositId), eq(deposits.status, "PENDING")))
    .run();
}

/** Passes the voucher or code the investor typed (read at the door: readOtp) to the provider. */
export async function submitDepositOtp({ userId, depositId, otp }: { userId: number; depositId: number; otp: OtpRead }): Promise<Deposit> {
  const row = getMyDeposit({ userId, depositId });
  if (!otp.ok) throw new DomainError(422, msg("rules.otpFormat"), "otp");
  const code = otp.code;
  if (row.status !== "PENDING" || row.nextAction !== "enter_otp") throw new DomainError(409, msg("refusals.depositNotAwaitingCode"), "otp");
  try {
    const result = await getPaymentsProvider().submitOtp({ reference: row.reference, otp: code });
    if (result.status === "failed") {
      // A wrong voucher fails the submission, not necessarily the charge: the transaction says which.
      await refreshDeposit({ depositId, force: true });
      const after = depositById(depositId)!;
      if (after.status === "PENDING") recordNextStep(depositId, { nextAction: "enter_otp", message: msg("paymentStatus.wrongOtp") });
    } else if (result.status === "enter_otp") {
      // Asked for a code again right after one was sent: that one did not work.
      recordNextStep(depositId, { nextAction: "enter_otp", message: msg("paymentStatus.wrongOtp") });
    } else {
      await applyChargeResult(depositId, result);
    }
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    if (error.code === "bad_request" || error.code === "rejected") recordNextStep(depositId, { nextAction: "enter_otp", message: msg("paymentStatus.wrongOtp") });
  }
  return depositById(depositId)!;
}

/**
 * Asks the provider about a deposit still open and acts on its word, at most once per deposit every
 * few seconds (`force`: even if we asked a moment ago). Used by the status page (however often it
 * is reloaded), after a charge's answer and by the sweep.
 */
export async function refreshDeposit({ depositId, force = false }: { depositId: number; force?: boolean }): Promise<void> {
  const row = depositById(depositId);
  if (row?.refundStatus === "TO_SEND") return sendDepositRefund(depositId);
  if (!row || row.status === "SUCCEEDED" || row.status === "FAILED" || row.status === "REFUNDED") return;
  // The check is claimed in one statement: of many reloads at once, in any process, one asks.
  const at = now();
  const due = or(isNull(deposits.checkedAt), lte(deposits.checkedAt, new Date(at.getTime() - PAYMENT_TIMINGS.recheckMs).toISOString()));
  const claimed = getDb()
    .update(deposits)
    .set({ checkedAt: at.toISOString() })
    .where(force ? eq(deposits.id, depositId) : and(eq(deposits.id, depositId), due))
    .returning({ id: deposits.id })
    .get();
  if (!claimed) return;
  const word = await getPaymentsProvider().verifyCharge(row.reference);
  if (applyDepositWord({ reference: row.reference, word }) === "refunded") await sendDepositRefund(depositId);
}

/**
 * Asks the provider to send a REFUNDED deposit's money back (once: the row is claimed first, so two
 * processes never both ask). No answer leaves it to be asked again (the sweep, the status page); a
 * refusal flags the deposit for a person, who refunds it by hand.
 */
export async function sendDepositRefund(depositId: number): Promise<void> {
  const claimed = getDb()
    .update(deposits)
    .set({ refundStatus: "SENDING", updatedAt: nowIso() })
    .where(and(eq(deposits.id, depositId), eq(deposits.refundStatus, "TO_SEND")))
    .returning()
    .get();
  if (!claimed) return;
  const setRefund = (refundStatus: RefundStatus) => getDb().update(deposits).set({ refundStatus, updatedAt: nowIso() }).where(eq(deposits.id, depositId)).run();
  try {
    const result = await getPaymentsProvider().refundCharge({
      reference: claimed.reference,
      amountMinor: claimed.providerAmountMinor ?? claimed.amountMinor,
      customerNote: "Returned by Akoko: this payment could not be added to your wallet.",
      merchantNote: `Deposit ${claimed.reference} not credited`,
    });
    setRefund(result.status === "processed" ? "PROCESSED" : "PENDING");
    businessCounters.deposits.inc({ outcome: "refund_requested" });
  } catch (error) {
    if (error instanceof PaymentsError && (error.code === "bad_request" || error.code === "rejected")) {
      atomic(() => refundFailed(claimed, msg("paymentFlags.refundRefused", { why: error.ref ?? error.message })));
      return;
    }
    // Unanswered (or not a provider error): it may not have reached the provider; ask again later.
    setRefund("TO_SEND");
    if (!(error instanceof PaymentsError)) throw error;
  }
}

/** The provider's word on a refund we asked for (its refund.* webhooks). */
export function applyRefundWord({ reference, status }: { reference: string; status: "pending" | "processed" | "failed" }): "updated" | "unchanged" | "unknown_reference" {
  return atomic(() => {
    const row = getDb().select().from(deposits).where(eq(deposits.reference, reference)).get();
    if (!row || row.status !== "REFUNDED") return "unknown_reference";
    if (row.refundStatus === "PROCESSED" || row.refundStatus === "FAILED") return "unchanged";
    if (status === "failed") {
      refundFailed(row, msg("paymentFlags.refundFailed"));
      return "updated";
    }
    getDb()
      .update(deposits)
      .set({ refundStatus: status === "processed" ? "PROCESSED" : "PENDING", updatedAt: nowIso() })
      .where(eq(deposits.id, row.id))
      .run();
    return "updated";
  });
}

/**
 * A refund the provider refused or could not complete: flagged for a person (who asks for it again,
 * or pays it by hand), and the investor told at once that the money is not on its way yet. Call
 * inside a transaction.
 */
function refundFailed(row: Deposit, flag: MessageRef): void {
  const amount = { money: row.providerAmountMinor ?? row.amountMinor };
  getDb()
    .update(deposits)
    .set({ refundStatus: "FAILED", ...flagColumns(flag), ...said(msg("paymentStatus.depositRefundFailed", { amount })), updatedAt: nowIso() })
    .where(eq(deposits.id, row.id))
    .run();
  notify(row.userId, "DEPOSIT_REFUND_FAILED", msg("notices.depositRefundFailed", { amount }));
}

/**
 * A person resolves a flagged deposit whose payment the provider confirmed for another amount or
 * currency (mismatchRefundable, checked with the provider's fresh word by the caller): it is never
 * credited, the provider refunds what it took (`providerAmountMinor`, the provider's word, never a
 * typed amount). The refund itself is asked for after commit (sendDepositRefund; the sweep asks too).
 * Call inside a transaction.
 */
export function refundMismatchedDeposit(depositId: number): Deposit {
  const row = depositById(depositId);
  if (!row) throw new DomainError(404, msg("refusals.depositNotFound"));
  if (row.status !== "PENDING" || row.flag === null) throw new DomainError(409, msg("refusals.depositNotFlagged"));
  const paid = { money: row.providerAmountMinor ?? row.amountMinor };
  getDb()
    .update(deposits)
    .set({
      status: "REFUNDED",
      refundStatus: "TO_SEND",
      nextAction: null,
      ...NO_FLAG,
      ...said(msg("paymentStatus.depositRefundedMismatch", { paid, amount: { money: row.amountMinor } })),
      updatedAt: nowIso(),
    })
    .where(eq(deposits.id, row.id))
    .run();
  notify(row.userId, "DEPOSIT_REFUNDED", msg("notices.depositRefundedMismatch", { paid, amount: { money: row.amountMinor } }));
  return depositById(depositId)!;
}

/** A person asks the provider again for a refund that failed: back to TO_SEND (sent after commit), the flag cleared, the investor told. Call inside a transaction. */
export function retryDepositRefund(depositId: number): Deposit {
  const row = depositById(depositId);
  if (!row) throw new DomainError(404, msg("refusals.depositNotFound"));
  if (row.status !== "REFUNDED" || row.refundStatus !== "FAILED") throw new DomainError(409, msg("refusals.refundNotFailed"));
  const amount = { money: row.providerAmountMinor ?? row.amountMinor };
  getDb()
    .update(deposits)
    .set({ refundStatus: "TO_SEND", ...NO_FLAG, ...said(msg("paymentStatus.depositRefundRetried", { amount })), updatedAt: nowIso() })
    .where(eq(deposits.id, row.id))
    .run();
  notify(row.userId, "DEPOSIT_REFUNDED", msg("notices.depositRefundRetried", { amount }));
  return depositById(depositId)!;
}

/** REFUNDED deposits whose refund still has to be asked for (the sweep asks). */
export function listRefundsToSend({ limit = 100 }: { limit?: number } = {}): Deposit[] {
  return getDb().select().from(deposits).where(eq(deposits.refundStatus, "TO_SEND")).orderBy(deposits.id).limit(limit).all();
}

export type DepositWordOutcome = "credited" | "refunded" | "flagged" | "failed" | "abandoned" | "unchanged" | "unknown_reference";

/**
 * Acts on the provider's word about one of our references, in one transaction (the webhook handler
 * calls it inside its own, with the event's row). Crediting twice is impossible: the row is re-read
 * under the write lock, and the database refuses a second DEPOSIT entry with the same reference.
 */
export function applyDepositWord({ reference, word, recheck = false }: { reference: string; word: Confirmation; recheck?: boolean }): DepositWordOutcome {
  const outcome = atomic((): DepositWordOutcome => {
    const row = getDb().select().from(deposits).where(eq(deposits.reference, reference)).get();
    if (!row) return "unknown_reference";
    const decision = decideDeposit(
      // A person asking again (`recheck`) has the word judged afresh, as if the row were not flagged yet.
      { status: row.status, amountMinor: row.amountMinor, currency: row.currency, createdAtMs: Date.parse(row.createdAt), flagged: row.flag !== null && !recheck },
      word,
      now().getTime(),
    );
    switch (decision.kind) {
      case "credit": {
        // The tier's limits hold for money that arrives late too: what would cross one goes back.
        const fits = depositStillFits(row);
        if (!fits.ok) {
          getDb()
            .update(deposits)
            .set({
              status: "REFUNDED",
              refundStatus: "TO_SEND",
              providerAmountMinor: word.amountMinor,
              nextAction: null,
              ...NO_FLAG,
              ...said(msg("paymentStatus.depositRefunded", { limit: fits.message })),
              updatedAt: nowIso(),
            })
            .where(eq(deposits.id, row.id))
            .run();
          notify(row.userId, "DEPOSIT_REFUNDED", msg("notices.depositRefunded", { amount: { money: row.amountMinor } }));
          return "refunded";
        }
        const entryId = postEntry({
          kind: "DEPOSIT",
          memo: row.method === "mobile_money" ? msg("ledger.deposit.mobile_money") : msg("ledger.deposit.card_or_bank"),
          userId: row.userId,
          externalRef: row.reference,
          lines: [
            { accountId: externalAccount(), amountMinor: -row.amountMinor },
            { accountId: walletAccount(row.userId), amountMinor: row.amountMinor },
          ],
        });
        const at = nowIso();
        getDb()
          .update(deposits)
          .set({
            status: "SUCCEEDED",
            entryId,
            balanceAfterMinor: walletBalanceMinor(row.userId),
            providerAmountMinor: word.amountMinor,
            nextAction: null,
            ...NO_FLAG,
            ...said(msg("paymentStatus.depositSucceeded")),
            updatedAt: at,
          })
          .where(eq(deposits.id, row.id))
          .run();
        notify(row.userId, "DEPOSIT_CREDITED", msg("notices.depositCredited", { amount: { money: row.amountMinor } }));
        return "credited";
      }
      case "flag":
        getDb()
          .update(deposits)
          // Paid (for another amount): the checkout or prompt is not offered again.
          .set({ ...flagColumns(decision.detail), providerAmountMinor: word.amountMinor, nextAction: null, ...said(msg("paymentStatus.depositFlagged")), updatedAt: nowIso() })
          .where(eq(deposits.id, row.id))
          .run();
        return "flagged";
      case "fail":
        endDeposit(row.reference, "FAILED", msg("paymentStatus.depositFailed"));
        return "failed";
      case "abandon":
        endDeposit(row.reference, "ABANDONED", msg("paymentStatus.depositAbandoned"));
        return "abandoned";
      case "wait":
        return "unchanged";
    }
  });
  // Counted once it commits: a webhook acts inside its own transaction.
  if (outcome !== "unchanged" && outcome !== "unknown_reference") afterCommit(() => businessCounters.deposits.inc({ outcome }));
  return outcome;
}

function endDeposit(reference: string, status: "FAILED" | "ABANDONED", message: MessageRef) {
  atomic(() => {
    const row = getDb().select().from(deposits).where(eq(deposits.reference, reference)).get();
    if (!row || row.status !== "PENDING") return;
    getDb()
      .update(deposits)
      .set({ status, ...said(message), nextAction: null, ...NO_FLAG, updatedAt: nowIso() })
      .where(eq(deposits.id, row.id))
      .run();
    if (status === "FAILED") notify(row.userId, "DEPOSIT_FAILED", msg("notices.depositFailed", { amount: { money: row.amountMinor } }));
  });
}

/**
 * With a provider that settles within the request, a replay that arrives while the first request
 * is still with the provider waits for it (a few milliseconds), so it answers what the first did.
 */
export async function settledAtOnce<Row extends { id: number; status: string }>(row: Row, read: (id: number) => Row | undefined): Promise<Row> {
  if (!paymentsSettleAtOnce()) return row;
  let current = row;
  for (let waited = 0; current.status === "PENDING" && waited < 5_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    current = read(row.id) ?? current;
  }
  return current;
}

export function depositById(id: number): Deposit | undefined {
  return getDb().select().from(deposits).where(eq(deposits.id, id)).get();
}

/** One of the investor's own deposits; anyone else's is "not found". */
export function getMyDeposit({ userId, depositId }: { userId: number; depositId: number }): Deposit {
  const row = getDb()
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, depositId), eq(deposits.userId, userId)))
    .get();
  if (!row) throw new DomainError(404, msg("refusals.depositNotFound"));
  return row;
}

/** The investor's deposits, newest first; `before`: only those older than that id (the next page). */
export function listMyDeposits({ userId, limit = 50, before = null }: { userId: number; limit?: number; before?: number | null }): Deposit[] {
  return getDb()
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), before === null ? undefined : lt(deposits.id, before)))
    .orderBy(desc(deposits.id))
    .limit(limit)
    .all();
}

/** PENDING deposits created before `before` (ISO), oldest first: what the sweep asks about. */
export function listStalePendingDeposits({ before, limit = 100 }: { before: string; limit?: number }): Deposit[] {
  return getDb()
    .select()
    .from(deposits)
    .where(and(eq(deposits.status, "PENDING"), lt(deposits.createdAt, before)))
    .orderBy(deposits.createdAt)
    .limit(limit)
    .all();
}
