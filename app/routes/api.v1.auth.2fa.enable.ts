import type { ActionFunctionArgs } from "@remix-run/node";
import { currentSessionId, requireApiUser } from "~/auth/session.server";
import { apiJson, handleApi, methodNotAllowed, readBody, requireMethod } from "~/lib/http.server";
import { enableTwoFactor } from "~/models/two-factor.server";

export const loader = () => methodNotAllowed("POST");

/** Turns two factors on with a first `code` from the app; answers the ten recovery codes, shown this once. The account's other sessions end. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request, { enrolling: true });
    const body = await readBody(request);
    return apiJson({ detail: "Two-factor sign-in is on.", recovery_codes: enableTwoFactor({ userId: user.id, sessionId: await currentSessionId(request), code: body.code }) });
  });
}
