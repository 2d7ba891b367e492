import type { PaymentFilters } from "~/models/payment-admin.server";

/**
 * The admin's payments page (issue 15): its URL state (GET filters, so it works without JavaScript
 * and a filtered view can be shared as a link) and how sensitive values are shown. Browser-safe.
 */

export const PAYMENT_LISTS = ["deposits", "withdrawals", "events"] as const;
export type PaymentList = (typeof PAYMENT_LISTS)[number];

/** A list's name (a catalog id). */
export const LIST_LABELS = { deposits: "adminPayments.list.deposits", withdrawals: "adminPayments.list.withdrawals", events: "adminPayments.list.events" } as const;

/** What each list's "Status" filter offers (a webhook event has an outcome instead). */
export const STATUS_OPTIONS: Record<PaymentList, readonly string[]> = {
  deposits: ["PENDING", "SUCCEEDED", "FAILED", "ABANDONED", "REFUNDED"],
  withdrawals: ["PENDING", "SUCCEEDED", "FAILED", "REVERSED"],
  events: ["processed", "ignored", "unknown_reference", "mismatch"],
};

/** Webhook outcomes a person must look at. */
export const PROBLEM_OUTCOMES = ["unknown_reference", "mismatch"] as const;

export const PAYMENTS_PAGE_SIZE = 50;
/** How many pages back the list goes (a search narrows further). */
export const MAX_PAYMENTS_PAGE = 1000;

export type { PaymentFilters };

/** A filter's error, as a catalog id (the page words it). */
export type FilterErrors = Partial<Record<"from" | "to", "adminPayments.error.date" | "adminPayments.error.order">>;

const isDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

const checked = (v: string | null) => v === "1" || v === "on" || v === "true";

/**
 * Reads the filters from the query string. Anything unknown falls back to "all" quietly (a stale
 * link still shows a list); a date that is not a real day is named in `errors` and not applied.
 */
export function parsePaymentFilters(params: URLSearchParams): { filters: PaymentFilters; errors: FilterErrors } {
  const listParam = params.get("list") ?? "";
  const list: PaymentList = (PAYMENT_LISTS as readonly string[]).includes(listParam) ? (listParam as PaymentList) : "deposits";
  const statusParam = (params.get("status") ?? "").trim();
  const status = STATUS_OPTIONS[list].includes(statusParam) ? statusParam : null;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const errors: FilterErrors = {};
  const date = (field: "from" | "to") => {
    const v = (params.get(field) ?? "").trim();
    if (v === "") return null;
    if (isDate(v)) return v;
    errors[field] = "adminPayments.error.date";
    return null;
  };
  const from = date("from");
  const to = date("to");
  if (from && to && from > to) errors.to = "adminPayments.error.order";
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAYMENTS_PAGE) : 1;
  return {
    filters: { list, status, q, from, to: errors.to ? null : to, stuck: list !== "events" && checked(params.get("stuck")), flagged: checked(params.get("flagged")), page },
    errors,
  };
}

/** The query string for these filters on another page (Previous / Next keep the rest). */
export function paymentFiltersQuery(f: PaymentFilters, page = f.page): string {
  const p = new URLSearchParams({ list: f.list });
  if (f.status) p.set("status", f.status);
  if (f.q) p.set("q", f.q);
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  if (f.stuck) p.set("stuck", "1");
  if (f.flagged) p.set("flagged", "1");
  if (page > 1) p.set("page", String(page));
  return `?${p}`;
}

/** "•••••••567": an account or phone number with all but its last 3 digits hidden. */
export function maskAccount(value: string | null | undefined): string {
  if (!value) return "–";
  const digits = value.replace(/\D/g, "");
  if (digits.length <= 3) return "•••";
  return `${"•".repeat(Math.min(digits.length - 3, 9))}${digits.slice(-3)}`;
}

/**
 * Hides phone-like runs of digits (9 or more, an optional + and single spaces or dashes between
 * them: 0241234567, +233 24 123 4567, 233241234567) but their last 3, so a webhook payload can be
 * read without the customer's number. Amounts, ids and dates are shorter runs and stay.
 */
export function maskPhoneLike(text: string): string {
  return text.replace(/\+?\d(?:[ -]?\d){8,}/g, (run) => {
    const digits = run.replace(/\D/g, "");
    return `${"•".repeat(digits.length - 3)}${digits.slice(-3)}`;
  });
}

/** A stored webhook body as an admin may read it: indented when it is JSON, phone-like digits hidden. */
export function payloadForAdmin(raw: string): string {
  let text = raw;
  try {
    text = JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    /* not JSON: shown as received */
  }
  return maskPhoneLike(text);
}

/** "2026-11-22 10:05" from a stored ISO instant (UTC). */
export const adminTime = (iso: string) => iso.slice(0, 16).replace("T", " ");
