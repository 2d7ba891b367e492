import { z } from "zod";
import type { MessageRef } from "~/catalog/format";
import { formMsg, type FormMessage } from "~/forms/parse.server";

/**
 * Characters refused in names and titles that other people read (a full name, a contact subject, a
 * farm name): C0 and C1 controls (NUL, tab, newline, escape...), line and paragraph separators, and the
 * Unicode bidi controls (U+061C, U+200E/F, U+202A-E, U+2066-9), with which "Ama\u202Egnp.exe" shows as
 * "Amaexe.png". Letters of every script, accents and emoji (joiners included) are all allowed.
 */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/**
 * The one rule for a single-line text shown to others: trimmed, required when `required` (its message,
 * also for fewer than `min` characters), at most `max` characters, and no hidden characters
 * ("<label> cannot contain ...", the label a catalog message too).
 */
export function singleLineText({ label, required, min = 1, max, tooLong }: { label: MessageRef; required?: FormMessage; min?: number; max: number; tooLong: FormMessage }) {
  const base = required ? z.string(required).trim().min(min, required) : z.string().trim();
  return base.max(max, tooLong).refine((v) => !hasHiddenCharacters(v), formMsg("forms.hiddenCharacters", { label }));
}
