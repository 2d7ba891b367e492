import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Terms & Privacy", "Akoko's user agreement, privacy notice, investment terms, security and compliance, account usage and termination, and how to contact us.");

const SECTIONS = [
  { id: "agreement", title: "User agreement" },
  { id: "privacy", title: "Privacy" },
  { id: "investment", title: "Investment terms" },
  { id: "security", title: "Security and compliance" },
  { id: "account", title: "Account usage and termination" },
  { id: "contact", title: "Contact" },
];

export default function Terms() {
  return (
    <article className="container-page max-w-3xl py-10 text-stone-700">
      <h1 className="text-3xl font-bold text-stone-900">Terms &amp; Privacy</h1>
      <p className="mt-2 text-sm text-stone-500">Last updated 3 September 2025</p>
      <p className="mt-3">
        These terms apply to everyone who uses Akoko. By creating an account you accept them. Please also read the{" "}
        <Link to="/risk" className="underline">
          Risk Disclosure
        </Link>
        .
      </p>
      <nav aria-label="On this page" className="card mt-6 text-sm">
        <p className="font-semibold text-stone-900">On this page</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-leaf-700 underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="agreement" className="mt-8 scroll-mt-20">
        <h2 className="text-xl font-bold text-stone-900">User agreement</h2>
        <p className="mt-2">
          Akoko is a platform through which you can buy units of poultry batches raised by partner farms in Ghana, and receive payouts to a wallet held in Ghana cedis (GHS). You must be at least 18
          years old and legally able to enter a contract to use it. You confirm that the information you give us is true and that you invest your own money.
        </p>
        <p className="mt-2">We may update these terms. When we make a material change we will tell you in the app or by email before it takes effect.</p>
      </section>

      <section id="privacy" className="mt-8 scroll-mt-20">
        <h2 className="text-xl font-bold text-stone-900">Privacy</h2>
        <p className="mt-2">
          We collect the details you give us (name, email, phone, identity documents for KYC) and records of your wallet, investments and payouts. We use them to run your account, to meet
          anti-money-laundering and know-your-customer obligations, to prevent fraud and to contact you about your investments.
        </p>
        <p className="mt-2">
          We do not sell your personal data. We share it only with service providers who help us run the platform (such as payment providers), with partner farms only as far as needed to administer a
          batch, and with authorities when the law requires it. You can ask to see, correct or delete your data, subject to the records we must keep by law.
        </p>
      </section>

      <section id="investment" className="mt-8 scroll-mt-20">
        <h2 className="text-xl font-bold text-stone-900">Investment terms</h2>
        <ul className="mt-2 list-disc space-y-2 pl-5">
          <li>You buy whole units of a batch at its unit price. Your money is held in escrow until the batch is activated and the funds are deployed to the farm.</li>
          <li>
            <strong>Egg Notes</strong> run about 17 months and pay monthly from egg sales once the hens are in lay. Egg Notes allow early exit after the first month.
          </li>
          <li>
            <strong>Chicken Notes</strong> run one cycle of about 7-8 weeks and pay principal plus return at harvest. Chicken Notes lock until harvest: they cannot be exited early.
          </li>
          <li>Early exit carries a 3-7% administrative fee on the value exited and is subject to buyer availability: your units are sold only when another investor buys them.</li>
          <li>Expected ROI figures are estimates. Capital and returns are not guaranteed.</li>
        </ul>
      </section>

      <section id="security" className="mt-8 scroll-mt-20">
        <h2 className="text-xl font-bold text-stone-900">Security and compliance</h2>
        <p className="mt-2">
          Investor funds are ring-fenced and kept apart from Akoko's own money. Passwords are stored only as salted hashes and sessions can be ended at any time by logging out. We verify the identity
          of investors before withdrawals and may ask for more information to meet anti-money-laundering rules. Payouts may be subject to withholding tax where the law requires it.
        </p>
      </section>

      <section id="account" className="mt-8 scroll-mt-20">
        <h2 className="text-xl font-bold text-stone-900">Account usage and termination</h2>
        <p className="mt-2">
          One account per person. Keep your password secret; you are responsible for activity on your account. We may suspend or close an account that gives false information, is used for fraud or
          breaks these terms. You may close your account at any time: investments already made run to the end of their batch, and your remaining wallet balance is paid out to you.
        </p>
      </section>

      <section id="contact" className="mt-8 scroll-mt-20">
        <h2 className="text-xl font-bold text-stone-900">Contact</h2>
        <p className="mt-2">
          Questions about these terms or your data? Use the{" "}
          <Link to="/contact" className="underline">
            contact form
          </Link>
          ; support replies within 24 hours.
        </p>
      </section>
    </article>
  );
}
