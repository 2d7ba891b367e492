import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { Field, FormError, SelectField } from "~/components/forms";
import { formatGhs } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";
import { kycAction, kycLoader } from "~/pages/kyc.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = kycLoader;
export const action = kycAction;

type KycData = ReturnType<typeof useLoaderData<typeof loader>>;

/** Each tier: what it needs and what it allows (the reader's own tier marked). */
function Tiers({ tiers, current }: { tiers: KycData["tiers"]; current: string | null }) {
  const t = useT();
  return (
    <>
      <h2 className="mt-8 text-xl font-bold">{t("kyc.tiers")}</h2>
      <ul className="mt-3 space-y-3" data-testid="kyc-tiers">
        {tiers.map((tier) => (
          <li key={tier.tier} className={`rounded-xl border p-3 text-sm ${tier.tier === current ? "border-leaf-600 bg-leaf-700/5" : "border-stone-200 bg-white"}`}>
            <p className="font-semibold">
              {t(`accountStatus.tierName.${tier.tier}`)}
              {tier.tier === current ? <span className="ml-2 text-leaf-700">{t("kyc.yourTierMark")}</span> : null}
            </p>
            <p className="text-stone-600">{t("kyc.needs", { needs: { msg: `kyc.needs.${tier.tier}` } })}</p>
            <p>
              {t("kyc.limits", {
                wallet: formatGhs(tier.limits.walletBalanceMinor),
                day: formatGhs(tier.limits.depositsPerDayMinor),
                month: tier.limits.depositsPerMonthMinor === null ? { msg: "kyc.noMonthlyLimit" } : { msg: "kyc.monthlyLimit", params: { month: formatGhs(tier.limits.depositsPerMonthMinor) } },
                withdrawals: { msg: tier.limits.withdrawals ? "kyc.withdrawals" : "kyc.noWithdrawals" },
              })}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function DemoNote() {
  const t = useT();
  return (
    <div className="mt-4 rounded-xl border-2 border-dashed border-brand-500 bg-brand-50 p-4" role="note" data-testid="kyc-demo-note">
      <p className="text-sm text-stone-700">{t("kyc.demoNote")}</p>
    </div>
  );
}

/** A visitor (the page is public): what the form asks for and why, and a login to send it. */
function KycRequirements({ d }: { d: KycData }) {
  const t = useT();
  const needs: Array<[string, ReactNode]> = [
    [t("kyc.legalName"), t("kyc.legalNameHint")],
    [t("kyc.dateOfBirth"), t("kyc.dateOfBirthHint")],
    [t("kyc.phone"), d.needsConfirmedPhone ? t("kyc.phoneConfirmedHint") : t("kyc.phoneHint")],
    [
      t("kyc.idType"),
      <>
        {t("kyc.visitor.idTypes")}
        <ul className="list-disc pl-5" data-testid="kyc-id-types">
          {d.idTypes.map((type) => (
            <li key={type}>{t(`kyc.idTypeOption.${type}`)}</li>
          ))}
        </ul>
      </>,
    ],
    [t("kyc.idNumber"), t("kyc.idNumberHint")],
    [t("kyc.idFront"), t("kyc.idFrontHint", { mb: d.limits.imageMb })],
    [t("kyc.selfie"), t("kyc.selfieHint")],
    [t("kyc.proofOfAddress"), t("kyc.proofOfAddressHint")],
  ];
  return (
    <>
      <p className="mt-4 text-stone-700">{t("kyc.visitor.why")}</p>
      <Link to={`/login?${new URLSearchParams({ redirectTo: "/kyc" })}`} className="btn-primary mt-4 w-full sm:w-auto" data-testid="kyc-log-in">
        {t("kyc.visitor.logIn")}
      </Link>
      <p className="mt-2 text-sm">
        {withElements(t("kyc.visitor.register", slots("link")), {
          link: (
            <Link to="/register" className="font-semibold text-leaf-700 underline">
              {t("kyc.visitor.registerLink")}
            </Link>
          ),
        })}
      </p>
      <section className="card mt-6" aria-labelledby="kyc-needs" data-testid="kyc-requirements">
        <h2 id="kyc-needs" className="text-xl font-bold">
          {t("kyc.visitor.needs")}
        </h2>
        <dl className="mt-3 space-y-3 text-sm">
          {needs.map(([term, detail]) => (
            <div key={term}>
              <dt className="font-semibold">{term}</dt>
              <dd className="text-stone-700">{detail}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Tiers tiers={d.tiers} current={null} />
    </>
  );
}

/** Public (as the product's routes say): a visitor reads what is needed; an investor sends it. */
export default function Kyc() {
  const d = useLoaderData<typeof loader>();
  const t = useT();
  if (!d.visitor) return <KycForm d={d} />;
  return (
    <section className="container-page max-w-2xl py-8">
      <h1 className="text-3xl font-bold">{t("kyc.title")}</h1>
      {d.isDemo ? <DemoNote /> : null}
      <KycRequirements d={d} />
    </section>
  );
}

/** The signed-in investor: their tier, their last submission and the form. */
function KycForm({ d }: { d: Extract<KycData, { visitor: false }> }) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  // A new form after each answer, as without JavaScript: the ID number and the photos are never left
  // filled in (on a shared phone), whether the submission was taken or refused.
  const answers = useRef(0);
  const lastAnswer = useRef(result);
  if (result !== lastAnswer.current) {
    lastAnswer.current = result;
    answers.current += 1;
  }
  const errors: Record<string, string | undefined> = result && !result.ok ? result.errors : {};
  const values = { ...d.defaults, ...(result && !result.ok ? result.values : {}) };
  const pending = d.latest?.status === "PENDING";
  const top = d.tier === "ENHANCED";
  return (
    <section className="container-page max-w-2xl py-8">
      <h1 className="text-3xl font-bold">{t("kyc.title")}</h1>
      {d.isDemo ? <DemoNote /> : null}

      <div className="card mt-6" data-testid="kyc-tier">
        <p>
          {withElements(t("kyc.yourTier", slots("tier", "today", "month")), {
            tier: <strong>{t(`accountStatus.tierName.${d.tier}`)}</strong>,
            today: <strong>{formatGhs(d.remaining.todayMinor)}</strong>,
            month: d.remaining.thisMonthMinor === null ? null : withElements(t("kyc.andThisMonth", slots("month")), { month: <strong>{formatGhs(d.remaining.thisMonthMinor)}</strong> }),
          })}
        </p>
        {d.latest ? (
          <div className="mt-3 text-sm" data-testid="kyc-latest" data-status={d.latest.status}>
            <p>
              {withElements(
                t("kyc.lastSubmission", {
                  ...slots("status"),
                  idType: { msg: `kyc.idTypeName.${d.latest.idType}` },
                  last4: d.latest.idNumberLast4,
                  tier: { msg: `accountStatus.tierName.${d.latest.tierRequested}` },
                }),
                { status: <strong>{t(`kyc.status.${d.latest.status}`)}</strong> },
              )}
            </p>
            {d.latest.status === "REJECTED" && d.latest.reason ? (
              <p className="mt-1 rounded-lg bg-red-50 p-2 text-red-800" role="alert">
                {t("kyc.reason", { reason: d.latest.reason })}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      <Tiers tiers={d.tiers} current={d.tier} />

      {pending || top ? null : (
        <Form method="post" encType="multipart/form-data" className="card mt-8 space-y-4" noValidate key={`${d.latest?.id ?? 0}-${answers.current}`}>
          <h2 className="text-xl font-bold">{d.tier === "VERIFIED" ? t("kyc.raiseToEnhanced") : t("kyc.sendDocuments")}</h2>
          {errors.form ? <FormError message={errors.form} /> : Object.keys(errors).length ? <FormError message={t("kyc.correctFields")} /> : null}
          <Field
            label={t("kyc.legalName")}
            name="legal_name"
            autoComplete="name"
            required
            maxLength={d.limits.legalName}
            defaultValue={values.legal_name}
            error={errors.legal_name}
            hint={t("kyc.legalNameHint")}
          />
          <Field
            label={t("kyc.dateOfBirth")}
            name="date_of_birth"
            type="date"
            autoComplete="bday"
            required
            defaultValue={values.date_of_birth}
            error={errors.date_of_birth}
            hint={t("kyc.dateOfBirthHint")}
          />
          <Field
            label={t("kyc.phone")}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={d.limits.phone}
            defaultValue={values.phone}
            error={errors.phone}
            hint={d.needsConfirmedPhone && !d.phoneConfirmed ? t("kyc.phoneConfirmedHint") : t("kyc.phoneHint")}
          />
          {d.needsConfirmedPhone && !d.phoneConfirmed ? (
            <p className="text-sm">
              {withElements(t("kyc.confirmPhoneFirst", slots("link")), {
                link: (
                  <Link to="/account" className="font-semibold text-leaf-700 underline">
                    {t("kyc.confirmPhoneLink")}
                  </Link>
                ),
              })}
            </p>
          ) : null}
          <SelectField label={t("kyc.idType")} name="id_type" required defaultValue={values.id_type} error={errors.id_type}>
            {d.idTypes.map((type) => (
              <option key={type} value={type}>
                {t(`kyc.idTypeOption.${type}`)}
              </option>
            ))}
          </SelectField>
          <Field
            label={t("kyc.idNumber")}
            name="id_number"
            required
            maxLength={d.limits.idNumber}
            autoComplete="off"
            spellCheck={false}
            error={errors.id_number}
            hint={
              <>
                {t("kyc.idNumberHint")} <span data-testid="id-number-display">{t("kyc.idNumberDisplay")}</span>
              </>
            }
          />
          <Field label={t("kyc.idFront")} name="id_front" type="file" accept="image/jpeg,image/png" required error={errors.id_front} hint={t("kyc.idFrontHint", { mb: d.limits.imageMb })} />
          <Field label={t("kyc.selfie")} name="selfie" type="file" accept="image/jpeg,image/png" capture="user" required error={errors.selfie} hint={t("kyc.selfieHint")} />
          <Field label={t("kyc.proofOfAddress")} name="proof_of_address" type="file" accept="image/jpeg,image/png" error={errors.proof_of_address} hint={t("kyc.proofOfAddressHint")} />
          {Object.keys(errors).length ? <p className="text-sm text-stone-600">{t("kyc.chooseAgain")}</p> : null}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? t("kyc.sending") : t("kyc.send")}
          </button>
        </Form>
      )}
    </section>
  );
}
