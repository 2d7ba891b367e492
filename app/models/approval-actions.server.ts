import { assertMayDecide, fourEyesRelaxed, isExpired, isGuardedAction, reasonAsSentence, type GuardedAction } from "~/domain/approvals";
import type { Locale, MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { DomainError, englishOf } from "~/domain/errors";
import { render } from "~/catalog/index.server";
import { minorToCedis } from "~/domain/money";
import { nowIso } from "~/lib/clock.server";
import { HttpError } from "~/lib/http.server";
import { setAdminRole } from "~/models/admin-users.server";
import {
  approvalAuditDetail,
  countAdmins,
  createApproval,
  failedResult,
  getApproval,
  recordApprovalResult,
  resultIn,
  settleApproval,
  waitingRequestFor,
  type Approval,
} from "~/models/approvals.server";
import { recordAudit } from "~/models/audit.server";
import { deleteBatch } from "~/models/batch.server";
import { atomic, dryRun } from "~/models/ledger.server";
import { closeBatch, payoutRunJson, runPayout } from "~/models/payout.server";
import { settleSurplus, surplusJson } from "~/models/remittance.server";
import { returnHeldWithdrawal, sendHeldWithdrawal, withdrawalById, withdrawalMessageRef, type Withdrawal } from "~/models/withdrawal.server";
import { PAYMENT_RESOLUTION_CHECKS, PAYMENT_RESOLUTION_RUNNERS, paymentResolutionAfter } from "~/models/payment-resolution.server";

/**
 * Four eyes (issue 20): guarded actions either run at once (one admin: the rule is relaxed) or wait
 * as an approval request; a second admin's approval runs the stored action by name through RUNNERS,
 * each the very model call the command makes, so approving answers what the command would have.
 */

/**
 * What an action answers: the API body (kept with the approval; its words as catalog messages, see
 * `resultIn`) and the page's flash (a catalog message; English text in an answer stored before).
 */
export type ActionOutcome = { body: Record<string, unknown>; message: MessageRef | string };

/** An outcome's body as the API answers it: its words in the reader's `locale`. */
export function outcomeBody(outcome: ActionOutcome, locale: Locale): Record<string, unknown> {
  return resultIn(locale, outcome.body) as Record<string, unknown>;
}

/** A body with its detail: the English text (for a reader of the raw row) and the message, read in the reader's language. */
const withDetail = (detail: MessageRef, body: Record<string, unknown> = {}) => ({ body: { detail: englishOf(detail), detailRef: detail, ...body } });

/** What deleting a batch answers, at once or once approved. */
export const batchDeleted = (): ActionOutcome => ({ ...withDetail(msg("api.batchDeleted")), message: msg("approvalOutcome.batchDeleted") });

type Params = Record<string, unknown>;
const num = (v: unknown) => (typeof v === "number" ? v : Number(v));
const drawOf = (p: Params) => (p.reserveDrawMinor ? num(p.reserveDrawMinor) : 0);

/** The synchronous actions, each run inside one transaction with the approval's own record. */
export const RUNNERS: Record<Exclude<GuardedAction, "withdrawal.send">, (p: Params, adminId: number) => ActionOutcome> = {
  "payout.execute": (p, adminId) => {
    const batchId = num(p.batchId);
    const run = runPayout(batchId, { adminId, period: (p.period as string | null) ?? null, reserveDrawMinor: drawOf(p) });
    const done = { batchId, count: run.count, total: { money: run.totalMinor } };
    return {
      body: payoutRunJson(run),
      message: run.reserveDrawMinor > 0 ? msg("approvalOutcome.payoutsExecutedDrawing", { ...done, draw: { money: run.reserveDrawMinor } }) : msg("approvalOutcome.payoutsExecuted", done),
    };
  },
  "batch.close": (p, adminId) => {
    const batchId = num(p.batchId);
    const run = closeBatch(batchId, { adminId, reserveDrawMinor: drawOf(p) });
    return { ...withDetail(msg("api.batchClosed"), payoutRunJson(run)), message: msg("approvalOutcome.batchClosed", { batchId }) };
  },
  "batch.delete": (p, adminId) => {
    deleteBatch(num(p.batchId), { adminId });
    return batchDeleted();
  },
  "user.role": (p, adminId) => {
    const { body, label } = setAdminRole({ userId: num(p.userId), isAdmin: p.isAdmin === true, adminId });
    return { body, message: msg(body.is_admin ? "approvalOutcome.nowAdmin" : "approvalOutcome.noLongerAdmin", { email: label }) };
  },
  "batch.surplus": (p, adminId) => {
    const batchId = num(p.batchId);
    const settled = settleSurplus({ batchId, to: p.to === "FARM" ? "FARM" : "RESERVE", reference: typeof p.reference === "string" ? p.reference : null, amountMinor: num(p.amountMinor), adminId });
    const said = { batchId, amount: { money: settled.amountMinor } };
    const message = settled.to === "FARM" ? msg("approvalOutcome.surplusToFarm", { ...said, reference: settled.reference ?? "" }) : msg("approvalOutcome.surplusToReserve", said);
    return { ...withDetail(message, surplusJson(settled, batchId)), message };
  },
  ...PAYMENT_RESOLUTION_RUNNERS,
};

export type Guarded = { ran: true; outcome: ActionOutcome; relaxed: boolean } | { ran: false; approval: Approval };

/**
 * A guarded action asked for by `adminId`: with one admin it runs at once; otherwise the same rules
 * are tried and rolled back (a request that could not run now is refused now, with the action's own
 * message), then a PENDING request is stored; one that is already waiting is refused, naming it.
 * Synchronous: call it inside the command's `onceOnly` (app/commands).
 */
export function requestOrRun({ action, params, adminId, summary }: { action: Exclude<GuardedAction, "withdrawal.send">; params: Params; adminId: number; summary: MessageRef }): Guarded {
  const run = () => RUNNERS[action](params, adminId);
  if (fourEyesRelaxed(countAdmins())) return { ran: true, outcome: atomic(run), relaxed: true };
  return atomic(() => {
    const waiting = waitingRequestFor(action, params);
    if (waiting) throw new DomainError(409, msg("rules.approval.alreadyWaiting", { id: waiting.id }));
    dryRun(run);
    const batchId = typeof params.batchId === "number" ? params.batchId : undefined;
    return { ran: false as const, approval: createApproval({ action, params, summary, requestedBy: adminId, batchId }) };
  });
}

/** The answer a guarded API route gives: the action's own (200) or 202 with the request. */
export function guardedAnswer(g: Guarded, locale: Locale): { status: number; body: Record<string, unknown> } {
  return g.ran ? { status: 200, body: outcomeBody(g.outcome, locale) } : { status: 202, body: { approval: { id: g.approval.id, status: "PENDING", action: g.approval.action } } };
}

const batchOf = (a: Approval) => {
  const b = (JSON.parse(a.params) as Params).batchId;
  return typeof b === "number" ? b : undefined;
};

/** Checks a decision (a DomainError when it cannot be taken); changes nothing, so it can run inside the decision's key. */
function decidable(id: number, adminId: number): Approval {
  const row = getApproval(id);
  if (!row) throw new DomainError(404, msg("rules.approval.notFound"));
  assertMayDecide(row, { adminId, adminCount: countAdmins(), now: nowIso() });
  return row;
}

/** Whether this admin may decide the request now (nothing is changed either way). */
function mayDecideNow(id: number, adminId: number): boolean {
  try {
    decidable(id, adminId);
    return true;
  } catch {
    return false;
  }
}

/**
 * After a refused decision, outside its rolled-back transaction: a PENDING request past its time is
 * marked EXPIRED (a held withdrawal's money goes back), the one refusal that also marks the row (told
 * by the row, not by the message's words).
 */
function markIfLapsed(id: number, adminId: number) {
  const row = getApproval(id);
  if (!row || row.status !== "PENDING" || !isExpired(row.expiresAt, nowIso())) return;
  atomic(() => {
    if (!settleApproval(row.id, { status: "EXPIRED" })) return;
    recordAudit({ adminId, action: "approval.expire", batchId: batchOf(row), detail: approvalAuditDetail(row) });
    if (row.action === "withdrawal.send") returnHeldWithdrawal({ withdrawalId: num(JSON.parse(row.params).withdrawalId), why: msg("notices.withdrawalNotSent.lapsed") });
  });
}

/**
 * How a decision's transaction is run: the command's `onceOnly`, so the same request again (its key)
 * answers what the first did without deciding again; without a key, one plain transaction.
 */
export type Keep = <T>(decide: () => T) => { result: T; replayed: boolean };
const plainTransaction: Keep = (decide) => ({ result: atomic(decide), replayed: false });

/** A held withdrawal's answer once approved: where the transfer stands. */
function withdrawalApproved(sent: Withdrawal): ActionOutcome {
  const message = withdrawalMessageRef(sent);
  const words = typeof message === "string" ? { message } : { message: render("en", message), messageRef: message };
  return { body: { id: sent.id, status: sent.status, amount: minorToCedis(sent.amountMinor), ...words }, message: msg("approvalOutcome.withdrawalSent", { id: sent.id }) };
}

/**
 * A second admin approves: the stored action runs now and its answer is kept on the request
 * (APPROVED), all in one transaction (with the key's answer, `keep`). If the action's own rules refuse
 * it now (the world changed), nothing changes, the request is FAILED with the reason, and that reason
 * is the answer.
 */
export async function approveRequest({ id, adminId }: { id: number; adminId: number }, keep: Keep = plainTransaction): Promise<ActionOutcome & { approval: Approval }> {
  const raced = () => new DomainError(409, msg("rules.approval.decidedJustNow"));
  // The action's own rules refused it (not a lost race, not the request's state): recorded as FAILED. Set anew on every run.
  let refusedByAction: DomainError | HttpError | null = null;
  let decided: { result: { withdrawalId: number } | ActionOutcome; replayed: boolean };
  try {
    // A resolution that moves money on the provider's word asks the provider again first, for a request
    // this admin may decide now: the world may have changed since the request
    // (docs/payments.md#flagged-deposits-and-withdrawals). Its refusal is the action's: FAILED.
    const asked = getApproval(id);
    const check = asked ? PAYMENT_RESOLUTION_CHECKS[asked.action] : undefined;
    if (asked && check && mayDecideNow(id, adminId)) {
      try {
        await check(JSON.parse(asked.params) as Params);
      } catch (error) {
        if (error instanceof DomainError || error instanceof HttpError) refusedByAction = error;
        throw error;
      }
    }
    decided = keep(() => {
      refusedByAction = null;
      const row = decidable(id, adminId);
      const params = JSON.parse(row.params) as Params;
      const audit = () => recordAudit({ adminId, action: "approval.approve", batchId: batchOf(row), detail: approvalAuditDetail(row) });
      if (row.action === "withdrawal.send") {
        // Marked first, so a second approval cannot send it twice; the transfer follows, outside any transaction (it waits on the provider).
        if (!settleApproval(row.id, { status: "APPROVED", decidedBy: adminId })) throw raced();
        audit();
        return { withdrawalId: num(params.withdrawalId) };
      }
      if (!isGuardedAction(row.action)) throw new DomainError(409, msg("rules.approval.unknownAction", { action: row.action }));
      let done: ActionOutcome;
      try {
        done = RUNNERS[row.action as keyof typeof RUNNERS](params, adminId);
      } catch (error) {
        if (error instanceof DomainError || error instanceof HttpError) refusedByAction = error;
        throw error;
      }
      if (!settleApproval(row.id, { status: "APPROVED", decidedBy: adminId, result: done.body })) throw raced();
      audit();
      return done;
    });
  } catch (error) {
    const failed = refusedByAction as DomainError | HttpError | null;
    if (failed) {
      atomic(() => {
        const row = getApproval(id)!;
        if (settleApproval(row.id, { status: "FAILED", decidedBy: adminId, result: failedResult(failed) }))
          recordAudit({ adminId, action: "approval.approve", batchId: batchOf(row), detail: approvalAuditDetail(row, { failed: failed.ref ?? failed.detail }) });
      });
    } else if (error instanceof DomainError) markIfLapsed(id, adminId);
    throw error;
  }
  const { result, replayed } = decided;
  if (!("withdrawalId" in result)) {
    const approval = getApproval(id)!;
    // What the provider is asked once the decision is kept (a refund), once: not on a replay.
    if (!replayed) await paymentResolutionAfter(approval.action, JSON.parse(approval.params) as Params);
    return { ...result, approval };
  }
  if (replayed) {
    // The first approval's answer, as recorded once its transfer was asked for (or, while that is still under way, where it stands).
    const kept = getApproval(id)!;
    const outcome = withdrawalApproved(withdrawalById(result.withdrawalId)!);
    return { ...outcome, body: kept.result ? (JSON.parse(kept.result) as Record<string, unknown>) : outcome.body, approval: kept };
  }
  const outcome = withdrawalApproved(await sendHeldWithdrawal(result.withdrawalId));
  recordApprovalResult(id, outcome.body);
  return { ...outcome, approval: getApproval(id)! };
}

/** A second admin rejects, with a reason: nothing runs (a held withdrawal's money goes back to the wallet). `keep` as for approving. */
export function rejectRequest({ id, adminId, reason }: { id: number; adminId: number; reason: string }, keep: Keep = plainTransaction): Approval {
  try {
    keep(() => {
      const row = decidable(id, adminId);
      if (!settleApproval(row.id, { status: "REJECTED", decidedBy: adminId, reason })) throw new DomainError(409, msg("rules.approval.decidedJustNow"));
      recordAudit({ adminId, action: "approval.reject", batchId: batchOf(row), detail: approvalAuditDetail(row, { rejected: reason }) });
      if (row.action === "withdrawal.send") returnHeldWithdrawal({ withdrawalId: num(JSON.parse(row.params).withdrawalId), why: reasonAsSentence(reason) });
      return { approvalId: row.id };
    });
  } catch (error) {
    if (error instanceof DomainError) markIfLapsed(id, adminId);
    throw error;
  }
  return getApproval(id)!;
}
