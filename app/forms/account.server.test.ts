import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/forms/parse.server";
import { LoginSchema, ProfileUpdateSchema, RegisterSchema, ResetPasswordSchema } from "~/forms/account.server";

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
