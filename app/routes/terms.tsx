import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";
import { pageMeta } from "~/lib/meta";

export function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return { words: wordsFor(locale, ["terms"]), title: t("meta.terms.title"), description: t("meta.terms.description") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

const SECTIONS = ["agreement", "privacy", "investment", "security", "account", "contact"] as const;

export default function Terms() {
  const t = useT();
  const heading = (id: (typeof SECTIONS)[number]) => <h2 className="text-xl font-bold text-stone-900">{t(`terms.${id}.title`)}</h2>;
  return (
    <article className="container-page max-w-3xl py-10 text-stone-700">
      <h1 className="text-3xl font-bold text-stone-900">{t("terms.title")}</h1>
      <p className="mt-2 text-sm text-stone-500">{t("terms.updated")}</p>
      <p className="mt-3">
        {withElements(t("terms.intro", slots("risk")), {
          risk: (
            <Link to="/risk" className="underline">
              {t("terms.intro.risk")}
            </Link>
          ),
        })}
      </p>
      <nav aria-label={t("terms.onThisPage")} className="card mt-6 text-sm">
        <p className="font-semibold text-stone-900">{t("terms.onThisPage")}</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="text-leaf-700 underline">
                {t(`terms.${id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="agreement" className="mt-8 scroll-mt-20">
        {heading("agreement")}
        <p className="mt-2">{t("terms.agreement.p1")}</p>
        <p className="mt-2">{t("terms.agreement.p2")}</p>
      </section>

      <section id="privacy" className="mt-8 scroll-mt-20">
        {heading("privacy")}
        <p className="mt-2">{t("terms.privacy.p1")}</p>
        <p className="mt-2">{t("terms.privacy.p2")}</p>
      </section>

      <section id="investment" className="mt-8 scroll-mt-20">
        {heading("investment")}
        <ul className="mt-2 list-disc space-y-2 pl-5">
          <li>{t("terms.investment.units")}</li>
          <li>{withElements(t("terms.investment.egg", slots("name")), { name: <strong>{t("terms.investment.eggName")}</strong> })}</li>
          <li>{withElements(t("terms.investment.chicken", slots("name")), { name: <strong>{t("terms.investment.chickenName")}</strong> })}</li>
          <li>{t("terms.investment.exit")}</li>
          <li>{t("terms.investment.estimates")}</li>
        </ul>
      </section>

      <section id="security" className="mt-8 scroll-mt-20">
        {heading("security")}
        <p className="mt-2">{t("terms.security.p1")}</p>
      </section>

      <section id="account" className="mt-8 scroll-mt-20">
        {heading("account")}
        <p className="mt-2">{t("terms.account.p1")}</p>
      </section>

      <section id="contact" className="mt-8 scroll-mt-20">
        {heading("contact")}
        <p className="mt-2">
          {withElements(t("terms.contact.p1", slots("form")), {
            form: (
              <Link to="/contact" className="underline">
                {t("terms.contact.form")}
              </Link>
            ),
          })}
        </p>
      </section>
    </article>
  );
}
