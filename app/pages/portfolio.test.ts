import { describe, expect, it } from "vitest";
import { translatorFor } from "~/catalog/index.server";
import {
  autoReinvestOn,
  dateTime,
  portfolioHref,
  chartPoints,
  filterParams,
  investmentCsvRows,
  pageOf,
  parsePortfolioQuery,
  prefillAmount,
  queryInvestments,
  withdrawPrompt,
  type ListedInvestment,
} from "~/pages/portfolio";
import { destinationErrorField, destinationInput } from "~/forms/portfolio.server";

const inv = (id: number, batchId: number, amountMinor: number, status: ListedInvestment["status"], createdAt: string, autoReinvest = false): ListedInvestment => ({
  id,
  batchId,
  units: amountMinor / 100,
  amountMinor,
  unitsHeld: amountMinor / 100,
  unitPriceMinor: 100,
  status,
  createdAt,
  autoReinvest,
});

const LIST = [
  inv(1, 10, 5000, "ACTIVE", "2026-01-05T10:00:00.000Z"),
  inv(2, 10, 20000, "PAID", "2026-02-10T10:00:00.000Z"),
  inv(3, 21, 15000, "EXITED", "2026-03-15T10:00:00.000Z"),
  inv(4, 21, 15000, "ACTIVE", "2026-03-15T10:00:00.000Z", true),
  inv(12, 3, 100000, "ACTIVE", "2026-04-01T00:00:00.000Z"),
];

const query = (qs: string) => queryInvestments(LIST, parsePortfolioQuery(new URLSearchParams(qs)).filters);
const ids = (qs: string) => query(qs).rows.map((r) => r.id);

describe("parsePortfolioQuery", () => {
  it("defaults: all statuses, newest first, 10 per page, page 1", () => {
    const { filters, errors } = parsePortfolioQuery(new URLSearchParams());
    expect(filters).toEqual({ q: "", status: "", minMinor: null, maxMinor: null, from: null, to: null, sort: "newest", perPage: 10, page: 1 });
    expect(errors).toEqual({});
  });

  it("falls back to defaults for unknown choices", () => {
    const { filters } = parsePortfolioQuery(new URLSearchParams("status=LOST&sort=random&per=7&page=-3"));
    expect(filters).toMatchObject({ status: "", sort: "newest", perPage: 10, page: 1 });
  });

  it("reads amounts in cedis as pesewas and reports bad amounts and dates without failing", () => {
    const ok = parsePortfolioQuery(new URLSearchParams("min=50&max=1,000.5&from=2026-01-01&to=2026-12-31&status=active"));
    expect(ok.filters).toMatchObject({ minMinor: 5000, maxMinor: 100050, from: "2026-01-01", to: "2026-12-31", status: "ACTIVE" });
    const bad = parsePortfolioQuery(new URLSearchParams("min=abc&max=1.234&from=2026-02-30&to=yesterday"));
    expect(bad.filters).toMatchObject({ minMinor: null, maxMinor: null, from: null, to: null });
    expect(Object.keys(bad.errors).sort()).toEqual(["from", "max", "min", "to"]);
    expect(bad.values.min).toBe("abc");
    expect(parsePortfolioQuery(new URLSearchParams("min=1,0,0")).errors.min).toBe("amount");
  });

  it("flags a minimum above the maximum and a start after the end", () => {
    const { errors } = parsePortfolioQuery(new URLSearchParams("min=10&max=5&from=2026-02-01&to=2026-01-01"));
    expect(errors).toEqual({ max: "minAboveMax", to: "fromAfterTo" });
    const t = translatorFor("en");
    expect([t("portfolio.filterProblem.minAboveMax"), t("portfolio.filterProblem.fromAfterTo")]).toEqual(["The minimum is above the maximum.", "The start date is after the end date."]);
  });
});

