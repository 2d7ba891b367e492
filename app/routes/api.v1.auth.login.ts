import type { ActionFunctionArgs } from "@remix-run/node";
import { sessionMetaOf } from "~/auth/session.server";
import { authenticator, LoginError } from "~/auth/sign-in.server";
import { checkSecondFactor } from "~/auth/two-factor.server";
import { apiJson, handleApi, HttpError, methodNotAllowed, requireMethod } from "~/lib/http.server";
import { createSession } from "~/models/user.server";

export const loader = () => methodNotAllowed("POST");

/** OAuth2-style password login: form-encoded `username` (the email) and `password`, and `code` when two factors are on. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
    if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) {
      throw new HttpError(415, "Send username and password as form data (application/x-www-form-urlencoded).");
    }
    // The strategy reads the body itself: the two-factor `code` is read from a copy (issue 20).
    const code =
      (
        await request
          .clone()
          .formData()
          .catch(() => null)
      )?.get("code") ?? null;
    try {
      const user = await authenticator.authenticate("api-form", request);
      const secondFactor = checkSecondFactor(user, code);
      const { token } = createSession(user.id, sessionMetaOf(request, "api"), { secondFactor });
      return apiJson({ access_token: token, token_type: "bearer" });
    } catch (error) {
      if (error instanceof LoginError) throw new HttpError(error.status, error.message);
      if (error instanceof TypeError) throw new HttpError(400, "The form body could not be read.");
      throw error;
    }
  });
}
