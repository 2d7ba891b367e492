import { gsm7Length, gsm7Only } from "~/domain/notices";

/**
 * A USSD screen: what a gateway shows the caller. One USSD page is 182 characters of the GSM-7
 * alphabet (160 bytes, 7 bits each), menu lines included, and nothing longer arrives whole. Every
 * screen is made by `screen()` below, the one place that writes it in GSM-7 and holds it to that
 * size: a screen that would be longer is a bug (it throws), which the test that walks every screen
 * in English and Twi finds. Screens with data of unknown length (farm names, lists) fit themselves
 * with `fitted` and `page`.
 */
export const USSD_SCREEN_MAX = 182;

/** What the caller types next, for gateways that choose a keyboard (Hubtel's FieldType). */
export type InputKind = "text" | "number" | "decimal" | "phone";

/**
 * `input`: the session waits for an answer of that kind (Africa's Talking "CON", Hubtel "response");
 * null: the session ends with this screen ("END", "release"). `name` says which screen it is (Hubtel's ClientState).
 */
export type Screen = { text: string; input: InputKind | null; name: string };

/** A menu line: "1. Balance". */
export const option = (key: number | string, label: string) => `${key}. ${label}`;

/** The lines as a screen would show them: blank lines dropped, runs of spaces made one, in GSM-7. */
function textOf(lines: readonly string[]): string {
  return gsm7Only(
    lines
      .map((line) => line.replace(/\s+/g, " ").trim())
      .filter((line) => line !== "")
      .join("\n"),
  );
}

/** How many GSM-7 places the lines take on a screen. */
export const screenLength = (lines: readonly string[]) => gsm7Length(textOf(lines))!;

export const fits = (lines: readonly string[]) => screenLength(lines) <= USSD_SCREEN_MAX;

/** The one place a screen is made. Longer than a USSD page is a bug in the screen that asked. */
export function screen(name: string, lines: readonly string[], input: InputKind | null): Screen {
  const text = textOf(lines);
  const length = gsm7Length(text)!;
  if (length > USSD_SCREEN_MAX) throw new Error(`The USSD screen "${name}" takes ${length} characters; a screen holds ${USSD_SCREEN_MAX}.`);
  return { text, input, name };
}

/** A line a screen shows only when it fits; those with the lowest `drop` go first. */
export type Optional = { line: string; drop: number };
/**
 * A line of words the screen does not choose (a rule's refusal, in any language): kept whole
 * when it fits, else cut on a word with "..." to the room the other lines leave.
 */
export type Shrinkable = { line: string; shrink: true };

export type Part = string | Optional | Shrinkable;
const lineOf = (p: Part) => (typeof p === "string" ? p : p.line);

/** `text` in GSM-7, in at most `room` places: whole, or cut on a word boundary and ending in "...". */
export function cutTo(text: string, room: number): string {
  const gsm = gsm7Only(text.replace(/\s+/g, " ").trim());
  if (gsm7Length(gsm)! <= room) return gsm;
  let cut = gsm.slice(0, Math.max(0, room));
  while (cut !== "" && gsm7Length(cut)! > room - 3) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(" ");
  return `${(space > cut.length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/**
 * The lines in order, without as many optional ones as must go for the rest to fit (the lowest
 * `drop` first), and a shrinkable line cut to the room left when that is not enough.
 */
export function fitted(parts: readonly Part[]): string[] {
  const kept = [...parts];
  const optional = parts.filter((p): p is Optional => typeof p !== "string" && "drop" in p).sort((a, b) => a.drop - b.drop);
  for (const next of optional) {
    if (fits(kept.map(lineOf))) break;
    kept.splice(kept.indexOf(next), 1);
  }
  const lines = kept.map(lineOf);
  const shrink = kept.findIndex((p) => typeof p !== "string" && "shrink" in p);
  if (fits(lines) || shrink < 0) return lines;
  const others = lines.filter((_, i) => i !== shrink && lines[i].trim() !== "");
  lines[shrink] = cutTo(lines[shrink], USSD_SCREEN_MAX - screenLength(others) - (others.length > 0 ? 1 : 0));
  return lines;
}

/** How many characters of a line's free text (a farm's name) a list may keep, most first; 0 leaves it out. */
const SQUEEZES = [Infinity, 20, 14, 10, 7, 0];
/** With more than one item on a screen, a name is kept to 7 characters at least (4 letters and "...") before an item goes to the next page. */
const SHORTEST_SHARED = 7;

/** The mark a cut name ends with, so that "Techim..." does not read as a place called Techim. */
const CUT_MARK = "...";

/**
 * A name in at most `most` characters (a screen's room): whole, or cut and marked "...", on a word
 * when one ends late enough ("Ejisu Poultry" in 10: "Ejisu..."); with no room for a letter and the
 * mark, left out.
 */
export function squeezed(text: string, most: number): string {
  if (text.length <= most) return text;
  if (most <= CUT_MARK.length) return "";
  const cut = text.slice(0, most - CUT_MARK.length).trimEnd();
  const space = cut.lastIndexOf(" ");
  return `${(space > cut.length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}${CUT_MARK}`;
}

/**
 * The first of `variants` (a screen's lines, the fullest first, each a shorter wording of the one
 * before) that fits as it is; else the last, fitted (its optional lines dropped, its refusal cut).
 */
export function firstFitting(variants: ReadonlyArray<readonly Part[]>): string[] {
  for (const variant of variants.slice(0, -1)) {
    const lines = variant.map(lineOf);
    if (fits(lines)) return lines;
  }
  return fitted(variants[variants.length - 1]);
}

/**
 * One page of a list: `top` (a refusal to show first: always kept), `head`, then from item `start` as many items as fit, at most `most`, then
 * `foot` (told whether items remain after the page). An item is drawn by `item(index, squeeze)`,
 * its free text cut to `squeeze` characters: a page keeps more items rather than long names. The
 * heading goes only when nothing fits with it (`headFirst`), or, where a full page matters more
 * than a heading (the batches, five to a screen), before an item does. Returns the lines and how
 * many items they show.
 */
export function page({
  count,
  start,
  most,
  top = [],
  head,
  headFirst = true,
  item,
  foot,
}: {
  top?: readonly string[];
  count: number;
  start: number;
  most: number;
  head: readonly string[];
  headFirst?: boolean;
  item: (index: number, squeeze: number) => string;
  foot: (more: boolean) => string[];
}): { lines: string[]; shown: number } {
  const attempt = (heading: readonly string[], shown: number) => {
    const more = start + shown < count;
    for (const squeeze of SQUEEZES.filter((s) => shown === 1 || s >= SHORTEST_SHARED)) {
      const lines = [...top, ...heading, ...Array.from({ length: shown }, (_, i) => item(start + i, squeeze)), ...foot(more)];
      if (fits(lines)) return lines;
    }
    return null;
  };
  const counts = Array.from({ length: Math.min(most, count - start) }, (_, i) => Math.min(most, count - start) - i);
  // Each (heading, count) in the order they are wanted, the fullest page first.
  const tries = headFirst ? [head, []].flatMap((h) => counts.map((n) => [h, n] as const)) : counts.flatMap((n) => [head, []].map((h) => [h, n] as const));
  for (const [heading, shown] of tries) {
    const lines = attempt(heading, shown);
    if (lines) return { lines, shown };
  }
  // Not even one item fits with its name left out: the screen's own words are too long (a bug).
  return { lines: [...top, ...head, item(start, 0), ...foot(start + 1 < count)], shown: 1 };
}
