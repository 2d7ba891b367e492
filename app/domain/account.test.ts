import { describe, expect, it } from "vitest";
import { accountClosingBlockers as closingBlockerRefs, checkAccountClosable, closedAccountEmail, readFullName, type AccountPosition } from "~/domain/account";
import { detailIn, render } from "~/catalog/index.server";
import { DomainError, englishOf } from "~/domain/errors";
import { wordsOutsideCatalog } from "../../test/support/pseudo";

/** The reasons in English, as the account page shows them. */
const accountClosingBlockers = (position: AccountPosition) => closingBlockerRefs(position).map(englishOf);

const clear = { balanceMinor: 0, activeHoldings: 0, pendingExits: 0, paymentsInFlight: 0, isAdmin: false };

function refusal(fn: () => unknown): { status: number; detail: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, detail: error.detail };
    throw error;
  }
  throw new Error("expected a DomainError");
}

describe("checkAccountClosable", () => {
  it("allows closing with a zero balance, no active holding and no pending exit", () => {
    expect(accountClosingBlockers(clear)).toEqual([]);
    expect(() => checkAccountClosable(clear)).not.toThrow();
  });

  it("refuses with money in the wallet, naming the amount", () => {
    expect(refusal(() => checkAccountClosable({ ...clear, balanceMinor: 1 }))).toEqual({
      status: 409,
      detail: expect.stringMatching(/^Your account cannot be closed yet\. Your wallet still holds GH₵\s?0\.01: withdraw it first\.$/),
    });
  });

  it("refuses while a holding is active, in the singular and the plural", () => {
    expect(accountClosingBlockers({ ...clear, activeHoldings: 1 })).toEqual([
      "You still hold 1 active investment: it runs to the end of its batch, and you can close your account once it is paid out.",
    ]);
    expect(accountClosingBlockers({ ...clear, activeHoldings: 3 })[0]).toContain("3 active investments: they run to the end of their batch");
  });

  it("refuses while a deposit or withdrawal is still with the payment provider", () => {
    expect(accountClosingBlockers({ ...clear, paymentsInFlight: 1 })).toEqual(["You have 1 deposit or withdrawal still on its way: wait until it completes."]);
    expect(accountClosingBlockers({ ...clear, paymentsInFlight: 2 })).toEqual(["You have 2 deposits or withdrawals still on their way: wait until they complete."]);
  });

  it("refuses while an early-exit offer waits for a buyer", () => {
    expect(accountClosingBlockers({ ...clear, pendingExits: 2 })).toEqual(["You have 2 early-exit offers waiting for a buyer: cancel them on your portfolio first."]);
  });

  it("names every reason at once", () => {
    const { detail } = refusal(() => checkAccountClosable({ balanceMinor: 500, activeHoldings: 1, pendingExits: 1, paymentsInFlight: 1, isAdmin: false }));
    expect(detail).toContain("withdraw it first");
    expect(detail).toContain("cancel it on your portfolio");
    expect(detail).toContain("still on its way");
    expect(detail).toContain("1 active investment");
  });

  it("every reason is a catalog message, in the reader's language, the refusal's too", () => {
    const position = { balanceMinor: 500, activeHoldings: 2, pendingExits: 1, paymentsInFlight: 3, isAdmin: true };
    for (const reason of closingBlockerRefs(position)) expect(wordsOutsideCatalog(render("pseudo", reason)), reason.msg).toEqual([]);
    let refusal: DomainError | null = null;
    try {
      checkAccountClosable(position);
    } catch (error) {
      refusal = error as DomainError;
    }
    const pseudo = detailIn("pseudo", refusal!);
    expect(pseudo).toContain("GH₵5.00");
    expect(wordsOutsideCatalog(pseudo)).toEqual([]);
  });

  it("never closes an admin account", () => {
    expect(refusal(() => checkAccountClosable({ ...clear, isAdmin: true })).detail).toBe("Your account cannot be closed yet. An admin account cannot be closed.");
  });
});

describe("closedAccountEmail", () => {
  it("is unique per user and can never receive mail", () => {
    expect(closedAccountEmail(42)).toBe("closed-42@closed.invalid");
    expect(closedAccountEmail(42)).not.toBe(closedAccountEmail(43));
  });
});

describe("readFullName", () => {
  it("reads a name as the registration form does: trimmed, at most 120 characters, letters of any script", () => {
    expect(readFullName("  Ɔkɔɔ Ama Asantewaa ")).toBe("Ɔkɔɔ Ama Asantewaa");
    expect(readFullName("x".repeat(120))).toHaveLength(120);
  });

  it("refuses an empty name, a long one and hidden characters with the form's messages", () => {
    expect(refusal(() => readFullName("   "))).toEqual({ status: 422, detail: "Enter your full name." });
    expect(refusal(() => readFullName(undefined))).toEqual({ status: 422, detail: "Enter your full name." });
    expect(refusal(() => readFullName("x".repeat(121))).detail).toBe("Your name can be at most 120 characters.");
    expect(refusal(() => readFullName("Ama\u202Egnp.exe")).detail).toMatch(/^Your name cannot contain/);
  });
});
