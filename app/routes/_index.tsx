import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ReturnsCalculator } from "~/components/calculator";
import { FaqList } from "~/components/faq-list";
import { StatCard } from "~/components/stat-card";
import { SvgChart } from "~/components/svg-chart";
import { Toast } from "~/components/toast";
import { estimatorDefaults, parseEstimatorQuery } from "~/pages/estimator";
import { faqItems } from "~/pages/faq";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { landingChartPoints, liveBatchCards, productSummary, SAMPLE_PRODUCTS, showSampleProducts, toCard, type BatchCard, type LandingBatch } from "~/pages/landing";
import { unitsText } from "~/domain/investing";
import { estimateReturns } from "~/domain/returns";
import { renderLineChartSvg } from "~/lib/charts.server";
import { pageMeta } from "~/lib/meta";
import { getContentPage } from "~/models/content.server";
import { getOverviewStats, listBatches, type OverviewStats } from "~/models/batch.server";

export const meta: MetaFunction = () =>
  pageMeta("Invest in poultry farms in Ghana", "Buy units of egg and broiler batches on vetted Ghanaian farms, track the birds, and receive payouts to your GHS wallet.");

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
  const stats: OverviewStats | null = attempt(getOverviewStats);
  const batches: LandingBatch[] | null = attempt(() => listBatches());
  const content = attempt(() => getContentPage("how-it-works"));
  const calculator = parseEstimatorQuery(new URL(request.url).searchParams, estimatorDefaults(content, batches));
  const chart = landingChartPoints(batches);
  const products = (["CHICKEN", "EGG"] as const).map((type) => {
    const summary = productSummary(type, batches);
    const svg = renderLineChartSvg([{ id: type, points: summary.history, color: type === "EGG" ? "#d97706" : "#166534" }], 240, 56, {
      label: `${summary.label} ROI history${summary.illustrative ? " (illustrative)" : ""}`,
      area: true,
    });
    return { ...summary, svg };
  });
  return {
    stats: {
      chicken: stats?.batches_chicken ?? 0,
      egg: stats?.batches_egg ?? 0,
      open: stats?.batches_open ?? 0,
      farms: stats?.farms ?? 0,
      investors: stats?.investors ?? 0,
    },
    statsError: stats ? null : "Could not load platform stats",
    liveBatches: liveBatchCards(batches ?? []),
    samples: showSampleProducts(batches) ? SAMPLE_PRODUCTS.map((s) => toCard(s, { sample: true })) : [],
    chart: {
      sample: chart.sample,
      // As wide as a phone shows it (a 294 px card), so the axis text stays readable (AXIS_FONT_SIZE).
      svg: renderLineChartSvg([{ id: "roi", points: chart.points }], 300, 180, {
        label: chart.sample ? "Sample ROI series (illustrative)" : "Expected ROI by batch, in percent",
        axes: true,
        ySuffix: "%",
        area: true,
      }),
    },
    products,
    calculator,
    estimate: estimateReturns(calculator.input),
    // The preview's questions, written here: the page ships no FAQ words.
    faqPreview: faqItems(translatorFor(localeOf(request))).filter((f) => FAQ_PREVIEW.includes(f.id)),
  };
}

const STEPS = [
  ["Create your account", "Sign up free and verify your ID (KYC) before your first withdrawal."],
  ["Fund your wallet", "Deposit cedis by mobile money or bank transfer."],
  ["Pick a live batch", "Compare farms, unit prices, expected ROI, feed costs and mortality."],
  ["Buy units", "Your money sits in the batch's escrow until it is deployed to the farm."],
  ["Track the flock", "Follow lay rate, feed conversion, weights, mortality and daily logs."],
  ["Get paid", "Egg Notes pay monthly; Chicken Notes pay at harvest. Withdraw to mobile money or reinvest."],
] as const;

