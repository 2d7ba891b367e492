import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { DepositStatus } from "~/components/payment-pages";
import { PortfolioPageError } from "~/components/status-pages";
import { pageMeta } from "~/lib/meta";
import { depositStatusAction, depositStatusLoader } from "~/pages/payments.server";

export const meta: MetaFunction = () => pageMeta("Your deposit", "Where your deposit stands and what to do next.");

export const loader = depositStatusLoader;
export const action = depositStatusAction;

export default function DepositStatusPage() {
  const result = useActionData<typeof action>();
  return <DepositStatus data={useLoaderData<typeof loader>()} error={result && !result.ok ? (result.errors.otp ?? result.errors.form ?? null) : null} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <PortfolioPageError title="Your deposit" message={notFound ? "Deposit not found." : "We could not load this deposit. Please try again."} />;
}
