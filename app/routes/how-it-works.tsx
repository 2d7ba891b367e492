import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ReturnsCalculator } from "~/components/calculator";
import { FaqList } from "~/components/faq-list";
import { StatCard } from "~/components/stat-card";
import { estimatorDefaults, parseEstimatorQuery } from "~/pages/estimator";
import { howItWorksWords, storedHowItWorks } from "~/pages/how-it-works.server";
import { HOW_IT_WORKS_SLUG } from "~/pages/admin";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { getEnv } from "~/lib/env.server";
import { taxExplainedId } from "~/components/after-tax";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";
import { slots, withElements } from "~/components/rich-text";
import { estimateReturns } from "~/domain/returns";
import { renderMarkdown } from "~/lib/markdown.server";
import { pageMeta } from "~/lib/meta";
import { getPageExamples, type ContentPage, type PageExamples } from "~/models/content.server";
import { getOverviewStats, listBatches, type BatchView, type OverviewStats } from "~/models/batch.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  // Each read fails on its own into empty data; a failed content read is reported.
  let stored: ContentPage | undefined;
  let examples: PageExamples | undefined;
  let contentError: string | null = null;
  try {
    stored = storedHowItWorks(locale);
    examples = getPageExamples(HOW_IT_WORKS_SLUG);
  } catch (error) {
    console.error(error);
    contentError = t("guide.loadFailed");
  }
  let stats: OverviewStats | null = null;
  try {
    stats = getOverviewStats();
  } catch (error) {
    console.error(error);
  }
  // The calculator starts from the live batches' figures; without them, from the landing defaults.
  let batches: BatchView[] | null = null;
  try {
    batches = listBatches();
  } catch (error) {
    console.error(error);
  }
  const calculator = parseEstimatorQuery(new URL(request.url).searchParams, t, estimatorDefaults(examples, batches));
  const guide = howItWorksWords(stored, t);
  return {
    words: wordsFor(locale, ["howItWorks", "estimator", taxExplainedId(getEnv().WITHHOLDING_TAX_RATE)]),
    taxRate: getEnv().WITHHOLDING_TAX_RATE,
    title: guide.title,
    description: t("meta.howItWorks.description"),
    counts: { chicken: stats?.batches_chicken ?? 0, egg: stats?.batches_egg ?? 0 },
    guideHtml: renderMarkdown(guide.bodyMd),
    guideIsFallback: guide.bodyIsFallback,
    contentError,
    faqs: guide.faqs.map(({ question, answer }) => ({ question, answer })),
    calculator,
    estimate: estimateReturns(calculator.input),
  };
}

/** The seven steps, by their catalog ids (howItWorks.step.<id>.title / .text). */
const STEPS = ["signUp", "fund", "select", "invest", "track", "payouts", "withdraw"] as const;
/** The comparison's rows (howItWorks.compare.<id>, .egg, .chicken). */
const COMPARISON = ["birds", "term", "roi", "payouts", "exit"] as const;

