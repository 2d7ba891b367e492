import { describe, expect, it } from "vitest";
import {
  categoryOfKind,
  gsm7Length,
  gsm7Only,
  htmlBody,
  isDecisionKind,
  isReceiptKind,
  isSecurityKind,
  subjectOfKind,
  maskEmail,
  maskPhone,
  retryDelaySeconds,
  sendLimitMs,
  smsText,
  SMS_MAX,
  SMS_UCS2_MAX,
} from "~/domain/notices";
import { render } from "~/catalog/index.server";

describe("notices", () => {
  it("maps every notice kind to its preference; security and unknown kinds to none", () => {
    expect(categoryOfKind("PAYOUT")).toBe("payouts");
    expect(categoryOfKind("REINVESTED")).toBe("payouts");
    for (const kind of ["DEPOSIT_CREDITED", "DEPOSIT_FAILED", "DEPOSIT_REFUNDED", "WITHDRAWAL_SENT", "WITHDRAWAL_FAILED", "WITHDRAWAL_REVERSED"]) expect(categoryOfKind(kind)).toBe("money");
    expect(categoryOfKind("EXIT_FILLED")).toBe("exits");
    expect(categoryOfKind("EXIT_CANCELLED")).toBe("exits");
    expect(categoryOfKind("NEWS")).toBe("news");
    expect(categoryOfKind("PASSWORD_RESET")).toBeNull();
    expect(categoryOfKind("SOMETHING_NEW")).toBeNull();
  });

  it("treats ADMIN_SECURITY as a security kind: no preference, its own subject", () => {
    expect(isSecurityKind("ADMIN_SECURITY")).toBe(true);
    expect(categoryOfKind("ADMIN_SECURITY")).toBeNull();
    expect(render("en", subjectOfKind("ADMIN_SECURITY"))).toBe("Security alert for Akoko admins");
    expect(isSecurityKind("PAYOUT")).toBe(false);
  });

  it("treats a USSD money action's receipt as a receipt: no preference, not a security notice (issue 31)", () => {
    expect(isReceiptKind("RECEIPT")).toBe(true);
    expect(isSecurityKind("RECEIPT")).toBe(false);
    expect(categoryOfKind("RECEIPT")).toBeNull();
    expect(isReceiptKind("DEPOSIT_CREDITED")).toBe(false);
  });

  it("treats an identity decision as the answer to the investor's own request: no preference governs it, not a security notice", () => {
    for (const kind of ["KYC_APPROVED", "KYC_REJECTED"]) {
      expect(isDecisionKind(kind)).toBe(true);
      expect(categoryOfKind(kind)).toBeNull();
      expect(isSecurityKind(kind)).toBe(false);
    }
    expect(render("en", subjectOfKind("KYC_APPROVED"))).toBe("Your identity is verified");
    expect(isDecisionKind("DEPOSIT_CREDITED")).toBe(false);
  });

  it("treats a new payout destination and a withdrawal's request as security kinds (issue 26)", () => {
    for (const kind of ["DESTINATION_ADDED", "WITHDRAWAL_REQUESTED"]) {
      expect(isSecurityKind(kind)).toBe(true);
      expect(categoryOfKind(kind)).toBeNull();
    }
    expect(render("en", subjectOfKind("DESTINATION_ADDED"))).toBe("A new payout destination was added to your Akoko account");
    expect(render("en", subjectOfKind("WITHDRAWAL_REQUESTED"))).toBe("A withdrawal was requested from your Akoko account");
  });

  it("keeps an SMS to one 160-character segment, cut on a word", () => {
    expect(smsText("  Payout   received:\nGH₵5.00 ")).toBe("Payout received: GHS 5.00");
    const long = smsText("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(SMS_MAX);
    expect(long.endsWith("word...")).toBe(true);
    expect(smsText("x".repeat(300))).toHaveLength(SMS_MAX);
  });

  it("writes the SMS in the GSM-7 alphabet, so 160 characters are one segment (a ₵ or … would make it a 70-character Unicode one)", () => {
    const payout = smsText("Akoko: Payout received: GH₵1,234.50 from Batch #7 (income for 2025-09). Offer – “filled” … ");
    expect(payout).toBe(`Akoko: Payout received: GHS 1,234.50 from Batch #7 (income for 2025-09). Offer - "filled" ...`);
    expect(gsm7Length(payout)).toBe(payout.length);
    // A long text with a cedi sign: still one segment once written in GSM-7.
    const kyc = smsText(`Akoko: Your identity is verified: your account is now Verified. You can deposit up to GH₵15,000.00 a day, hold up to GH₵40,000.00 and withdraw to accounts in your own name.`);
    expect(gsm7Length(kyc)).not.toBeNull();
    expect(gsm7Length(kyc)!).toBeLessThanOrEqual(SMS_MAX);
    // The extension table's characters take two places.
    expect(gsm7Length("€[]")).toBe(6);
    expect(gsm7Length(smsText("€".repeat(100)))!).toBeLessThanOrEqual(SMS_MAX);
    // Twi's ɛ and ɔ are outside GSM-7: written e and o, a Twi SMS keeps 160 characters a segment.
    expect(gsm7Length("Ɛyɛ")).toBeNull();
    expect(smsText("Ɛyɛ adwuma pa. Wo sika kotoku mu sika aka: GH₵5.00. Ɔkyena yɛbɛtua.")).toBe("Eye adwuma pa. Wo sika kotoku mu sika aka: GHS 5.00. Okyena yebetua.");
    const twi = smsText(`Akoko: ${"Ɛyɛ adwuma pa, ɔdɔ ".repeat(12)}`);
    expect(gsm7Length(twi)).not.toBeNull();
    expect(twi.length).toBeGreaterThan(SMS_UCS2_MAX);
    expect(gsm7Length(twi)!).toBeLessThanOrEqual(SMS_MAX);
    expect(twi.endsWith("...")).toBe(true);
    // What GSM-7 still cannot write (an emoji) goes as Unicode: one segment is 70 characters then.
    const emoji = smsText(`Akoko: ${"🐔 adwuma pa ".repeat(10)}`);
    expect(emoji.length).toBeLessThanOrEqual(SMS_UCS2_MAX);
  });

  it("writes any text in GSM-7 for a USSD screen: accents GSM-7 lacks dropped, the rest as ?", () => {
    expect(gsm7Only("Ɔbuasi Poultry — GH₵1,234.50 “fresh” …")).toBe('Obuasi Poultry - GHS 1,234.50 "fresh" ...');
    expect(gsm7Only("Kpɔ̃ Farms, Bolgatanga")).toBe("Kpo Farms, Bolgatanga");
    expect(gsm7Only("Café Ñandú åß")).toBe("Café Ñandu åß");
    expect(gsm7Only("Ŋmɛ 🐔\tfarm")).toBe("?me ??farm");
    for (const text of ["Ɔbuasi Poultry — GH₵1,234.50", "Kpɔ̃ 🐔 Ŋ", "€[x]"]) expect(gsm7Length(gsm7Only(text))).not.toBeNull();
  });

  it("backs off by doubling from the base, at most an hour", () => {
    expect([1, 2, 3, 4].map((a) => retryDelaySeconds(a, 30))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(30, 30)).toBe(3600);
    // A send ends before its lease: a tenth of it kept, at most 5 s.
    expect([1, 3, 12, 50, 120, 3600].map(sendLimitMs)).toEqual([900, 2700, 10_800, 45_000, 115_000, 3_595_000]);
  });

  it("masks phones for logs and escapes HTML bodies", () => {
    expect(maskPhone("+233241234567")).toBe("+233 *** *** 567");
    expect(maskPhone("0551234987")).toBe("*******987");
    expect(maskPhone("+233 55 123 4987")).toBe("*********987");
    expect(maskPhone("12")).toBe("***");
    expect(maskEmail("kofi.mensah@example.com")).toBe("k***@example.com");
    expect(maskEmail("a@akoko.test")).toBe("a***@akoko.test");
    expect(maskEmail("not-an-address")).toBe("***");
    expect(htmlBody({ heading: "<b>Hi</b>", paragraphs: ["a & b"] })).toContain("&lt;b&gt;Hi&lt;/b&gt;");
    expect(htmlBody({ heading: "x", paragraphs: ["a & b"] })).toContain("a &amp; b");
  });
});
