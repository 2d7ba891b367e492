import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs } from "@remix-run/node";
import { readUnitCount } from "~/domain/investing";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseBool, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { invest } from "~/commands/investing.server";
import { investmentJson } from "~/models/investment.server";
import { walletStateJson } from "~/models/wallet.server";

export const loader = onlyMethods("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const batchId = parseId(body.batch_id, msg("api.batchIdToInvest"), 422);
    // Optional: not given (or null) is off.
    const autoReinvest = body.auto_reinvest === undefined || body.auto_reinvest === null ? false : parseBool(body.auto_reinvest, msg("api.autoReinvestBoolean"));
    const input = { batchId, units: readUnitCount(body.units), autoReinvest };
    const { investment, wallet } = invest({ actor: user, key: idempotencyKeyOf(request) }, input);
    return apiJson({ investment: investmentJson(investment), wallet: walletStateJson(wallet) }, 201);
  });
}
