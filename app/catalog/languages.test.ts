import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, languageOf } from "~/catalog/languages";

describe("the reader's language", () => {
  it("takes only the languages people can choose", () => {
    expect(languageOf("ak")).toBe("ak");
    expect(languageOf("en")).toBe("en");
    expect(languageOf("pseudo")).toBeNull();
    expect(languageOf("fr")).toBeNull();
    expect(languageOf(undefined)).toBeNull();
  });

  it("reads Akan from Accept-Language as ak, tw or twi, by weight", () => {
    expect(languageFromAcceptLanguage("ak")).toBe("ak");
    expect(languageFromAcceptLanguage("tw-GH,en;q=0.5")).toBe("ak");
    expect(languageFromAcceptLanguage("twi")).toBe("ak");
    expect(languageFromAcceptLanguage("en-GH,en;q=0.9,ak;q=0.8")).toBe("en");
    expect(languageFromAcceptLanguage("en;q=0.4, ak;q=0.9")).toBe("ak");
    expect(languageFromAcceptLanguage("fr-FR, ak;q=0.3")).toBe("ak");
    expect(languageFromAcceptLanguage("ak;q=0, en")).toBe("en");
  });

  it("is English when the header names neither, is missing or is nonsense", () => {
    expect(languageFromAcceptLanguage(null)).toBe("en");
    expect(languageFromAcceptLanguage("")).toBe("en");
    expect(languageFromAcceptLanguage("fr, de;q=0.5")).toBe("en");
    expect(languageFromAcceptLanguage(";;;q=,,")).toBe("en");
    expect(languageFromAcceptLanguage("*")).toBe("en");
  });
});
