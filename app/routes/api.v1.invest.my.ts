import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { investmentJson, listMyInvestments } from "~/models/investment.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => apiJson(listMyInvestments((await requireApiUser(request)).id).map(investmentJson)));
}
