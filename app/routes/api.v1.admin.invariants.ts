import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { ledgerProblems } from "~/models/ledger.server";

/** The ledger's promises checked against the database: {"ok": true, "problems": []} when all hold. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const problems = ledgerProblems();
    return apiJson({ ok: problems.length === 0, problems });
  });
}

export const action = onlyMethods("GET");
