import type { PluralForms, Template } from "~/catalog/format";

/**
 * The pseudo-locale: every English text with its letters accented and wrapped in ⟦ ⟧, placeholders
 * kept. A page rendered in it shows at a glance (and to a test) any word that did not come from the
 * catalog: that word is plain and outside the brackets.
 */
export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

const ACCENTED: Record<string, string> = { a: "á", e: "é", i: "í", o: "ó", u: "ú", A: "Á", E: "É", I: "Í", O: "Ó", U: "Ú", c: "ç", n: "ñ", y: "ý", s: "š", z: "ž" };

function pseudoText(text: string): string {
  // Placeholders stay as they are; only the words between them change.
  const body = text
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c)))
    .join("");
  return `${PSEUDO_OPEN}${body}${PSEUDO_CLOSE}`;
}

export function pseudoTemplate(template: Template): Template {
  if (typeof template === "string") return pseudoText(template);
  return Object.fromEntries(Object.entries(template).map(([form, text]) => [form, pseudoText(text as string)])) as PluralForms;
}
