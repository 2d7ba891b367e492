import { and, desc, eq, ne, sql } from "drizzle-orm";
import { messageColumns, storedRef, storedText } from "~/models/stored-message.server";
import { render } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import type { Locale, MessageRef } from "~/catalog/format";
import { alias } from "drizzle-orm/sqlite-core";
import { approvalExpiresAt, guardedActionWords, sameRequestWaiting, type GuardedAction } from "~/domain/approvals";
import { nowIso } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { jsonIntegerField } from "~/lib/sql-dialect.server";
import { recordAudit } from "~/models/audit.server";
import { notify } from "~/models/notification.server";
import { approvals, users } from "~/models/schema.server";

/**
 * Four eyes' storage (issue 20): the approval requests. What runs on approval is in
 * app/models/approval-actions.server.ts; this module has no runners, so the models those call
 * (e.g. withdrawals, which create requests themselves) can import it without a cycle.
 */

export type Approval = typeof approvals.$inferSelect;

/** Admins who can still sign in (a closed account is no pair of eyes). */
export function countAdmins(): number {
  return getDb()
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.isAdmin, true), sql`${users.closedAt} is null`))
    .get()!.n;
}

/** Records a PENDING request, audited "approval.request", and tells the other admins (in the app). Call inside the caller's transaction. */
export function createApproval({
  action,
  params,
  summary,
  requestedBy,
  batchId,
}: {
  action: GuardedAction;
  params: Record<string, unknown>;
  summary: MessageRef;
  requestedBy: number;
  batchId?: number;
}): Approval {
  const createdAt = nowIso();
  const stored = messageColumns(summary);
  const row = getDb()
    .insert(approvals)
    .values({
      action,
      params: JSON.stringify(params),
      summary: "",
      summaryId: stored.id,
      summaryParams: stored.params,
      status: "PENDING",
      requestedBy,
      expiresAt: approvalExpiresAt(createdAt),
      createdAt,
    })
    .returning()
    .get();
  recordAudit({ adminId: requestedBy, action: "approval.request", batchId, detail: approvalAuditDetail(row) });
  const others = getDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), ne(users.id, requestedBy), sql`${users.closedAt} is null`))
    .all();
  for (const admin of others) notify(admin.id, "APPROVAL_REQUESTED", msg("notices.approvalRequested", { summary }));
  return row;
}

/** The PENDING, unlapsed request that already asks for `action` with these `params`, if any (sameRequestWaiting). */
export function waitingRequestFor(action: GuardedAction, params: Record<string, unknown>): Approval | undefined {
  const pending = getDb()
    .select()
    .from(approvals)
    .where(and(eq(approvals.action, action), eq(approvals.status, "PENDING")))
    .all();
  return sameRequestWaiting(pending, { action, params }, nowIso());
}

/** A request's summary in the locale. */
export function summaryText(a: Approval, locale: Locale): string {
  return storedText(locale, a.summaryId, a.summaryParams, a.summary);
}

/** A request as the audit log names it ("#12 Delete a batch: Delete Batch #9"), and why it failed or was rejected. */
export function approvalAuditDetail(a: Approval, outcome?: { failed: MessageRef | string } | { rejected: string }): MessageRef {
  const named = { approvalId: a.id, action: guardedActionWords(a.action), summary: storedRef(a.summaryId, a.summaryParams) ?? a.summary };
  if (outcome && "failed" in outcome) return msg("auditDetail.approvalFailed", { ...named, error: outcome.failed });
  if (outcome) return msg("auditDetail.approvalRejected", { ...named, reason: outcome.rejected });
  return msg("auditDetail.approval", named);
}

/**
 * A FAILED request's result: why its action was refused, as the catalog id and parameters (read in
 * the reader's language by `approvalJson`) beside the English written then.
 */
export function failedResult(error: { detail: string; ref: MessageRef | null }) {
  return error.ref ? { detail: error.detail, detailRef: error.ref } : { detail: error.detail };
}

