import { msg } from "~/catalog/ref";
import { approvalSummary } from "~/domain/approvals";
import { checkCanBeAdmin, getAccount } from "~/models/admin-users.server";
import * as approvals from "~/models/approval-actions.server";
import { requestOrRun, type Guarded } from "~/models/approval-actions.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";

/** Four eyes (docs/commands.md): a second admin approves or rejects a waiting request; admin rights, which wait the same way. */

/** The decision's transaction under the key: the same request again answers what the first did and decides nothing. */
const keyed =
  (ctx: CommandContext, name: string, params: Record<string, unknown>): approvals.Keep =>
  (decide) =>
    onceOnly(ctx, name, params, decide);

/**
 * A second admin approves: the stored action runs now and answers what its own door would have
 * (a held withdrawal is sent to the provider after the approval is stored).
 */
export function approveRequest(ctx: CommandContext, input: { approvalId: number }) {
  return approvals.approveRequest({ id: input.approvalId, adminId: ctx.actor.id }, keyed(ctx, "approve-request", input));
}

/** A second admin rejects with a reason (checked at the door): nothing runs; a held withdrawal's money goes back. */
export function rejectRequest(ctx: CommandContext, input: { approvalId: number; reason: string }) {
  return approvals.rejectRequest({ id: input.approvalId, adminId: ctx.actor.id, reason: input.reason }, keyed(ctx, "reject-request", input));
}

/**
 * Grants or removes admin rights: waits for a second admin where there is one; the last admin is
 * never removed (409). Asking for what already holds changes nothing and needs no approval.
 */
export function setAdminRole(ctx: CommandContext, input: { userId: number; isAdmin: boolean }): Guarded {
  const { userId, isAdmin } = input;
  const user = getAccount(userId);
  if (user.isAdmin === isAdmin) {
    const message = msg(isAdmin ? "approvalOutcome.alreadyAdmin" : "approvalOutcome.notAdmin", { email: user.label });
    return { ran: true, outcome: { body: { id: user.id, email: user.email, is_admin: isAdmin }, message }, relaxed: false };
  }
  // Refused before a second admin is asked: no approval could make it possible.
  checkCanBeAdmin(user, isAdmin);
  return onceOnly(ctx, "set-admin-role", input, () =>
    requestOrRun({ action: "user.role", params: { userId, isAdmin }, adminId: ctx.actor.id, summary: approvalSummary({ action: "user.role", email: user.label, isAdmin }) }),
  ).result;
}
