import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { fourEyesRelaxed } from "~/domain/approvals";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { approvalJson, countAdmins, listApprovals, type ApprovalListRow } from "~/models/approvals.server";
import { runPreview } from "~/pages/approvals-admin.server";

export const action = onlyMethods("GET");

/**
 * Four eyes (issue 20): the pending requests (oldest first), each run or close with `preview`, what it
 * would pay if approved now; the latest decisions; `relaxed` with a single admin.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const { pending, decided } = listApprovals();
    const locale = localeOf(request);
    const json = (r: ApprovalListRow) => approvalJson(r.approval, locale, { requestedBy: r.requestedByEmail, decidedBy: r.decidedByEmail });
    return apiJson({ relaxed: fourEyesRelaxed(countAdmins()), pending: pending.map((r) => ({ ...json(r), preview: runPreview(translatorFor(locale), r.approval) })), decided: decided.map(json) });
  });
}
