import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ApproveRejectForms, UnlistedRefusal } from "~/components/approve-reject";
import { SelectField, TextareaField } from "~/components/forms";
import { KYC_REJECTION_REASONS } from "~/domain/kyc";
import { maskPhone } from "~/domain/notices";
import { pageMeta } from "~/lib/meta";
import { kycAdminAction, kycAdminLoader } from "~/pages/kyc-admin.server";
import { useT } from "~/catalog/use-words";
import { adminInstant } from "~/pages/admin";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = kycAdminLoader;
export const action = kycAdminAction;

const FILTERS = ["PENDING", "APPROVED", "REJECTED"] as const;

const IMAGES = ["id_front", "selfie", "proof_of_address"] as const;

export default function AdminKyc() {
  const t = useT();
  const { status, verifier, submissions, idempotencyKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminKyc.title")}</h1>
      <p className="mt-1 text-sm text-stone-700">{verifier === "demo" ? t("adminKyc.introDemo") : t("adminKyc.intro")}</p>
      <nav aria-label={t("admin.filterByStatus")} className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={`?status=${f}`}
            className={`rounded-full border px-3 py-1 text-sm no-underline ${status === f ? "border-stone-800 bg-stone-800 text-white" : "border-stone-300 text-stone-800"}`}
            aria-current={status === f ? "page" : undefined}
          >
            {t(`adminKyc.filter.${f}`)}
          </Link>
        ))}
      </nav>
      <UnlistedRefusal className="mt-4" answer={result && !result.ok ? result : null} listed={submissions.filter((s) => s.status === "PENDING").map((s) => s.id)} />
      {submissions.length === 0 ? <p className="mt-4 text-sm text-stone-600">{t(`adminKyc.none.${status}`)}</p> : null}
      <ul className="mt-4 space-y-4">
        {submissions.map((s) => {
          const mine = result && !result.ok && result.id === s.id ? result : null;
          return (
            <li key={s.id} className="card text-sm" data-kyc-id={s.id} data-status={s.status}>
              <p className="font-semibold">{t("adminKyc.heading", { id: s.id, name: s.legal_name, tier: t(`adminKyc.tier.${s.tier_requested}`) })}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-stone-600">{t("adminKyc.account")}</dt>
                <dd className="break-all">{t("adminKyc.accountLine", { name: s.account_name, email: s.email ?? s.phone ?? "", tier: t(`adminKyc.tier.${s.tier}`) })}</dd>
                <dt className="text-stone-600">{t("adminKyc.born")}</dt>
                <dd>{t("adminKyc.bornLine", { date: s.date_of_birth, age: s.age })}</dd>
                <dt className="text-stone-600">{t("adminKyc.id")}</dt>
                <dd>{t("adminKyc.idLine", { type: t(`adminKyc.idType.${s.id_type}`), last4: s.id_number_last4 })}</dd>
                <dt className="text-stone-600">{t("adminKyc.phone")}</dt>
                <dd>
                  {s.phone ? maskPhone(s.phone) : t("adminKyc.noPhone")} {s.phone_confirmed ? t("adminKyc.phoneConfirmed") : t("adminKyc.phoneNotConfirmed")}
                </dd>
                <dt className="text-stone-600">{t("adminKyc.sent")}</dt>
                <dd>{adminInstant(t, s.created_at)}</dd>
                {s.decided_at ? (
                  <>
                    <dt className="text-stone-600">{t("adminKyc.decision")}</dt>
                    <dd>
                      {t(`adminKyc.decision.${s.status}`)} {adminInstant(t, s.decided_at)}
                      {s.decision_reason ? `: ${s.decision_reason}` : ""}
                    </dd>
                  </>
                ) : null}
              </dl>
              <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
                {IMAGES.map((field) =>
                  s.images[field] ? (
                    <a key={field} href={s.images[field]} className="block" target="_blank" rel="noreferrer">
                      <img
                        src={s.images[field]}
                        alt={t("adminKyc.imageAlt", { image: t(`adminKyc.image.${field}`), id: s.id })}
                        loading="lazy"
                        className="h-32 w-full rounded-lg border border-stone-200 object-cover"
                      />
                      <span className="text-xs">{t(`adminKyc.image.${field}`)}</span>
                    </a>
                  ) : null,
                )}
                {Object.keys(s.images).length === 0 ? <p className="text-stone-600">{t("adminKyc.imagesDeleted")}</p> : null}
              </div>
              {s.status === "PENDING" ? (
                <div className="mt-4 space-y-3">
                  <ApproveRejectForms
                    id={s.id}
                    idempotencyKey={idempotencyKey}
                    answer={mine}
                    busy={busy}
                    reasonLabel={t("adminKyc.reason")}
                    rejectFields={
                      <>
                        {/* The reasons are sent in the investor's language; a note is sent as written, so the admin is told which one they read. */}
                        <SelectField
                          label={t("adminKyc.reason")}
                          name="reason_code"
                          defaultValue={mine?.values.reason_code ?? ""}
                          error={mine?.errors.reason_code}
                          hint={t("adminKyc.readsIn", { language: t(`adminKyc.language.${s.locale}`) })}
                        >
                          <option value="">{t("adminKyc.reasonChoose")}</option>
                          {KYC_REJECTION_REASONS.map((code) => (
                            <option key={code} value={code}>
                              {t(`adminKyc.reasonCode.${code}`)}
                            </option>
                          ))}
                        </SelectField>
                        <TextareaField label={t("adminKyc.note")} name="reason" rows={2} maxLength={500} defaultValue={mine?.values.reason ?? ""} error={mine?.errors.reason} />
                      </>
                    }
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
