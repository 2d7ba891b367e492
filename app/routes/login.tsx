import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { readPageFormData } from "~/lib/page-action.server";
import { accountLanguageCookie } from "~/auth/language-cookie.server";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { EMAIL_MAX, PASSWORD_MAX } from "~/forms/limits";
import { authenticator, landingPath, LoginError } from "~/auth/sign-in.server";
import { signIn } from "~/commands/account.server";
import { clientIp } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { renderMessages } from "~/forms/parse.server";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";
import { slots, withElements } from "~/components/rich-text";
import { getUser, sessionCookieFor, sessionMetaOf } from "~/auth/session.server";
import { pendingSignInCookie } from "~/auth/two-factor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

/** Where to go after logging in: the page that asked (redirectTo), else the user's home (landingPath). */
function askedFor(value: FormDataEntryValue | string | null): string | null {
  return typeof value === "string" && value !== "" ? safeRedirect(value) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = askedFor(new URL(request.url).searchParams.get("redirectTo"));
  const user = await getUser(request);
  if (user) throw redirect(redirectTo ?? landingPath(user));
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return { redirectTo, words: wordsFor(locale, ["login"]), title: t("meta.login.title"), description: t("meta.login.description", { brand: PRODUCT_NAME }) };
}

export async function action({ request }: ActionFunctionArgs) {
  // The form strategy reads the body itself; read our own fields from a clone.
  const form = await readPageFormData(request.clone());
  const redirectTo = askedFor(form.get("redirectTo"));
  const email = String(form.get("email") ?? "");
  try {
    const credentials = await authenticator.authenticate("form", request);
    const { user, token } = await signIn({ ...credentials, ip: clientIp(request), session: sessionMetaOf(request, "browser") });
    // Two factors on: the password is right, the code comes on a second step (issue 20).
    if (token === null) return redirect("/login/code", { headers: { "Set-Cookie": await pendingSignInCookie({ userId: user.id, redirectTo }) } });
    const headers = new Headers({ "Set-Cookie": await sessionCookieFor(token) });
    const language = accountLanguageCookie(user.id);
    if (language) headers.append("Set-Cookie", language);
    return redirect(redirectTo ?? landingPath(user), { headers });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const locale = localeOf(request);
    return data({ formError: detailIn(locale, error), fields: renderMessages(error.fields, rendererFor(locale)), values: { email } }, { status: error.status === 422 ? 400 : error.status });
  }
}

export default function Login() {
  const t = useT();
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("login.title")}</h1>
      <p className="mt-1 text-sm text-stone-600">
        {withElements(t("login.newTo", { brand: PRODUCT_NAME, ...slots("link") }), {
          link: (
            <Link to={redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register"} className="font-semibold text-leaf-700 underline">
              {t("login.createOne")}
            </Link>
          ),
        })}
      </p>
      <Form method="post" className="card mt-6 space-y-4" noValidate>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormError message={result?.formError} />
        <Field label={t("login.email")} name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={result?.values.email} error={result?.fields.email} />
        <Field label={t("login.password")} name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} error={result?.fields.password} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("login.busy") : t("login.submit")}
        </button>
        <p className="text-center text-sm">
          <Link to="/reset-password" className="text-stone-600 underline">
            {t("login.forgot")}
          </Link>
        </p>
      </Form>
      {/* Issue 31: accounts registered by phone have no email or password; others may use their phone too. */}
      <p className="mt-4 text-center text-sm">
        <Link to={redirectTo ? `/login/phone?${new URLSearchParams({ redirectTo })}` : "/login/phone"} className="font-semibold text-leaf-700 underline">
          {t("login.withPhone")}
        </Link>
      </p>
    </section>
  );
}
