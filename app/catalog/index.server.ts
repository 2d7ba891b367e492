import { ak } from "~/catalog/ak";
import { en, type MessageId, type Namespace } from "~/catalog/en";
import { formatTemplate, type Locale, type MessageRef, type Params, type ParamsArg, type Template } from "~/catalog/format";
import { languageFromAcceptLanguage, languageOf, LANGUAGE_COOKIE } from "~/catalog/languages";
import { pseudoTemplate } from "~/catalog/pseudo";
import { setEnglishRenderer } from "~/domain/errors";
import { getEnv } from "~/lib/env.server";

let pseudo: Record<string, Template> | undefined;

/**
 * A locale's catalog. The pseudo-locale's is built from English when first asked for: only a
 * deployment with PSEUDO_LOCALE asks, and building it cost every process ~25 ms as it started.
 */
function catalogOf(locale: Locale): Record<string, Template> {
  if (locale === "pseudo") return (pseudo ??= Object.fromEntries(Object.entries(en).map(([id, template]) => [id, pseudoTemplate(template)])));
  return locale === "ak" ? ak : en;
}

/**
 * The reader's locale: the language they chose (the `lang` cookie, or `?lang=` on a link), else the
 * first of ours their browser asks for (Accept-Language), else English. The pseudo-locale only where
 * the deployment allows it (the test that finds words outside the catalog sets PSEUDO_LOCALE=true
 * and asks with `lang=pseudo`).
 */
export function localeOf(request: Request): Locale {
  const cookie = request.headers.get("Cookie") ?? "";
  const wanted = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? new URL(request.url).searchParams.get(LANGUAGE_COOKIE);
  if (wanted === "pseudo" && getEnv().PSEUDO_LOCALE) return "pseudo";
  return languageOf(wanted) ?? languageFromAcceptLanguage(request.headers.get("Accept-Language"));
}

export type Translate = <Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>) => string;

/** A message in the locale, its parameters filled. */
export function translate(locale: Locale, id: string, params?: Params): string {
  const catalog = catalogOf(locale);
  const template = catalog[id] ?? en[id as MessageId];
  if (template === undefined) throw new Error(`No message ${id} in the catalog`);
  return formatTemplate(template, params, locale, (ref) => catalog[ref]);
}

setEnglishRenderer((ref) => translate("en", ref.msg, ref.params));

/** A message reference in the locale (a stored notice, a flash, an error's detail). */
export const render = (locale: Locale, ref: MessageRef) => translate(locale, ref.msg, ref.params);

/** `render` for one locale, as a door hands it on (a form's messages: `fieldErrors(error, rendererFor(locale))`, `renderMessages`). */
export const rendererFor = (locale: Locale) => (ref: MessageRef) => render(locale, ref);

/** An error's detail in the reader's language: its catalog message, or the English it was written in. */
export function detailIn(locale: Locale, error: { detail: string; ref?: MessageRef | null }): string {
  return error.ref ? render(locale, error.ref) : error.detail;
}

/** A typed translator for one locale, for loaders, actions, emails and SMS. */
export function translatorFor(locale: Locale): Translate {
  return (id, ...params) => translate(locale, id, params[0] as Params | undefined);
}

/**
 * The words a loader hands the browser (its components render them), in the locale: whole namespaces
 * ("portfolio"), or narrower, any id or id prefix ("reset.request.title"), so a page ships only what it shows.
 */
export function wordsFor(locale: Locale, parts: readonly (Namespace | MessageId | `${Namespace}.${string}`)[]): Words {
  const catalog = catalogOf(locale);
  const key = `${locale}\n${parts.join("\n")}`;
  let ids = selectedIds.get(key);
  if (!ids) selectedIds.set(key, (ids = Object.keys(catalog).filter((id) => parts.some((p) => id === p || id.startsWith(`${p}.`)))));
  // A new object each time: a loader may drop words its page does not show.
  return Object.fromEntries(ids.map((id) => [id, catalog[id]]));
}

/**
 * The ids each locale and list of parts selects, found once: the catalogs never change, and matching
 * every id of a catalog against the parts on every page view took a twentieth of a server's time.
 * The lists are the loaders' own, so there are only so many.
 */
const selectedIds = new Map<string, string[]>();

export type Words = Record<string, Template>;
