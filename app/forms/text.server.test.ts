import { describe, expect, it } from "vitest";
import { msg } from "~/catalog/ref";
import { fieldErrors, formMsg } from "~/forms/parse.server";
import { hasHiddenCharacters, singleLineText } from "~/forms/text.server";
import { englishOf } from "~/domain/errors";

// Names and titles are shown to other people: a NUL, a newline or a right-to-left override in one
// can hide or reorder what they read ("Ama\u202Egnp.exe" shows as "Amaexe.png").
const HIDDEN = [
  "\u0000",
  "\u0007",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u061c",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u2028",
  "\u2029",
];

describe("hasHiddenCharacters", () => {
  it.each(HIDDEN.map((c) => [c.codePointAt(0)!.toString(16)]))("U+%s inside a name is refused", (hex) => {
    const c = String.fromCodePoint(parseInt(hex, 16));
    expect(hasHiddenCharacters(`Ama${c}Owusu`)).toBe(true);
  });

  it("lets every script, accents and emoji through", () => {
    for (const ok of ["Ama Owusu", "Ɔkɔɔ ne Ɛnam", "Nana Yaa Asantewaa-Boateng", "أحمد", "José Ñúñez", "👩🏾‍🌾 Farm", "O'Neil & Sons, Ltd."]) expect(hasHiddenCharacters(ok)).toBe(false);
  });
});

describe("singleLineText", () => {
  const schema = singleLineText({ label: msg("forms.label.yourName"), required: formMsg("forms.account.fullNameRequired"), max: 10, tooLong: formMsg("forms.tooLong") });
  it("trims, requires, limits and refuses hidden characters with one clear message", () => {
    expect(schema.parse("  Ama  ")).toBe("Ama");
    expect(schema.safeParse(" ").error?.issues[0].message).toBe("Enter your full name.");
    expect(schema.safeParse("x".repeat(11)).error?.issues[0].message).toBe("That value is too long.");
    expect(schema.safeParse("A\u202eB").error?.issues[0].message).toBe("Your name cannot contain control characters or text-direction marks.");
    expect(schema.safeParse("A\u0000").error?.issues[0].message).toBe("Your name cannot contain control characters or text-direction marks.");
  });

  it("an optional field may be empty", () => {
    const optional = singleLineText({ label: msg("forms.label.location"), max: 10, tooLong: formMsg("forms.tooLong") });
    expect(optional.parse("")).toBe("");
    expect(fieldErrors(optional.safeParse("x\u202e").error!, englishOf)).toEqual({ form: "The location cannot contain control characters or text-direction marks." });
  });
});
