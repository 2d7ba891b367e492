import type { useLoaderData } from "@remix-run/react";
import type { T } from "~/catalog/use-words";
import type { portfolioLoader } from "~/pages/portfolio.server";
import { formatInstant, isCalendarDate } from "~/domain/calendar";
import { holdingParts } from "~/domain/investing";
import { minorToDecimalString, minorToGroupedString, withoutThousandsSeparators } from "~/domain/money";
import { INVESTMENT_STATUSES, type InvestmentStatus, type ProductType } from "~/domain/types";

/**
 * The portfolio's investment list as the URL describes it: search, status, amount and date
 * ranges, sort, page size and page. Pure: the loader and the CSV export share it.
 */
export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The sort orders, as the URL names them (their words are `portfolio.sort.<value>`). */
export const SORTS = ["newest", "amount_desc", "amount_asc"] as const;
export type Sort = (typeof SORTS)[number];
export const CHART_LAST = 12;
export const Q_MAX = 40;

/** What can be wrong with a filter (its words are `portfolio.filterProblem.<problem>`). */
export type FilterProblem = "amount" | "date" | "minAboveMax" | "fromAfterTo";

export type PortfolioFilters = {
  q: string;
  status: InvestmentStatus | "";
  minMinor: number | null;
  maxMinor: number | null;
  from: string | null;
  to: string | null;
  sort: Sort;
  perPage: number;
  page: number;
};

/** What the filter form shows back: the text as typed, so a wrong value can be corrected. */
export type FilterValues = { q: string; status: string; min: string; max: string; from: string; to: string; sort: Sort; per: string };

export type ParsedFilters = { filters: PortfolioFilters; values: FilterValues; errors: Partial<Record<"min" | "max" | "from" | "to", FilterProblem>> };

