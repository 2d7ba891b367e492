import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Field } from "~/components/forms";
import { fieldErrors, ResetRequestSchema } from "~/domain/account";
import { EMAIL_MAX, RESET_REQUESTED } from "~/domain/account-limits";
import { pageMeta } from "~/lib/meta";
import { requestPasswordReset } from "~/lib/password-reset.server";

export const meta: MetaFunction = () => pageMeta("Reset your password", "Ask for a link to set a new Akoko password.");

export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = ResetRequestSchema.safeParse(form);
  if (!parsed.success) return data({ sent: false, error: fieldErrors(parsed.error).email ?? "Enter a valid email address.", email: String(form.email ?? "") }, { status: 400 });
  requestPasswordReset(parsed.data.email, request);
  return { sent: true, error: null, email: parsed.data.email };
}

export default function ResetPasswordRequest() {
  const result = useActionData<typeof action>();
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">Reset your password</h1>
      {result?.sent ? (
        <p className="card mt-6" role="status">{RESET_REQUESTED}</p>
      ) : (
        <Form method="post" className="card mt-6 space-y-4" noValidate>
          <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={result?.email} error={result?.error} />
          <button type="submit" className="btn-primary w-full">Send reset link</button>
        </Form>
      )}
    </section>
  );
}

