import { describe, expect, it } from "vitest";
import { formatTemplate, type Template } from "~/catalog/format";
import { pseudoTemplate } from "~/catalog/pseudo";

const catalog: Record<string, Template> = {
  units: { one: "{count} unit", other: "{count} units" },
  limit: "the daily limit of {amount}",
};
const lookup = (id: string) => catalog[id];
const format = (template: Template, params?: Parameters<typeof formatTemplate>[1]) => formatTemplate(template, params, "en", lookup);

describe("the catalog's message format", () => {
  it("fills placeholders; numbers stay as given unless asked to be grouped", () => {
    expect(format("Batch #{batchId} for {period}", { batchId: 12345, period: "2026-11" })).toBe("Batch #12345 for 2026-11");
    expect(format("{n} eggs", { n: { number: 1234567 } })).toBe("1,234,567 eggs");
  });

  it("formats money from pesewas and dates as given", () => {
    expect(format("Paid {amount} on {day}", { amount: { money: 123450 }, day: { date: "2026-11-26" } })).toBe("Paid GH₵1,234.50 on 2026-11-26");
  });

  it("chooses the plural form with Intl.PluralRules and groups the count", () => {
    expect(format(catalog.units, { count: 1 })).toBe("1 unit");
    expect(format(catalog.units, { count: 0 })).toBe("0 units");
    expect(format(catalog.units, { count: 1500 })).toBe("1,500 units");
    expect(format({ zero: "none", one: "one", other: "{count}" }, { count: 0 })).toBe("none");
  });

  it("renders a parameter that is itself a message, in the same locale", () => {
    expect(format("Refused: {why}.", { why: { msg: "limit", params: { amount: { money: 300000 } } } })).toBe("Refused: the daily limit of GH₵3,000.00.");
  });

  it("leaves a placeholder without a parameter as it is", () => {
    expect(format("Hi, {name}", {})).toBe("Hi, {name}");
  });
});

describe("the pseudo-locale", () => {
  it("accents and brackets every word, and keeps the placeholders", () => {
    expect(pseudoTemplate("Hi, {name}")).toBe("⟦Hí, {name}⟧");
    expect(pseudoTemplate({ one: "{count} unit", other: "{count} units" })).toEqual({ one: "⟦{count} úñít⟧", other: "⟦{count} úñítš⟧" });
  });
});
