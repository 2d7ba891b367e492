import type { Language } from "~/catalog/languages";

/** A content page in one language, as the editor lists it: when it was saved (null: never, readers get the catalog's words) and whether it holds an admin's own words. */
export type PageInLanguage = { locale: Language; savedAt: string | null; ownWords: boolean };

/**
 * For each language, the language whose later edit it may lack (the newest such), or null. A stored
 * page lacks an edit saved after it in another language; a page never written, whose readers get
 * the catalog's words, lacks every other language's own words (the first stored page, the catalog's
 * words in English, is none).
 */
export function editsMissed(pages: PageInLanguage[]): Map<Language, Language | null> {
  return new Map(
    pages.map((page) => {
      const later = pages
        .filter((other) => other.locale !== page.locale && other.savedAt !== null && (page.savedAt === null ? other.ownWords : other.savedAt > page.savedAt))
        .sort((a, b) => (b.savedAt! > a.savedAt! ? 1 : -1));
      return [page.locale, later[0]?.locale ?? null];
    }),
  );
}