describe("filtering", () => {
  it("searches the investment id or the batch id, with or without #", () => {
    expect(ids("q=12")).toEqual([12]);
    expect(ids("q=%2321")).toEqual([4, 3]);
    expect(ids("q=1")).toEqual([12, 4, 3, 2, 1]); // 1, 12 and batches 10 and 21 all contain "1"
    expect(ids("q=3")).toEqual([12, 3]); // batch 3 and investment 3
  });

  it("filters by status", () => {
    expect(ids("status=ACTIVE")).toEqual([12, 4, 1]);
    expect(ids("status=PAID")).toEqual([2]);
    expect(ids("status=EXITED")).toEqual([3]);
    expect(ids("status=")).toHaveLength(5);
  });

  it("filters by amount range, inclusive", () => {
    expect(ids("min=150")).toEqual([12, 4, 3, 2]);
    expect(ids("max=150")).toEqual([4, 3, 1]);
    expect(ids("min=150&max=200")).toEqual([4, 3, 2]);
  });

  it("filters by creation date range, inclusive, by calendar day", () => {
    expect(ids("from=2026-03-15")).toEqual([12, 4, 3]);
    expect(ids("to=2026-02-10")).toEqual([2, 1]);
    expect(ids("from=2026-02-01&to=2026-03-31")).toEqual([4, 3, 2]);
  });
});

describe("sorting", () => {
  it("newest first, ties by id", () => expect(ids("")).toEqual([12, 4, 3, 2, 1]));
  it("amount high to low, ties newest first", () => expect(ids("sort=amount_desc")).toEqual([12, 2, 4, 3, 1]));
  it("amount low to high, ties newest first", () => expect(ids("sort=amount_asc")).toEqual([1, 4, 3, 2, 12]));
});

describe("paging", () => {
  it.each([
    [0, 1, 10, { page: 1, pageCount: 1, start: 0, end: 0, hasPrev: false, hasNext: false }],
    [10, 1, 10, { page: 1, pageCount: 1, start: 0, end: 10 }],
    [11, 2, 10, { page: 2, pageCount: 2, start: 10, end: 11, hasPrev: true, hasNext: false }],
    [26, 2, 5, { page: 2, pageCount: 6, start: 5, end: 10, hasPrev: true, hasNext: true }],
    [26, 99, 5, { page: 6, pageCount: 6, start: 25, end: 26, hasNext: false }],
    [26, 0, 25, { page: 1, pageCount: 2, start: 0, end: 25 }],
  ])("%i records, page %i of size %i", (total, page, per, expected) => {
    expect(pageOf(total, page, per)).toMatchObject(expected);
  });

  it("cuts the sorted list into pages and shows the last page for a page past the end", () => {
    expect(ids("per=5")).toEqual([12, 4, 3, 2, 1]);
    const second = query("per=5&page=2");
    expect(second.paging).toMatchObject({ page: 1, pageCount: 1 });
    const many = Array.from({ length: 12 }, (_, n) => inv(n + 1, 1, 100 * (n + 1), "ACTIVE", `2026-01-${String(n + 1).padStart(2, "0")}T00:00:00.000Z`));
    const page3 = queryInvestments(many, parsePortfolioQuery(new URLSearchParams("per=5&page=3")).filters);
    expect(page3.rows.map((r) => r.id)).toEqual([2, 1]);
    expect(page3.paging).toMatchObject({ page: 3, pageCount: 3, total: 12 });
    const past = queryInvestments(many, parsePortfolioQuery(new URLSearchParams("per=5&page=40")).filters);
    expect(past.rows.map((r) => r.id)).toEqual([2, 1]);
    expect(past.paging.page).toBe(3);
  });
});