/**
 * A stored result as the API and the page show it, in the reader's `locale`: each `<name>Ref` (a
 * catalog message kept beside the English written then) becomes `<name>` in the locale. A result
 * written before, with English only, is shown as it is.
 */
export function resultIn(locale: Locale, result: unknown): unknown {
  if (!result || typeof result !== "object" || Array.isArray(result)) return result;
  const entries = Object.entries(result);
  const isRef = ([key, value]: [string, unknown]) => key.endsWith("Ref") && isMessageRef(value);
  return Object.fromEntries([...entries.filter((entry) => !isRef(entry)), ...entries.filter(isRef).map(([key, value]) => [key.slice(0, -"Ref".length), render(locale, value as MessageRef)])]);
}

const isMessageRef = (value: unknown): value is MessageRef => !!value && typeof value === "object" && typeof (value as { msg?: unknown }).msg === "string";

export function getApproval(id: number): Approval | undefined {
  return getDb().select().from(approvals).where(eq(approvals.id, id)).get();
}

/** Moves a request out of PENDING; only a still-PENDING row changes (a race with another decision loses). */
export function settleApproval(id: number, change: { status: Approval["status"]; decidedBy?: number | null; reason?: string | null; result?: unknown }): boolean {
  const done = getDb()
    .update(approvals)
    .set({ status: change.status, decidedBy: change.decidedBy ?? null, decidedAt: nowIso(), reason: change.reason ?? null, result: change.result === undefined ? null : JSON.stringify(change.result) })
    .where(and(eq(approvals.id, id), eq(approvals.status, "PENDING")))
    .run();
  return done.changes === 1;
}

/** An approved request's answer, filled in once the action (a provider transfer) has answered. */
export function recordApprovalResult(id: number, result: unknown): void {
  getDb()
    .update(approvals)
    .set({ result: JSON.stringify(result) })
    .where(and(eq(approvals.id, id), sql`${approvals.result} is null`))
    .run();
}

const requester = alias(users, "requester");
const decider = alias(users, "decider");

/** Pending requests first (oldest first), then the latest decisions. */
export function listApprovals({ limit = 50 }: { limit?: number } = {}) {
  const columns = { approval: approvals, requestedByEmail: requester.email, decidedByEmail: decider.email };
  const base = () => getDb().select(columns).from(approvals).leftJoin(requester, eq(requester.id, approvals.requestedBy)).leftJoin(decider, eq(decider.id, approvals.decidedBy));
  const pending = base().where(eq(approvals.status, "PENDING")).orderBy(approvals.id).all();
  const decided = base().where(ne(approvals.status, "PENDING")).orderBy(desc(approvals.decidedAt), desc(approvals.id)).limit(limit).all();
  return { pending, decided };
}

export type ApprovalListRow = ReturnType<typeof listApprovals>["pending"][number];

export function approvalJson(a: Approval, locale: Locale, emails: { requestedBy?: string | null; decidedBy?: string | null } = {}) {
  return {
    id: a.id,
    action: a.action,
    status: a.status,
    summary: summaryText(a, locale),
    params: JSON.parse(a.params) as unknown,
    requested_by: emails.requestedBy ?? a.requestedBy,
    decided_by: emails.decidedBy ?? a.decidedBy,
    decided_at: a.decidedAt,
    reason: a.reason,
    result: a.result === null ? null : resultIn(locale, JSON.parse(a.result)),
    expires_at: a.expiresAt,
    created_at: a.createdAt,
  };
}

/** The 202 a guarded action answers while it waits. */
export const pendingJson = (a: Approval) => ({ approval: { id: a.id, status: "PENDING" as const, action: a.action } });

/** A PENDING withdrawal.send request for this withdrawal, if it is held for review. */
export function heldWithdrawalApproval(withdrawalId: number): Approval | undefined {
  return getDb()
    .select()
    .from(approvals)
    .where(and(eq(approvals.action, "withdrawal.send"), eq(approvals.status, "PENDING"), eq(jsonIntegerField(approvals.params, "withdrawalId"), withdrawalId)))
    .get();
}
