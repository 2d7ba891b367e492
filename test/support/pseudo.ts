/**
 * The pseudo-locale check: in a page rendered with `lang=pseudo`, every catalog text is accented and
 * wrapped in ⟦ ⟧. Whatever text is left outside the brackets did not come from the catalog, and is
 * a finding unless it is data (numbers, amounts, dates, ids, the brand, a person's own name).
 */
const DATA = [
  /^[\s\d.,:;%#/()+\-–—·•|×?!'"’“”*]+$/, // numbers, dates, times, ids, punctuation
  /^\s*-?GH₵\s?[\d,]+(\.\d+)?\s*$/, // an amount
  /^\s*Akoko\s*$/, // the brand
];

/** The text nodes of an HTML fragment (tags, scripts and styles removed; entities decoded). */
export function textNodes(html: string): string[] {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<!-- -->/g, "")
    .split(/<[^>]+>/)
    .map((t) =>
      t
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&nbsp;/g, " "),
    )
    .filter((t) => t.trim() !== "");
}

/** The attribute values people read (labels, titles, placeholders, alt texts). */
export function readableAttributes(html: string): string[] {
  return [...html.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]).filter((t) => t.trim() !== "");
}

/**
 * What in a page's text did not come from the catalog: each text with the catalog's bracketed parts
 * removed must be data. `data` names texts of this page that are data (a person's name, a farm's).
 */
export function wordsOutsideCatalog(html: string, data: string[] = []): string[] {
  const isData = (rest: string) => DATA.some((re) => re.test(rest)) || data.some((d) => rest.trim() === d.trim());
  return [...textNodes(html), ...readableAttributes(html)].filter((text) => {
    let rest = text.replace(/⟦[^⟧]*⟧/g, " ");
    for (const d of data) rest = rest.split(d).join(" ");
    return rest.trim() !== "" && !isData(rest);
  });
}

/** The parts of a page every page shares: its header and its footer. */
export function pageChrome(html: string): string {
  return [...html.matchAll(/<header[\s\S]*?<\/header>|<footer[\s\S]*?<\/footer>/g)].map((m) => m[0]).join("\n");
}
