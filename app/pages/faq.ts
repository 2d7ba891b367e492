import type { T } from "~/catalog/use-words";

/** The static FAQ of /faq (its entries and claims are the product's copy, in the catalog: faq.<id>.q and .a). */
export const FAQ_CATEGORIES = ["account", "investing", "payouts", "security", "platform"] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FAQ_ENTRIES = [
  { id: "create-account", category: "account" },
  { id: "kyc-documents", category: "account" },
  { id: "kyc-time", category: "account" },
  { id: "who-can-invest", category: "account" },
  { id: "egg-note", category: "investing" },
  { id: "chicken-note", category: "investing" },
  { id: "minimum", category: "investing" },
  { id: "early-exit", category: "investing" },
  { id: "returns", category: "payouts" },
  { id: "tax", category: "payouts" },
  { id: "payout-timing", category: "payouts" },
  { id: "auto-reinvest", category: "payouts" },
  { id: "withdraw", category: "payouts" },
  { id: "guaranteed", category: "security" },
  { id: "funds-protection", category: "security" },
  { id: "farm-vetting", category: "security" },
  { id: "fund-wallet", category: "platform" },
  { id: "tracking", category: "platform" },
  { id: "support", category: "platform" },
] as const satisfies ReadonlyArray<{ id: string; category: FaqCategory }>;
export type FaqId = (typeof FAQ_ENTRIES)[number]["id"];

export type FaqItem = { id: FaqId; category: FaqCategory; question: string; answer: string };

/** The entries in the reader's language; the tax answer names the rate payouts withhold (WITHHOLDING_TAX_RATE). */
export function faqItems(t: T, taxRate: number): FaqItem[] {
  const answer = (id: FaqId) => (id === "tax" ? (taxRate > 0 ? t("faq.tax.a", { rate: Math.round(taxRate * 10_000) / 100 }) : t("faq.tax.aNone")) : t(`faq.${id}.a`));
  return FAQ_ENTRIES.map(({ id, category }) => ({ id, category, question: t(`faq.${id}.q`), answer: answer(id) }));
}

/**
 * Case-insensitive substring match on question and answer; a blank or whitespace-only
 * query returns every item, in order.
 */
export function searchFaqs(query: string | null | undefined, items: readonly FaqItem[]): FaqItem[] {
  const needle = (query ?? "").trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => item.question.toLowerCase().includes(needle) || item.answer.toLowerCase().includes(needle));
}

/** Items grouped by category, in the category order, leaving out empty groups. */
export function groupFaqs(items: readonly FaqItem[]): Array<{ category: FaqCategory; items: FaqItem[] }> {
  return FAQ_CATEGORIES.map((category) => ({ category, items: items.filter((i) => i.category === category) })).filter((g) => g.items.length > 0);
}

/** Limits of the search box, shared by the input and the loader. */
export const FAQ_QUERY_MAX = 100;
