import { describe, expect, it } from "vitest";
import { fieldErrors, LoginSchema, ProfileUpdateSchema, RegisterSchema, ResetPasswordSchema, safeRedirect } from "~/domain/account";

describe("RegisterSchema", () => {
  it("accepts a valid registration and lower-cases the email", () => {
    const parsed = RegisterSchema.parse({ full_name: "  Ama Owusu ", email: " Ama@Example.COM ", password: "longenough" });
    expect(parsed).toEqual({ full_name: "Ama Owusu", email: "ama@example.com", password: "longenough" });
  });

  it.each([
    [{ full_name: "", email: "a@b.co", password: "longenough" }, "full_name", "Enter your full name."],
    [{ full_name: "A", email: "not-an-email", password: "longenough" }, "email", "Enter a valid email address."],
    [{ full_name: "A", email: "", password: "longenough" }, "email", "Enter your email address."],
    [{ full_name: "A", email: "a@b.co", password: "short" }, "password", "Use at least 8 characters for your password."],
    [{ full_name: "A", email: "a@b.co" }, "password", "Choose a password."],
    [{ full_name: 42, email: "a@b.co", password: "longenough" }, "full_name", "Enter your full name."],
    [{ full_name: "Ama\u202eOwusu", email: "a@b.co", password: "longenough" }, "full_name", "Your name cannot contain control characters or text-direction marks."],
    [{ full_name: "Ama\u0000", email: "a@b.co", password: "longenough" }, "full_name", "Your name cannot contain control characters or text-direction marks."],
    [{ full_name: "Ama\nOwusu", email: "a@b.co", password: "longenough" }, "full_name", "Your name cannot contain control characters or text-direction marks."],
  ])("rejects %j with a message on %s", (input, field, message) => {
    const result = RegisterSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)[field]).toBe(message);
  });
});

describe("LoginSchema", () => {
  it("needs both fields", () => {
    const result = LoginSchema.safeParse({ email: "", password: "" });
    expect(result.success).toBe(false);
  });
});

describe("ProfileUpdateSchema", () => {
  it("drops is_admin and email: only the name can change", () => {
    expect(ProfileUpdateSchema.parse({ full_name: "New Name", is_admin: true, email: "x@y.z" })).toEqual({ full_name: "New Name" });
  });

  it("refuses a name with a text-direction override", () => {
    const r = ProfileUpdateSchema.safeParse({ full_name: "\u202eemaN weN" });
    expect(r.success ? null : fieldErrors(r.error).full_name).toBe("Your name cannot contain control characters or text-direction marks.");
  });
});

describe("ResetPasswordSchema", () => {
  it("needs matching passwords", () => {
    const result = ResetPasswordSchema.safeParse({ password: "longenough", confirm: "different1" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error).confirm).toBe("The two passwords do not match.");
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/portfolio?x=1", "/portfolio?x=1"],
    ["//evil.example", "/portfolio"],
    ["https://evil.example", "/portfolio"],
    ["/\\evil.example", "/portfolio"],
    [null, "/portfolio"],
    // Browsers drop tabs and newlines from a URL and read "\\" as "/": each of these went to //evil.example.
    ["/\t/evil.example", "/portfolio"],
    ["/\t\\evil.example", "/portfolio"],
    ["/\n/evil.example", "/portfolio"],
    ["/\r\n/evil.example", "/portfolio"],
    ["/portfolio\\x", "/portfolio"],
    ["/portfolio\u0000", "/portfolio"],
    ["/portfolio\u007f", "/portfolio"],
    ["/invest\u0085", "/portfolio"],
    [" /invest/eggs", "/portfolio"],
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/invest/eggs?invest=3&units=2#dialog", "/invest/eggs?invest=3&units=2#dialog"],
  ])("%j -> %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("gives a path a browser reads on our own origin, percent-encoded so a Location header can carry it", () => {
    expect(safeRedirect("/invest/eggs?name=Ɔkɔɔ")).toBe("/invest/eggs?name=%C6%86k%C9%94%C9%94");
    expect(safeRedirect("/caf\u00e9 €")).toBe("/caf%C3%A9%20%E2%82%AC");
    for (const bad of ["/\t/evil.example", "/\t\\evil.example", "/\u0000/evil.example"]) {
      expect(new URL(safeRedirect(bad), "https://akoko.example").origin).toBe("https://akoko.example");
    }
  });
});
