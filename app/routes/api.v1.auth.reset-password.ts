import type { ActionFunctionArgs } from "@remix-run/node";
import { ResetRequestSchema } from "~/forms/account.server";
import { apiJson, clientIp, handleApi, onlyMethods, parseOrThrow, readJsonBody, requireMethod } from "~/lib/http.server";
import { requestPasswordReset } from "~/commands/account.server";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { PRODUCT_NAME } from "~/components/brand";

export const loader = onlyMethods("POST");

/** Same 200 answer whether or not the account exists; the reset page's words. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const { email } = parseOrThrow(ResetRequestSchema, await readJsonBody(request));
    const result = requestPasswordReset({ email, ip: clientIp(request) });
    const t = translatorFor(localeOf(request));
    return apiJson({ detail: result === "requested" ? t("reset.request.requested") : t("reset.request.unavailable", { brand: PRODUCT_NAME }) });
  });
}
