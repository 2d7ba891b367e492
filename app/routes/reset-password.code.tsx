import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { readPageForm } from "~/lib/page-action.server";
import { data } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { fieldErrors } from "~/forms/parse.server";
import { ResetWithCodeSchema } from "~/forms/account.server";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/forms/limits";
import { pageMeta } from "~/lib/meta";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { msg } from "~/catalog/ref";
import { PRODUCT_NAME } from "~/components/brand";
import { redirectWithFlash } from "~/auth/session.server";
import { resetPasswordWithCode } from "~/commands/account.server";
import { clientIp, HttpError } from "~/lib/http.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return { words: wordsFor(locale, ["reset"]), title: t("meta.resetCode.title"), description: t("meta.resetCode.description", { brand: PRODUCT_NAME }) };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  const email = String(form.email ?? "");
  const locale = localeOf(request);
  const parsed = ResetWithCodeSchema.safeParse(form);
  if (!parsed.success) return data({ fields: fieldErrors(parsed.error, rendererFor(locale)), formError: null, email }, { status: 400 });
  try {
    const ok = await resetPasswordWithCode({ email: parsed.data.email, code: parsed.data.code, password: parsed.data.password, ip: clientIp(request) });
    if (!ok) return data({ fields: {} as Record<string, string>, formError: translatorFor(locale)("reset.code.wrong"), email }, { status: 400 });
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return data({ fields: {} as Record<string, string>, formError: detailIn(locale, error), email }, { status: 429 });
    throw error;
  }
  return redirectWithFlash("/login", { kind: "success", message: msg("reset.changed") });
}

export default function ResetWithCode() {
  const t = useT();
  const result = useActionData<typeof action>();
  const f = (result?.fields ?? {}) as Record<string, string | undefined>;
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("reset.code.title")}</h1>
      <p className="mt-2 text-sm text-stone-700">{t("reset.code.intro")}</p>
      <Form method="post" className="card mt-6 space-y-4" noValidate>
        <FormError message={result?.formError} />
        <Field label={t("reset.code.email")} name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={result?.email} error={f.email} />
        <Field label={t("reset.code.code")} name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} error={f.code} />
        <Field label={t("reset.newPassword")} name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} error={f.password} />
        <Field label={t("reset.repeatPassword")} name="confirm" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} error={f.confirm} />
        <button type="submit" className="btn-primary w-full">
          {t("reset.submit")}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/reset-password" className="underline">
          {t("reset.code.askAgain")}
        </Link>
      </p>
    </section>
  );
}
