import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { kycJson } from "~/models/kyc.server";

/** The investor's tier, its limits and what may still be deposited (issue 17). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => apiJson(kycJson((await requireApiUser(request)).id)));
}
