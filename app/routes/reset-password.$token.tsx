import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { readPageForm } from "~/lib/page-action.server";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { fieldErrors } from "~/forms/parse.server";
import { ResetPasswordSchema } from "~/forms/account.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/forms/limits";
import { pageMeta } from "~/lib/meta";
import { localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { msg } from "~/catalog/ref";
import { PRODUCT_NAME } from "~/components/brand";
import { redirectWithFlash } from "~/auth/session.server";
import { resetPassword } from "~/commands/account.server";
import { findValidPasswordReset } from "~/models/user.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return {
    valid: Boolean(findValidPasswordReset(params.token ?? "")),
    words: wordsFor(locale, ["reset"]),
    title: t("meta.resetLink.title"),
    description: t("meta.resetLink.description", { brand: PRODUCT_NAME }),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const locale = localeOf(request);
  const parsed = ResetPasswordSchema.safeParse(await readPageForm(request));
  if (!parsed.success) return data({ fields: fieldErrors(parsed.error, rendererFor(locale)), formError: null }, { status: 400 });
  const ok = await resetPassword({ token: params.token ?? "", password: parsed.data.password });
  if (!ok) return data({ fields: {} as Record<string, string>, formError: translatorFor(locale)("reset.link.expired") }, { status: 400 });
  return redirectWithFlash("/login", { kind: "success", message: msg("reset.changed") });
}

export default function ResetPassword() {
  const t = useT();
  const { valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("reset.link.title")}</h1>
      {valid ? (
        <Form method="post" className="card mt-6 space-y-4" noValidate>
          <FormError message={result?.formError} />
          <Field
            label={t("reset.newPassword")}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            error={result?.fields.password}
          />
          <Field label={t("reset.repeatPassword")} name="confirm" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} error={result?.fields.confirm} />
          <button type="submit" className="btn-primary w-full">
            {t("reset.submit")}
          </button>
        </Form>
      ) : (
        <div className="card mt-6">
          <p>{t("reset.link.expired")}</p>
          <Link to="/reset-password" className="btn-secondary mt-4">
            {t("reset.link.askAgain")}
          </Link>
        </div>
      )}
    </section>
  );
}
