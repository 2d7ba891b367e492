/**
 * Plain decimal text: digits, with a decimal point and digits after it where there is one, and a
 * "-" so that a field's own range says why a negative value is refused. Nothing else: Number()
 * would also read "0x10", "0b11", "0o7", "1e1", "Infinity" and " " (as 0), and no one types those.
 */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The one reading of a number field: a JSON number as it is, or its text (spaces around it allowed)
 * when it is plain decimal. null for anything else, a list, a boolean or Number()'s other notations
 * alike: the field then answers with its own message for a bad format. Never -0.
 */
export function readDecimal(input: unknown): number | null {
  let value: number;
  if (typeof input === "number") value = input;
  else if (typeof input === "string" && PLAIN_DECIMAL.test(input.trim())) value = Number(input.trim());
  else return null;
  return Number.isFinite(value) ? value + 0 : null;
}
