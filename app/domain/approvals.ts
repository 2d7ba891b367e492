import { DomainError } from "~/domain/errors";
import type { MessageRef, Param } from "~/catalog/format";
import { msg } from "~/catalog/ref";

/**
 * Four eyes (issue 20): the actions that move a lot of money or change who holds power wait for a
 * second admin. Pure rules here; storage and the runners are in app/models/approvals.server.ts and
 * app/models/approval-actions.server.ts.
 */

export const GUARDED_ACTIONS = [
  "payout.execute",
  "batch.close",
  "batch.delete",
  "user.role",
  "withdrawal.send",
  "deposit.refund",
  "deposit.refund_again",
  "withdrawal.return",
  "batch.surplus",
] as const;
export type GuardedAction = (typeof GUARDED_ACTIONS)[number];

export const isGuardedAction = (value: string): value is GuardedAction => (GUARDED_ACTIONS as readonly string[]).includes(value);

/** What a request asks for, in the reader's words (the audit log's detail); an action this code does not know stays as its code. */
export const guardedActionWords = (action: string): MessageRef | string => (isGuardedAction(action) ? msg(`auditDetail.guarded.${action}`) : action);

/** A request lapses after 24 hours: an old approval must not run on a changed world. */
export const APPROVAL_TTL_MS = 24 * 3600 * 1000;

export function approvalExpiresAt(createdAtIso: string): string {
  return new Date(Date.parse(createdAtIso) + APPROVAL_TTL_MS).toISOString();
}

export const isExpired = (expiresAtIso: string, nowIsoValue: string) => expiresAtIso <= nowIsoValue;

/** JSON with its object keys sorted, so two requests built in a different key order compare equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

/**
 * The waiting request that already asks for this very action (the same action and arguments,
 * PENDING and not yet lapsed), if any: asking twice would put two of the same before the second
 * admin, and approving both would run the action twice or fail the second.
 */
export function sameRequestWaiting<R extends { action: string; params: string; status: string; expiresAt: string }>(
  requests: R[],
  { action, params }: { action: string; params: Record<string, unknown> },
  now: string,
): R | undefined {
  const wanted = canonicalJson(params);
  return requests.find((r) => r.action === action && r.status === "PENDING" && !isExpired(r.expiresAt, now) && canonicalJson(JSON.parse(r.params)) === wanted);
}

/** With one admin there is no second pair of eyes: the rule is relaxed (and the approvals page says so). */
export const fourEyesRelaxed = (adminCount: number) => adminCount < 2;

/** How a decided request's status reads in "This request is already ...". */
const DECIDED = { APPROVED: "rules.approval.status.APPROVED", REJECTED: "rules.approval.status.REJECTED", EXPIRED: "rules.approval.status.EXPIRED", FAILED: "rules.approval.status.FAILED" } as const;

type Decidable = { status: string; requestedBy: number; expiresAt: string };

/**
 * May `adminId` approve or reject this request now? Only a PENDING, unexpired request, and only by
 * someone other than who asked, unless the installation has a single admin (then that admin decides).
 * Throws the 409 to answer (the caller marks an expired request EXPIRED first: see isExpired).
 */
export function assertMayDecide(request: Decidable, { adminId, adminCount, now }: { adminId: number; adminCount: number; now: string }): void {
  if (request.status !== "PENDING") {
    const status = DECIDED[request.status as keyof typeof DECIDED];
    throw new DomainError(409, msg("rules.approval.alreadyDecided", { status: status ? { msg: status } : request.status.toLowerCase() }));
  }
  if (isExpired(request.expiresAt, now)) throw new DomainError(409, msg("rules.approval.expired"));
  if (request.requestedBy === adminId && !fourEyesRelaxed(adminCount)) throw new DomainError(409, msg("rules.approval.ownRequest"));
}

/** A rejection's reason: required, trimmed, at most 500 characters. */
export function rejectionReason(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text || text.length > 500) throw new DomainError(422, msg("rules.approval.reasonRequired"), "reason");
  return text;
}

/**
 * An admin's reason as the investor reads it inside a sentence followed by another ("...: {why} The
 * money is back..."): a full stop is added when it does not already end a sentence.
 */
