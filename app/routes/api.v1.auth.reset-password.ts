import type { ActionFunctionArgs } from "@remix-run/node";
import { ResetRequestSchema } from "~/forms/account.server";
import { apiJson, handleApi, methodNotAllowed, parseOrThrow, readJsonBody } from "~/lib/http.server";
import { requestPasswordReset } from "~/auth/password-reset.server";

export const loader = () => methodNotAllowed();

/** Same 200 answer whether or not the account exists. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const { email } = parseOrThrow(ResetRequestSchema, await readJsonBody(request));
    return apiJson({ detail: requestPasswordReset(email, request) });
  });
}
