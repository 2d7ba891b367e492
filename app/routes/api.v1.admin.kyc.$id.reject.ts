import { msg } from "~/catalog/ref";
import { localeOf, render, rendererFor } from "~/catalog/index.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { DomainError } from "~/domain/errors";
import { readKycRejection } from "~/forms/kyc.server";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { kycSubmissionJson } from "~/models/kyc.server";
import { rejectKyc } from "~/commands/admin-kyc.server";

/** Rejects a PENDING submission with a `reason_code` (and, with OTHER, a `reason` note) the investor reads in their language; audited. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const submissionId = parseId(params.id, msg("api.kycNotFound"));
    const locale = localeOf(request);
    const parsed = readKycRejection(await readBody(request), rendererFor(locale));
    if (!parsed.ok) {
      const [field, detail] = Object.entries(parsed.errors)[0];
      throw new DomainError(422, detail, field);
    }
    const row = rejectKyc({ actor: admin, key: idempotencyKeyOf(request) }, { submissionId, ...parsed.data });
    return apiJson({ detail: render(locale, msg("api.kycRejected")), ...kycSubmissionJson(row, locale) });
  });
}

export const loader = onlyMethods("POST");
