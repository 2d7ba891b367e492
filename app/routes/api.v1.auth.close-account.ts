import type { ActionFunctionArgs } from "@remix-run/node";
import { clearedSessionCookie, requireApiUser } from "~/auth/session.server";
import { closeAccount } from "~/commands/account.server";
import { CloseAccountSchema } from "~/forms/account.server";
import { handleApi, onlyMethods, parseOrThrow, readJsonBody, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/** JSON password: 204 when closed (every session ends), 409 {"detail"} naming why it cannot close yet. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const { password } = parseOrThrow(CloseAccountSchema, await readJsonBody(request));
    await closeAccount({ actor: user, key: null }, { password });
    // The sessions are gone already; a cookie caller's cookie is cleared too.
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store", "Set-Cookie": await clearedSessionCookie() } });
  });
}
