import type { ActionFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { localeOf, render } from "~/catalog/index.server";
import { readPasswordAgain } from "~/auth/account.server";
import { requireApiUser } from "~/auth/session.server";
import { disableTwoFactor } from "~/commands/account.server";
import { readCode } from "~/domain/two-factor";
import { apiJson, handleApi, onlyMethods, readBody, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/** Turns two factors off with the `password` and a valid `code` (from the app, or a recovery code); wrong codes are 429 after five. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request, { enrolling: true });
    const body = await readBody(request);
    await disableTwoFactor({ actor: user, key: null }, { password: readPasswordAgain(body.password), code: readCode(body.code) });
    return apiJson({ detail: render(localeOf(request), msg("investorTexts.twoFactorOff")) });
  });
}
