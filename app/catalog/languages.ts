/** The languages a reader can choose, in the order the language control lists them. */
export const LANGUAGES = ["en", "ak"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The cookie that keeps a reader's choice, and the `lang` form field and query parameter that make it. */
export const LANGUAGE_COOKIE = "lang";

/** A chosen language from a cookie, form or query value; null for anything else. */
export function languageOf(value: string | null | undefined): Language | null {
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : null;
}

/** The tags browsers send for Akan: ISO 639-1 `ak`, and `tw`/`twi`, which phones set for Twi. */
const AKAN_TAGS = new Set(["ak", "tw", "twi", "aka"]);

/**
 * The language an `Accept-Language` header prefers among ours: the listed languages by their
 * weight (q), the first that is Akan or English winning; English when none is.
 */
export function languageFromAcceptLanguage(header: string | null): Language {
  if (!header) return "en";
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...options] = part.trim().toLowerCase().split(";");
      const q = options.map((o) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(o)?.[1]).find((v) => v !== undefined);
      return { primary: tag.split("-")[0].trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { primary } of ranked) {
    if (AKAN_TAGS.has(primary)) return "ak";
    if (primary === "en") return "en";
  }
  return "en";
}
