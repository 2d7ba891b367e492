import type { PluralForms, Template } from "~/catalog/format";

/**
 * A namespace's Twi texts: one for every English id of the namespace, no more. A plural message
 * stays plural (Akan's forms are `one` and `other`); which placeholders each text uses is checked
 * by app/catalog/ak.test.ts, since a translation may reorder them.
 */
export type TwiTexts<English extends Record<string, Template>> = {
  [Id in keyof English]: English[Id] extends string ? string : Pick<PluralForms, "one" | "other">;
};
