import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError, SelectField } from "~/components/forms";
import { ID_TYPES, KycSchema } from "~/forms/kyc.server";
import { KYC_DEMO_CONFIRMATION } from "~/pages/kyc";
import { parseForm } from "~/forms/parse.server";
import { KYC_LIMITS } from "~/forms/limits";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Verify your identity (demo)", "A demonstration of Akoko's KYC form: legal name, phone and a Ghana Card, passport, voter ID or driver's licence. Nothing is stored.");

export function loader() {
  // Options and limits come from the schema's module; sending them keeps zod out of the browser.
  return { idTypes: ID_TYPES.map(({ value, label, hint }) => ({ value, label, hint })), limits: KYC_LIMITS };
}

/** Checks the form and confirms. A demo stores nothing: above all, never an ID number. */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = { legal_name: String(form.legal_name ?? ""), phone: String(form.phone ?? ""), id_type: String(form.id_type ?? ""), id_number: String(form.id_number ?? "") };
  const parsed = parseForm(KycSchema, values);
  if (!parsed.ok) return data({ ok: false as const, fields: parsed.errors, values, message: null }, { status: 400 });
  return data({ ok: true as const, fields: {} as Record<string, string>, values: null, message: KYC_DEMO_CONFIRMATION });
}

export default function Kyc() {
  const { idTypes, limits } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? { legal_name: "", phone: "", id_type: "GHANA_CARD", id_number: "" };
  const fields: Record<string, string | undefined> = result?.fields ?? {};
  return (
    <section className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold">Verify your identity</h1>
      <div className="mt-4 rounded-xl border-2 border-dashed border-brand-500 bg-brand-50 p-4" role="note">
        <p className="font-bold text-brand-700">Demo only</p>
        <p className="mt-1 text-sm text-stone-700">
          This form shows what identity verification (KYC) will ask for. It is not a real check: your details are only tested for the right format, and nothing you enter is stored. Real KYC also asks for a selfie and proof of address.
        </p>
      </div>
      {result?.ok ? (
        <p className="mt-6 rounded-xl border border-leaf-600/30 bg-leaf-700/10 p-4 font-semibold text-leaf-700" role="status" data-testid="kyc-confirmation">
          {result.message}
        </p>
      ) : null}
      <Form method="post" className="card mt-6 space-y-4" noValidate key={result?.ok ? "done" : "form"}>
        {result && !result.ok ? <FormError message="Please correct the fields marked below." /> : null}
        <Field label="Legal name" name="legal_name" autoComplete="name" required maxLength={limits.legalName} defaultValue={values.legal_name} error={fields.legal_name} hint="As it appears on your ID." />
        <Field label="Phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" required maxLength={limits.phone} defaultValue={values.phone} error={fields.phone} hint="For example 024 123 4567 or +233 24 123 4567." />
        <SelectField label="ID type" name="id_type" required defaultValue={values.id_type} error={fields.id_type}>
          {idTypes.map((t) => (
            <option key={t.value} value={t.value}>{t.label}</option>
          ))}
        </SelectField>
        <Field
          label="ID number"
          name="id_number"
          required
          maxLength={limits.idNumber}
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.id_number}
          error={fields.id_number}
          hint={idTypes.map((t) => `${t.label}: ${t.hint.replace(/^Like /, "like ")}`).join(" · ")}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>{busy ? "Checking…" : "Submit"}</button>
      </Form>
    </section>
  );
}
