import { msg } from "~/catalog/ref";
import { localeOf, render } from "~/catalog/index.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DomainError } from "~/domain/errors";
import { MAX_AMOUNT_MINOR, minorToCedis, parseAmountToMinor } from "~/domain/money";
import { apiJson, handleApi, idempotencyKeyOf, readBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { fundReserve } from "~/commands/admin-payouts.server";
import { RESERVE_SOURCES, reserveBalanceMinor, type ReserveSource } from "~/models/remittance.server";

/** The platform reserve: what it holds for runs the farms' remittances do not cover. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    await requireApiAdmin(request);
    return apiJson({ balance: minorToCedis(reserveBalanceMinor()) });
  });
}

/** Funds the reserve: `amount` (GHS) from `source` FEES (the platform's earned fees) or EXTERNAL (the platform's own money). Audited. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const admin = await requireApiAdmin(request);
    const body = await readBody(request);
    const amount = parseAmountToMinor(body.amount);
    if (!amount.ok) throw new DomainError(422, amount.reason === "too-large" ? msg("api.reserveTooLarge", { max: { money: MAX_AMOUNT_MINOR } }) : msg("api.reserveAmount"), "amount");
    const source = typeof body.source === "string" ? body.source.trim().toUpperCase() : "";
    if (!(RESERVE_SOURCES as readonly string[]).includes(source)) throw new DomainError(422, msg("api.reserveSource"), "source");
    const funded = fundReserve({ actor: admin, key: idempotencyKeyOf(request) }, { amountMinor: amount.minor, source: source as ReserveSource });
    return apiJson({ detail: render(localeOf(request), msg("api.reserveFunded")), balance: minorToCedis(funded.reserveMinor) });
  });
}
