import { englishOf } from "~/domain/errors";
import { render } from "~/catalog/index.server";
import { describe, expect, it } from "vitest";
import { decideDeposit, decideWithdrawal, flaggedReturnable, isStuck, mismatchRefundable, PAYMENT_TIMINGS, readOtp, reconcile } from "~/domain/payments";

const T0 = Date.parse("2026-11-22T10:00:00Z");
const pending = { status: "PENDING" as const, amountMinor: 5_000, currency: "GHS", createdAtMs: T0, flagged: false };
const word = (status: Parameters<typeof decideDeposit>[1]["status"], amountMinor: number | null = 5_000, currency: string | null = "GHS") => ({ status, amountMinor, currency });

describe("decideDeposit", () => {
  it("credits a success of the amount and currency asked for, once", () => {
    expect(decideDeposit(pending, word("succeeded"), T0)).toEqual({ kind: "credit" });
    expect(decideDeposit({ ...pending, status: "SUCCEEDED" }, word("succeeded"), T0)).toEqual({ kind: "wait" });
  });

  it("flags a success for another amount or currency, once, and never credits it", () => {
    const flagged = decideDeposit(pending, word("succeeded", 5_001), T0);
    expect(flagged.kind === "flag" && englishOf(flagged.detail)).toBe("The provider confirmed amount 5001 instead of 5000 (pesewas).");
    const both = decideDeposit(pending, word("succeeded", 5_001, "NGN"), T0);
    expect(both.kind === "flag" && englishOf(both.detail)).toBe("The provider confirmed amount 5001 instead of 5000 and currency NGN instead of GHS (pesewas).");
    expect(decideDeposit(pending, word("succeeded", 5_000, "NGN"), T0).kind).toBe("flag");
    expect(decideDeposit({ ...pending, flagged: true }, word("succeeded", 5_001), T0)).toEqual({ kind: "wait" });
  });

  it("still credits money that arrived after we gave up on it", () => {
    expect(decideDeposit({ ...pending, status: "ABANDONED" }, word("succeeded"), T0)).toEqual({ kind: "credit" });
    // Refunded is final: a success repeated after the money went back credits nothing.
    expect(decideDeposit({ ...pending, status: "REFUNDED" }, word("succeeded"), T0)).toEqual({ kind: "wait" });
    expect(decideDeposit({ ...pending, status: "FAILED" }, word("succeeded"), T0)).toEqual({ kind: "credit" });
  });

  it("fails a failed charge; abandons an unpaid or unknown one only after an hour; waits on pending and unknown", () => {
    expect(decideDeposit(pending, word("failed"), T0)).toEqual({ kind: "fail" });
    expect(decideDeposit(pending, word("abandoned"), T0 + PAYMENT_TIMINGS.abandonAfterMs - 1)).toEqual({ kind: "wait" });
    expect(decideDeposit(pending, word("abandoned"), T0 + PAYMENT_TIMINGS.abandonAfterMs)).toEqual({ kind: "abandon" });
    expect(decideDeposit(pending, word("not_found", null, null), T0 + PAYMENT_TIMINGS.abandonAfterMs)).toEqual({ kind: "abandon" });
    expect(decideDeposit(pending, word("pending"), T0 + 10 * PAYMENT_TIMINGS.abandonAfterMs)).toEqual({ kind: "wait" });
    expect(decideDeposit(pending, word("unknown", null, null), T0 + 10 * PAYMENT_TIMINGS.abandonAfterMs)).toEqual({ kind: "wait" });
    expect(decideDeposit({ ...pending, status: "FAILED" }, word("failed"), T0)).toEqual({ kind: "wait" });
  });
});

