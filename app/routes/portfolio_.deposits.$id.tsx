import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { DepositStatus } from "~/components/payment-pages";
import { PortfolioPageError } from "~/components/status-pages";
import { pageMeta } from "~/lib/meta";
import { translatorOf, useT, type WithWords } from "~/catalog/use-words";
import { depositStatusAction, depositStatusLoader } from "~/pages/payments.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data) return pageMeta(data.title, data.description);
  // The page failed to load: its title from the words every page has (the root's).
  const t = translatorOf(matches.find((m) => m.id === "root")?.data as WithWords);
  return [{ title: t("common.pageTitle", { title: t("common.investorError.deposit"), brand: "Akoko" }) }];
};

export const loader = depositStatusLoader;
export const action = depositStatusAction;

export default function DepositStatusPage() {
  const result = useActionData<typeof action>();
  return <DepositStatus data={useLoaderData<typeof loader>()} error={result && !result.ok ? (result.errors.otp ?? result.errors.form ?? null) : null} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <PortfolioPageError title={t("common.investorError.deposit")} message={notFound ? t("common.investorError.depositNotFound") : t("common.investorError.depositFailed")} />;
}
