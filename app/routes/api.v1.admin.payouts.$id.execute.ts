import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { apiJson, handleApi, methodNotAllowed, parseId, readBody } from "~/lib/http.server";
import { requireApiAdmin } from "~/lib/session.server";
import { runPayout } from "~/models/admin.server";

export const loader = () => methodNotAllowed();

/** Pays the run (egg: this month or `period`; chicken: the harvest). A paid period answers 409. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const admin = await requireApiAdmin(request);
    const body = await readBody(request);
    const period = typeof body.period === "string" ? body.period : new URL(request.url).searchParams.get("period");
    return apiJson(runPayout(parseId(params.id, MSG.batchNotFound), { period, adminId: admin.id }));
  });
}