describe("cards, chart and CSV rows", () => {
  it("auto-reinvest is On only when an ACTIVE holding reinvests", () => {
    expect(autoReinvestOn(LIST)).toBe(true);
    expect(autoReinvestOn([inv(1, 1, 100, "PAID", "2026-01-01T00:00:00Z", true)])).toBe(false);
    expect(autoReinvestOn([])).toBe(false);
  });

  it("charts the last 12 investments by amount, oldest first", () => {
    const many = Array.from({ length: 15 }, (_, n) => inv(n + 1, 1, 100 * (n + 1), "ACTIVE", `2026-01-${String(n + 1).padStart(2, "0")}T00:00:00.000Z`));
    const points = chartPoints(many);
    expect(points).toHaveLength(12);
    expect(points[0]).toEqual({ x: "#4", y: 4 });
    expect(points[11]).toEqual({ x: "#15", y: 15 });
  });

  it("writes investment rows with 2-decimal amounts, the status in the reader's words", () => {
    const en = translatorFor("en");
    expect(investmentCsvRows([LIST[0]], en)).toEqual([[1, 10, 50, "50.00", "ACTIVE", "2026-01-05T10:00:00.000Z", 50, "50.00", 0]]);
    expect(investmentCsvRows([{ ...LIST[0], unitsHeld: 35 }], en)[0].slice(6)).toEqual([35, "35.00", 15]);
    expect(investmentCsvRows([LIST[0]], translatorFor("ak"))[0][4]).toBe("ƐREKƆ SO");
  });

  it("keeps links short by leaving out defaults", () => {
    const { values } = parsePortfolioQuery(new URLSearchParams("q=7&status=PAID&sort=newest&per=10"));
    expect(filterParams(values, { page: 2, dialog: null }).toString()).toBe("q=7&status=PAID&page=2");
  });

  it("asks before a withdrawal and prefills suggested amounts", () => {
    const t = translatorFor("en");
    expect(withdrawPrompt(t, 5000)).toBe("Withdraw GHS 50.00?");
    expect(withdrawPrompt(t, 123456)).toBe("Withdraw GHS 1,234.56?");
    // As the USSD screen asks it (test/ussd-money.test.ts), and in Twi too.
    expect(withdrawPrompt(t, 5_500_00)).toBe("Withdraw GHS 5,500.00?");
    expect(withdrawPrompt(translatorFor("ak"), 1_000_000_00)).toBe("Yi GHS 1,000,000.00?");
    expect(prefillAmount("100")).toBe("100");
    expect(prefillAmount("12.345")).toBe("50");
    expect(prefillAmount(null)).toBe("50");
  });
});

describe("links and the withdraw form", () => {
  it("adds and removes params on the current filters", () => {
    expect(portfolioHref("status=PAID&page=2", { dialog: "details", id: 7 })).toBe("/portfolio?status=PAID&page=2&dialog=details&id=7");
    expect(portfolioHref("status=PAID&page=2", { page: null })).toBe("/portfolio?status=PAID");
    expect(portfolioHref("")).toBe("/portfolio");
  });

  it("takes the network for mobile money and the bank name for a bank account", () => {
    const form = { method: "MOMO", momo_provider: "MTN MoMo", bank_name: "GCB", account_number: "0241234567" };
    expect(destinationInput(form)).toEqual({ method: "MOMO", provider: "MTN MoMo", account_number: "0241234567" });
    expect(destinationInput({ ...form, method: "BANK" })).toEqual({ method: "BANK", provider: "GCB", account_number: "0241234567" });
    expect(destinationInput({ method: "", momo_provider: "", bank_name: "", account_number: "" })).toEqual({ method: undefined, provider: undefined, account_number: undefined });
    expect(destinationErrorField("provider", "BANK")).toBe("bank_name");
    expect(destinationErrorField("provider", "MOMO")).toBe("momo_provider");
    expect(destinationErrorField("account_number", "BANK")).toBe("account_number");
  });

  it("shows moments the same way on the server and the phone", () => {
    expect(dateTime("2026-11-22T03:40:12.345Z")).toBe("2026-11-22 03:40 UTC");
    expect(dateTime(null)).toBe("—");
  });
});
