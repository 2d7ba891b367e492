import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { FaqList } from "~/components/faq-list";
import { slots, withElements } from "~/components/rich-text";
import { faqItems, FAQ_QUERY_MAX, groupFaqs, searchFaqs } from "~/pages/faq";
import { pageMeta } from "~/lib/meta";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { getEnv } from "~/lib/env.server";
import { useT } from "~/catalog/use-words";

export function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, FAQ_QUERY_MAX);
  const taxRate = getEnv().WITHHOLDING_TAX_RATE;
  return { words: wordsFor(locale, ["faq"]), title: t("meta.faq.title"), description: t("meta.faq.description"), q, taxRate, ids: searchFaqs(q, faqItems(t, taxRate)).map((f) => f.id) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export default function Faq() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  const items = useMemo(() => faqItems(t, loaded.taxRate), [t, loaded.taxRate]);
  // The server searched ?q=; with JavaScript the list follows the box as one types.
  const [query, setQuery] = useState<string | null>(null);
  const results = query === null ? items.filter((f) => loaded.ids.includes(f.id)) : searchFaqs(query, items);
  const groups = groupFaqs(results);
  const value = query ?? loaded.q;

  return (
    <section className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold">{t("faq.title")}</h1>
      <p className="mt-2 text-stone-600">{t("faq.intro")}</p>

      <form method="get" action="/faq" role="search" className="mt-6 flex gap-2">
        <label htmlFor="faq-q" className="sr-only">
          {t("faq.searchLabel")}
        </label>
        <input
          id="faq-q"
          name="q"
          type="search"
          className="field-input mt-0 flex-1"
          placeholder={t("faq.searchHint")}
          maxLength={FAQ_QUERY_MAX}
          value={value}
          onChange={(event) => setQuery(event.currentTarget.value)}
          autoComplete="off"
        />
        <button type="submit" className="btn-primary">
          {t("faq.search")}
        </button>
      </form>
      <p className="mt-2 text-sm text-stone-500" aria-live="polite">
        {value.trim() ? t("faq.matches", { count: results.length, total: items.length, query: value.trim() }) : t("faq.count", { total: items.length })}
      </p>

      {groups.length === 0 ? (
        <p className="card mt-6 text-stone-700" data-testid="faq-empty">
          {withElements(t("faq.empty", slots("contact")), {
            contact: (
              <Link to="/contact" className="font-semibold text-leaf-700 underline">
                {t("faq.empty.contact")}
              </Link>
            ),
          })}
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          {groups.map((group) => (
            <section key={group.category} aria-label={t(`faq.category.${group.category}`)}>
              <h2 className="text-lg font-bold">{t(`faq.category.${group.category}`)}</h2>
              <FaqList items={group.items} className="mt-2" />
            </section>
          ))}
        </div>
      )}

      <section className="card mt-10 bg-brand-50" aria-labelledby="help-heading">
        <h2 id="help-heading" className="text-lg font-bold">
          {t("faq.help.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{t("faq.help.body")}</p>
        <Link to="/contact" className="btn-primary mt-3">
          {t("faq.help.contact")}
        </Link>
      </section>
    </section>
  );
}
