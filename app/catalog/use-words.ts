import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import type { MessageId, en } from "~/catalog/en";
import { useFallbackWords } from "~/catalog/fallback-words";
import { formatTemplate, type Locale, type Params, type ParamsArg, type Template } from "~/catalog/format";

export type T = <Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>) => string;

/** What a loader hands the browser: its namespaces' words in the reader's locale (root adds the locale). */
export type WithWords = { words?: Record<string, Template>; locale?: Locale } | undefined;

/**
 * A translator over the words some loaders shipped (a word none shipped renders as its id, which
 * the pseudo-locale test catches). For `meta` functions, which cannot call hooks: the root's data.
 */
export function translatorOf(...shipped: WithWords[]): T {
  // A later loader's word wins, as merging them in order would give. Each word is looked up where it
  // is asked for, not copied: every component that translates makes a translator, and copying every
  // shipped word for each took about 2% of a test server's time.
  const sources: Record<string, Template>[] = [];
  let locale: Locale = "en";
  for (const data of shipped) {
    if (data?.words) sources.unshift(data.words);
    if (data?.locale) locale = data.locale;
  }
  const lookup = (id: string) => {
    for (const words of sources) {
      const template = words[id];
      if (template !== undefined) return template;
    }
    return undefined;
  };
  return ((id: string, params?: Params) => {
    const template = lookup(id);
    return template === undefined ? id : formatTemplate(template, params, locale, lookup);
  }) as T;
}

/**
 * The translator for components: the words every matched route's loader shipped, in the reader's
 * locale. The server renders with the same words, so the browser's render matches it.
 */
export function useT(): T {
  const matches = useMatches();
  // Set only on a page whose root loader did not run (fallback-words.tsx); the loaders' words win.
  const fallback = useFallbackWords();
  return useMemo(() => translatorOf(fallback, ...matches.map((match) => match.data as WithWords)), [fallback, matches]);
}
