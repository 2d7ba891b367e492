import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ReturnsCalculator } from "~/components/calculator";
import { FaqList } from "~/components/faq-list";
import { StatCard } from "~/components/stat-card";
import { SvgChart } from "~/components/svg-chart";
import { Toast } from "~/components/toast";
import { estimatorDefaults, parseEstimatorQuery } from "~/pages/estimator";
import { faqItems } from "~/pages/faq";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { getEnv } from "~/lib/env.server";
import { taxExplainedId } from "~/components/after-tax";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";
import { PRODUCT_NAME } from "~/components/brand";
import { landingChartPoints, liveBatchCards, productSummary, SAMPLE_PRODUCTS, sampleCard, showSampleProducts, type BatchCard, type LandingBatch } from "~/pages/landing";
import { CYCLES_PER_YEAR, estimateReturns } from "~/domain/returns";
import { HARVEST_DAYS } from "~/domain/schedules";
import { renderLineChartSvg } from "~/lib/charts.server";
import { pageMeta } from "~/lib/meta";
import { sensorLines } from "~/pages/farm-readings.server";
import { getPageExamples } from "~/models/content.server";
import { getOverviewStats, listBatches, type OverviewStats } from "~/models/batch.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

/** The questions Home previews (~/pages/faq). */
const FAQ_PREVIEW = ["minimum", "payout-timing", "guaranteed"];

/** Each area fails on its own: a broken stats query must not take the batches down with it. */
function attempt<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    console.error(error);
    return null;
  }
}

export function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const stats: OverviewStats | null = attempt(getOverviewStats);
  const batches: LandingBatch[] | null = attempt(() => listBatches());
  const examples = attempt(() => getPageExamples("how-it-works"));
  const calculator = parseEstimatorQuery(new URL(request.url).searchParams, t, estimatorDefaults(examples, batches));
  const chart = landingChartPoints(batches);
  const cards = liveBatchCards(batches ?? [], t);
  // Each card's device: its latest reading and age, or that the batch has none (issue 29).
  const sensors = attempt(() =>
    sensorLines(
      cards.map((c) => c.id),
      t,
    ),
  );
  const liveBatches = cards.map((c) => ({ ...c, sensor: sensors?.get(c.id) ?? null }));
  const products = (["CHICKEN", "EGG"] as const).map((type) => {
    const summary = productSummary(type, batches, t);
    const svg = renderLineChartSvg([{ id: type, points: summary.history, color: type === "EGG" ? "#d97706" : "#166534" }], 240, 56, {
      label: t(summary.illustrative ? "landing.chart.historyIllustrative" : "landing.chart.history", { product: summary.label }),
      area: true,
    });
    return { ...summary, svg };
  });
  return {
    // The page's and the estimator's words; card titles, labels and charts are written here, in the reader's words.
    words: wordsFor(locale, ["home", "estimator", taxExplainedId(getEnv().WITHHOLDING_TAX_RATE)]),
    taxRate: getEnv().WITHHOLDING_TAX_RATE,
    title: t("meta.home.title"),
    description: t("meta.home.description"),
    stats: {
      chicken: stats?.batches_chicken ?? 0,
      egg: stats?.batches_egg ?? 0,
      open: stats?.batches_open ?? 0,
      farms: stats?.farms ?? 0,
      investors: stats?.investors ?? 0,
    },
    statsError: stats ? null : t("landing.statsError"),
    liveBatches,
    // Written here, so the page holds these words only when there are no live batches.
    liveEmpty: liveBatches.length === 0 ? t("landing.liveEmpty") : null,
    samples: showSampleProducts(batches) ? SAMPLE_PRODUCTS.map((s) => sampleCard(s, t)) : [],
    chart: {
      sample: chart.sample,
      // As wide as a phone shows it (a 294 px card), so the axis text stays readable (AXIS_FONT_SIZE).
      svg: renderLineChartSvg([{ id: "roi", points: chart.points }], 300, 180, {
        label: t(chart.sample ? "landing.chart.roiSample" : "landing.chart.roi"),
        axes: true,
        ySuffix: "%",
        area: true,
      }),
    },
    products,
    calculator,
    estimate: estimateReturns(calculator.input),
    // The preview's questions, written here: the page ships no FAQ words.
    faqPreview: faqItems(t, getEnv().WITHHOLDING_TAX_RATE).filter((f) => FAQ_PREVIEW.includes(f.id)),
  };
}

/** The steps of "How you profit", by their catalog ids (home.step.<id>.title / .text). */
const STEPS = ["account", "fund", "pick", "buy", "track", "paid"] as const;
const TRUST = ["vetted", "reporting", "payouts"] as const;
const TESTIMONIALS = ["akua", "kojo", "efua"] as const;

