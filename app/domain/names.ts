/**
 * What a person's name (or a title others read) may hold, for every door: the forms' zod rules
 * (app/forms) and the doors without a form (the USSD menus' registration) read names by the same
 * limit and refuse the same hidden characters. No imports: the browser's form inputs read NAME_MAX.
 */

/** The most characters of a full name. */
export const NAME_MAX = 120;

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
 * A name as compared for sameness: case and spaces aside ("Asante  layers" is "Asante Layers"), so
 * two farms a person could not tell apart in a list are one.
 */
export function comparableName(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/\s+/g, "");
}
