import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser, sessionTokenOf } from "~/auth/session.server";
import { changePassword } from "~/commands/account.server";
import { ChangePasswordSchema } from "~/forms/account.server";
import { handleApi, onlyMethods, parseOrThrow, readJsonBody, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/** JSON current_password + new_password: 204, and every other session and bearer token of the user ends. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const input = parseOrThrow(ChangePasswordSchema, await readJsonBody(request));
    await changePassword({ actor: user, key: null }, { currentPassword: input.current_password, newPassword: input.new_password, keepSessionToken: await sessionTokenOf(request) });
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  });
}
