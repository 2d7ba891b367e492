import { msg } from "~/catalog/ref";
import { readId } from "~/forms/parse.server";
import { newIdempotencyKey, readPageForm } from "~/lib/page-action.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Locale } from "~/catalog/format";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { fourEyesRelaxed, rejectionReason } from "~/domain/approvals";
import { DomainError } from "~/domain/errors";
import { HttpError } from "~/lib/http.server";
import { approvalJson, countAdmins, listApprovals, type ApprovalListRow } from "~/models/approvals.server";
import { approveRequest, rejectRequest } from "~/commands/admin-approvals.server";
import { detailIn, localeOf, translatorFor, wordsFor, type Translate } from "~/catalog/index.server";
import { formatGhs } from "~/domain/money";
import type { Approval } from "~/models/approvals.server";
import { simulatePayout } from "~/models/payout.server";
import { runPreviewText } from "~/pages/admin-dashboard.server";

const view = (locale: Locale) => (r: ApprovalListRow) => approvalJson(r.approval, locale, { requestedBy: r.requestedByEmail, decidedBy: r.decidedByEmail });

/**
 * What a waiting run or close would pay if approved now, in the words its requester confirmed, with
 * the tax it withholds: the second admin checks the figures, not only the request's name. Null for
 * other actions, or a batch that can no longer be paid (approving says why).
 */
export function runPreview(t: Translate, a: Approval): string | null {
  if (a.action !== "payout.execute" && a.action !== "batch.close") return null;
  const params = JSON.parse(a.params) as { batchId: number; period?: string | null };
  try {
    const s = simulatePayout(params.batchId, a.action === "batch.close" ? { close: true } : { period: params.period ?? null });
    if (s.alreadyPaid) return null;
    const tax = s.taxMinor > 0 ? ` ${t("adminApprovals.previewTax", { tax: formatGhs(s.taxMinor) })}` : "";
    return t("adminApprovals.preview", { detail: `${runPreviewText(t, s)}${tax}` });
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError) return null;
    throw error;
  }
}

/** /admin/approvals (issue 20): requests waiting for a second admin, and the latest decisions. */
export async function approvalsAdminLoader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const { pending, decided } = listApprovals({ limit: 30 });
  const shown = view(locale);
  const relaxed = fourEyesRelaxed(countAdmins());
  const words = wordsFor(locale, ["adminApprovals"]);
  // The relaxed rule's notice only where it holds.
  if (!relaxed) for (const id of ["adminApprovals.relaxed", "adminApprovals.relaxedTail"]) delete words[id];
  return {
    words,
    title: t("adminMeta.approvals.title"),
    description: t("adminMeta.approvals.description"),
    me: admin.id,
    relaxed,
    idempotencyKey: newIdempotencyKey(),
    pending: pending.map((r) => ({ ...shown(r), mine: r.approval.requestedBy === admin.id, preview: runPreview(t, r.approval) })),
    decided: decided.map(shown),
  };
}

/** Approve (the action runs now) or reject with a reason. Plain form posts. */
export async function approvalsAdminAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readPageForm(request);
  const id = readId(form.id);
  const values = { id: form.id ?? "", reason: form.reason ?? "" };
  try {
    if (id === null) throw new DomainError(404, msg("rules.approval.notFound"));
    const ctx = { actor: admin, key: form.idempotency_key || null };
    if (form.intent === "approve") {
      const done = await approveRequest(ctx, { approvalId: id });
      return redirectWithFlash("/admin/approvals", { kind: "success", message: msg("adminApprovals.flash.approved", { id, outcome: done.message }) });
    }
    if (form.intent === "reject") {
      rejectRequest(ctx, { approvalId: id, reason: rejectionReason(values.reason) });
      return redirectWithFlash("/admin/approvals", { kind: "success", message: msg("adminApprovals.flash.rejected", { id }) });
    }
    throw new DomainError(422, msg("admin.chooseApproveOrReject"));
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError) {
      const field = error instanceof DomainError && error.field === "reason" ? "reason" : "form";
      return data({ ok: false as const, id: id ?? 0, errors: { [field]: detailIn(localeOf(request), error) } as Record<string, string>, values }, { status: error.status });
    }
    throw error;
  }
}
