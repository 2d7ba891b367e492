import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { fieldErrors } from "~/forms/parse.server";
import { ResetWithCodeSchema } from "~/forms/account.server";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/forms/limits";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash } from "~/auth/session.server";
import { resetPasswordWithCode } from "~/commands/account.server";
import { clientIp, HttpError } from "~/lib/http.server";

export const meta: MetaFunction = () => pageMeta("Reset with the SMS code", "Set a new Akoko password with the code sent to your confirmed phone.");

export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const email = String(form.email ?? "");
  const parsed = ResetWithCodeSchema.safeParse(form);
  if (!parsed.success) return data({ fields: fieldErrors(parsed.error), formError: null, email }, { status: 400 });
  try {
    const ok = await resetPasswordWithCode({ email: parsed.data.email, code: parsed.data.code, password: parsed.data.password, ip: clientIp(request) });
    if (!ok)
      return data(
        { fields: {} as Record<string, string>, formError: "That code is not right, has expired or was used too many times. Check the SMS, or use the link in your email.", email },
        { status: 400 },
      );
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return data({ fields: {} as Record<string, string>, formError: error.detail, email }, { status: 429 });
    throw error;
  }
  return redirectWithFlash("/login", { kind: "success", message: "Your password was changed. Log in with the new one." });
}

export default function ResetWithCode() {
  const result = useActionData<typeof action>();
  const f = (result?.fields ?? {}) as Record<string, string | undefined>;
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">Reset with the SMS code</h1>
      <p className="mt-2 text-sm text-stone-700">When your phone is confirmed, the reset also sends a 6-digit code by SMS. It works for one hour.</p>
      <Form method="post" className="card mt-6 space-y-4" noValidate>
        <FormError message={result?.formError} />
        <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={result?.email} error={f.email} />
        <Field label="6-digit code from the SMS" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} error={f.code} />
        <Field label="New password" name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} error={f.password} />
        <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} error={f.confirm} />
        <button type="submit" className="btn-primary w-full">
          Set new password
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/reset-password" className="underline">
          Ask for a new link or code
        </Link>
      </p>
    </section>
  );
}
