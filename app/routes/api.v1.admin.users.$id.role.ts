import type { ActionFunctionArgs } from "@remix-run/node";
import { approvalSummary } from "~/domain/approvals";
import { DomainError } from "~/domain/errors";
import { apiJson, handleApi, idempotencyKeyOf, methodNotAllowed, parseBool, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { getAccount } from "~/models/admin-users.server";
import { guardedAnswer, requestOrRun } from "~/models/approval-actions.server";
import { once } from "~/models/idempotency.server";

export const loader = () => methodNotAllowed("POST");

/**
 * Grants or removes admin rights ({"is_admin": true|false}); audited. With two or more admins it
 * waits for a second admin (202 with the approval request). The last admin is never removed (409).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const userId = parseId(params.id, "User not found.");
    const body = await readBody(request);
    if (body.is_admin === undefined || body.is_admin === null || body.is_admin === "") throw new DomainError(422, "Say whether the account is an admin: is_admin true or false.", "is_admin");
    const isAdmin = parseBool(body.is_admin);
    const user = getAccount(userId);
    // Nothing to change: answered at once, nothing to approve.
    if (user.isAdmin === isAdmin) return apiJson({ id: user.id, email: user.email, is_admin: isAdmin });
    const answer = once({ userId: admin.id, key: idempotencyKeyOf(request), operation: "api/admin/role", params: { userId, isAdmin } }, () =>
      guardedAnswer(requestOrRun({ action: "user.role", params: { userId, isAdmin }, adminId: admin.id, summary: approvalSummary({ action: "user.role", email: user.email, isAdmin }) })),
    );
    return apiJson(answer.body, answer.status);
  });
}
