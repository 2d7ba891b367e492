import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { localeOf } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { notFoundResponse } from "~/lib/page-action.server";
import { readKycImage } from "~/models/kyc.server";

/** A KYC image, for its owner and admins only; anyone else gets the same 404 as a missing one. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const submissionId = Number(params.id);
  const image = Number.isSafeInteger(submissionId) && submissionId > 0 ? readKycImage({ viewer: user, submissionId, field: params.field ?? "" }) : null;
  if (!image) return notFoundResponse(msg("api.notFound"), localeOf(request));
  return new Response(new Uint8Array(image.bytes), {
    headers: { "Content-Type": image.contentType, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Content-Disposition": "inline" },
  });
}
