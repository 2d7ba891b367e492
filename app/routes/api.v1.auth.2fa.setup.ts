import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { startTwoFactorSetup } from "~/commands/account.server";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/** Starts two-factor enrolment: a new secret (also as an otpauth:// URL for a QR code), confirmed by /enable. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request, { enrolling: true });
    const setup = await startTwoFactorSetup({ actor: user, key: null }, { fresh: true });
    return apiJson({ secret: setup.secret, otpauth_url: setup.otpauthUrl });
  });
}
