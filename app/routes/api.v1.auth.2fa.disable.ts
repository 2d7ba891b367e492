import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { apiJson, handleApi, methodNotAllowed, readBody, requireMethod } from "~/lib/http.server";
import { disableTwoFactor } from "~/models/two-factor.server";

export const loader = () => methodNotAllowed("POST");

/** Turns two factors off with a valid `code` (from the app, or a recovery code). */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request, { enrolling: true });
    const body = await readBody(request);
    disableTwoFactor(user.id, body.code);
    return apiJson({ detail: "Two-factor sign-in is off." });
  });
}