function StatusBadge({ status }: { status: BatchCard["status"] }) {
  const t = useT();
  const tone = status === "OPEN" ? "bg-leaf-700/10 text-leaf-700" : "bg-brand-100 text-brand-700";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`home.status.${status}`)}</span>;
}

function BatchCardView({ card, sample = false }: { card: BatchCard & { sensor?: string | null }; sample?: boolean }) {
  const t = useT();
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">{card.productLabel}</p>
          <h3 className="font-semibold">{card.title}</h3>
          <p className="text-sm text-stone-600">{card.location}</p>
        </div>
        {sample ? <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">{t("home.card.sample")}</span> : <StatusBadge status={card.status} />}
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">{t("home.card.unitPrice")}</dt>
          <dd className="font-semibold">{card.unitPrice}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t("home.card.roi")}</dt>
          <dd className="font-semibold">{card.roi}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t("home.card.available")}</dt>
          <dd className="font-semibold">{t("home.card.units", { count: card.availableUnits })}</dd>
        </div>
      </dl>
      {card.sensor ? (
        <p className="mt-2 text-xs text-stone-600" data-testid="sensor-source">
          {card.sensor}
        </p>
      ) : null}
    </>
  );
  if (sample || !card.href)
    return (
      <li className="card border-dashed bg-stone-50" data-sample="true">
        {body}
      </li>
    );
  return (
    <li>
      <Link to={card.href} className="card block text-stone-900 no-underline hover:border-leaf-600" data-batch={card.id}>
        {body}
        <span className="mt-3 inline-block text-sm font-semibold text-leaf-700">{t(`home.card.view.${card.productType}`)}</span>
      </Link>
    </li>
  );
}

