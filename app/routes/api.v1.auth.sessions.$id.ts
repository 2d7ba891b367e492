import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, HttpError, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { endSession } from "~/commands/account.server";

export const loader = onlyMethods("DELETE");

/** DELETE: ends one of the user's sessions or API tokens (this one too, like logout). 204; 404 for anyone else's. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "DELETE");
    const user = await requireApiUser(request);
    if (!endSession({ actor: user, key: null }, { sessionId: parseId(params.id, msg("api.sessionNotFound")) })) throw new HttpError(404, msg("api.sessionNotFound"));
    return new Response(null, { status: 204 });
  });
}
