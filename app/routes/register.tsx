import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/forms/limits";
import { guardRegistration, readRegistration, RegisterError } from "~/auth/sign-in.server";
import { register } from "~/commands/account.server";
import { pageMeta } from "~/lib/meta";
import { flashCookie, getUser, sessionCookieFor, sessionMetaOf } from "~/auth/session.server";

export const meta: MetaFunction = () => pageMeta("Create your account", "Create a free Akoko account to invest in Egg Notes and Chicken Notes from partner farms in Ghana.");

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = { full_name: String(form.full_name ?? ""), email: String(form.email ?? "") };
  try {
    guardRegistration(request);
    const input = readRegistration(form);
    const { user, token } = await register({ fullName: input.full_name, email: input.email, password: input.password, session: sessionMetaOf(request, "browser") });
    const headers = new Headers({ "Set-Cookie": await sessionCookieFor(token!) });
    headers.append("Set-Cookie", await flashCookie({ kind: "success", message: `Welcome to Akoko, ${user.fullName}!` }));
    return redirect(safeRedirect(form.redirectTo), { headers });
  } catch (error) {
    if (!(error instanceof RegisterError)) throw error;
    return data({ formError: error.status === 429 ? error.message : null, fields: error.fields, values }, { status: error.status === 429 ? 429 : 400 });
  }
}

export default function Register() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">Create your account</h1>
      <p className="mt-1 text-sm text-stone-600">
        Already have one?{" "}
        <Link to={`/login?${new URLSearchParams({ redirectTo })}`} className="font-semibold text-leaf-700 underline">
          Log in
        </Link>
      </p>
      <Form method="post" className="card mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError message={result?.formError} />
        <Field label="Full name" name="full_name" autoComplete="name" required maxLength={NAME_MAX} defaultValue={result?.values.full_name} error={result?.fields.full_name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={result?.values.email} error={result?.fields.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={result?.fields.password}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Creating account…" : "Create account"}
        </button>
        <p className="text-sm text-stone-600">
          By creating an account you accept the{" "}
          <Link to="/terms" className="underline">
            Terms &amp; Privacy
          </Link>{" "}
          and confirm you are 18 or older. Investing carries risk: see the{" "}
          <Link to="/risk" className="underline">
            Risk Disclosure
          </Link>
          .
        </p>
      </Form>
    </section>
  );
}
