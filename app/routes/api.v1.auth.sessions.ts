import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { currentSessionId, requireApiUser } from "~/auth/session.server";
import { listSessions, sessionJson } from "~/models/sessions.server";

/** The user's browser sessions and API tokens (ids, never token hashes), the one asking marked current. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    return apiJson(listSessions(user.id, await currentSessionId(request)).map(sessionJson));
  });
}

export const action = onlyMethods("GET");
