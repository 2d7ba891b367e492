import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useState } from "react";
import { PortfolioDialog, type ActionResult } from "~/components/portfolio-dialogs";
import { PortfolioActivity } from "~/components/portfolio-activity";
import { PortfolioSummary } from "~/components/portfolio-summary";
import { PortfolioInvestments } from "~/components/portfolio-table";
import { FlashMessage, useFlash, type ToastMessage } from "~/components/toast";

import { pageMeta } from "~/lib/meta";
import { portfolioAnchors } from "~/pages/portfolio";
import { portfolioLoader, portfolioAction } from "~/pages/portfolio.server";
import { PortfolioPageError } from "~/components/status-pages";
import { KycStatus } from "~/components/kyc-status";
import { ContactStatus } from "~/components/contact-status";
import { translatorOf, useT, type WithWords } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data) return pageMeta(data.title, data.description);
  // The page failed to load: its title from the words every page has (the root's).
  const t = translatorOf(matches.find((m) => m.id === "root")?.data as WithWords);
  return [{ title: t("common.pageTitle", { title: t("common.investorError.portfolio"), brand: "Akoko" }) }];
};

export const loader = portfolioLoader;
export const action = portfolioAction;

/** Messages after an action are shown where its redirect returns to (a row, a holding, the exit list). */
export const handle = { placesFlash: true };

export default function Portfolio() {
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  // Notes made in the browser (a CSV downloaded, nothing to export): at the top, or in the open dialog.
  const [note, setNote] = useState<ToastMessage | null>(null);
  const open = loaderData.dialog;
  const dialogKey = open ? `${open.kind}:${open.kind === "details" || open.kind === "reinvest" ? open.investment.id : ""}` : "";
  // Opening or closing a dialog leaves the note behind. Noticed while rendering, not in an effect: an
  // effect also runs once the page has hydrated, and wiped a note made by a tap in that moment.
  const [noteDialogKey, setNoteDialogKey] = useState(dialogKey);
  if (noteDialogKey !== dialogKey) {
    setNoteDialogKey(dialogKey);
    setNote(null);
  }
  const flash = useFlash();
  const placed = flash?.anchor && portfolioAnchors(loaderData).includes(flash.anchor) ? flash : null;
  return (
    <section className="container-page py-6 sm:py-10">
      {flash?.anchor && !placed ? <FlashMessage flash={flash} className="mb-4" /> : null}
      {note && !loaderData.dialog ? <FlashMessage flash={note} className="mb-4" /> : null}
      {/* The title first, then the account's state, then the cards. */}
      <PortfolioSummary
        data={loaderData}
        onNote={setNote}
        flash={placed}
        result={result}
        status={
          <>
            <ContactStatus contacts={loaderData.contacts} />
            <KycStatus kyc={loaderData.kyc} />
          </>
        }
      />
      <PortfolioInvestments data={loaderData} onNote={setNote} flash={placed} />
      <PortfolioActivity data={loaderData} onNote={setNote} flash={placed} />
      <PortfolioDialog data={loaderData} result={result} onNote={setNote} note={note} />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <PortfolioPageError title={t("common.investorError.portfolio")} message={notFound ? String(error.data) : t("common.investorError.portfolioFailed")} />;
}
