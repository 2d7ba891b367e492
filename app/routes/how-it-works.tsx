import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ReturnsCalculator } from "~/components/calculator";
import { FaqList } from "~/components/faq-list";
import { StatCard } from "~/components/stat-card";
import { estimatorDefaults, parseEstimatorQuery } from "~/pages/estimator";
import { faqItems } from "~/pages/faq";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { estimateReturns } from "~/domain/returns";
import { renderMarkdown } from "~/lib/markdown.server";
import { pageMeta } from "~/lib/meta";
import { getContentPage, type ContentPage } from "~/models/content.server";
import { getOverviewStats, listBatches, type BatchView, type OverviewStats } from "~/models/batch.server";

const DESCRIPTION = "How Akoko works: open an account, fund your wallet, buy units of an egg or broiler batch, track the farm and receive payouts in cedis.";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title || "How It Works", DESCRIPTION);

/** Shown when the stored guide is empty or could not be read. */
const FALLBACK_GUIDE = `## The guide in short

1. **Sign up and verify.** Register, then complete KYC with a government ID and a selfie.
2. **Fund your wallet** by mobile money or bank transfer.
3. **Choose a batch.** Each batch page shows the unit price, expected ROI, feed costs and mortality.
4. **Invest** in whole units. Your money is held in escrow until it is deployed to the farm.
5. **Track and get paid.** Egg Notes pay monthly once the hens are in lay; Chicken Notes pay at harvest.
6. **Withdraw or reinvest** to mobile money, a bank account, or the next open batch.

> Returns are estimates, not promises. Read the [Risk Disclosure](/risk) before you invest.
`;