const TRUST = [
  ["Vetted farms", "Partner farms are visited and checked, follow vaccination schedules and work with vets."],
  ["Transparent reporting", "Every batch shows its figures, daily logs, photos and incident reports."],
  ["Secure payouts", "Funds are ring-fenced in escrow; payouts are automated to your wallet after verification."],
] as const;

const TESTIMONIALS = [
  ["I put a little in an Egg Note each month. Seeing the lay rate on my phone makes it feel like my own farm.", "Akua B., nurse, Kumasi"],
  ["My first Chicken Note paid out at harvest, right when the page said it would. I reinvested half.", "Kojo A., trader, Accra"],
  ["I like that the risks are written plainly. I know what I am buying and what can go wrong.", "Efua M., teacher, Cape Coast"],
] as const;

function StatusBadge({ status }: { status: string }) {
  const tone = status === "OPEN" ? "bg-leaf-700/10 text-leaf-700" : "bg-brand-100 text-brand-700";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{status}</span>;
}

function BatchCardView({ card, sample = false }: { card: BatchCard; sample?: boolean }) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">{card.productLabel}</p>
          <h3 className="font-semibold">{card.title}</h3>
          <p className="text-sm text-stone-600">{card.location}</p>
        </div>
        {sample ? <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">Sample</span> : <StatusBadge status={card.status} />}
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">Unit price</dt>
          <dd className="font-semibold">{card.unitPrice}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Expected ROI</dt>
          <dd className="font-semibold">{card.roi}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Available</dt>
          <dd className="font-semibold">{unitsText(card.availableUnits)}</dd>
        </div>
      </dl>
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
        <span className="mt-3 inline-block text-sm font-semibold text-leaf-700">View {card.productLabel}s →</span>
      </Link>
    </li>
  );
}

