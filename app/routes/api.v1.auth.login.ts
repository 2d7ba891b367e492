import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { sessionMetaOf } from "~/auth/session.server";
import { authenticator, LoginError } from "~/auth/sign-in.server";
import { signIn } from "~/commands/account.server";
import { apiJson, clientIp, handleApi, HttpError, onlyMethods, refuseNul, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/** OAuth2-style password login: form-encoded `username` (the email) and `password`, and `code` when two factors are on. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
    if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) {
      throw new HttpError(415, msg("api.loginAsForm"));
    }
    try {
      refuseNul(Object.fromEntries(await request.clone().formData()));
      // The strategy reads username, password and the two-factor `code` (issue 20) from the form.
      const credentials = await authenticator.authenticate("api-form", request);
      const { token } = await signIn({ ...credentials, ip: clientIp(request), session: sessionMetaOf(request, "api") });
      return apiJson({ access_token: token, token_type: "bearer" });
    } catch (error) {
      if (error instanceof LoginError) throw new HttpError(error.status, error.ref ?? error.detail);
      if (error instanceof TypeError) throw new HttpError(400, msg("api.formUnreadable"));
      throw error;
    }
  });
}
