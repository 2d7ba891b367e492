import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { newIdempotencyKey, readPageForm } from "~/lib/page-action.server";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { fieldErrors } from "~/forms/parse.server";
import { ResetRequestSchema } from "~/forms/account.server";
import { EMAIL_MAX } from "~/forms/limits";
import { clientIp, HttpError } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";
import { resetLinksDelivered } from "~/auth/password-reset.server";
import { requestPasswordReset } from "~/commands/account.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

/**
 * Without a mail service (production on the demo outbox) the page says so rather than offer a link that
 * never comes; it then ships none of the form's words either.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const delivered = resetLinksDelivered();
  return {
    delivered,
    // The form sends it: the same form sent again (a second tap without JavaScript) makes no second reset.
    idempotencyKey: newIdempotencyKey(),
    words: wordsFor(
      locale,
      delivered ? ["reset.request.title", "reset.request.gotCode", "reset.request.email", "reset.request.submit"] : ["reset.request.title", "reset.request.unavailable", "reset.request.contact"],
    ),
    title: t("meta.resetRequest.title"),
    description: t("meta.resetRequest.description", { brand: PRODUCT_NAME }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  const email = String(form.email ?? "");
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const parsed = ResetRequestSchema.safeParse(form);
  if (!parsed.success) return data({ sent: null, error: fieldErrors(parsed.error, rendererFor(locale)).email ?? t("reset.request.invalidEmail"), formError: null, email }, { status: 400 });
  try {
    const result = requestPasswordReset({ email: parsed.data.email, ip: clientIp(request), key: form.idempotency_key });
    const sent = result === "requested" ? t("reset.request.requested") : t("reset.request.unavailable", { brand: PRODUCT_NAME });
    return { sent, error: null, formError: null, email: parsed.data.email };
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return data({ sent: null, error: null, formError: detailIn(locale, error), email }, { status: 429 });
    throw error;
  }
}

export default function ResetPasswordRequest() {
  const t = useT();
  const { delivered, idempotencyKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const notice = result?.sent ?? (delivered ? null : t("reset.request.unavailable", { brand: PRODUCT_NAME }));
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("reset.request.title")}</h1>
      {notice ? (
        <div className="card mt-6" role="status">
          <p>{notice}</p>
          {delivered ? (
            <Link to="/reset-password/code" className="btn-secondary mt-4">
              {t("reset.request.gotCode")}
            </Link>
          ) : (
            <Link to="/contact" className="btn-secondary mt-4">
              {t("reset.request.contact")}
            </Link>
          )}
        </div>
      ) : (
        <Form method="post" className="card mt-6 space-y-4" noValidate>
          <input type="hidden" name="idempotency_key" value={idempotencyKey} />
          <FormError message={result?.formError} />
          <Field label={t("reset.request.email")} name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={result?.email} error={result?.error} />
          <button type="submit" className="btn-primary w-full">
            {t("reset.request.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
