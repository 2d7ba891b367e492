import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { unsubscribe } from "~/commands/account.server";
import { readUnsubscribeToken } from "~/models/messages.server";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

/**
 * The link in every notice's footer and List-Unsubscribe header: no login, no JavaScript. Opening
 * it asks (a scanner's GET changes nothing); the button, or a mail client's one-click POST
 * (RFC 8058, body List-Unsubscribe=One-Click), turns that kind of email off.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const read = readUnsubscribeToken(params.token ?? "");
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const page = { words: wordsFor(locale, ["unsubscribe"]), title: t("meta.unsubscribe.title"), description: t("meta.unsubscribe.description", { brand: PRODUCT_NAME }) };
  // A link we did not make: the page says so, with the status saying it too.
  return read ? { ...page, category: read.category } : data({ ...page, category: null }, { status: 404 });
}

export function action({ params }: ActionFunctionArgs) {
  const done = unsubscribe({ token: params.token ?? "" });
  return done ? { done: done.category } : data({ done: null }, { status: 404 });
}

export default function Unsubscribe() {
  const t = useT();
  const { category } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("unsubscribe.title")}</h1>
      <div className="card mt-6" role="status">
        {result?.done ? (
          <p data-testid="unsubscribed">{t("unsubscribe.done", { category: t(`unsubscribe.category.${result.done}`) })}</p>
        ) : category && !result ? (
          <Form method="post">
            <p>{t("unsubscribe.ask", { category: t(`unsubscribe.category.${category}`) })}</p>
            <button type="submit" className="btn-primary mt-4 w-full">
              {t("unsubscribe.submit")}
            </button>
          </Form>
        ) : (
          <p>{t("unsubscribe.invalid")}</p>
        )}
        <Link to="/account#messages" className="btn-secondary mt-4">
          {t("unsubscribe.choose")}
        </Link>
      </div>
    </section>
  );
}
