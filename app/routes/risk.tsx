import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Risk Disclosure", "The risks of investing in poultry batches with Akoko: prices, feed costs, disease, operations, insurance limits, liquidity and regulation, and how we reduce them.");

const RISKS: Array<{ id: string; title: string; body: string[] }> = [
  {
    id: "market",
    title: "Market price volatility",
    body: [
      "Egg and broiler prices in Ghana move with the seasons, festive demand, imports of frozen chicken and the cedi exchange rate. A crate of eggs has sold for anywhere between roughly GH₵55.00 and GH₵80.00 in recent years.",
      "When farm-gate prices fall, the income of a batch falls with them. Expected ROI figures assume prices close to recent averages; they are estimates, not promises.",
    ],
  },
  {
    id: "feed",
    title: "Feed and input costs",
    body: [
      "Feed is 60-70% of the cost of producing eggs and broilers. Maize and soya prices can rise sharply after a poor harvest or when the cedi weakens, and medicines, vaccines, day-old chicks and energy cost more in the same conditions.",
      "Higher input costs reduce the margin a batch earns and therefore the payouts to investors.",
    ],
  },
  {
    id: "biological",
    title: "Biological and disease risk",
    body: [
      "Birds can fall ill or die. Outbreaks such as Newcastle disease, Gumboro or avian influenza can cut a flock's output or force it to be culled, and heat stress lowers lay rates and growth.",
      "Normal mortality is expected (about 5-10% for layers over the laying cycle, about 3-6% for broilers over a cycle), but a bad flock can lose far more.",
    ],
  },
  {
    id: "operational",
    title: "Operational and management risk",
    body: [
      "Results depend on the farm's people and equipment: feeding and water routines, biosecurity, record keeping, power and transport. Mistakes, theft, fire or a failed supplier can reduce output.",
      "Figures in batch reports come from farm records and our checks; they can contain errors and are corrected when found.",
    ],
  },
  {
    id: "insurance",
    title: "Insurance and reserve limits",
    body: [
      "Farms keep operating reserves and insurance where possible, but livestock insurance in Ghana is limited and does not cover every loss. Reserves can run out in a severe event.",
      "Neither insurance nor reserves guarantee your capital or your returns.",
    ],
  },
  {
    id: "liquidity",
    title: "Liquidity and early exit",
    body: [
      "Your money is committed for the life of a batch. Egg Notes may be offered for early exit after the first month, for a 3-7% administrative fee, and only when another investor buys the units. Chicken Notes are locked until harvest.",
      "You may not be able to get your money out when you want it. Only invest money you can leave in place for the full term.",
    ],
  },
  {
    id: "regulatory",
    title: "Regulatory and force majeure",
    body: [
      "Changes in law, tax (interest and dividends to residents have carried an 8% withholding tax), import rules or animal-health orders can affect a batch. So can events outside anyone's control: floods, drought, fire, civil unrest, pandemics or movement restrictions.",
      "In such events payouts may be delayed, reduced or lost.",
    ],
  },
];

const MITIGATIONS = [
  "Vetted partner farms, visited before they list a batch, with vaccination schedules and vet partnerships.",
  "Funds ring-fenced and held in escrow until they are deployed to the farm.",
  "Transparent reporting: lay rate or feed conversion ratio, weights, mortality, daily logs, photos and incident reports.",
  "Operating reserves and insurance where possible.",
  "Payouts automated to your wallet only after the farm's figures are verified.",
  "Spreading your money across several batches, farms and both products lowers the effect of any one loss.",
];

export default function Risk() {
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold">Risk Disclosure</h1>
      <p className="mt-3 text-stone-700">
        Investing in poultry batches is investing in a real farm business. <strong>Capital is not guaranteed.</strong> You can lose part or all of the money you invest, and past or expected returns do
        not promise future returns. Please read this page before you invest.
      </p>
      <nav aria-label="On this page" className="card mt-6 text-sm">
        <p className="font-semibold">On this page</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {RISKS.map((r) => (
            <li key={r.id}>
              <a href={`#${r.id}`} className="text-leaf-700 underline">
                {r.title}
              </a>
            </li>
          ))}
          <li>
            <a href="#mitigation" className="text-leaf-700 underline">
              How we reduce these risks
            </a>
          </li>
        </ol>
      </nav>
      {RISKS.map((r) => (
        <section key={r.id} id={r.id} className="mt-8 scroll-mt-20">
          <h2 className="text-xl font-bold">{r.title}</h2>
          {r.body.map((p) => (
            <p key={p} className="mt-2 text-stone-700">
              {p}
            </p>
          ))}
        </section>
      ))}
      <section id="mitigation" className="card mt-10 scroll-mt-20">
        <h2 className="text-xl font-bold">How we reduce these risks</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-700">
          {MITIGATIONS.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </section>
      <p className="mt-8 text-sm text-stone-600">
        Questions? Read the{" "}
        <Link to="/faq" className="underline">
          FAQ
        </Link>
        , the{" "}
        <Link to="/terms" className="underline">
          Terms &amp; Privacy
        </Link>
        , or{" "}
        <Link to="/contact" className="underline">
          contact us
        </Link>
        .
      </p>
    </article>
  );
}
