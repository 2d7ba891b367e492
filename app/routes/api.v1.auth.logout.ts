import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, methodNotAllowed, requireMethod } from "~/lib/http.server";
import { endSession, requireApiUser } from "~/auth/session.server";

export const loader = () => methodNotAllowed("POST");

/** Revokes the bearer token (or cookie session) that made the request. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    await requireApiUser(request);
    const setCookie = await endSession(request);
    return apiJson({ detail: "Logged out." }, { headers: { "Set-Cookie": setCookie } });
  });
}
