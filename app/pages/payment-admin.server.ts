import type { LoaderFunctionArgs } from "@remix-run/node";
import { addDays } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { formatGhs } from "~/domain/money";
import { isStuck } from "~/domain/payments";
import { requireAdmin } from "~/auth/session.server";
import { now, today } from "~/lib/clock.server";
import { listAdminPayments, paymentAttention, reconciliationReport } from "~/models/payment-admin.server";
import { maskAccount, parsePaymentFilters, payloadForAdmin, PAYMENTS_PAGE_SIZE } from "~/pages/payment-admin";
import { detailIn, localeOf, translatorFor, wordsFor } from "~/catalog/index.server";

/**
 * The loaders of /admin/payments and /admin/payments/reconciliation. What they return is sent to
 * the browser as it is (hydration data), so numbers are masked and payloads cleaned here, on the
 * server, never in the component.
 */

export async function paymentsAdminLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { filters, errors } = parsePaymentFilters(new URL(request.url).searchParams);
  const nowMs = now().getTime();
  const locale = localeOf(request);
  const found = listAdminPayments(filters, { pageSize: PAYMENTS_PAGE_SIZE, locale, nowMs });
  const stuck = (status: string, createdAt: string) => isStuck(status, Date.parse(createdAt), nowMs);
  const t = translatorFor(locale);
  // A list ships only the words it shows: the events list has no "Stuck only" box.
  const words = wordsFor(locale, ["adminPayments"]);
  if (filters.list === "events") delete words["adminPayments.stuckOnly"];
  const base = {
    words,
    title: t("adminMeta.payments.title"),
    description: t("adminMeta.payments.description"),
    filters,
    errors,
    total: found.total,
    pageSize: PAYMENTS_PAGE_SIZE,
    attention: paymentAttention(nowMs),
  };
  switch (found.list) {
    case "deposits":
      return {
        ...base,
        deposits: found.rows.map((d) => ({
          ...d,
          amount: formatGhs(d.amountMinor),
          providerAmount: d.providerAmountMinor === null ? null : formatGhs(d.providerAmountMinor),
          // Only the last 3 digits were ever stored (deposits.phone_hint).
          phone: d.phoneHint ? maskAccount(`000000${d.phoneHint}`) : null,
          stuck: stuck(d.status, d.createdAt),
        })),
        withdrawals: null,
        events: null,
      };
    case "withdrawals":
      return {
        ...base,
        deposits: null,
        withdrawals: found.rows.map((w) => ({ ...w, accountNumber: maskAccount(w.accountNumber), amount: formatGhs(w.amountMinor), stuck: stuck(w.status, w.createdAt) })),
        events: null,
      };
    case "events":
      return {
        ...base,
        deposits: null,
        withdrawals: null,
        events: found.rows.map((e) => ({ ...e, payload: payloadForAdmin(e.payload), problem: e.outcome === "unknown_reference" || e.outcome === "mismatch" })),
      };
  }
}

export type PaymentsAdminData = Awaited<ReturnType<typeof paymentsAdminLoader>>;

/** The day before today by the app's clock: the last whole day the provider can list. */
export const defaultReconciliationDate = () => addDays(today(), -1);

export async function reconciliationLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const page = { words: wordsFor(locale, ["adminPayments", "reconciliation.kind"]), title: t("adminMeta.reconciliation.title"), description: t("adminMeta.reconciliation.description") };
  const date = (new URL(request.url).searchParams.get("date") ?? "").trim() || defaultReconciliationDate();
  try {
    return { ...page, date, report: await reconciliationReport(date, locale), error: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ...page, date, report: null, error: detailIn(locale, error) };
  }
}

export type ReconciliationData = Awaited<ReturnType<typeof reconciliationLoader>>;
