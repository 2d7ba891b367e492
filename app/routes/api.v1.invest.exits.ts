import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { exitRequestJson, listExitRequests } from "~/models/investment.server";

/** The investor's own early-exit requests, newest first. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    return apiJson(listExitRequests(user.id).map(exitRequestJson));
  });
}

export const action = onlyMethods("GET");
