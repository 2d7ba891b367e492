import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getUser, redirectWithFlash, requireUser } from "~/auth/session.server";
import { DomainError } from "~/domain/errors";
import { KYC_TIERS, TIER_LIMITS } from "~/domain/kyc";
import { localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import type { MessageRef } from "~/catalog/format";
import { submitKyc } from "~/commands/kyc.server";
import { checkKycImages, ID_TYPES, KYC_FILE_FIELDS, kycSubmissionSchema, type CheckedImage, type KycFileField, type KycSubmissionInput, type KycUpload } from "~/forms/kyc.server";
import { KYC_IMAGE_MAX_BYTES, KYC_LIMITS } from "~/forms/limits";
import { fieldMessages, renderMessages, type FieldMessage } from "~/forms/parse.server";
import { getKycVerifier } from "~/integrations/kyc/index.server";
import { today } from "~/lib/clock.server";
import { HttpError } from "~/lib/http.server";
import { pageError } from "~/lib/page-action.server";
import { readUploadForm } from "~/lib/upload-form.server";
import { decisionReasonText, kycImageLinks, kycOverview, type KycSubmission } from "~/models/kyc.server";

/** A submission with bad fields or images: every message (rendered by the door), nothing stored. */
export class KycInvalid extends DomainError {
  constructor(
    readonly messages: Record<string, FieldMessage>,
    readonly values: Record<string, string>,
  ) {
    super(422, Object.values(messages)[0] ?? msg("forms.check"), Object.keys(messages)[0]);
    this.name = "KycInvalid";
  }
}

const TEXT_FIELDS = ["legal_name", "date_of_birth", "phone", "id_type"] as const;

export type KycForm = {
  fields: Record<string, string>;
  uploads: Partial<Record<KycFileField, KycUpload>>;
  /** What comes back to the form: never the ID number (typed again, like a password). */ values: Record<string, string>;
};

/** Reads a submission (multipart, or urlencoded/JSON without files); a broken body is an HttpError. */
export async function readKycForm(request: Request): Promise<KycForm> {
  const form = await readUploadForm(request, { fileFields: KYC_FILE_FIELDS, maxFileBytes: KYC_IMAGE_MAX_BYTES, textFields: [...TEXT_FIELDS, "id_number"] });
  const uploads: Partial<Record<KycFileField, KycUpload>> = {};
  for (const file of form.files) uploads[file.field as KycFileField] ??= { size: file.size, bytes: file.bytes };
  return { fields: form.fields, uploads, values: Object.fromEntries(TEXT_FIELDS.map((f) => [f, form.fields[f] ?? ""])) };
}

/**
 * Checks an identity submission's fields and images, for the submitKyc command: the page's action
 * and POST /api/v1/kyc both call this, so every rule exists once. Throws KycInvalid (422, per field).
 */
export function checkKycSubmission(form: KycForm): { fields: KycSubmissionInput; images: Partial<Record<KycFileField, CheckedImage>> } {
  const parsed = kycSubmissionSchema(today()).safeParse(form.fields);
  const checked = checkKycImages(form.uploads);
  if (!parsed.success || !checked.ok) throw new KycInvalid({ ...(parsed.success ? {} : fieldMessages(parsed.error)), ...(checked.ok ? {} : checked.errors) }, form.values);
  return { fields: parsed.data, images: checked.images };
}

/** What the investor reads once a submission is in, in their language. */
export function submittedNotice(row: KycSubmission): MessageRef {
  if (row.status === "APPROVED") return msg("investorTexts.kycVerified", { tier: { msg: `accountStatus.tierName.${row.tierRequested}` } });
  return msg("investorTexts.kycReceived");
}

export async function kycLoader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const verifier = getKycVerifier();
  // What anyone may read (the page is public): the tiers, the ID types and the limits of the form.
  const requirements = {
    words: wordsFor(locale, ["kyc", "accountStatus"]),
    title: t("kyc.title"),
    description: t("kyc.description"),
    isDemo: verifier.isDemo,
    needsConfirmedPhone: !verifier.vouchesForPhone,
    tiers: KYC_TIERS.map((tier) => ({ tier, limits: TIER_LIMITS[tier] })),
    idTypes: [...ID_TYPES],
    limits: { ...KYC_LIMITS, imageMb: KYC_IMAGE_MAX_BYTES / (1024 * 1024) },
  };
  // A visitor reads what is needed and is asked to log in to send it (the action still requires a user).
  if (!(await getUser(request))) return { ...requirements, visitor: true as const };
  const user = await requireUser(request);
  const overview = kycOverview(user.id);
  const latest = overview.latest;
  return {
    ...requirements,
    visitor: false as const,
    phoneConfirmed: overview.phoneConfirmed,
    tier: overview.tier,
    remaining: overview.remaining,
    latest: latest
      ? {
          id: latest.id,
          status: latest.status,
          tierRequested: latest.tierRequested,
          idType: latest.idType,
          idNumberLast4: latest.idNumberLast4,
          reason: decisionReasonText(latest, locale),
          createdAt: latest.createdAt,
          decidedAt: latest.decidedAt,
          images: kycImageLinks(latest),
        }
      : null,
    defaults: {
      legal_name: latest?.legalName ?? user.fullName,
      date_of_birth: latest?.dateOfBirth ?? "",
      phone: user.phone ? `0${user.phone.slice(4)}` : "",
      id_type: latest?.idType ?? "GHANA_CARD",
    },
  };
}

export async function kycAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  let values: Record<string, string> = {};
  try {
    const form = await readKycForm(request);
    values = form.values;
    const row = await submitKyc({ actor: user, key: null }, checkKycSubmission(form));
    return redirectWithFlash("/kyc", { kind: "success", message: submittedNotice(row) });
  } catch (error) {
    if (error instanceof KycInvalid) return data({ ok: false as const, errors: renderMessages(error.messages, rendererFor(locale)), values }, { status: 422 });
    if (error instanceof DomainError || error instanceof HttpError) return pageError(error, values, locale);
    throw error;
  }
}
