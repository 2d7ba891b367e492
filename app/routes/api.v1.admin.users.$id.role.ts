import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseBool, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { setAdminRole } from "~/commands/admin-approvals.server";
import { guardedAnswer } from "~/models/approval-actions.server";
import { localeOf } from "~/catalog/index.server";

export const loader = onlyMethods("POST");

/**
 * Grants or removes admin rights ({"is_admin": true|false}); audited. With two or more admins it
 * waits for a second admin (202 with the approval request). The last admin is never removed (409).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const userId = parseId(params.id, msg("api.userNotFound"));
    const body = await readBody(request);
    const isAdmin = parseBool(body.is_admin, msg("api.isAdminBoolean"));
    const answer = guardedAnswer(setAdminRole({ actor: admin, key: idempotencyKeyOf(request) }, { userId, isAdmin }), localeOf(request));
    return apiJson(answer.body, answer.status);
  });
}
