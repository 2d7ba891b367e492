import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, parseId, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { localeOf } from "~/catalog/index.server";
import { auditJson, listAuditEntries } from "~/models/audit.server";

/** The audit log, newest first. Read-only: there is no way to change it, here or in the database. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const batch = new URL(request.url).searchParams.get("batch_id");
    return apiJson(listAuditEntries(localeOf(request), { batchId: batch ? parseId(batch, msg("rules.batchNotFound")) : null }).map(auditJson));
  });
}

export const action = onlyMethods("GET");