describe("decideWithdrawal", () => {
  const inFlight = { status: "PENDING" as const, amountMinor: 4_000, flagged: false };
  const t = (status: Parameters<typeof decideWithdrawal>[1]["status"], amountMinor: number | null = 4_000) => ({ status, amountMinor, currency: "GHS" });

  it("settles a success, returns a failure or a reversal, resends one the provider never got, waits otherwise", () => {
    expect(decideWithdrawal(inFlight, t("succeeded"))).toEqual({ kind: "settle" });
    expect(decideWithdrawal(inFlight, t("failed"))).toEqual({ kind: "return", status: "FAILED" });
    expect(decideWithdrawal(inFlight, t("reversed"))).toEqual({ kind: "return", status: "REVERSED" });
    expect(decideWithdrawal(inFlight, t("not_found", null))).toEqual({ kind: "resend" });
    for (const s of ["pending", "otp", "unknown"] as const) expect(decideWithdrawal(inFlight, t(s))).toEqual({ kind: "wait" });
  });

  it("brings back a reversal after a success; final states stay final", () => {
    expect(decideWithdrawal({ ...inFlight, status: "SUCCEEDED" }, t("reversed"))).toEqual({ kind: "return", status: "REVERSED" });
    expect(decideWithdrawal({ ...inFlight, status: "SUCCEEDED" }, t("failed"))).toEqual({ kind: "wait" });
    expect(decideWithdrawal({ ...inFlight, status: "FAILED" }, t("succeeded"))).toEqual({ kind: "wait" });
    expect(decideWithdrawal({ ...inFlight, status: "REVERSED" }, t("reversed"))).toEqual({ kind: "wait" });
  });

  it("flags a success for another amount", () => {
    expect(decideWithdrawal(inFlight, t("succeeded", 4_001)).kind).toBe("flag");
  });

  it("never sends a flagged transfer again on its own: a person returns its money", () => {
    expect(decideWithdrawal({ ...inFlight, flagged: true }, t("not_found", null))).toEqual({ kind: "wait" });
    expect(decideWithdrawal({ ...inFlight, flagged: true }, t("failed"))).toEqual({ kind: "return", status: "FAILED" });
    expect(decideWithdrawal({ ...inFlight, flagged: true }, t("succeeded"))).toEqual({ kind: "settle" });
  });
});

describe("resolving a flagged row on the provider's word", () => {
  const flagged = { status: "PENDING" as const, amountMinor: 5_000, currency: "GHS", flagged: true };
  const refusal = (r: ReturnType<typeof mismatchRefundable>) => (r ? englishOf(r) : null);

  it("refunds a deposit only while the provider confirms a payment for another amount or currency", () => {
    expect(mismatchRefundable(flagged, word("succeeded", 4_000))).toBeNull();
    expect(mismatchRefundable(flagged, word("succeeded", 5_000, "NGN"))).toBeNull();
    expect(refusal(mismatchRefundable(flagged, word("succeeded")))).toBe("Paystack now confirms the amount asked for: check with Paystack again to credit it.");
    expect(refusal(mismatchRefundable(flagged, word("failed")))).toBe("Paystack does not confirm a payment for this deposit now: there is nothing to refund.");
    expect(refusal(mismatchRefundable({ ...flagged, flagged: false }, word("succeeded", 4_000)))).toBe("This deposit is not flagged: there is nothing to resolve.");
    expect(mismatchRefundable({ ...flagged, status: "SUCCEEDED" }, word("succeeded", 4_000))).not.toBeNull();
  });

  it("returns a withdrawal's money only once the provider says its transfer failed, was reversed or never reached it", () => {
    const w = { status: "PENDING" as const, flagged: true };
    for (const s of ["failed", "reversed", "not_found"] as const) expect(flaggedReturnable(w, { status: s, amountMinor: null, currency: null })).toBeNull();
    for (const s of ["succeeded", "pending", "otp", "unknown"] as const) expect(flaggedReturnable(w, { status: s, amountMinor: null, currency: null })).not.toBeNull();
    expect(flaggedReturnable({ ...w, flagged: false }, { status: "failed", amountMinor: null, currency: null })).not.toBeNull();
  });
});

describe("isStuck", () => {
  it("flags what has been PENDING for more than 30 minutes", () => {
    expect(isStuck("PENDING", T0, T0 + 30 * 60_000)).toBe(false);
    expect(isStuck("PENDING", T0, T0 + 30 * 60_000 + 1)).toBe(true);
    expect(isStuck("SUCCEEDED", T0, T0 + 99 * 60_000)).toBe(false);
  });
});

