import { msg } from "~/catalog/ref";
import { localeOf, render, rendererFor } from "~/catalog/index.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { DomainError } from "~/domain/errors";
import { KycRejectionSchema } from "~/forms/kyc.server";
import { parseForm } from "~/forms/parse.server";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { kycSubmissionJson } from "~/models/kyc.server";
import { rejectKyc } from "~/commands/admin-kyc.server";

/** Rejects a PENDING submission with a `reason` the investor reads; audited. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireApiAdmin(request);
    const submissionId = parseId(params.id, msg("api.kycNotFound"));
    const locale = localeOf(request);
    const parsed = parseForm(KycRejectionSchema, await readBody(request), rendererFor(locale));
    if (!parsed.ok) throw new DomainError(422, parsed.errors.reason ?? Object.values(parsed.errors)[0], "reason");
    const row = rejectKyc({ actor: admin, key: idempotencyKeyOf(request) }, { submissionId, reason: parsed.data.reason });
    return apiJson({ detail: render(locale, msg("api.kycRejected")), ...kycSubmissionJson(row, locale) });
  });
}

export const loader = onlyMethods("POST");
