import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Invest in poultry farms in Ghana", "Buy units of egg and broiler batches on vetted Ghanaian farms, track the birds, and receive payouts to your GHS wallet.");

export default function Home() {
  return (
    <section className="container-page py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Invest in Ghana's poultry farms</h1>
      <p className="mt-3 max-w-2xl text-stone-700">Buy units of egg and broiler batches on vetted partner farms, watch their numbers, and receive payouts to your wallet in Ghana cedis.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/register" className="btn-primary">Get started</Link>
        <Link to="/how-it-works" className="btn-secondary">How it works</Link>
      </div>
    </section>
  );
}
