import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addDays } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { formatGhs } from "~/domain/money";
import { isStuck } from "~/domain/payments";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { recheckDeposit, recheckWithdrawal, refundDeposit, retryRefund, returnWithdrawal } from "~/commands/admin-payments.server";
import { HttpError } from "~/lib/http.server";
import { newIdempotencyKey, readPageForm } from "~/lib/page-action.server";
import { depositById } from "~/models/deposit.server";
import type { Guarded } from "~/models/approval-actions.server";
import { withdrawalById } from "~/models/withdrawal.server";
import { now, today } from "~/lib/clock.server";
import { listAdminPayments, paymentAttention, reconciliationReport } from "~/models/payment-admin.server";
import { maskAccount, parsePaymentFilters, payloadForAdmin, PAYMENTS_PAGE_SIZE } from "~/pages/payment-admin";
import { detailIn, localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import type { DepositRecheck, WithdrawalRecheck } from "~/models/payment-resolution.server";

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
          resolve: depositResolutions(d),
        })),
        withdrawals: null,
        events: null,
      };
    case "withdrawals":
      return {
        ...base,
        deposits: null,
        withdrawals: found.rows.map((w) => ({
          ...w,
          accountNumber: maskAccount(w.accountNumber),
          amount: formatGhs(w.amountMinor),
          stuck: stuck(w.status, w.createdAt),
          resolve: w.status === "PENDING" && w.flag !== null ? { key: newIdempotencyKey(), intents: ["recheck", "return"] as ResolveIntent[] } : null,
        })),
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

/** What asking the provider again came to, for the admin: the flash on /admin/payments and the API's `detail`. */
export function recheckMessage(r: DepositRecheck | WithdrawalRecheck): MessageRef {
  const status = msg(`reconciliation.provider.${r.providerStatus}`);
  switch (r.outcome) {
    case "credited":
    case "refunded":
    case "failed":
    case "abandoned":
    case "flagged":
    case "settled":
    case "returned":
      return msg(`adminPayments.rechecked.${r.outcome}`);
    default:
      return "withdrawal" in r && r.providerStatus === "not_found" ? msg("adminPayments.rechecked.notFound") : msg("adminPayments.rechecked.unchanged", { status });
  }
}

/** The buttons a row offers a person, each posted with the row's own idempotency key. */
export type ResolveIntent = "recheck" | "refund" | "retry_refund" | "return";

function depositResolutions(d: { status: string; flag: string | null; refundStatus: string | null }): { key: string; intents: ResolveIntent[] } | null {
  if (d.status === "PENDING" && d.flag !== null) return { key: newIdempotencyKey(), intents: ["recheck", "refund"] };
  if (d.status === "REFUNDED" && d.refundStatus === "FAILED") return { key: newIdempotencyKey(), intents: ["retry_refund"] };
  return null;
}

const guardedFlash = (g: Guarded) => (g.ran ? g.outcome.message : msg("approvalOutcome.sentForApproval"));

/**
 * /admin/payments's buttons on a flagged deposit or withdrawal, or a failed refund: each calls its
 * command and comes back to the row (found by its reference) with what happened, or why not.
 */
export async function paymentsAdminAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const values = await readPageForm(request);
  const kind = values.kind === "withdrawal" ? "withdrawal" : "deposit";
  const id = /^\d{1,15}$/.test(values.id ?? "") ? Number(values.id) : 0;
  const reference = (kind === "deposit" ? depositById(id)?.reference : withdrawalById(id)?.reference) ?? "";
  const back = `/admin/payments?list=${kind}s${reference ? `&q=${encodeURIComponent(reference)}` : ""}`;
  const ctx = { actor: admin, key: values.idempotency_key || null };
  try {
    let message: MessageRef | string;
    switch (`${kind}:${values.intent}`) {
      case "deposit:recheck":
        message = recheckMessage(await recheckDeposit(ctx, { depositId: id }));
        break;
      case "deposit:refund":
        message = guardedFlash(await refundDeposit(ctx, { depositId: id }));
        break;
      case "deposit:retry_refund":
        message = guardedFlash(await retryRefund(ctx, { depositId: id }));
        break;
      case "withdrawal:recheck":
        message = recheckMessage(await recheckWithdrawal(ctx, { withdrawalId: id }));
        break;
      case "withdrawal:return":
        message = guardedFlash(await returnWithdrawal(ctx, { withdrawalId: id }));
        break;
      default:
        throw new HttpError(400, msg("adminPayments.chooseAction"));
    }
    return redirectWithFlash(back, { kind: "success", message });
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError) return redirectWithFlash(back, { kind: "error", message: error.ref ?? error.detail });
    throw error;
  }
}
