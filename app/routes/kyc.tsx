import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { Field, FormError, SelectField } from "~/components/forms";
import { ID_TYPE_NAMES, TIER_NAMES } from "~/domain/kyc";
import { formatGhs } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { ID_NUMBER_DISPLAY_NOTE, KYC_DEMO_NOTE } from "~/pages/kyc";
import { kycAction, kycLoader } from "~/pages/kyc.server";

export const meta: MetaFunction = () =>
  pageMeta("Verify your identity", "Verify your identity with your Ghana Card (or ECOWAS passport) and a selfie to raise your deposit limits and withdraw to your own accounts.");

export const loader = kycLoader;
export const action = kycAction;

const STATUS_TEXT = {
  PENDING: "Your documents are being reviewed. We will tell you the result by email and SMS, usually within 24 hours.",
  APPROVED: "Approved.",
  REJECTED: "We could not verify your identity.",
} as const;

export default function Kyc() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
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
  const current = d.tiers.find((t) => t.tier === d.tier)!;
  const pending = d.latest?.status === "PENDING";
  const top = d.tier === "ENHANCED";
  return (
    <section className="container-page max-w-2xl py-8">
      <h1 className="text-3xl font-bold">Verify your identity</h1>
      {d.isDemo ? (
        <div className="mt-4 rounded-xl border-2 border-dashed border-brand-500 bg-brand-50 p-4" role="note" data-testid="kyc-demo-note">
          <p className="text-sm text-stone-700">{KYC_DEMO_NOTE}</p>
        </div>
      ) : null}

      <div className="card mt-6" data-testid="kyc-tier">
        <p>
          Your account is <strong>{current.name}</strong>. You can still deposit <strong>{formatGhs(d.remaining.todayMinor)}</strong> today
          {d.remaining.thisMonthMinor === null ? null : (
            <>
              {" "}
              and <strong>{formatGhs(d.remaining.thisMonthMinor)}</strong> this month
            </>
          )}
          .
        </p>
        {d.latest ? (
          <div className="mt-3 text-sm" data-testid="kyc-latest" data-status={d.latest.status}>
            <p>
              Your last submission ({ID_TYPE_NAMES[d.latest.idType]} ending {d.latest.idNumberLast4}, for {TIER_NAMES[d.latest.tierRequested]}): <strong>{STATUS_TEXT[d.latest.status]}</strong>
            </p>
            {d.latest.status === "REJECTED" && d.latest.reason ? (
              <p className="mt-1 rounded-lg bg-red-50 p-2 text-red-800" role="alert">
                Reason: {d.latest.reason}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      <h2 className="mt-8 text-xl font-bold">Tiers and their limits</h2>
      <ul className="mt-3 space-y-3" data-testid="kyc-tiers">
        {d.tiers.map((t) => (
          <li key={t.tier} className={`rounded-xl border p-3 text-sm ${t.tier === d.tier ? "border-leaf-600 bg-leaf-700/5" : "border-stone-200 bg-white"}`}>
            <p className="font-semibold">
              {t.name}
              {t.tier === d.tier ? <span className="ml-2 text-leaf-700">(your tier)</span> : null}
            </p>
            <p className="text-stone-600">Needs: {t.needs}.</p>
            <p>
              Wallet up to {formatGhs(t.limits.walletBalanceMinor)} · deposits up to {formatGhs(t.limits.depositsPerDayMinor)} a day
              {t.limits.depositsPerMonthMinor === null ? ", no monthly limit" : ` and ${formatGhs(t.limits.depositsPerMonthMinor)} a month`} ·{" "}
              {t.limits.withdrawals ? "withdrawals to your own accounts" : "no withdrawals"}
            </p>
          </li>
        ))}
      </ul>

      {pending || top ? null : (
        <Form method="post" encType="multipart/form-data" className="card mt-8 space-y-4" noValidate key={`${d.latest?.id ?? 0}-${answers.current}`}>
          <h2 className="text-xl font-bold">{d.tier === "VERIFIED" ? "Raise your account to Enhanced" : "Send your documents"}</h2>
          {errors.form ? <FormError message={errors.form} /> : Object.keys(errors).length ? <FormError message="Please correct the fields marked below." /> : null}
          <Field
            label="Legal name"
            name="legal_name"
            autoComplete="name"
            required
            maxLength={d.limits.legalName}
            defaultValue={values.legal_name}
            error={errors.legal_name}
            hint="As it appears on your ID."
          />
          <Field label="Date of birth" name="date_of_birth" type="date" autoComplete="bday" required defaultValue={values.date_of_birth} error={errors.date_of_birth} hint="You must be 18 or older." />
          <Field
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={d.limits.phone}
            defaultValue={values.phone}
            error={errors.phone}
            hint={d.needsConfirmedPhone && !d.phoneConfirmed ? "It must be the phone you confirmed with our SMS code on your account page." : "For example 024 123 4567."}
          />
          {d.needsConfirmedPhone && !d.phoneConfirmed ? (
            <p className="text-sm">
              <Link to="/account" className="font-semibold text-leaf-700 underline">
                Confirm your phone first
              </Link>{" "}
              (we text it a code).
            </p>
          ) : null}
          <SelectField label="ID type" name="id_type" required defaultValue={values.id_type} error={errors.id_type}>
            {d.idTypes.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
          <Field
            label="ID number"
            name="id_number"
            required
            maxLength={d.limits.idNumber}
            autoComplete="off"
            spellCheck={false}
            error={errors.id_number}
            hint={
              <>
                {d.idTypes.map((t) => `${t.label}: ${t.hint.replace(/^(Like|As) /, (m) => m.toLowerCase())}`).join(" · ")}. <span data-testid="id-number-display">{ID_NUMBER_DISPLAY_NOTE}</span>
              </>
            }
          />
          <Field
            label="Photo of the front of your ID"
            name="id_front"
            type="file"
            accept="image/jpeg,image/png"
            required
            error={errors.id_front}
            hint={`JPEG or PNG, up to ${d.limits.imageMb} MB. All four corners, sharp and readable.`}
          />
          <Field label="Selfie" name="selfie" type="file" accept="image/jpeg,image/png" capture="user" required error={errors.selfie} hint="A clear photo of your face, without sunglasses or a hat." />
          <Field
            label="Proof of address (optional, for the Enhanced tier)"
            name="proof_of_address"
            type="file"
            accept="image/jpeg,image/png"
            error={errors.proof_of_address}
            hint="A photo of a utility bill or bank statement from the last 3 months, in your name."
          />
          {Object.keys(errors).length ? <p className="text-sm text-stone-600">For your safety, choose the photos and type the ID number again.</p> : null}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Sending…" : "Send for verification"}
          </button>
        </Form>
      )}
    </section>
  );
}
