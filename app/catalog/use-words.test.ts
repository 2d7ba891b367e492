import { describe, expect, it } from "vitest";
import { translatorOf } from "~/catalog/use-words";

// Ids the catalog does not have: the test holds the lookup over what the loaders shipped, not the catalog's words.
const t = (...shipped: Parameters<typeof translatorOf>) => translatorOf(...shipped) as unknown as (id: string, params?: Record<string, unknown>) => string;

describe("translatorOf: the words the matched loaders shipped", () => {
  it("takes a later loader's word over an earlier one's, and keeps the earlier ones nobody replaced", () => {
    const translate = t({ locale: "en", words: { "x.title": "Root", "x.only": "Only root" } }, undefined, { words: { "x.title": "Page" } });
    expect(translate("x.title")).toBe("Page");
    expect(translate("x.only")).toBe("Only root");
  });

  it("formats in the last locale given (Twi says 'one' of none, English 'other')", () => {
    const words = { "x.units": { one: "one", other: "other" } };
    expect(t({ locale: "en", words })("x.units", { count: 0 })).toBe("other");
    expect(t({ locale: "en", words }, { locale: "ak" })("x.units", { count: 0 })).toBe("one");
  });

  it("renders a word none shipped as its id", () => {
    expect(t({ words: { "x.a": "A" } })("x.missing")).toBe("x.missing");
    expect(t()("x.a")).toBe("x.a");
  });

  it("fills a parameter that is a message from any loader's words, a later one's first", () => {
    const translate = t({ words: { "x.why": "early", "x.refused": "Refused: {why}." } }, { words: { "x.why": "late" } });
    expect(translate("x.refused", { why: { msg: "x.why" } })).toBe("Refused: late.");
  });
});
