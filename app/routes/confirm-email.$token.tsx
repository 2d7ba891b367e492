import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { confirmEmail } from "~/commands/account.server";
import { emailLinkValid } from "~/models/contacts.server";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

/** Opening the link only asks: a mail scanner that follows links must not spend it. The button confirms. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return {
    valid: emailLinkValid(params.token ?? ""),
    words: wordsFor(locale, ["confirmEmail"]),
    title: t("meta.confirmEmail.title"),
    description: t("meta.confirmEmail.description", { brand: PRODUCT_NAME }),
  };
}

export function action({ params }: ActionFunctionArgs) {
  return { confirmed: confirmEmail({ token: params.token ?? "" }) };
}

export default function ConfirmEmail() {
  const t = useT();
  const { valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const confirmed = result?.confirmed === true;
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("confirmEmail.title")}</h1>
      <div className="card mt-6" role="status">
        {confirmed ? (
          <>
            <p data-testid="email-confirmed">{t("confirmEmail.confirmed")}</p>
            <Link to="/account#messages" className="btn-primary mt-4">
              {t("confirmEmail.choose")}
            </Link>
          </>
        ) : valid && !result ? (
          <Form method="post">
            <p>{t("confirmEmail.ask")}</p>
            <button type="submit" className="btn-primary mt-4 w-full">
              {t("confirmEmail.submit")}
            </button>
          </Form>
        ) : (
          <>
            <p>{t("confirmEmail.expired")}</p>
            <Link to="/account#messages" className="btn-secondary mt-4">
              {t("confirmEmail.account")}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
