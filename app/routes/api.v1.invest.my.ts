import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { investmentJson, listMyInvestments } from "~/models/investment.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    return apiJson(listMyInvestments((await requireApiUser(request)).id).map(investmentJson));
  });
}

export const action = onlyMethods("GET");
