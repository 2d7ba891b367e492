import type { ActionFunctionArgs } from "@remix-run/node";
import { turnOffTwoFactor } from "~/auth/account.server";
import { requireApiUser } from "~/auth/session.server";
import { apiJson, handleApi, methodNotAllowed, readBody, requireMethod } from "~/lib/http.server";

export const loader = () => methodNotAllowed("POST");

/** Turns two factors off with the `password` and a valid `code` (from the app, or a recovery code); wrong codes are 429 after five. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request, { enrolling: true });
    const body = await readBody(request);
    await turnOffTwoFactor({ user, password: body.password, code: body.code });
    return apiJson({ detail: "Two-factor sign-in is off." });
  });
}
