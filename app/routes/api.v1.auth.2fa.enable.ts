import type { ActionFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { localeOf, render } from "~/catalog/index.server";
import { currentSessionId, requireApiUser } from "~/auth/session.server";
import { enableTwoFactor } from "~/commands/account.server";
import { readCode } from "~/domain/two-factor";
import { apiJson, handleApi, onlyMethods, readBody, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/** Turns two factors on with a first `code` from the app; answers the ten recovery codes, shown this once. The account's other sessions end. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request, { enrolling: true });
    const body = await readBody(request);
    const recoveryCodes = enableTwoFactor({ actor: user, key: null }, { sessionId: await currentSessionId(request), code: readCode(body.code) });
    return apiJson({ detail: render(localeOf(request), msg("investorTexts.twoFactorOn")), recovery_codes: recoveryCodes });
  });
}
