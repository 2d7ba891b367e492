import type { ActionFunctionArgs } from "@remix-run/node";
import { RESET_REQUESTED, ResetRequestSchema } from "~/domain/account";
import { apiJson, handleApi, methodNotAllowed, parseOrThrow, readJsonBody } from "~/lib/http.server";
import { requestPasswordReset } from "~/lib/password-reset.server";

export const loader = () => methodNotAllowed();

/** Same 200 answer whether or not the account exists. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const { email } = parseOrThrow(ResetRequestSchema, await readJsonBody(request));
    requestPasswordReset(email, request);
    return apiJson({ detail: RESET_REQUESTED });
  });
}
