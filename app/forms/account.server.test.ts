import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/forms/parse.server";
import {
  ChangePasswordFormSchema,
  ChangePasswordSchema,
  CloseAccountSchema,
  CloseWithPinSchema,
  LoginSchema,
  ProfileUpdateSchema,
  ProofSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from "~/forms/account.server";
import { englishOf } from "~/domain/errors";

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
    if (!result.success) expect(fieldErrors(result.error, englishOf)[field]).toBe(message);
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
    expect(r.success ? null : fieldErrors(r.error, englishOf).full_name).toBe("Your name cannot contain control characters or text-direction marks.");
  });
});

describe("ResetPasswordSchema", () => {
  it("needs matching passwords", () => {
    const result = ResetPasswordSchema.safeParse({ password: "longenough", confirm: "different1" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error, englishOf).confirm).toBe("The two passwords do not match.");
  });
});

describe("the account page's forms", () => {
  it("normalises a Ghana phone number to +233 and clears it when blank or null", () => {
    expect(ProfileUpdateSchema.parse({ full_name: "Ama", phone: "024 123 4567" })).toEqual({ full_name: "Ama", phone: "+233241234567" });
    expect(ProfileUpdateSchema.parse({ phone: "+233 (20) 123-4567" })).toEqual({ phone: "+233201234567" });
    expect(ProfileUpdateSchema.parse({ phone: "  " })).toEqual({ phone: null });
    expect(ProfileUpdateSchema.parse({ phone: null })).toEqual({ phone: null });
  });

  it.each(["12345", "024 123 456", "+44 20 7946 0958", "0241234567890123456789", 241234567])("refuses %j as a phone", (phone) => {
    const r = ProfileUpdateSchema.safeParse({ phone });
    expect(r.success ? null : fieldErrors(r.error, englishOf).phone).toBe("Enter a Ghana phone number like 024 123 4567 or +233 24 123 4567.");
  });

  it("asks for the current password and a new one by the registration rule", () => {
    const errors = (input: unknown) => {
      const r = ChangePasswordSchema.safeParse(input);
      return r.success ? {} : fieldErrors(r.error, englishOf);
    };
    expect(errors({ current_password: "", new_password: "short" })).toEqual({
      current_password: "Enter your current password.",
      new_password: "Use at least 8 characters for your password.",
    });
    expect(errors({ current_password: "same-password", new_password: "same-password" })).toEqual({ new_password: "Choose a new password that differs from your current one." });
    expect(ChangePasswordSchema.parse({ current_password: "old-password", new_password: "new-password" })).toEqual({ current_password: "old-password", new_password: "new-password" });
  });

  it("on the page, the new password is typed twice", () => {
    const r = ChangePasswordFormSchema.safeParse({ current_password: "old-password", new_password: "new-password", confirm_password: "new-passwork" });
    expect(r.success ? null : fieldErrors(r.error, englishOf)).toEqual({ confirm_password: "The two passwords do not match." });
  });

  it("closing needs the password", () => {
    const r = CloseAccountSchema.safeParse({});
    expect(r.success ? null : fieldErrors(r.error, englishOf).password).toBe("Enter your password to close your account.");
  });
});

describe("the current PIN a form asks for", () => {
  it("is given to the check as typed when it may be a PIN; empty, letters or another length never reach it", () => {
    for (const schema of [ProofSchema.pin, CloseWithPinSchema]) {
      expect(schema.parse({ current_pin: " 4071 " })).toEqual({ pin: "4071" });
      expect(schema.parse({ current_pin: "9999" })).toEqual({ pin: "9999" });
      for (const [typed, message] of [
        ["", "Enter your PIN to confirm it is you."],
        ["   ", "Enter your PIN to confirm it is you."],
        ["abcd", "Your PIN must be 4 to 6 digits."],
        ["407", "Your PIN must be 4 to 6 digits."],
        ["4071234", "Your PIN must be 4 to 6 digits."],
        ["40 71", "Your PIN must be 4 to 6 digits."],
        ["9".repeat(100), "Your PIN must be 4 to 6 digits."],
      ]) {
        const result = schema.safeParse({ current_pin: typed });
        expect(result.success, typed).toBe(false);
        if (!result.success) expect(fieldErrors(result.error, englishOf).current_pin, typed).toBe(message);
      }
    }
  });
});

describe("addresses in .invalid", () => {
  it("cannot register: closed accounts are renamed into that domain", () => {
    const r = RegisterSchema.safeParse({ full_name: "A", email: "closed-1@closed.invalid", password: "longenough" });
    expect(r.success ? null : fieldErrors(r.error, englishOf).email).toBe("Enter a valid email address.");
  });
});
