import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { FaqList } from "~/components/faq-list";
import { FAQ_ITEMS, FAQ_QUERY_MAX, groupFaqs, searchFaqs } from "~/pages/faq";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () => pageMeta("FAQ", "Answers about Akoko accounts and KYC, Egg Notes and Chicken Notes, payouts and returns, security and risk, and support.");

export function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, FAQ_QUERY_MAX);
  return { q, ids: searchFaqs(q).map((f) => f.id) };
}

export default function Faq() {
  const loaded = useLoaderData<typeof loader>();
  // The server searched ?q=; with JavaScript the list follows the box as one types.
  const [query, setQuery] = useState<string | null>(null);
  const results = query === null ? FAQ_ITEMS.filter((f) => loaded.ids.includes(f.id)) : searchFaqs(query);
  const groups = groupFaqs(results);
  const value = query ?? loaded.q;

  return (
    <section className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold">Frequently asked questions</h1>
      <p className="mt-2 text-stone-600">Everything about accounts, investing, payouts, risk and support.</p>

      <form method="get" action="/faq" role="search" className="mt-6 flex gap-2">
        <label htmlFor="faq-q" className="sr-only">
          Search the FAQ
        </label>
        <input
          id="faq-q"
          name="q"
          type="search"
          className="field-input mt-0 flex-1"
          placeholder="Search (e.g. payout, ROI, chicken)..."
          maxLength={FAQ_QUERY_MAX}
          value={value}
          onChange={(event) => setQuery(event.currentTarget.value)}
          autoComplete="off"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
      <p className="mt-2 text-sm text-stone-500" aria-live="polite">
        {value.trim() ? `${results.length} of ${FAQ_ITEMS.length} questions match “${value.trim()}”.` : `${FAQ_ITEMS.length} questions.`}
      </p>

      {groups.length === 0 ? (
        <p className="card mt-6 text-stone-700" data-testid="faq-empty">
          No FAQs match your search. Try different keywords or{" "}
          <Link to="/contact" className="font-semibold text-leaf-700 underline">
            contact support
          </Link>
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          {groups.map((group) => (
            <section key={group.category} aria-label={group.category}>
              <h2 className="text-lg font-bold">{group.category}</h2>
              <FaqList items={group.items} className="mt-2" />
            </section>
          ))}
        </div>
      )}

      <section className="card mt-10 bg-brand-50" aria-labelledby="help-heading">
        <h2 id="help-heading" className="text-lg font-bold">
          Still need help?
        </h2>
        <p className="mt-1 text-sm text-stone-700">Send us a message and support will reply within 24 hours.</p>
        <Link to="/contact" className="btn-primary mt-3">
          Contact support
        </Link>
      </section>
    </section>
  );
}
