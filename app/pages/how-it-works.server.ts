import { languageOf, type Language } from "~/catalog/languages";
import type { Locale } from "~/catalog/format";
import type { Translate } from "~/catalog/index.server";
import { getEnv } from "~/lib/env.server";
import { getContentPage, type ContentPage, type FaqEntry } from "~/models/content.server";
import { faqItems } from "~/pages/faq";
import { HOW_IT_WORKS_SLUG } from "~/pages/admin";

/** The questions How It Works asks when its page in the reader's language has none (~/pages/faq). */
const FALLBACK_FAQS = ["minimum", "payout-timing", "guaranteed", "early-exit"];

/** How It Works as an admin stored it in the reader's language; undefined when nobody has (the test locale has none). */
export function storedHowItWorks(locale: Locale): ContentPage | undefined {
  const language = languageOf(locale);
  return language ? getContentPage(HOW_IT_WORKS_SLUG, language) : undefined;
}

/**
 * How It Works' words for a reader: the page stored in their language (storedHowItWorks), field by
 * field, else the catalog's words in it, which say what the first stored page says; never another
 * language's stored page.
 */
export function howItWorksWords(stored: ContentPage | undefined, t: Translate): { title: string; bodyMd: string; bodyIsFallback: boolean; faqs: FaqEntry[] } {
  const bodyIsFallback = !stored?.bodyMd.trim();
  return {
    title: stored?.title.trim() || t("meta.howItWorks.title"),
    bodyMd: bodyIsFallback ? t("guide.fallback", { riskPath: "/risk" }) : stored!.bodyMd,
    bodyIsFallback,
    faqs: stored?.faqs.length
      ? stored.faqs
      : faqItems(t, getEnv().WITHHOLDING_TAX_RATE)
          .filter((f) => FALLBACK_FAQS.includes(f.id))
          .map(({ question, answer }) => ({ question, answer })),
  };
}

/** The language an admin edits: the one chosen, else their own UI language (English in the test locale); null for a choice that is none of ours. */
export function editLanguage(chosen: string | null, adminLocale: Locale): Language | null {
  if (chosen === null || chosen === "") return languageOf(adminLocale) ?? "en";
  return languageOf(chosen);
}