export default function HowItWorks() {
  const t = useT();
  const { title, counts, guideHtml, contentError, faqs, calculator, estimate, taxRate } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="container-page py-10">
          <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-stone-700">{t("howItWorks.intro", { brand: PRODUCT_NAME })}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/register" className="btn-primary">
              {t("howItWorks.createAccount")}
            </Link>
            <a href="#calculator" className="btn-secondary">
              {t("howItWorks.estimate")}
            </a>
          </div>
          <div className="mt-8 grid max-w-xl grid-cols-3 gap-3">
            <StatCard value={counts.chicken} label={t("howItWorks.stats.broiler")} />
            <StatCard value={counts.egg} label={t("howItWorks.stats.layer")} />
            <StatCard value={t("howItWorks.stats.always")} label={t("howItWorks.stats.liveTracking")} />
          </div>
        </div>
      </section>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section className="card" aria-labelledby="compare-heading">
            <h2 id="compare-heading" className="text-xl font-bold">
              {t("howItWorks.compare.title")}
            </h2>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-stone-200">
                    <th scope="col" className="py-2 pr-2">
                      <span className="sr-only">{t("howItWorks.compare.feature")}</span>
                    </th>
                    <th scope="col" className="py-2 pr-2">
                      {t("howItWorks.compare.egg")}
                    </th>
                    <th scope="col" className="py-2">
                      {t("howItWorks.compare.chicken")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {COMPARISON.map((row) => (
                    <tr key={row} className="border-b border-stone-100 align-top">
                      <th scope="row" className="py-2 pr-2 font-medium">
                        {t(`howItWorks.compare.${row}`)}
                      </th>
                      <td className="py-2 pr-2 text-stone-700">{t(`howItWorks.compare.${row}.egg`)}</td>
                      <td className="py-2 text-stone-700">{t(`howItWorks.compare.${row}.chicken`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-3 flex flex-wrap gap-3 text-sm font-semibold">
              <Link to="/invest/eggs" className="text-leaf-700">
                {t("howItWorks.compare.seeEggs")}
              </Link>
              <Link to="/invest/chicken" className="text-leaf-700">
                {t("howItWorks.compare.seeChicken")}
              </Link>
            </div>
          </section>

          <section aria-labelledby="steps-heading">
            <h2 id="steps-heading" className="text-xl font-bold">
              {t("howItWorks.steps.title")}
            </h2>
            <ol className="mt-3 space-y-3">
              {STEPS.map((step, i) => (
                <li key={step} className="card flex gap-3">
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-leaf-700 font-bold text-white" aria-hidden="true">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{t(`howItWorks.step.${step}.title`)}</h3>
                    <p className="text-sm text-stone-600">{t(`howItWorks.step.${step}.text`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          <div className="grid gap-4 sm:grid-cols-2">
            <section className="card" aria-labelledby="shows-heading">
              <h2 id="shows-heading" className="text-lg font-bold">
                {t("howItWorks.shows.title")}
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
                <li>{t("howItWorks.shows.price")}</li>
                <li>{t("howItWorks.shows.roi")}</li>
                <li>{t("howItWorks.shows.fcr")}</li>
                <li>{t("howItWorks.shows.mortality")}</li>
              </ul>
            </section>
            <section className="card" aria-labelledby="security-heading">
              <h2 id="security-heading" className="text-lg font-bold">
                {t("howItWorks.security.title")}
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
                <li>{t("howItWorks.security.escrow")}</li>
                <li>{t("howItWorks.security.vetted")}</li>
                <li>{t("howItWorks.security.reserves")}</li>
                <li>
                  {withElements(t("howItWorks.security.capital", slots("link")), {
                    link: (
                      <Link to="/risk" className="underline">
                        {t("howItWorks.security.risk")}
                      </Link>
                    ),
                  })}
                </li>
              </ul>
            </section>
          </div>

          <section className="card" aria-labelledby="guide-heading">
            <h2 id="guide-heading" className="text-xl font-bold">
              {t("howItWorks.guide.title")}
            </h2>
            {contentError ? (
              <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
                {contentError}
              </p>
            ) : null}
            <div
              className="mt-3 text-sm text-stone-800 [&_a]:text-leaf-700 [&_a]:underline [&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-3 [&_blockquote]:text-stone-600 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5"
              dangerouslySetInnerHTML={{ __html: guideHtml }}
            />
          </section>
        </div>

        <aside className="space-y-4">
          <ReturnsCalculator id="calculator" action="/how-it-works#calculator" heading={t("howItWorks.calculator")} form={calculator} estimate={estimate} taxRate={taxRate} />
          <section aria-labelledby="hiw-faq-heading">
            <h2 id="hiw-faq-heading" className="text-lg font-bold">
              {t("howItWorks.faq.title")}
            </h2>
            <FaqList items={faqs} className="mt-2" />
          </section>
          <section className="card" aria-labelledby="help-heading">
            <h2 id="help-heading" className="text-lg font-bold">
              {t("howItWorks.help.title")}
            </h2>
            <p className="mt-1 text-sm text-stone-600">{t("howItWorks.help.body")}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Link to="/contact" className="btn-primary">
                {t("howItWorks.help.contact")}
              </Link>
              <Link to="/faq" className="btn-secondary">
                {t("howItWorks.help.faq")}
              </Link>
            </div>
          </section>
        </aside>
      </div>
    </>
  );
}