export default function Home() {
  const { stats, statsError, liveBatches, samples, chart, products, calculator, estimate, faqPreview } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="container-page grid gap-8 py-10 lg:grid-cols-2 lg:py-16">
          <div>
            <p className="text-sm font-semibold text-leaf-700">Poultry co-investment in Ghana</p>
            <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Invest in Ghana's poultry farms, one unit at a time</h1>
            <p className="mt-3 max-w-xl text-stone-700">
              Buy units of egg and broiler batches on vetted partner farms, watch their numbers, and receive payouts to your wallet in Ghana cedis. Capital is not guaranteed.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/register" className="btn-primary">
                Get started
              </Link>
              <Link to="/how-it-works" className="btn-secondary">
                How it works
              </Link>
              <Link to="/portfolio" className="btn-secondary">
                Go to Dashboard
              </Link>
            </div>
          </div>
          <div className="grid grid-cols-3 gap-3 self-center">
            <StatCard value={stats.chicken} label="Chicken batches" />
            <StatCard value={stats.egg} label="Egg batches" />
            <StatCard value="24/7" label="Live tracking" />
          </div>
        </div>
      </section>

      <section className="container-page py-10" aria-labelledby="profit-heading">
        <h2 id="profit-heading" className="text-2xl font-bold">
          How you profit
        </h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="card flex gap-3">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-leaf-700 font-bold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-stone-600">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <Link to="/register" className="btn-primary mt-4">
          Create account
        </Link>
      </section>

      <section className="container-page grid gap-3 pb-10 sm:grid-cols-3" aria-label="Why investors trust Akoko">
        {TRUST.map(([title, text]) => (
          <div key={title} className="card">
            <h2 className="font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-stone-600">{text}</p>
          </div>
        ))}
      </section>

      <section className="container-page pb-10" aria-labelledby="products-heading">
        <h2 id="products-heading" className="text-2xl font-bold">
          Two ways to invest
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {products.map((p) => (
            <article key={p.type} className="card">
              <h3 className="text-lg font-bold">{p.label}</h3>
              <p className="text-sm text-stone-600">
                {p.type === "EGG"
                  ? "Layers: about 17 months (2 months rearing, 15 months of lay). Monthly income from egg sales."
                  : "Broilers: one cycle of about 7-8 weeks. A lump sum at harvest, with optional auto-reinvest."}
              </p>
              <p className="mt-2 text-sm">
                From <strong>{p.unitPrice}</strong> per unit · expected ROI <strong>{p.roi}</strong>
              </p>
              <SvgChart svg={p.svg} className="mt-2" caption={p.illustrative ? "ROI trend (illustrative)" : "ROI history of a current batch, in percent"} />
              <Link to={p.href} className="btn-secondary mt-3">
                {p.type === "EGG" ? "Invest in Eggs" : "Invest in Chicken"}
              </Link>
            </article>
          ))}
        </div>
      </section>

      <div className="container-page grid gap-6 pb-10 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="live-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="live-heading" className="text-2xl font-bold">
              Live batches
            </h2>
            <Link to="/invest/chicken" className="text-sm font-semibold text-leaf-700">
              View all products
            </Link>
          </div>
          {liveBatches.length > 0 ? (
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {liveBatches.map((card) => (
                <BatchCardView key={card.id} card={card} />
              ))}
            </ul>
          ) : (
            <p className="card mt-4 text-stone-700">No active batches available right now — check back soon.</p>
          )}
          {samples.length > 0 ? (
            <div className="mt-6" data-testid="sample-products">
              <h3 className="font-semibold">Sample products</h3>
              <p className="text-sm text-stone-600">For illustration only: these are examples of what batches look like. They are not real batches and cannot be invested in.</p>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {samples.map((card) => (
                  <BatchCardView key={card.id} card={card} sample />
                ))}
              </ul>
            </div>
          ) : null}

          <div className="card mt-6">
            <h2 className="font-semibold">{chart.sample ? "Expected ROI (sample series)" : "Expected ROI across batches"}</h2>
            <p className="text-xs text-stone-500">
              {chart.sample ? "Illustrative figures: no batches are listed yet." : "Up to 8 batches, by batch number; egg ROI is monthly, chicken ROI per cycle."}
            </p>
            <SvgChart svg={chart.svg} className="mt-2 max-w-xl" />
          </div>
        </section>

        <aside className="space-y-4">
          <ReturnsCalculator id="estimator" action="/#estimator" heading="Quick estimator" form={calculator} estimate={estimate} />
          <div className="card text-center" aria-label="Platform stats">
            <p className="text-sm text-stone-600">Batches open for investment</p>
            <p className="text-4xl font-bold text-leaf-700">{stats.open}</p>
            <p className="mt-1 text-xs text-stone-500">
              {stats.farms} partner farms · {stats.investors} investors
            </p>
          </div>
        </aside>
      </div>

      <section className="container-page pb-10" aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading" className="text-2xl font-bold">
          What investors say
        </h2>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          {TESTIMONIALS.map(([quote, who]) => (
            <figure key={who} className="card">
              <blockquote className="text-sm text-stone-700">“{quote}”</blockquote>
              <figcaption className="mt-2 text-xs font-semibold text-stone-500">{who}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section className="container-page pb-10" aria-labelledby="faq-preview-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="faq-preview-heading" className="text-2xl font-bold">
            Questions investors ask
          </h2>
          <Link to="/faq" className="text-sm font-semibold text-leaf-700">
            See all FAQs
          </Link>
        </div>
        <FaqList items={faqPreview} className="mt-4" />
      </section>

      <section className="container-page pb-4">
        <div className="rounded-2xl bg-leaf-700 px-6 py-8 text-center text-white">
          <h2 className="text-2xl font-bold">Ready to put your money to work on a real farm?</h2>
          <p className="mt-2 text-sm text-white/90">
            Start with one unit. Read the{" "}
            <Link to="/risk" className="text-white underline">
              Risk Disclosure
            </Link>{" "}
            first: capital is not guaranteed.
          </p>
          <Link to="/register" className="btn mt-4 bg-white text-leaf-700 hover:bg-brand-50">
            Create account &amp; invest
          </Link>
        </div>
      </section>

      {statsError ? <Toast toast={{ kind: "error", message: statsError }} /> : null}
    </>
  );
}
