import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, methodNotAllowed, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { walletJson } from "~/models/wallet.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    return apiJson(walletJson((await requireApiUser(request)).id));
  });
}

export const action = () => methodNotAllowed("GET");