export function loader({ request }: LoaderFunctionArgs) {
  // Each read fails on its own into empty data; a failed content read is reported.
  let content: ContentPage | undefined;
  let contentError: string | null = null;
  try {
    content = getContentPage("how-it-works");
  } catch (error) {
    console.error(error);
    contentError = "Failed to load page content. Please try again.";
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
  const calculator = parseEstimatorQuery(new URL(request.url).searchParams, estimatorDefaults(content, batches));
  const body = content?.bodyMd.trim() ? content.bodyMd : FALLBACK_GUIDE;
  const faqs = content?.faqs.length ? content.faqs : faqItems(translatorFor(localeOf(request))).filter((f) => ["minimum", "payout-timing", "guaranteed", "early-exit"].includes(f.id));
  return {
    title: content?.title.trim() || "How It Works",
    counts: { chicken: stats?.batches_chicken ?? 0, egg: stats?.batches_egg ?? 0 },
    guideHtml: renderMarkdown(body),
    guideIsFallback: body === FALLBACK_GUIDE,
    contentError,
    faqs: faqs.map(({ question, answer }) => ({ question, answer })),
    calculator,
    estimate: estimateReturns(calculator.input),
  };
}

const STEPS = [
  ["Sign up and verify", "Create your account, then complete KYC with your ID and a selfie."],
  ["Fund your wallet", "Deposit cedis by mobile money or bank transfer."],
  ["Select a batch", "Compare Egg Notes and Chicken Notes from vetted partner farms."],
  ["Invest", "Buy whole units; the money is held in the batch's escrow until deployed to the farm."],
  ["Track progress", "Follow lay rate or feed conversion, weights, mortality, daily logs and photos."],
  ["Receive payouts", "Monthly for eggs, at harvest for chicken, paid to your wallet after verification."],
  ["Withdraw or reinvest", "Withdraw to mobile money or a bank, or reinvest into the next batch."],
] as const;

const COMPARISON = [
  ["Birds", "Layers (laying hens)", "Broilers (meat chickens)"],
  ["Term", "About 17 months: 2 months rearing + 15 months of lay", "About 7-8 weeks per cycle"],
  ["Expected ROI", "Monthly", "Per cycle"],
  ["Payouts", "Monthly from egg sales once in lay", "Lump sum at harvest, optional auto-reinvest"],
  ["Early exit", "After the first month, 3-7% fee, when a buyer is found", "Locked until harvest"],
] as const;

export default function HowItWorks() {
  const { title, counts, guideHtml, contentError, faqs, calculator, estimate } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="container-page py-10">
          <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-stone-700">
            Akoko lets you own units of real poultry batches on partner farms in Ghana. You choose the batch, the farm raises the birds, and your share of the income is paid to your wallet.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/register" className="btn-primary">
              Create account
            </Link>
            <a href="#calculator" className="btn-secondary">
              Estimate returns
            </a>
          </div>
          <div className="mt-8 grid max-w-xl grid-cols-3 gap-3">
            <StatCard value={counts.chicken} label="Broiler batches" />
            <StatCard value={counts.egg} label="Layer batches" />
            <StatCard value="24/7" label="live tracking" />
          </div>
        </div>
      </section>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section className="card" aria-labelledby="compare-heading">
            <h2 id="compare-heading" className="text-xl font-bold">
              Egg Note or Chicken Note?
            </h2>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-stone-200">
                    <th scope="col" className="py-2 pr-2">
                      <span className="sr-only">Feature</span>
                    </th>
                    <th scope="col" className="py-2 pr-2">
                      Egg Note
                    </th>
                    <th scope="col" className="py-2">
                      Chicken Note
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {COMPARISON.map(([feature, egg, chicken]) => (
                    <tr key={feature} className="border-b border-stone-100 align-top">
                      <th scope="row" className="py-2 pr-2 font-medium">
                        {feature}
                      </th>
                      <td className="py-2 pr-2 text-stone-700">{egg}</td>
                      <td className="py-2 text-stone-700">{chicken}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-3 flex flex-wrap gap-3 text-sm font-semibold">
              <Link to="/invest/eggs" className="text-leaf-700">
                See Egg Notes
              </Link>
              <Link to="/invest/chicken" className="text-leaf-700">
                See Chicken Notes
              </Link>
            </div>
          </section>

          <section aria-labelledby="steps-heading">
            <h2 id="steps-heading" className="text-xl font-bold">
              Seven steps from sign-up to payout
            </h2>
            <ol className="mt-3 space-y-3">
              {STEPS.map(([name, text], i) => (
                <li key={name} className="card flex gap-3">
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-leaf-700 font-bold text-white" aria-hidden="true">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{name}</h3>
                    <p className="text-sm text-stone-600">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          <div className="grid gap-4 sm:grid-cols-2">
            <section className="card" aria-labelledby="shows-heading">
              <h2 id="shows-heading" className="text-lg font-bold">
                What each batch shows
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
                <li>Unit price in GHS</li>
                <li>Expected ROI (monthly for eggs, per cycle for chicken)</li>
                <li>FCR (feed conversion ratio) or lay rate</li>
                <li>Mortality and incident logs</li>
              </ul>
            </section>
            <section className="card" aria-labelledby="security-heading">
              <h2 id="security-heading" className="text-lg font-bold">
                Security and risk
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
                <li>Funds are ring-fenced and held in escrow until deployed to the farm.</li>
                <li>Vetted farms with vaccination and vet partnerships.</li>
                <li>Operating reserves and insurance where possible.</li>
                <li>
                  Capital is not guaranteed: read the{" "}
                  <Link to="/risk" className="underline">
                    Risk Disclosure
                  </Link>
                  .
                </li>
              </ul>
            </section>
          </div>

          <section className="card" aria-labelledby="guide-heading">
            <h2 id="guide-heading" className="text-xl font-bold">
              Detailed guide
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
          <ReturnsCalculator id="calculator" action="/how-it-works#calculator" heading="Returns calculator" form={calculator} estimate={estimate} />
          <section aria-labelledby="hiw-faq-heading">
            <h2 id="hiw-faq-heading" className="text-lg font-bold">
              Common questions
            </h2>
            <FaqList items={faqs} className="mt-2" />
          </section>
          <section className="card" aria-labelledby="help-heading">
            <h2 id="help-heading" className="text-lg font-bold">
              Need help?
            </h2>
            <p className="mt-1 text-sm text-stone-600">Our team replies within 24 hours.</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Link to="/contact" className="btn-primary">
                Contact support
              </Link>
              <Link to="/faq" className="btn-secondary">
                Read the FAQ
              </Link>
            </div>
          </section>
        </aside>
      </div>
    </>
  );
}
