import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { setPin } from "~/commands/pin.server";
import { SetPinSchema } from "~/forms/account.server";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseOrThrow, readJsonBody, requireMethod } from "~/lib/http.server";

export const loader = onlyMethods("POST");

/**
 * Issue 31: JSON `password` + `pin` sets or replaces the PIN (4 to 6 digits, not one digit repeated,
 * not a run): 200 `{"has_pin": true}`. The PIN is never answered back. With an `Idempotency-Key`
 * the same request again sets nothing and sends no second notice.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const input = parseOrThrow(SetPinSchema, await readJsonBody(request));
    await setPin({ actor: user, key: idempotencyKeyOf(request) }, { password: input.password, pin: input.pin });
    return apiJson({ has_pin: true });
  });
}
