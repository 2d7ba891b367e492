import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { walletJson } from "~/models/wallet.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    return apiJson(walletJson((await requireApiUser(request)).id));
  });
}

export const action = onlyMethods("GET");
