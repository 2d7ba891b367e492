import { describe, expect, it } from "vitest";
import { translatorFor } from "~/catalog/index.server";
import { maskAccount, maskPhoneLike, parsePaymentFilters, paymentFiltersQuery, payloadForAdmin } from "./payment-admin";

/** The filters' errors, in English. */
const t = translatorFor("en");

describe("the payments page's URL state", () => {
  const parse = (q: string) => parsePaymentFilters(new URLSearchParams(q));

  it("reads every filter and writes it back for the next page", () => {
    const { filters, errors } = parse("list=withdrawals&status=PENDING&q=%20ama%40x.com%20&from=2026-01-01&to=2026-01-31&stuck=1&flagged=on&page=3");
    expect(errors).toEqual({});
    expect(filters).toEqual({ list: "withdrawals", status: "PENDING", q: "ama@x.com", from: "2026-01-01", to: "2026-01-31", stuck: true, flagged: true, page: 3 });
    expect(paymentFiltersQuery(filters, 4)).toBe("?list=withdrawals&status=PENDING&q=ama%40x.com&from=2026-01-01&to=2026-01-31&stuck=1&flagged=1&page=4");
    expect(paymentFiltersQuery(filters, 1)).not.toContain("page=");
  });

  it("falls back quietly on unknown values and names bad dates", () => {
    const { filters, errors } = parse("list=nope&status=REVERSED&from=2026-02-30&to=soon&page=-2");
    expect(filters).toMatchObject({ list: "deposits", status: null, from: null, to: null, page: 1 });
    expect({ from: t(errors.from!), to: t(errors.to!) }).toEqual({ from: "Enter a date as YYYY-MM-DD.", to: "Enter a date as YYYY-MM-DD." });
    // REVERSED is a withdrawal status, processed an event outcome.
    expect(parse("list=deposits&status=REVERSED").filters.status).toBeNull();
    expect(parse("list=events&status=processed").filters.status).toBe("processed");
    // Webhook events are never pending: no "stuck" filter there.
    expect(parse("list=events&stuck=1").filters.stuck).toBe(false);
    expect(t(parse("from=2026-03-02&to=2026-03-01").errors.to!)).toBe("The end date must be on or after the start date.");
  });
});

describe("masking", () => {
  it("shows only the last 3 digits of an account or phone number", () => {
    expect(maskAccount("+233241234567")).toBe("•••••••••567");
    expect(maskAccount("0241234567")).toBe("•••••••567");
    expect(maskAccount("12")).toBe("•••");
    expect(maskAccount(null)).toBe("–");
  });

  it("hides phone-like digit runs in a payload but keeps amounts, ids and dates", () => {
    expect(maskPhoneLike('{"phone":"0241234567","intl":"+233 24 123 4567","n":"233-24-123-4567"}')).toBe('{"phone":"•••••••567","intl":"•••••••••567","n":"•••••••••567"}');
    const kept = '{"amount":500000,"id":4000001,"created_at":"2026-11-22T10:05:00.000Z"}';
    expect(maskPhoneLike(kept)).toBe(kept);
    expect(payloadForAdmin('{"data":{"mobile_money_number":"0551234987"}}')).toBe('{\n  "data": {\n    "mobile_money_number": "•••••••987"\n  }\n}');
    expect(payloadForAdmin("not json 0551234987")).toBe("not json •••••••987");
  });
});
