/**
 * The catalog's message format, shared by the server and the browser (no catalog text here).
 *
 * A message is a template, or plural forms chosen by Intl.PluralRules on the `count` parameter:
 *   "Batch #{batchId} was already paid for {period}; nothing was paid."
 *   { one: "{count} unit", other: "{count} units" }
 * Placeholders are `{name}`. A parameter is plain data, so a notice can store it and render it
 * later in its reader's language: text, a number as it is (an id, a year), `{ number: n }` grouped
 * for the locale, `{ money: pesewas }`, `{ date: "YYYY-MM-DD" }` (written as given in English, whose texts
 * keep that form; spelled out with its weekday in Twi), or another message `{ msg: id, params }`.
 * A plural message's `{count}` is grouped for the locale.
 */

export type PluralForms = { zero?: string; one?: string; two?: string; few?: string; many?: string; other: string };
export type Template = string | PluralForms;

export type MessageRef = { msg: string; params?: Params };
export type Param = string | number | { number: number } | { money: number } | { date: string } | MessageRef;
export type Params = Record<string, Param>;

/**
 * The locales the catalog speaks: English, Akan (Twi), and "pseudo", every English text transformed,
 * for the test that finds untranslated words.
 */
export type Locale = "en" | "ak" | "pseudo";

/** The names of a template's `{name}` placeholders, as a type. */
type NamesIn<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | NamesIn<Rest> : never;
export type NamesOf<T> = T extends string ? NamesIn<T> : T extends PluralForms ? NamesIn<T[keyof T] & string> | "count" : never;
/** The parameters a message takes: an object naming each placeholder. */
export type ParamsOf<T> = { [K in NamesOf<T>]: K extends "count" ? number : Param };
/** A translator's arguments after the id: nothing for a message without placeholders, else its parameters. */
export type ParamsArg<T> = [NamesOf<T>] extends [never] ? [] : [ParamsOf<T>];

const numberFormats = new Map<string, Intl.NumberFormat>();
const compactFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const moneyFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** The Intl locale behind a catalog locale (pseudo formats numbers as English does). */
const INTL_LOCALES: Record<Locale, string> = { en: "en-GH", ak: "ak-GH", pseudo: "en-GH" };
export const intlLocale = (locale: Locale) => INTL_LOCALES[locale];

/** A page's `<html lang>`: Ghana's English, or Akan. */
const HTML_LANGS: Record<Locale, string> = { en: "en-GH", ak: "ak", pseudo: "en-GH" };
export const htmlLang = (locale: Locale) => HTML_LANGS[locale];

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (!value) map.set(key, (value = make()));
  return value;
}

/** Zero is GH₵0.00 whatever its sign: a negated sum of nothing is -0, which Intl writes "-GH₵0.00". */
export function formatMoney(minor: number, locale: Locale): string {
  const tag = intlLocale(locale);
  return cached(moneyFormats, tag, () => new Intl.NumberFormat(tag, { style: "currency", currency: "GHS", minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(minor === 0 ? 0 : minor / 100);
}

export function formatNumber(n: number, locale: Locale): string {
  const tag = intlLocale(locale);
  return cached(numberFormats, tag, () => new Intl.NumberFormat(tag)).format(n);
}

/**
 * A large number in few characters, for narrow places such as a chart's axis: "12K", "1.2M" in
 * English. CLDR's short Akan forms fall back to the root locale's letters ("12K", "2.5G" for a
 * billion), so Twi takes its long forms, which are Akan words: "mpem 12", "ɔpepem 1.2".
 */
export function formatCompact(n: number, locale: Locale): string {
  const tag = intlLocale(locale);
  const display = locale === "ak" ? "long" : "short";
  return cached(compactFormats, tag, () => new Intl.NumberFormat(tag, { notation: "compact", compactDisplay: display, maximumFractionDigits: 1 })).format(n);
}

/**
 * The days of the week in Akan, Sunday first. CLDR's Akan data has "Sun" for Sunday's long name and
 * uses the short names even in its full date style, so these are ours.
 */
const AKAN_WEEKDAYS = ["Kwasiada", "Dwoada", "Benada", "Wukuada", "Yawoada", "Fiada", "Memeneda"] as const;

/** A calendar date's day of the week, written out: "Saturday", "Memeneda". */
export function formatWeekday(isoDate: string, locale: Locale): string {
  const day = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (locale === "ak") return AKAN_WEEKDAYS[day.getUTCDay()];
  return cached(dateFormats, `${intlLocale(locale)}/weekday`, () => new Intl.DateTimeFormat(intlLocale(locale), { weekday: "long", timeZone: "UTC" })).format(day);
}

/**
 * A `{ date }` parameter for the reader. English keeps "YYYY-MM-DD", the form every English text was
 * written with; Twi spells it out with Intl's Akan month names and our weekday: "Memeneda, 28, Obubuo, 2026".
 * Anything that is not a calendar date is written as given.
 */
export function formatDate(isoDate: string, locale: Locale): string {
  if (locale !== "ak" || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const day = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return isoDate;
  const long = cached(dateFormats, `${intlLocale(locale)}/long`, () => new Intl.DateTimeFormat(intlLocale(locale), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));
  return `${formatWeekday(isoDate, locale)}, ${long.format(day)}`;
}

/** The plural form a count takes in the locale, falling back to `other`. */
export function pluralForm(forms: PluralForms, count: number, locale: Locale): string {
  const tag = intlLocale(locale);
  const category = cached(pluralRules, tag, () => new Intl.PluralRules(tag)).select(count) as keyof PluralForms;
  if (count === 0 && forms.zero !== undefined) return forms.zero;
  return forms[category] ?? forms.other;
}

/** Looks a message up for a `{ msg }` parameter; the caller's catalog. */
export type Lookup = (id: string) => Template | undefined;

/** Fills a template's placeholders for the locale. An unknown placeholder is left as it is, so it shows in review. */
export function formatTemplate(template: Template, params: Params | undefined, locale: Locale, lookup: Lookup): string {
  const text = typeof template === "string" ? template : pluralForm(template, Number(params?.count ?? 0), locale);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return name === "count" && typeof value === "number" && typeof template !== "string" ? formatNumber(value, locale) : formatParam(value, locale, lookup);
  });
}

export function formatParam(value: Param, locale: Locale, lookup: Lookup): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if ("number" in value) return formatNumber(value.number, locale);
  if ("money" in value) return formatMoney(value.money, locale);
  if ("date" in value) return formatDate(value.date, locale);
  const template = lookup(value.msg);
  return template === undefined ? value.msg : formatTemplate(template, value.params, locale, lookup);
}