describe("reconcile", () => {
  const ours = (reference: string, status: string, ledgerMinor: number, kind: "deposit" | "withdrawal" = "deposit") => ({ kind, reference, status: status as never, amountMinor: 1_000, ledgerMinor });
  const theirs = (reference: string, status: string, amountMinor: number | null = 1_000, kind: "deposit" | "withdrawal" = "deposit") => ({
    kind,
    reference,
    status: status as never,
    amountMinor,
    currency: "GHS",
  });

  it("finds nothing when both sides agree", () => {
    expect(
      reconcile(
        [ours("a", "SUCCEEDED", 1_000), ours("b", "FAILED", 0), ours("w", "PENDING", 0, "withdrawal")],
        [theirs("a", "succeeded"), theirs("b", "failed"), theirs("w", "pending", 1_000, "withdrawal")],
      ),
    ).toEqual([]);
  });

  it("a refunded deposit agrees with the provider's paid (refund queued) and reversed (refund processed) states; never an amount difference", () => {
    expect(reconcile([ours("r", "REFUNDED", 0), ours("s", "REFUNDED", 0)], [theirs("r", "succeeded"), theirs("s", "failed")])).toEqual([]);
    expect(reconcile([ours("r", "REFUNDED", 0)], [theirs("r", "pending")]).map((d) => ({ ...d, detail: englishOf(d.detail) }))).toEqual([
      { kind: "deposit", reference: "r", problem: "status", detail: "We have REFUNDED; the provider has pending." },
    ]);
  });

  it("names every difference: missing on either side, amount and status", () => {
    const found = reconcile(
      [ours("a", "SUCCEEDED", 900), ours("b", "PENDING", 0), ours("c", "SUCCEEDED", 1_000), ours("d", "FAILED", 0)],
      [theirs("a", "succeeded"), theirs("b", "succeeded"), theirs("x", "succeeded")],
    );
    expect(found.map((d) => [d.reference, d.problem])).toEqual([
      ["a", "amount"],
      ["b", "status"],
      ["b", "amount"],
      ["x", "missing_in_ledger"],
      ["c", "missing_at_provider"],
    ]);
  });

  it("a withdrawal held for an admin's review was never sent: not missing at the provider; one sent and pending is", () => {
    const held = { ...ours("h", "PENDING", 0, "withdrawal"), heldForReview: true };
    expect(reconcile([held], [])).toEqual([]);
    expect(reconcile([ours("p", "PENDING", 0, "withdrawal")], []).map((d) => d.problem)).toEqual(["missing_at_provider"]);
  });
});

describe("reconcile's differences, as an admin reads them", () => {
  const found = reconcile(
    [
      { kind: "deposit", reference: "a", status: "SUCCEEDED", amountMinor: 100_000, ledgerMinor: 90_000 },
      { kind: "withdrawal", reference: "b", status: "PENDING", amountMinor: 5_000, ledgerMinor: 5_000 },
      { kind: "deposit", reference: "c", status: "SUCCEEDED", amountMinor: 100_000, ledgerMinor: 100_000 },
    ],
    [
      { kind: "deposit", reference: "a", status: "succeeded", amountMinor: 100_000, currency: "GHS" },
      { kind: "withdrawal", reference: "b", status: "reversed", amountMinor: 5_000, currency: "GHS" },
      { kind: "withdrawal", reference: "x", status: "otp", amountMinor: 2_550, currency: "GHS" },
    ],
  );

  it("names amounts as money, in English", () => {
    expect(found.map((d) => render("en", d.detail))).toEqual([
      "The provider moved GH₵1,000.00; the ledger moved GH₵900.00.",
      "We have PENDING; the provider has reversed.",
      "The provider has a otp withdrawal of GH₵25.50 that we have no record of.",
      "We have a SUCCEEDED deposit of GH₵1,000.00 (ledger GH₵1,000.00) that the provider does not list.",
    ]);
  });

  it("says it all in Twi: money, the statuses' and kinds' catalog names, no English word", () => {
    const twi = found.map((d) => render("ak", d.detail));
    for (const text of twi) expect(text).not.toMatch(/pesewa|ledger|deposit|withdrawal|succeeded|pending|reversed|otp\b|SUCCEEDED|PENDING/);
    expect(twi[0]).toContain("GH₵1,000.00");
    expect(twi[0]).toContain("GH₵900.00");
    expect(twi[3]).toContain("AWIE");
  });
});

describe("readOtp", () => {
  it("takes 4 to 12 letters or digits, without the spaces around them", () => {
    expect(readOtp(" 123456 ")).toEqual({ ok: true, code: "123456" });
    expect(readOtp("AbC9")).toEqual({ ok: true, code: "AbC9" });
  });

  it("refuses anything else, whatever its type", () => {
    for (const bad of ["", "123", "1234567890123", "12 34", "12-34", 123456, null, undefined, ["1234"]]) expect(readOtp(bad)).toEqual({ ok: false });
  });
});
