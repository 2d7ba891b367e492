import { describe, expect, it } from "vitest";
import { errorField, hideLinkTokens } from "~/lib/logger.server";

describe("hideLinkTokens", () => {
  it("writes [token] for the token of each signed link, in a path or in text", () => {
    expect(hideLinkTokens("/reset-password/Zx81kQ0pWm3vT5rLa9yB")).toBe("/reset-password/[token]");
    expect(hideLinkTokens("/confirm-email/abc_DEF-123")).toBe("/confirm-email/[token]");
    expect(hideLinkTokens("/unsubscribe/12.payouts.Q2x9vvvv")).toBe("/unsubscribe/[token]");
    expect(hideLinkTokens("/unsubscribe/12.payouts.%C3%A9%C3%A9/extra")).toBe("/unsubscribe/[token]/extra");
    expect(hideLinkTokens('You made a POST request to "/confirm-email/secret123" and http://akoko.test/reset-password/s3cret?x=1.')).toBe(
      'You made a POST request to "/confirm-email/[token]" and http://akoko.test/reset-password/[token]?x=1.',
    );
  });

  it("writes [token] for the secret in the USSD gateways' callback paths", () => {
    expect(hideLinkTokens("/ussd/hubtel/s3cr3t-0123456789abcdef")).toBe("/ussd/hubtel/[token]");
    expect(hideLinkTokens("/ussd/africastalking/0123456789abcdefXYZ")).toBe("/ussd/africastalking/[token]");
    expect(hideLinkTokens('No route matches URL "/ussd/other/0123456789abcdef/x"')).toBe('No route matches URL "/ussd/other/[token]/x"');
    for (const path of ["/ussd", "/ussd/", "/ussd/hubtel", "/ussd/hubtel/"]) expect(hideLinkTokens(path)).toBe(path);
  });

  it("writes [token] whatever the letter case and however many slashes (the routes match any case)", () => {
    expect(hideLinkTokens("/Reset-Password/Zx81kQ0pWm3vT5rLa9yB")).toBe("/Reset-Password/[token]");
    expect(hideLinkTokens("/CONFIRM-EMAIL/abc_DEF-123")).toBe("/CONFIRM-EMAIL/[token]");
    expect(hideLinkTokens("/reset-password//Zx81kQ0pWm3vT5rLa9yB")).toBe("/reset-password/[token]");
    expect(hideLinkTokens("//unsubscribe///12.payouts.Q2x9vvvv")).toBe("/unsubscribe/[token]");
    expect(hideLinkTokens("/USSD/Hubtel/s3cr3t-0123456789abcdef")).toBe("/USSD/Hubtel/[token]");
    expect(hideLinkTokens("/ussd//hubtel/s3cr3t-0123456789abcdef")).toBe("/ussd/hubtel/[token]");
    expect(hideLinkTokens("/ussd/hubtel//s3cr3t-0123456789abcdef")).toBe("/ussd/hubtel/[token]");
    expect(hideLinkTokens('You made a POST request to "/ussd//africastalking/s3cr3t-0123456789abcdef"')).toBe('You made a POST request to "/ussd/africastalking/[token]"');
    for (const path of ["/Reset-Password/Code", "/RESET-PASSWORD//code", "/USSD//hubtel", "/ussd/hubtel//"]) expect(hideLinkTokens(path)).toBe(path);
  });

  it("leaves other paths, and the reset-by-code page, as they are", () => {
    for (const path of ["/reset-password", "/reset-password/", "/reset-password/code", "/portfolio/deposits/12", "/api/v1/auth/reset-password"]) expect(hideLinkTokens(path)).toBe(path);
  });
});

describe("errorField", () => {
  it("keeps no link token in an error's message or stack", () => {
    const field = errorField(new Error("No route matches /unsubscribe/1.news.abcdef"));
    expect(field.message).toBe("No route matches /unsubscribe/[token]");
    expect(field.stack).toContain("/unsubscribe/[token]");
    expect(field.stack).not.toContain("abcdef");
    expect(errorField("failed at /confirm-email/xyz")).toEqual({ message: "failed at /confirm-email/[token]" });
  });
});
