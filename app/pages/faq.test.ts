import { describe, expect, it } from "vitest";
import { translatorFor } from "~/catalog/index.server";
import { FAQ_CATEGORIES, faqItems, groupFaqs, searchFaqs as searchIn } from "~/pages/faq";

/** The entries in English, and the search over them. */
const t = translatorFor("en");
const FAQ_ITEMS = faqItems(t, 0.08);
const searchFaqs = (query: string | null) => searchIn(query, FAQ_ITEMS);

describe("FAQ entries", () => {
  // Issue 29 point 3: withholding tax has a question of its own (the product's 18 entries plus it).
  it("has 19 entries with unique ids in the five categories", () => {
    expect(FAQ_ITEMS).toHaveLength(19);
    expect(new Set(FAQ_ITEMS.map((f) => f.id)).size).toBe(19);
    expect(FAQ_CATEGORIES.map((c) => t(`faq.category.${c}`))).toEqual(["Account & Onboarding", "Investing", "Payouts & Returns", "Security & Risk", "Platform & Support"]);
    for (const category of FAQ_CATEGORIES)
      expect(
        FAQ_ITEMS.some((f) => f.category === category),
        category,
      ).toBe(true);
  });

  it("explains withholding tax at the rate payouts withhold", () => {
    const tax = FAQ_ITEMS.find((f) => f.id === "tax")!;
    expect(tax.question).toBe("Is tax taken from my payouts?");
    expect(tax.answer).toContain("withholding tax of 8% is taken from your income");
    expect(faqItems(t, 0.075).find((f) => f.id === "tax")!.answer).toContain("7.5%");
    expect(faqItems(t, 0).find((f) => f.id === "tax")!.answer).toMatch(/^Not at present/);
  });

  it("states the product's FAQ claims", () => {
    const all = FAQ_ITEMS.map((f) => f.answer).join("\n");
    for (const claim of [
      "GH₵50.00 per unit for Egg Notes",
      "GH₵100.00 per unit for Chicken Notes",
      "under 24 hours",
      "Mobile-money deposits are instant",
      "up to 24h",
      "10-14% annually",
      "8-12% per cycle",
      "after the first month, with 3 days' notice",
      "Chicken Notes are locked until harvest",
      "Support replies within 24 hours",
      "coming soon",
      "deposits are simulated",
      "government ID",
      "proof of address",
      "6-8 weeks",
    ]) {
      expect(all, claim).toContain(claim);
    }
  });
});

describe("searchFaqs", () => {
  it("returns every entry for a blank or whitespace-only query", () => {
    expect(searchFaqs("")).toHaveLength(19);
    expect(searchFaqs("   \t")).toHaveLength(19);
    expect(searchFaqs(null)).toHaveLength(19);
  });

  it("matches a case-insensitive substring of the question or the answer", () => {
    const payout = searchFaqs("PAYOUT");
    expect(payout.length).toBeGreaterThan(0);
    for (const f of payout) expect(`${f.question} ${f.answer}`.toLowerCase()).toContain("payout");
    expect(searchFaqs("roi").map((f) => f.id)).toContain("returns");
    expect(searchFaqs("What is an Egg").map((f) => f.id)).toEqual(["egg-note"]);
    // Only in an answer:
    expect(searchFaqs("telecel").map((f) => f.id)).toEqual(["withdraw"]);
  });

  it("trims the query and returns nothing for a miss", () => {
    expect(searchFaqs("  chicken  ").length).toBe(searchFaqs("chicken").length);
    expect(searchFaqs("zzz-no-such-thing")).toEqual([]);
  });

  it("keeps the order and groups by category", () => {
    const groups = groupFaqs(searchFaqs(""));
    expect(groups.map((g) => g.category)).toEqual([...FAQ_CATEGORIES]);
    expect(groups.reduce((n, g) => n + g.items.length, 0)).toBe(19);
    expect(groupFaqs([])).toEqual([]);
  });
});