export function reasonAsSentence(reason: string): string {
  const text = reason.trim();
  return /[.!?…]["'”’)\]]*$/u.test(text) ? text : `${text}.`;
}

/** Deleting a batch that ever went past OPEN or took money is guarded; an empty OPEN batch goes at once. */
export const deleteNeedsApproval = (batch: { status: string; unitsPlaced: number }) => batch.status !== "OPEN" || batch.unitsPlaced > 0;

/**
 * The window whose withdrawals are added up against the threshold: one large sum split into several
 * requests (or sent as several at once) is still one large sum to review.
 */
export const WITHDRAWAL_REVIEW_WINDOW_MS = 24 * 3600 * 1000;

/**
 * A withdrawal is held for an admin's review when the investor's withdrawals in the window (this one
 * included; failed and returned ones took nothing out and do not count) are strictly above the threshold.
 */
export const withdrawalNeedsReview = (windowTotalMinor: number, thresholdMinor: number) => windowTotalMinor > thresholdMinor;

/** What the admins read on /admin/approvals and in the audit log: a catalog message, rendered in the reader's language. */
export function approvalSummary(
  a:
    | { action: "payout.execute"; batchId: number; period?: string | null; reserveDrawMinor?: number }
    | { action: "batch.close"; batchId: number; reserveDrawMinor?: number }
    | { action: "batch.delete"; batchId: number }
    | { action: "user.role"; email: string; isAdmin: boolean }
    | { action: "withdrawal.send"; withdrawalId: number; amountMinor: number; email: string; provider: Param; windowTotalMinor?: number }
    | { action: "deposit.refund" | "deposit.refund_again"; depositId: number; amountMinor: number; email: string }
    | { action: "withdrawal.return"; withdrawalId: number; amountMinor: number; email: string }
    | { action: "batch.surplus"; batchId: number; amountMinor: number; to: "FARM" | "RESERVE"; reference: string | null },
): MessageRef {
  const draw = "reserveDrawMinor" in a && a.reserveDrawMinor ? { money: a.reserveDrawMinor } : null;
  switch (a.action) {
    case "payout.execute": {
      const { batchId, period } = a;
      if (period) return draw ? msg("approvalSummary.payoutPeriodDrawing", { period, batchId, draw }) : msg("approvalSummary.payoutPeriod", { period, batchId });
      return draw ? msg("approvalSummary.payoutDrawing", { batchId, draw }) : msg("approvalSummary.payout", { batchId });
    }
    case "batch.close":
      return draw ? msg("approvalSummary.closeDrawing", { batchId: a.batchId, draw }) : msg("approvalSummary.close", { batchId: a.batchId });
    case "batch.delete":
      return msg("approvalSummary.delete", { batchId: a.batchId });
    case "user.role":
      return a.isAdmin ? msg("approvalSummary.grantAdmin", { email: a.email }) : msg("approvalSummary.removeAdmin", { email: a.email });
    case "withdrawal.send": {
      const said = { withdrawalId: a.withdrawalId, amount: { money: a.amountMinor }, email: a.email, provider: a.provider };
      return a.windowTotalMinor !== undefined && a.windowTotalMinor !== a.amountMinor
        ? msg("approvalSummary.withdrawalInWindow", { ...said, windowTotal: { money: a.windowTotalMinor } })
        : msg("approvalSummary.withdrawal", said);
    }
    case "deposit.refund":
      return msg("approvalSummary.depositRefund", { depositId: a.depositId, amount: { money: a.amountMinor }, email: a.email });
    case "deposit.refund_again":
      return msg("approvalSummary.depositRefundAgain", { depositId: a.depositId, amount: { money: a.amountMinor }, email: a.email });
    case "withdrawal.return":
      return msg("approvalSummary.withdrawalReturn", { withdrawalId: a.withdrawalId, amount: { money: a.amountMinor }, email: a.email });
    case "batch.surplus":
      return a.to === "FARM"
        ? msg("approvalSummary.surplusToFarm", { batchId: a.batchId, amount: { money: a.amountMinor }, reference: a.reference ?? "" })
        : msg("approvalSummary.surplusToReserve", { batchId: a.batchId, amount: { money: a.amountMinor } });
  }
}
