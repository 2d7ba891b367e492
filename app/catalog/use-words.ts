import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import type { MessageId, en } from "~/catalog/en";
import { formatTemplate, type Locale, type Params, type ParamsArg, type Template } from "~/catalog/format";

export type T = <Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>) => string;

/** What a loader hands the browser: its namespaces' words in the reader's locale (root adds the locale). */
export type WithWords = { words?: Record<string, Template>; locale?: Locale } | undefined;

/**
 * A translator over the words some loaders shipped (a word none shipped renders as its id, which
 * the pseudo-locale test catches). For `meta` functions, which cannot call hooks: the root's data.
 */
export function translatorOf(...shipped: WithWords[]): T {
  const words: Record<string, Template> = {};
  let locale: Locale = "en";
  for (const data of shipped) {
    if (data?.words) Object.assign(words, data.words);
    if (data?.locale) locale = data.locale;
  }
  const lookup = (id: string) => words[id];
  return ((id: string, params?: Params) => {
    const template = words[id];
    return template === undefined ? id : formatTemplate(template, params, locale, lookup);
  }) as T;
}

/**
 * The translator for components: the words every matched route's loader shipped, in the reader's
 * locale. The server renders with the same words, so the browser's render matches it.
 */
export function useT(): T {
  const matches = useMatches();
  return useMemo(() => translatorOf(...matches.map((match) => match.data as WithWords)), [matches]);
}
