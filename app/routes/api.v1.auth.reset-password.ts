import type { ActionFunctionArgs } from "@remix-run/node";
import { ResetRequestSchema } from "~/forms/account.server";
import { apiJson, clientIp, handleApi, methodNotAllowed, parseOrThrow, readJsonBody, requireMethod } from "~/lib/http.server";
import { requestPasswordReset } from "~/commands/account.server";
import { RESET_REQUESTED, RESET_UNAVAILABLE } from "~/pages/account";

export const loader = () => methodNotAllowed("POST");

/** Same 200 answer whether or not the account exists. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { email } = parseOrThrow(ResetRequestSchema, await readJsonBody(request));
    const result = requestPasswordReset({ email, ip: clientIp(request) });
    return apiJson({ detail: result === "requested" ? RESET_REQUESTED : RESET_UNAVAILABLE });
  });
}
