import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { fieldErrors } from "~/forms/parse.server";
import { ResetPasswordSchema } from "~/forms/account.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/forms/limits";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash } from "~/auth/session.server";
import { resetPassword } from "~/commands/account.server";
import { findValidPasswordReset } from "~/models/user.server";

export const meta: MetaFunction = () => pageMeta("Choose a new password", "Set a new password for your Akoko account.");

const EXPIRED = "This reset link has expired or was already used. Ask for a new one.";

export function loader({ params }: LoaderFunctionArgs) {
  return { valid: Boolean(findValidPasswordReset(params.token ?? "")) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const parsed = ResetPasswordSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ fields: fieldErrors(parsed.error), formError: null }, { status: 400 });
  const ok = await resetPassword({ token: params.token ?? "", password: parsed.data.password });
  if (!ok) return data({ fields: {} as Record<string, string>, formError: EXPIRED }, { status: 400 });
  return redirectWithFlash("/login", { kind: "success", message: "Your password was changed. Log in with the new one." });
}

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      {valid ? (
        <Form method="post" className="card mt-6 space-y-4" noValidate>
          <FormError message={result?.formError} />
          <Field label="New password" name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} error={result?.fields.password} />
          <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} error={result?.fields.confirm} />
          <button type="submit" className="btn-primary w-full">
            Set new password
          </button>
        </Form>
      ) : (
        <div className="card mt-6">
          <p>{EXPIRED}</p>
          <Link to="/reset-password" className="btn-secondary mt-4">
            Ask for a new link
          </Link>
        </div>
      )}
    </section>
  );
}
