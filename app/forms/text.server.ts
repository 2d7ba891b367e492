import { z } from "zod";
import type { MessageRef } from "~/catalog/format";
import { hasHiddenCharacters } from "~/domain/names";
import { formMsg, type FormMessage } from "~/forms/parse.server";

/** The hidden-character rule is the domain's (app/domain/names.ts), shared with the doors that have no form. */
export { hasHiddenCharacters };

/**
 * The one rule for a single-line text shown to others: trimmed, required when `required` (its message,
 * also for fewer than `min` characters), at most `max` characters, and no hidden characters
 * ("<label> cannot contain ...", the label a catalog message too).
 */
export function singleLineText({ label, required, min = 1, max, tooLong }: { label: MessageRef; required?: FormMessage; min?: number; max: number; tooLong: FormMessage }) {
  const base = required ? z.string(required).trim().min(min, required) : z.string(notText(label)).trim();
  return base.max(max, tooLong).refine((v) => !hasHiddenCharacters(v), formMsg("forms.hiddenCharacters", { label }));
}

/** An optional text field's message when its value is not text (a number, a list, an object); a required one answers its `required` message. */
export const notText = (label: MessageRef): FormMessage => formMsg("forms.notText", { label });
