import type { ActionFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { localeOf, render } from "~/catalog/index.server";
import { readPasswordAgain } from "~/auth/account.server";
import { requireApiUser } from "~/auth/session.server";
import { renewRecoveryCodes } from "~/commands/account.server";
import { readCode } from "~/domain/two-factor";
import { apiJson, handleApi, onlyMethods, readBody, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/** Ten new recovery codes (the old ones stop working) with the `password` and a current `code` from the app; wrong codes are 429 after five. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request, { enrolling: true });
    const body = await readBody(request);
    const recoveryCodes = await renewRecoveryCodes({ actor: user, key: null }, { password: readPasswordAgain(body.password), code: readCode(body.code) });
    return apiJson({ detail: render(localeOf(request), msg("investorTexts.newCodesMade")), recovery_codes: recoveryCodes });
  });
}
