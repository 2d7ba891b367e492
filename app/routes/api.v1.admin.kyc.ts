import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { localeOf } from "~/catalog/index.server";
import { DomainError } from "~/domain/errors";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { KYC_SUBMISSION_STATUSES, kycReviewJson, listKycSubmissions } from "~/models/kyc.server";

/** Identity submissions by status (default PENDING: the review queue, oldest first). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const status = (new URL(request.url).searchParams.get("status") ?? "PENDING").toUpperCase();
    if (!(KYC_SUBMISSION_STATUSES as readonly string[]).includes(status)) throw new DomainError(422, msg("api.kycStatus"), "status");
    return apiJson({ submissions: listKycSubmissions({ status: status as (typeof KYC_SUBMISSION_STATUSES)[number] }).map(kycReviewJson(localeOf(request))) });
  });
}

export const action = onlyMethods("GET");
