import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { fieldErrors } from "~/forms/parse.server";
import { ResetRequestSchema } from "~/forms/account.server";
import { EMAIL_MAX } from "~/forms/limits";
import { RESET_REQUESTED, RESET_UNAVAILABLE } from "~/pages/account";
import { clientIp, HttpError } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { resetLinksDelivered } from "~/auth/password-reset.server";
import { requestPasswordReset } from "~/commands/account.server";

export const meta: MetaFunction = () => pageMeta("Reset your password", "Ask for a link to set a new Akoko password.");

/** Without a mail service (production on the demo outbox) the page says so rather than offer a link that never comes. */
export function loader() {
  return { delivered: resetLinksDelivered() };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const email = String(form.email ?? "");
  const parsed = ResetRequestSchema.safeParse(form);
  if (!parsed.success) return data({ sent: null, error: fieldErrors(parsed.error).email ?? "Enter a valid email address.", formError: null, email }, { status: 400 });
  try {
    const result = requestPasswordReset({ email: parsed.data.email, ip: clientIp(request) });
    return { sent: result === "requested" ? RESET_REQUESTED : RESET_UNAVAILABLE, error: null, formError: null, email: parsed.data.email };
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return data({ sent: null, error: null, formError: error.detail, email }, { status: 429 });
    throw error;
  }
}

export default function ResetPasswordRequest() {
  const { delivered } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const notice = result?.sent ?? (delivered ? null : RESET_UNAVAILABLE);
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">Reset your password</h1>
      {notice ? (
        <div className="card mt-6" role="status">
          <p>{notice}</p>
          {delivered ? (
            <Link to="/reset-password/code" className="btn-secondary mt-4">
              I got a code by SMS
            </Link>
          ) : (
            <Link to="/contact" className="btn-secondary mt-4">
              Contact support
            </Link>
          )}
        </div>
      ) : (
        <Form method="post" className="card mt-6 space-y-4" noValidate>
          <FormError message={result?.formError} />
          <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={result?.email} error={result?.error} />
          <button type="submit" className="btn-primary w-full">
            Send reset link
          </button>
        </Form>
      )}
    </section>
  );
}
