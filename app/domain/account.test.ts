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
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
