import { render } from "~/catalog/index.server";
import { describe, expect, it } from "vitest";
import { DomainError } from "~/domain/errors";
import {
  approvalExpiresAt,
  approvalSummary,
  assertMayDecide,
  deleteNeedsApproval,
  fourEyesRelaxed,
  isGuardedAction,
  reasonAsSentence,
  rejectionReason,
  sameRequestWaiting,
  withdrawalNeedsReview,
} from "~/domain/approvals";

const at = "2026-03-01T10:00:00.000Z";
const pending = { status: "PENDING", requestedBy: 1, expiresAt: approvalExpiresAt(at) };
const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return (e as DomainError).detail;
  }
  return null;
};

/** A summary as admins read it in English. */
const summaryText = (...a: Parameters<typeof approvalSummary>) => render("en", approvalSummary(...a));

describe("four eyes", () => {
  it("guards the issue's actions only", () => {
    for (const a of ["payout.execute", "batch.close", "batch.delete", "user.role", "withdrawal.send", "deposit.refund", "deposit.refund_again", "withdrawal.return"])
      expect(isGuardedAction(a)).toBe(true);
    expect(isGuardedAction("batch.activate")).toBe(false);
  });

  it("finds the same request already waiting, whatever its arguments' order, but not a lapsed or decided one", () => {
    const row = (id: number, params: object, extra: object = {}) => ({ id, action: "payout.execute", params: JSON.stringify(params), status: "PENDING", expiresAt: approvalExpiresAt(at), ...extra });
    const asked = { action: "payout.execute", params: { batchId: 4, period: "2026-02" } };
    const now = "2026-03-01T12:00:00.000Z";
    expect(sameRequestWaiting([row(1, { period: "2026-02", batchId: 4 })], asked, now)?.id).toBe(1);
    expect(sameRequestWaiting([row(1, { batchId: 4, period: "2026-01" }), row(2, { batchId: 5, period: "2026-02" })], asked, now)).toBeUndefined();
    expect(sameRequestWaiting([row(1, { batchId: 4, period: "2026-02" }, { action: "batch.close" })], asked, now)).toBeUndefined();
    expect(sameRequestWaiting([row(1, { batchId: 4, period: "2026-02" }, { status: "REJECTED" })], asked, now)).toBeUndefined();
    expect(sameRequestWaiting([row(1, { batchId: 4, period: "2026-02" })], asked, "2026-03-02T10:00:00.000Z")).toBeUndefined();
  });

  it("expires after 24 hours", () => {
    expect(approvalExpiresAt(at)).toBe("2026-03-02T10:00:00.000Z");
    expect(refusal(() => assertMayDecide(pending, { adminId: 2, adminCount: 2, now: "2026-03-02T09:59:59.999Z" }))).toBeNull();
    expect(refusal(() => assertMayDecide(pending, { adminId: 2, adminCount: 2, now: "2026-03-02T10:00:00.000Z" }))).toBe(
      "This request expired: requests lapse after 24 hours. Ask again if it is still needed.",
    );
  });

  it("refuses the requester while there is a second admin, and decided requests", () => {
    expect(refusal(() => assertMayDecide(pending, { adminId: 1, adminCount: 2, now: at }))).toBe("A second admin must approve: you asked for this.");
    expect(refusal(() => assertMayDecide(pending, { adminId: 1, adminCount: 1, now: at }))).toBeNull();
    expect(refusal(() => assertMayDecide({ ...pending, status: "APPROVED" }, { adminId: 2, adminCount: 2, now: at }))).toBe("This request is already approved.");
    expect(fourEyesRelaxed(1)).toBe(true);
    expect(fourEyesRelaxed(2)).toBe(false);
  });

  it("needs a reason to reject", () => {
    expect(rejectionReason("  wrong month ")).toBe("wrong month");
    expect(refusal(() => rejectionReason(" "))).toBe("Give a reason for the rejection (up to 500 characters).");
    expect(refusal(() => rejectionReason("x".repeat(501)))).toBe("Give a reason for the rejection (up to 500 characters).");
  });

  it("ends a reason read inside the investor's sentence with a full stop, unless it already ends one", () => {
    expect(reasonAsSentence("Looks unusual ")).toBe("Looks unusual.");
    for (const ended of ["Not confirmed.", "Call us!", "Was it you?", 'He said "no."', "(see the note.)", "Wait…"]) expect(reasonAsSentence(ended)).toBe(ended);
  });

  it("guards deleting a batch with history, and withdrawals above the threshold", () => {
    expect(deleteNeedsApproval({ status: "OPEN", unitsPlaced: 0 })).toBe(false);
    expect(deleteNeedsApproval({ status: "ACTIVE", unitsPlaced: 0 })).toBe(true);
    expect(deleteNeedsApproval({ status: "OPEN", unitsPlaced: 3 })).toBe(true);
    expect(withdrawalNeedsReview(500_000, 500_000)).toBe(false);
    expect(withdrawalNeedsReview(500_001, 500_000)).toBe(true);
  });

  it("writes summaries admins can read", () => {
    expect(summaryText({ action: "payout.execute", batchId: 4, period: "2026-11" })).toBe("Execute the 2026-11 payout run of Batch #4");
    expect(summaryText({ action: "batch.close", batchId: 4, reserveDrawMinor: 1000 })).toMatch(/^Close Batch #4 and return the principal, drawing .*10\.00 from the reserve$/);
    expect(summaryText({ action: "user.role", email: "b@x.test", isAdmin: false })).toBe("Remove admin rights from b@x.test");
    expect(summaryText({ action: "withdrawal.send", withdrawalId: 7, amountMinor: 6000, email: "a@x.test", provider: "MTN MoMo", windowTotalMinor: 6000 })).toMatch(
      /^Send withdrawal #7 of .*60\.00 by a@x\.test to MTN MoMo$/,
    );
    expect(summaryText({ action: "withdrawal.send", withdrawalId: 7, amountMinor: 6000, email: "a@x.test", provider: "MTN MoMo", windowTotalMinor: 12000 })).toMatch(
      / \(.*120\.00 in the last 24 hours with this one\)$/,
    );
  });
});