/** A non-negative amount in cedis with at most 2 decimals -> pesewas; "" -> null; anything else -> error. */
function amountFilter(raw: string): { minor: number | null; error?: FilterProblem } {
  const t = withoutThousandsSeparators(raw);
  if (t === "") return { minor: null };
  if (t === null) return { minor: null, error: "amount" };
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return { minor: null, error: "amount" };
  return { minor: Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0") || "0") };
}

function dateFilter(raw: string): { date: string | null; error?: FilterProblem } {
  const t = raw.trim();
  if (t === "") return { date: null };
  if (!isCalendarDate(t)) return { date: null, error: "date" };
  return { date: t };
}

const SORT_VALUES: readonly string[] = SORTS;

/** A whole page number from the URL; anything else is page 1. */
function pageNumber(raw: string | null): number {
  const t = (raw ?? "").trim();
  return /^\d{1,7}$/.test(t) && Number(t) >= 1 ? Number(t) : 1;
}

/**
 * Reads the filters from the URL. Unknown choices fall back to their defaults; a wrong amount or
 * date is ignored and reported beside its field, so the list never fails to load.
 */
export function parsePortfolioQuery(params: URLSearchParams): ParsedFilters {
  const text = (k: string, max: number) => (params.get(k) ?? "").trim().slice(0, max);
  const status = text("status", 10).toUpperCase();
  const sort = text("sort", 20);
  const per = Number(text("per", 3));
  const raw = {
    q: text("q", Q_MAX),
    status: (INVESTMENT_STATUSES as readonly string[]).includes(status) ? (status as InvestmentStatus) : ("" as const),
    min: text("min", 20),
    max: text("max", 20),
    from: text("from", 10),
    to: text("to", 10),
    sort: (SORT_VALUES.includes(sort) ? sort : "newest") as Sort,
    per: (PAGE_SIZES as readonly number[]).includes(per) ? per : DEFAULT_PAGE_SIZE,
    page: pageNumber(params.get("page")),
  };
  const errors: ParsedFilters["errors"] = {};
  const min = amountFilter(raw.min);
  const max = amountFilter(raw.max);
  const from = dateFilter(raw.from);
  const to = dateFilter(raw.to);
  if (min.error) errors.min = min.error;
  if (max.error) errors.max = max.error;
  if (from.error) errors.from = from.error;
  if (to.error) errors.to = to.error;
  if (min.minor !== null && max.minor !== null && min.minor > max.minor) errors.max = "minAboveMax";
  if (from.date && to.date && from.date > to.date) errors.to = "fromAfterTo";
  return {
    filters: {
      q: raw.q,
      status: raw.status,
      minMinor: min.minor,
      maxMinor: max.minor,
      from: from.date,
      to: to.date,
      sort: raw.sort,
      perPage: raw.per,
      page: raw.page,
    },
    values: { q: raw.q, status: raw.status, min: raw.min, max: raw.max, from: raw.from, to: raw.to, sort: raw.sort, per: String(raw.per) },
    errors,
  };
}

export type ListedInvestment = {
  id: number;
  batchId: number;
  /** Units bought, and what they cost. */
  units: number;
  amountMinor: number;
  /** Units still held (fewer after an early exit) and the price each was bought at. */
  unitsHeld: number;
  unitPriceMinor: number;
  status: InvestmentStatus;
  createdAt: string;
  autoReinvest: boolean;
};

/** Search matches the investment id or the batch id ("#12" and "12" both match 12, 112, 120...). */
function matchesSearch(i: ListedInvestment, q: string): boolean {
  const needle = q.trim().replace(/^#/, "").toLowerCase();
  if (!needle) return true;
  return String(i.id).includes(needle) || String(i.batchId).includes(needle);
}

export function filterInvestments<T extends ListedInvestment>(list: readonly T[], f: Omit<PortfolioFilters, "page" | "perPage" | "sort">): T[] {
  return list.filter((i) => {
    if (!matchesSearch(i, f.q)) return false;
    if (f.status && i.status !== f.status) return false;
    if (f.minMinor !== null && i.amountMinor < f.minMinor) return false;
    if (f.maxMinor !== null && i.amountMinor > f.maxMinor) return false;
    const day = i.createdAt.slice(0, 10);
    if (f.from && day < f.from) return false;
    if (f.to && day > f.to) return false;
    return true;
  });
}

const newestFirst = (a: ListedInvestment, b: ListedInvestment) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1);

export function sortInvestments<T extends ListedInvestment>(list: readonly T[], sort: Sort): T[] {
  const out = [...list];
  if (sort === "amount_desc") out.sort((a, b) => b.amountMinor - a.amountMinor || newestFirst(a, b));
  else if (sort === "amount_asc") out.sort((a, b) => a.amountMinor - b.amountMinor || newestFirst(a, b));
  else out.sort(newestFirst);
  return out;
}

export type Paging = { page: number; pageCount: number; perPage: number; total: number; start: number; end: number; hasPrev: boolean; hasNext: boolean };

/** 'Page x of y': at least one page; a page past the end shows the last page. */
export function pageOf(total: number, requestedPage: number, perPage: number): Paging {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const start = (page - 1) * perPage;
  const end = Math.min(start + perPage, total);
  return { page, pageCount, perPage, total, start, end, hasPrev: page > 1, hasNext: page < pageCount };
}

/** Filter, sort and cut one page. */
export function queryInvestments<T extends ListedInvestment>(list: readonly T[], f: PortfolioFilters): { rows: T[]; matching: T[]; paging: Paging } {
  const matching = sortInvestments(filterInvestments(list, f), f.sort);
  const paging = pageOf(matching.length, f.page, f.perPage);
  return { rows: matching.slice(paging.start, paging.end), matching, paging };
}

/** On when any ACTIVE holding reinvests its proceeds. */
export function autoReinvestOn(list: readonly ListedInvestment[]): boolean {
  return list.some((i) => i.status === "ACTIVE" && i.autoReinvest);
}

/** The newest `CHART_LAST` investments, oldest first, as amount points labelled by id. */
export function chartPoints(list: readonly ListedInvestment[]): Array<{ x: string; y: number }> {
  return [...list]
    .sort(newestFirst)
    .slice(0, CHART_LAST)
    .reverse()
    .map((i) => ({ x: `#${i.id}`, y: i.amountMinor / 100 }));
}

// ---- URLs: filters travel in the query string ----

/** The filters as URL params, leaving out defaults so links stay short. */
export function filterParams(values: FilterValues, extra: Record<string, string | number | null | undefined> = {}): URLSearchParams {
  const p = new URLSearchParams();
  if (values.q) p.set("q", values.q);
  if (values.status) p.set("status", values.status);
  if (values.min) p.set("min", values.min);
  if (values.max) p.set("max", values.max);
  if (values.from) p.set("from", values.from);
  if (values.to) p.set("to", values.to);
  if (values.sort !== "newest") p.set("sort", values.sort);
  if (values.per !== String(DEFAULT_PAGE_SIZE)) p.set("per", values.per);
  for (const [k, v] of Object.entries(extra)) if (v !== null && v !== undefined && v !== "") p.set(k, String(v));
  return p;
}

export function withQuery(path: string, params: URLSearchParams): string {
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

// ---- CSV rows (their headers are the catalog's portfolioCsv namespace) ----

// The downloads' cells that hold a code (a status, a kind) are the reader's words: in English the
// codes as the spec names them (ACTIVE, MONTHLY, DEPOSIT...), in Twi the catalog's; dates, ids and
// amounts stay machine-readable. A code the catalog does not know is written as stored.

const PAYOUT_KINDS = ["MONTHLY", "HARVEST", "PRINCIPAL", "EXIT"] as const;
const ENTRY_KINDS = ["DEPOSIT", "WITHDRAW", "INVEST", "ACTIVATE", "PAYOUT", "HARVEST", "CLOSE", "EXIT_FILL", "REVERSAL", "REMITTANCE", "RESERVE_FUND", "RESERVE_DRAW", "TAX_PAYMENT"] as const;
const isOneOf = <V extends string>(values: readonly V[], value: string): value is V => (values as readonly string[]).includes(value);

/** A ledger entry's kind as the statement names it. */
export const entryKindWord = (t: T, kind: string) => (isOneOf(ENTRY_KINDS, kind) ? t(`portfolio.entryKind.${kind}`) : kind);
const investmentStatusWord = (t: T, status: string) => (isOneOf(INVESTMENT_STATUSES, status) ? t(`portfolio.investmentStatus.${status}`) : status);
const payoutKindWord = (t: T, kind: string) => (isOneOf(PAYOUT_KINDS, kind) ? t(`portfolioDialogs.payoutKind.${kind}`) : kind);

export const investmentCsvRows = (list: readonly ListedInvestment[], t: T) =>
  list.map((i) => {
    const held = holdingParts(i);
    return [i.id, i.batchId, i.units, minorToDecimalString(i.amountMinor), investmentStatusWord(t, i.status), i.createdAt, held.unitsHeld, minorToDecimalString(held.heldMinor), held.unitsExited];
  });

/** The four columns everyone knows (Amount is the gross), then what was withheld and what reached the wallet. */
export const payoutCsvRows = (list: ReadonlyArray<{ id: number; amountMinor: number; taxWithheldMinor: number; kind: string; createdAt: string }>, t: T) =>
  list.map((p) => [
    p.id,
    minorToDecimalString(p.amountMinor),
    payoutKindWord(t, p.kind),
    p.createdAt,
    minorToDecimalString(p.taxWithheldMinor),
    minorToDecimalString(p.amountMinor - p.taxWithheldMinor),
  ]);

export const statementCsvRows = (list: ReadonlyArray<{ date: string; kind: string; memo: string; amountMinor: number; balanceAfterMinor: number }>, t: T) =>
  list.map((l) => [l.date, entryKindWord(t, l.kind), l.memo, minorToDecimalString(l.amountMinor), minorToDecimalString(l.balanceAfterMinor)]);

// ---- wallet dialogs ----

export const DEFAULT_AMOUNT = "50";
export const SUGGESTED_AMOUNTS = ["50", "100", "500"] as const;

/** The question asked before money leaves: 'Withdraw GHS <amount>?' (server and browser alike). */
export function withdrawPrompt(t: T, amountMinor: number): string {
  return t("portfolioDialogs.withdrawPrompt", { amount: minorToGroupedString(amountMinor) });
}

/** Amount field prefill from the URL (?amount=100): digits with at most 2 decimals, else the default. */
export function prefillAmount(raw: string | null): string {
  const t = (raw ?? "").trim();
  return /^\d{1,9}(\.\d{1,2})?$/.test(t) ? t : DEFAULT_AMOUNT;
}

/** A portfolio link: the current filters and pages (`base`) plus or minus some params. */
export function portfolioHref(base: string, extra: Record<string, string | number | null | undefined> = {}, path = "/portfolio"): string {
  const p = new URLSearchParams(base);
  for (const [k, v] of Object.entries(extra)) {
    if (v === null || v === undefined || v === "") p.delete(k);
    else p.set(k, String(v));
  }
  return withQuery(path, p);
}

// ---- where things are: a dialog, its action and its message return to the row or card it came from ----

export const investmentAnchor = (investmentId: number) => `investment-${investmentId}`;
export const autoReinvestAnchor = (investmentId: number) => `auto-${investmentId}`;
export const EXITS_ANCHOR = "exit-requests";
export const NOTICES_ANCHOR = "notices";
/** The notices page: the newest, or `?before=<id>`, those older than that notice. */
export const noticesHref = (before: number | null = null) => (before === null ? "/portfolio/notices" : `/portfolio/notices?before=${before}`);
/** `href` landing on the element with `anchor` as its id. */
export const atAnchor = (href: string, anchor: string) => `${href}#${anchor}`;

/** Every place on the page a message can be shown at (the ids the page renders). */
export function portfolioAnchors(data: { rows: ReadonlyArray<{ id: number }>; rollovers: ReadonlyArray<{ id: number }> }): string[] {
  return [...data.rows.map((r) => investmentAnchor(r.id)), ...data.rollovers.map((r) => autoReinvestAnchor(r.id)), EXITS_ANCHOR, NOTICES_ANCHOR];
}

export const receiptHref = (investmentId: number) => `/portfolio/investments/${investmentId}/receipt`;

// ---- auto-reinvest, said as it happens (payout.server.ts) ----

/** Where a holding's payouts go: when it matures it rolls into the next open batch of its product, or not at all. */
export function rolloverText(productType: ProductType, autoReinvest: boolean) {
  return autoReinvest ? (`portfolio.rollover.${productType}` as const) : ("portfolio.rollover.none" as const);
}

/** "2026-11-22" for a day, "2026-11-22 03:40 UTC" for a moment: the same text on server and phone. */
export const shortDate = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "—");
export const dateTime = (iso: string | null | undefined) => (iso ? formatInstant(iso) : "—");

/** What the page's loader sends, as its components receive it. */
export type PortfolioData = ReturnType<typeof useLoaderData<typeof portfolioLoader>>;
