import { Fragment, type ReactNode } from "react";
import { Link } from "@remix-run/react";
import type { T } from "~/catalog/use-words";

/**
 * A catalog message with elements in it, e.g. "Read the {link} first." where `link` is a <Link>
 * whose text is its own message: a translation may move the element within its sentence.
 * Ask the translator to keep the placeholders (`t(id, slots("link"))`), then put the elements in.
 */
export function withElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={i}>{name !== undefined && name in elements ? elements[name] : part}</Fragment>;
  });
}

/** Parameters that keep a message's placeholders as they are, for withElements to fill. */
export function slots<K extends string>(...names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((n) => [n, `{${n}}`])) as Record<K, string>;
}

/** The `{eggs}` and `{chicken}` slots of a sentence that points to the two products' lists. */
export function productLinks(t: T): Record<"eggs" | "chicken", ReactNode> {
  return {
    eggs: (
      <Link to="/invest/eggs" className="underline">
        {t("common.nav.eggNotes")}
      </Link>
    ),
    chicken: (
      <Link to="/invest/chicken" className="underline">
        {t("common.nav.chickenNotes")}
      </Link>
    ),
  };
}
