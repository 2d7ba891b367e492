import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { currentSessionId, requireApiUser } from "~/auth/session.server";
import { endOtherSessions } from "~/commands/account.server";

export const loader = onlyMethods("POST");

/** POST: "sign out everywhere else": every other session and API token of the user ends. 204. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    endOtherSessions({ actor: user, key: null }, { keepSessionId: await currentSessionId(request) });
    return new Response(null, { status: 204 });
  });
}
