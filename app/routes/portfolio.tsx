import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/lib/session.server";

export const meta: MetaFunction = () => pageMeta("Your Portfolio", "Your Akoko wallet, investments and payouts.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { fullName: user.fullName };
}

export default function Portfolio() {
  const { fullName } = useLoaderData<typeof loader>();
  return (
    <section className="container-page py-10">
      <h1 className="text-2xl font-bold">Your Portfolio</h1>
      <p className="mt-2 text-stone-600">Signed in as {fullName}.</p>
    </section>
  );
}
