import type { ActionFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { localeOf, render } from "~/catalog/index.server";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { clearedSessionCookie, requireApiUser, sessionTokenOf } from "~/auth/session.server";
import { signOut } from "~/commands/account.server";

export const loader = onlyMethods("POST");

/** Revokes the bearer token (or cookie session) that made the request. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    await requireApiUser(request);
    signOut({ token: await sessionTokenOf(request) });
    return apiJson({ detail: render(localeOf(request), msg("api.loggedOut")) }, { headers: { "Set-Cookie": await clearedSessionCookie() } });
  });
}
