import { describe, expect, it } from "vitest";
import { formatCompact, formatDate, formatMoney, formatNumber, formatTemplate, formatWeekday, pluralForm, type Template } from "~/catalog/format";
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

describe("Akan formats, with our fixes where CLDR's Akan data is incomplete", () => {
  it('names every day of the week in full, Sunday included (CLDR says "Sun")', () => {
    // 2026-11-22 is a Sunday.
    const week = ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"];
    expect(week.map((d) => formatWeekday(d, "ak"))).toEqual(["Kwasiada", "Dwoada", "Benada", "Wukuada", "Yawoada", "Fiada", "Memeneda"]);
    expect(week.map((d) => formatWeekday(d, "en"))).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
    // What CLDR alone gives, which this fixes: if Node's ICU data is ever fixed, this line says so.
    expect(new Intl.DateTimeFormat("ak-GH", { weekday: "long", timeZone: "UTC" }).format(new Date("2026-11-22T00:00:00Z"))).toBe("Sun");
  });

  it("writes a date in Twi with its weekday and Akan month, and keeps English's YYYY-MM-DD", () => {
    expect(formatDate("2026-11-22", "ak")).toBe("Kwasiada, 22, Obubuo, 2026");
    expect(formatDate("2027-01-05", "ak")).toBe("Benada, 5, Ɔpɛpɔn, 2027");
    expect(formatDate("2026-11-22", "en")).toBe("2026-11-22");
    expect(formatDate("2026-11", "ak")).toBe("2026-11");
    expect(formatTemplate("Ɛbɛba {day}", { day: { date: "2026-11-28" } }, "ak", lookup)).toBe("Ɛbɛba Memeneda, 28, Obubuo, 2026");
  });

  it("writes compact numbers with Akan words, never the root locale's letters", () => {
    expect([1_200, 12_000, 1_200_000, 2_500_000_000].map((n) => formatCompact(n, "ak"))).toEqual(["apem 1.2", "mpem 12", "ɔpepem 1.2", "ɔpepepem 2.5"]);
    expect([950, 1_200, 12_000, 1_200_000, 2_500_000_000].map((n) => formatCompact(n, "en"))).toEqual(["950", "1.2K", "12K", "1.2M", "2.5B"]);
    // CLDR's short Akan form, which this avoids: a "G" for a billion.
    expect(new Intl.NumberFormat("ak-GH", { notation: "compact" }).format(2_500_000_000)).toBe("2.5G");
  });

  it("formats money, grouped numbers and plurals with Intl for Akan", () => {
    expect(formatMoney(123_450, "ak")).toBe("GH₵1,234.50");
    // A negated sum of nothing is -0: never "-GH₵0.00".
    expect([formatMoney(-0, "en"), formatMoney(-0, "ak")]).toEqual([formatMoney(0, "en"), formatMoney(0, "ak")]);
    expect(formatMoney(-0, "en")).not.toContain("-");
    expect(formatNumber(1_234_567, "ak")).toBe("1,234,567");
    expect(pluralForm({ one: "nkyɛmu {count}", other: "nkyɛmu {count}s" }, 1, "ak")).toBe("nkyɛmu {count}");
    expect(pluralForm({ one: "a", other: "b" }, 2, "ak")).toBe("b");
  });
});
