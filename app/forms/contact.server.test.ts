import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/forms/parse.server";
import { ContactSchema } from "~/forms/contact.server";
import { englishOf } from "~/domain/errors";

describe("ContactSchema", () => {
  it("accepts a complete message, trimmed, with the email in lower case", () => {
    const r = ContactSchema.parse({ name: "  Kwame Osei ", email: "Kwame@Example.COM", subject: " Payout date ", message: "When is the next egg payout?" });
    expect(r).toEqual({ name: "Kwame Osei", email: "kwame@example.com", subject: "Payout date", message: "When is the next egg payout?" });
  });

  it("names each missing or wrong field", () => {
    const r = ContactSchema.safeParse({ name: " ", email: "nope", subject: "", message: "hi" });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!, englishOf)).toEqual({
      name: "Enter your name.",
      email: "Enter a valid email address.",
      subject: "Enter a subject.",
      message: "Write at least 10 characters so we can help.",
    });
    expect(fieldErrors(ContactSchema.safeParse({}).error!, englishOf)).toMatchObject({ name: "Enter your name.", message: "Write your message." });
  });

  it("refuses control characters and text-direction marks in the name and subject", () => {
    const r = ContactSchema.safeParse({ name: "Kwame\u0000", email: "a@b.co", subject: "Pay\u202eout", message: "When is the next egg payout?" });
    expect(fieldErrors(r.error!, englishOf)).toEqual({
      name: "Your name cannot contain control characters or text-direction marks.",
      subject: "The subject cannot contain control characters or text-direction marks.",
    });
  });

  it("refuses over-long fields", () => {
    const r = ContactSchema.safeParse({ name: "a", email: "a@b.co", subject: "s", message: "x".repeat(5001) });
    expect(fieldErrors(r.error!, englishOf)).toEqual({ message: "Your message can be at most 5000 characters." });
  });
});
