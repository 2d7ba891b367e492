import { describe, expect, it } from "vitest";
import { categoryOfKind, htmlBody, isSecurityKind, subjectOfKind, maskPhone, retryDelaySeconds, smsText, SMS_MAX } from "~/domain/notices";

describe("notices", () => {
  it("maps every notice kind to its preference; security and unknown kinds to none", () => {
    expect(categoryOfKind("PAYOUT")).toBe("payouts");
    expect(categoryOfKind("REINVESTED")).toBe("payouts");
    for (const kind of ["DEPOSIT_CREDITED", "DEPOSIT_FAILED", "WITHDRAWAL_SENT", "WITHDRAWAL_FAILED", "WITHDRAWAL_REVERSED"]) expect(categoryOfKind(kind)).toBe("money");
    expect(categoryOfKind("EXIT_FILLED")).toBe("exits");
    expect(categoryOfKind("EXIT_CANCELLED")).toBe("exits");
    expect(categoryOfKind("NEWS")).toBe("news");
    expect(categoryOfKind("PASSWORD_RESET")).toBeNull();
    expect(categoryOfKind("SOMETHING_NEW")).toBeNull();
  });

  it("treats ADMIN_SECURITY as a security kind: no preference, its own subject", () => {
    expect(isSecurityKind("ADMIN_SECURITY")).toBe(true);
    expect(categoryOfKind("ADMIN_SECURITY")).toBeNull();
    expect(subjectOfKind("ADMIN_SECURITY")).toBe("Security alert for Akoko admins");
    expect(isSecurityKind("PAYOUT")).toBe(false);
  });

  it("keeps an SMS to one 160-character segment, cut on a word", () => {
    expect(smsText("  Payout   received:\nGH₵5.00 ")).toBe("Payout received: GH₵5.00");
    const long = smsText("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(SMS_MAX);
    expect(long.endsWith("word…")).toBe(true);
    expect(smsText("x".repeat(300))).toHaveLength(SMS_MAX);
  });

  it("backs off by doubling from the base, at most an hour", () => {
    expect([1, 2, 3, 4].map((a) => retryDelaySeconds(a, 30))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(30, 30)).toBe(3600);
  });

  it("masks phones for logs and escapes HTML bodies", () => {
    expect(maskPhone("+233241234567")).toBe("+233 24 *** 4567");
    expect(htmlBody({ heading: "<b>Hi</b>", paragraphs: ["a & b"] })).toContain("&lt;b&gt;Hi&lt;/b&gt;");
    expect(htmlBody({ heading: "x", paragraphs: ["a & b"] })).toContain("a &amp; b");
  });
});
