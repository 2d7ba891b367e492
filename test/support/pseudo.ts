/**
 * The pseudo-locale check: in a page rendered with `lang=pseudo`, every catalog text is accented and
 * wrapped in ⟦ ⟧. Whatever text is left outside the brackets did not come from the catalog, and is
 * a finding unless it is data (numbers, amounts, dates, ids, the brand, a person's own name).
 */
const DATA = [
  /^[\s\d.,:;%#/()+\-–—·•|×?!'"’“”*✓→←☐✕]+$/, // numbers, dates, times, ids, punctuation, marks
  /^\s*-?[\d.,]+\s?(°C|ppm|kg)\s*$/, // a measurement
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
  const texts = [...textNodes(html), ...readableAttributes(html)];
  const rests = outsideBrackets(texts);
  return texts.filter((_, i) => {
    let rest = rests[i];
    for (const d of data) rest = rest.split(d).join(" ");
    return rest.trim() !== "" && !isData(rest);
  });
}

/**
 * Each text with what lies inside ⟦ ⟧ blanked. A bracket may open in one text node and close in a
 * later one: a message with an element in it ("Read the {link} first.", the link its own message).
 */
function outsideBrackets(texts: string[]): string[] {
  let depth = 0;
  return texts.map((text) => {
    let rest = "";
    for (const c of text) {
      if (c === "⟦") depth++;
      else if (c === "⟧") depth = Math.max(0, depth - 1);
      rest += depth > 0 || c === "⟧" ? " " : c;
    }
    return rest;
  });
}

/** The parts of a page every page shares: its header and its footer. */
export function pageChrome(html: string): string {
  return [...html.matchAll(/<header[\s\S]*?<\/header>|<footer[\s\S]*?<\/footer>/g)].map((m) => m[0]).join("\n");
}
