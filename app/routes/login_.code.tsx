import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { readPageFormData } from "~/lib/page-action.server";
import { accountLanguageCookie } from "~/auth/language-cookie.server";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms";
import { landingPath } from "~/auth/sign-in.server";
import { sessionCookieFor, sessionMetaOf } from "~/auth/session.server";
import { clearPendingSignIn, readPendingSignIn, SecondFactorError } from "~/auth/two-factor.server";
import { signInWithCode } from "~/commands/account.server";
import { readSignInCode } from "~/domain/two-factor";
import { pageMeta } from "~/lib/meta";
import { detailIn, localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";
import { getUserById } from "~/models/user.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

/** The second step of a sign-in with two factors on: only after the password, for five minutes. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await readPendingSignIn(request))) throw redirect("/login");
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return { words: wordsFor(locale, ["login"]), title: t("meta.loginCode.title"), description: t("meta.loginCode.description") };
}

export async function action({ request }: ActionFunctionArgs) {
  const pending = await readPendingSignIn(request);
  const user = pending ? getUserById(pending.userId) : undefined;
  if (!pending || !user) return redirect("/login", { headers: { "Set-Cookie": await clearPendingSignIn() } });
  const form = await readPageFormData(request);
  let token: string;
  try {
    ({ token } = signInWithCode({ userId: user.id, code: readSignInCode(form.get("code")), session: sessionMetaOf(request, "browser") }));
  } catch (error) {
    if (!(error instanceof SecondFactorError)) throw error;
    return data({ error: detailIn(localeOf(request), error) }, { status: error.status });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookieFor(token));
  headers.append("Set-Cookie", await clearPendingSignIn());
  const language = accountLanguageCookie(user.id);
  if (language) headers.append("Set-Cookie", language);
  return redirect(pending.redirectTo ?? landingPath(user), { headers });
}

export default function LoginCode() {
  const t = useT();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("login.code.title")}</h1>
      <p className="mt-1 text-sm text-stone-600">{t("login.code.intro", { brand: PRODUCT_NAME })}</p>
      <Form method="post" className="card mt-6 space-y-4" noValidate>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists to type this one code, right after the password */}
        <Field label={t("login.code.label")} name="code" inputMode="text" autoComplete="one-time-code" required maxLength={20} autoFocus error={result?.error} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("login.code.busy") : t("login.submit")}
        </button>
        <p className="text-center text-sm">
          <Link to="/login" className="text-stone-600 underline">
            {t("login.code.startAgain")}
          </Link>
        </p>
      </Form>
    </section>
  );
}
