import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { walletJson } from "~/models/wallet.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => apiJson(walletJson((await requireApiUser(request)).id)));
}
