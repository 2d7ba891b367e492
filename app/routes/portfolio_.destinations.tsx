import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Destinations } from "~/components/payment-pages";
import { pageMeta } from "~/lib/meta";
import { destinationsAction, destinationsLoader } from "~/pages/payments.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = destinationsLoader;
export const action = destinationsAction;

export default function DestinationsPage() {
  const result = useActionData<typeof action>();
  return <Destinations data={useLoaderData<typeof loader>()} result={result && !result.ok ? (result as { errors: Record<string, string>; values: Record<string, string> }) : undefined} />;
}
