import type { ActionFunctionArgs } from "@remix-run/node";
import { ResetRequestSchema } from "~/forms/account.server";
import { apiJson, handleApi, methodNotAllowed, parseOrThrow, readJsonBody, requireMethod } from "~/lib/http.server";
import { requestPasswordReset } from "~/auth/password-reset.server";

export const loader = () => methodNotAllowed("POST");

/** Same 200 answer whether or not the account exists. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { email } = parseOrThrow(ResetRequestSchema, await readJsonBody(request));
    return apiJson({ detail: requestPasswordReset(email, request) });
  });
}