export default function Home() {
  const t = useT();
  const { stats, statsError, liveBatches, liveEmpty, samples, chart, products, calculator, estimate, faqPreview, taxRate } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="container-page grid gap-8 py-10 lg:grid-cols-2 lg:py-16">
          <div>
            <p className="text-sm font-semibold text-leaf-700">{t("home.hero.kicker")}</p>
            <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t("home.hero.title")}</h1>
            <p className="mt-3 max-w-xl text-stone-700">{t("home.hero.body")}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/register" className="btn-primary">
                {t("home.hero.getStarted")}
              </Link>
              <Link to="/how-it-works" className="btn-secondary">
                {t("home.hero.howItWorks")}
              </Link>
              <Link to="/portfolio" className="btn-secondary">
                {t("home.hero.dashboard")}
              </Link>
            </div>
          </div>
          <div className="grid grid-cols-3 gap-3 self-center">
            <StatCard value={stats.chicken} label={t("home.stats.chicken")} />
            <StatCard value={stats.egg} label={t("home.stats.egg")} />
            <StatCard value={t("home.stats.always")} label={t("home.stats.liveTracking")} />
          </div>
        </div>
      </section>

      <section className="container-page py-10" aria-labelledby="profit-heading">
        <h2 id="profit-heading" className="text-2xl font-bold">
          {t("home.profit.title")}
        </h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="card flex gap-3">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-leaf-700 font-bold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{t(`home.step.${step}.title`)}</h3>
                <p className="text-sm text-stone-600">{t(`home.step.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <Link to="/register" className="btn-primary mt-4">
          {t("home.createAccount")}
        </Link>
      </section>

      <section className="container-page grid gap-3 pb-10 sm:grid-cols-3" aria-label={t("home.trust.label", { brand: PRODUCT_NAME })}>
        {TRUST.map((item) => (
          <div key={item} className="card">
            <h2 className="font-semibold">{t(`home.trust.${item}.title`)}</h2>
            <p className="mt-1 text-sm text-stone-600">{t(`home.trust.${item}.text`)}</p>
          </div>
        ))}
      </section>

      <section className="container-page pb-10" aria-labelledby="products-heading">
        <h2 id="products-heading" className="text-2xl font-bold">
          {t("home.products.title")}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {products.map((p) => (
            <article key={p.type} className="card">
              <h3 className="text-lg font-bold">{p.label}</h3>
              <p className="text-sm text-stone-600">{t(`home.products.${p.type}`)}</p>
              <p className="mt-2 text-sm">{withElements(t("home.products.from", slots("price", "roi")), { price: <strong>{p.unitPrice}</strong>, roi: <strong>{p.roi}</strong> })}</p>
              <SvgChart svg={p.svg} className="mt-2" caption={t(p.illustrative ? "home.products.trendIllustrative" : "home.products.trend")} />
              <Link to={p.href} className="btn-secondary mt-3">
                {t(`home.products.invest.${p.type}`)}
              </Link>
            </article>
          ))}
        </div>
      </section>

      <div className="container-page grid gap-6 pb-10 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="live-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="live-heading" className="text-2xl font-bold">
              {t("home.live.title")}
            </h2>
            <Link to="/invest/chicken" className="text-sm font-semibold text-leaf-700">
              {t("home.live.viewAll")}
            </Link>
          </div>
          {liveBatches.length > 0 ? (
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {liveBatches.map((card) => (
                <BatchCardView key={card.id} card={card} />
              ))}
            </ul>
          ) : (
            <p className="card mt-4 text-stone-700">{liveEmpty}</p>
          )}
          {samples.length > 0 ? (
            <div className="mt-6" data-testid="sample-products">
              <h3 className="font-semibold">{t("home.samples.title")}</h3>
              <p className="text-sm text-stone-600">{t("home.samples.body")}</p>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {samples.map((card) => (
                  <BatchCardView key={card.id} card={card} sample />
                ))}
              </ul>
            </div>
          ) : null}

          <div className="card mt-6">
            <h2 className="font-semibold">{t(chart.sample ? "home.chart.titleSample" : "home.chart.title")}</h2>
            <p className="text-xs text-stone-500">
              {chart.sample ? t("home.chart.noteSample") : t("home.chart.note", { cycles: { number: Math.round(CYCLES_PER_YEAR * 10) / 10 }, days: HARVEST_DAYS })}
            </p>
            {/* The axis's unit in words: both products' returns are per year, so their points compare. */}
            <p className="mt-2 text-xs font-semibold text-stone-600" data-testid="roi-chart-unit">
              {t("home.chart.unit")}
            </p>
            <SvgChart svg={chart.svg} className="mt-1 max-w-xl" />
          </div>
        </section>

        <aside className="space-y-4">
          <ReturnsCalculator id="estimator" action="/#estimator" heading={t("home.estimator")} form={calculator} estimate={estimate} taxRate={taxRate} />
          <div className="card text-center" aria-label={t("home.platform.label")}>
            <p className="text-sm text-stone-600">{t("home.platform.open")}</p>
            <p className="text-4xl font-bold text-leaf-700">{stats.open}</p>
            <p className="mt-1 text-xs text-stone-500">{t("home.platform.counts", { farms: stats.farms, investors: stats.investors })}</p>
          </div>
        </aside>
      </div>

      <section className="container-page pb-10" aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading" className="text-2xl font-bold">
          {t("home.testimonials.title")}{" "}
          <span className="rounded-full bg-stone-200 px-2 py-0.5 align-middle text-xs font-semibold text-stone-700" data-testid="testimonials-illustrative">
            {t("home.testimonials.illustrative")}
          </span>
        </h2>
        {/* Sample words, never presented as real people's: the label and this note say so. */}
        <p className="mt-1 text-sm text-stone-600">{t("home.testimonials.note")}</p>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          {TESTIMONIALS.map((who) => (
            <figure key={who} className="card">
              <blockquote className="text-sm text-stone-700">{t("home.testimonial.quote", { quote: t(`home.testimonial.${who}`) })}</blockquote>
              <figcaption className="mt-2 text-xs font-semibold text-stone-500">{t(`home.testimonial.${who}.who`)}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section className="container-page pb-10" aria-labelledby="faq-preview-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="faq-preview-heading" className="text-2xl font-bold">
            {t("home.faq.title")}
          </h2>
          <Link to="/faq" className="text-sm font-semibold text-leaf-700">
            {t("home.faq.all")}
          </Link>
        </div>
        <FaqList items={faqPreview} className="mt-4" />
      </section>

      <section className="container-page pb-4">
        <div className="rounded-2xl bg-leaf-700 px-6 py-8 text-center text-white">
          <h2 className="text-2xl font-bold">{t("home.cta.title")}</h2>
          <p className="mt-2 text-sm text-white/90">
            {withElements(t("home.cta.body", slots("link")), {
              link: (
                <Link to="/risk" className="text-white underline">
                  {t("home.cta.risk")}
                </Link>
              ),
            })}
          </p>
          <Link to="/register" className="btn mt-4 bg-white text-leaf-700 hover:bg-brand-50">
            {t("home.cta.button")}
          </Link>
        </div>
      </section>

      {statsError ? <Toast toast={{ kind: "error", message: statsError }} /> : null}
    </>
  );
}
