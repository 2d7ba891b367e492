import { msg } from "~/catalog/ref";
import { newIdempotencyKey, readPageForm } from "~/lib/page-action.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { DomainError } from "~/domain/errors";
import { readKycRejection } from "~/forms/kyc.server";
import { readId } from "~/forms/parse.server";
import { getKycVerifier } from "~/integrations/kyc/index.server";
import { KYC_SUBMISSION_STATUSES, kycReviewJson, listKycSubmissions } from "~/models/kyc.server";
import { approveKyc, rejectKyc } from "~/commands/admin-kyc.server";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";

type Status = (typeof KYC_SUBMISSION_STATUSES)[number];

function statusOf(value: string | null): Status {
  const upper = (value ?? "").toUpperCase();
  return (KYC_SUBMISSION_STATUSES as readonly string[]).includes(upper) ? (upper as Status) : "PENDING";
}

/** /admin/kyc: the review queue (or the decided ones), with each submission's images. */
export async function kycAdminLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const status = statusOf(new URL(request.url).searchParams.get("status"));
  return {
    words: wordsFor(locale, ["adminKyc"]),
    title: t("adminMeta.kyc.title"),
    description: t("adminMeta.kyc.description"),
    status,
    verifier: getKycVerifier().name,
    idempotencyKey: newIdempotencyKey(),
    submissions: listKycSubmissions({ status }).map(kycReviewJson(locale)),
  };
}

/** Approve, or reject with a reason the investor reads. Works as a plain form post. */
export async function kycAdminAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const locale = localeOf(request);
  const form = await readPageForm(request);
  const submissionId = readId(form.id);
  const values = { id: form.id ?? "", reason_code: form.reason_code ?? "", reason: form.reason ?? "" };
  try {
    if (submissionId === null) throw new DomainError(404, msg("adminKyc.notFound"));
    const ctx = { actor: admin, key: form.idempotency_key || null };
    if (form.intent === "approve") {
      approveKyc(ctx, { submissionId });
      return redirectWithFlash("/admin/kyc", { kind: "success", message: msg("adminKyc.flash.approved", { id: submissionId }) });
    }
    if (form.intent === "reject") {
      const parsed = readKycRejection(values, rendererFor(locale));
      if (!parsed.ok) return data({ ok: false as const, id: submissionId ?? 0, errors: parsed.errors, values }, { status: 422 });
      rejectKyc(ctx, { submissionId, ...parsed.data });
      return redirectWithFlash("/admin/kyc", { kind: "success", message: msg("adminKyc.flash.rejected", { id: submissionId }) });
    }
    return data({ ok: false as const, id: submissionId ?? 0, errors: { form: translatorFor(locale)("admin.chooseApproveOrReject") } as Record<string, string>, values }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) return data({ ok: false as const, id: submissionId ?? 0, errors: { form: detailIn(locale, error) } as Record<string, string>, values }, { status: error.status });
    throw error;
  }
}
