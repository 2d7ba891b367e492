import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, idempotencyKeyOf, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { addDestination } from "~/commands/payments.server";
import { destinationUsableAt, listMyDestinations } from "~/models/withdrawal.server";
import { destinationJson } from "~/pages/payments";
import { ownerProof, readDestination } from "~/pages/payments.server";

/** The investor's saved payout destinations. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const user = await requireApiUser(request);
    return apiJson(listMyDestinations(user.id).map((d) => destinationJson(d, destinationUsableAt(d))));
  });
}

/**
 * `{ kind: "mobile_money", network, phone, name }` or `{ kind: "bank", bank_code, account_number, name }`,
 * with the account's `password` (and a two-factor `code` when two factors are on); answers 201. With an
 * `Idempotency-Key` the same request again answers the destination it saved; saving one already saved is 409.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const destination = readDestination({ kind: body.kind, network: body.network, phone: body.phone, bankCode: body.bank_code, accountNumber: body.account_number, name: body.name });
    const saved = await addDestination({ actor: user, key: idempotencyKeyOf(request) }, { destination, ...ownerProof(body) });
    return apiJson(destinationJson(saved, destinationUsableAt(saved)), 201);
  });
}
