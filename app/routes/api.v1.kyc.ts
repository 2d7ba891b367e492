import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { kycJson, kycSubmissionJson } from "~/models/kyc.server";
import { submitKyc } from "~/commands/kyc.server";
import { checkKycSubmission, readKycForm, submittedNotice } from "~/pages/kyc.server";
import { localeOf, render } from "~/catalog/index.server";

/** The investor's tier, its limits, what may still be deposited, and the latest submission (issue 17). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    return apiJson(kycJson((await requireApiUser(request)).id, localeOf(request)));
  });
}

/**
 * An identity submission, multipart: legal_name, date_of_birth (YYYY-MM-DD), phone, id_type
 * (GHANA_CARD or PASSPORT), id_number, files id_front and selfie, and proof_of_address for the top
 * tier. 201 with the submission (APPROVED at once by the demo verifier, PENDING for a manual review).
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "POST");
    const user = await requireApiUser(request);
    const row = await submitKyc({ actor: user, key: null }, checkKycSubmission(await readKycForm(request)));
    return apiJson({ detail: render(localeOf(request), submittedNotice(row)), ...kycSubmissionJson(row, localeOf(request)) }, 201);
  });
}
