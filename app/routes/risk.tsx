import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";
import { pageMeta } from "~/lib/meta";

export function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return { words: wordsFor(locale, ["risk"]), title: t("meta.risk.title"), description: t("meta.risk.description") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

const RISKS = ["market", "feed", "biological", "operational", "insurance", "liquidity", "regulatory"] as const;
const MITIGATIONS = [1, 2, 3, 4, 5, 6] as const;

export default function Risk() {
  const t = useT();
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold">{t("risk.title")}</h1>
      <p className="mt-3 text-stone-700">{withElements(t("risk.intro", slots("strong")), { strong: <strong>{t("risk.intro.strong")}</strong> })}</p>
      <nav aria-label={t("risk.onThisPage")} className="card mt-6 text-sm">
        <p className="font-semibold">{t("risk.onThisPage")}</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {RISKS.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="text-leaf-700 underline">
                {t(`risk.${id}.title`)}
              </a>
            </li>
          ))}
          <li>
            <a href="#mitigation" className="text-leaf-700 underline">
              {t("risk.mitigation.title")}
            </a>
          </li>
        </ol>
      </nav>
      {RISKS.map((id) => (
        <section key={id} id={id} className="mt-8 scroll-mt-20">
          <h2 className="text-xl font-bold">{t(`risk.${id}.title`)}</h2>
          <p className="mt-2 text-stone-700">{t(`risk.${id}.p1`)}</p>
          <p className="mt-2 text-stone-700">{t(`risk.${id}.p2`)}</p>
        </section>
      ))}
      <section id="mitigation" className="card mt-10 scroll-mt-20">
        <h2 className="text-xl font-bold">{t("risk.mitigation.title")}</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-700">
          {MITIGATIONS.map((n) => (
            <li key={n}>{t(`risk.mitigation.${n}`)}</li>
          ))}
        </ul>
      </section>
      <p className="mt-8 text-sm text-stone-600">
        {withElements(t("risk.questions", slots("faq", "terms", "contact")), {
          faq: (
            <Link to="/faq" className="underline">
              {t("risk.questions.faq")}
            </Link>
          ),
          terms: (
            <Link to="/terms" className="underline">
              {t("risk.questions.terms")}
            </Link>
          ),
          contact: (
            <Link to="/contact" className="underline">
              {t("risk.questions.contact")}
            </Link>
          ),
        })}
      </p>
    </article>
  );
}
