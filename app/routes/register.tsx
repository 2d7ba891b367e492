import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { readPageForm } from "~/lib/page-action.server";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/forms/limits";
import { guardRegistration, readRegistration, RegisterError } from "~/auth/sign-in.server";
import { register } from "~/commands/account.server";
import { pageMeta } from "~/lib/meta";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { renderMessages } from "~/forms/parse.server";
import { msg } from "~/catalog/ref";
import { languageOf } from "~/catalog/languages";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";
import { slots, withElements } from "~/components/rich-text";
import { flashCookie, getUser, sessionCookieFor, sessionMetaOf } from "~/auth/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getUser(request)) throw redirect(redirectTo);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return { redirectTo, words: wordsFor(locale, ["register"]), title: t("meta.register.title"), description: t("meta.register.description", { brand: PRODUCT_NAME }) };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  const values = { full_name: String(form.full_name ?? ""), email: String(form.email ?? "") };
  try {
    guardRegistration(request);
    const input = readRegistration(form);
    const { user, token } = await register({
      fullName: input.full_name,
      email: input.email,
      password: input.password,
      session: sessionMetaOf(request, "browser"),
      language: languageOf(localeOf(request)),
    });
    const headers = new Headers({ "Set-Cookie": await sessionCookieFor(token!) });
    headers.append("Set-Cookie", await flashCookie({ kind: "success", message: msg("register.welcome", { brand: PRODUCT_NAME, name: user.fullName }) }));
    return redirect(safeRedirect(form.redirectTo), { headers });
  } catch (error) {
    if (!(error instanceof RegisterError)) throw error;
    const locale = localeOf(request);
    return data({ formError: error.status === 429 ? detailIn(locale, error) : null, fields: renderMessages(error.fields, rendererFor(locale)), values }, { status: error.status === 429 ? 429 : 400 });
  }
}

export default function Register() {
  const t = useT();
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("register.title")}</h1>
      <p className="mt-1 text-sm text-stone-600">
        {withElements(t("register.haveOne", slots("link")), {
          link: (
            <Link to={`/login?${new URLSearchParams({ redirectTo })}`} className="font-semibold text-leaf-700 underline">
              {t("register.logIn")}
            </Link>
          ),
        })}
      </p>
      <Form method="post" className="card mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError message={result?.formError} />
        <Field label={t("register.fullName")} name="full_name" autoComplete="name" required maxLength={NAME_MAX} defaultValue={result?.values.full_name} error={result?.fields.full_name} />
        <Field label={t("register.email")} name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={result?.values.email} error={result?.fields.email} />
        <Field
          label={t("register.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          hint={t("register.passwordHint", { min: PASSWORD_MIN })}
          error={result?.fields.password}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("register.busy") : t("register.submit")}
        </button>
        <p className="text-sm text-stone-600">
          {withElements(t("register.accept", slots("terms", "risk")), {
            terms: (
              <Link to="/terms" className="underline">
                {t("register.terms")}
              </Link>
            ),
            risk: (
              <Link to="/risk" className="underline">
                {t("register.risk")}
              </Link>
            ),
          })}
        </p>
      </Form>
    </section>
  );
}
