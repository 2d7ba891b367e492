import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import type { MessageId, en } from "~/catalog/en";
import { formatTemplate, type Locale, type Params, type ParamsArg, type Template } from "~/catalog/format";

export type T = <Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>) => string;

/** What a loader hands the browser: its namespaces' words in the reader's locale (root adds the locale). */
type WithWords = { words?: Record<string, Template>; locale?: Locale } | undefined;

/**
 * The translator for components: the words every matched route's loader shipped, in the reader's
 * locale. The server renders with the same words, so the browser's render matches it.
 * A word no loader shipped renders as its id, which the pseudo-locale test catches.
 */
export function useT(): T {
  const matches = useMatches();
  return useMemo(() => {
    const words: Record<string, Template> = {};
    let locale: Locale = "en";
    for (const match of matches) {
      const data = match.data as WithWords;
      if (data?.words) Object.assign(words, data.words);
      if (data?.locale) locale = data.locale;
    }
    const lookup = (id: string) => words[id];
    return ((id: string, params?: Params) => {
      const template = words[id];
      return template === undefined ? id : formatTemplate(template, params, locale, lookup);
    }) as T;
  }, [matches]);
}
