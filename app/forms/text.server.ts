import { z } from "zod";
import type { MessageRef } from "~/catalog/format";
import { hasHiddenCharacters } from "~/domain/names";
import { msg } from "~/catalog/ref";
import { formMessage, formMsg, type FormMessage } from "~/forms/parse.server";

/** The hidden-character rule is the domain's (app/domain/names.ts), shared with the doors that have no form. */
export { hasHiddenCharacters };

/**
 * The one rule for a single-line text shown to others: trimmed, required when `required` (its message,
 * also for fewer than `min` characters), at most `max` characters, and no hidden characters
 * ("<label> cannot contain ...", the label a catalog message too).
 */
export function singleLineText({ label, required, min = 1, max, tooLong }: { label: MessageRef; required?: FormMessage; min?: number; max: number; tooLong: FormMessage }) {
  const base = required ? z.string(notText(label, required)).trim().min(min, required) : z.string(notText(label)).trim();
  return base.max(max, tooLong).refine((v) => !hasHiddenCharacters(v), formMsg("forms.hiddenCharacters", { label }));
}

/**
 * A text field's message when its value is not text (a number, a list, an object): "<label> must be
 * text.", or `required` when it is missing altogether.
 */
export function notText(label: MessageRef, required?: FormMessage): FormMessage {
  const wrongType = formMessage(msg("forms.notText", { label }));
  return { error: (issue: object) => ((issue as { input?: unknown }).input == null && required ? required : wrongType).error(issue) };
}
