/** Know-your-customer rules: pure, no I/O. */

/** Ghana numbers: +233 or 0, then 9 digits; spaces, dashes and brackets are ignored. */
export function normalizeGhanaPhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  const match = /^(?:\+233|00233|233|0)([235]\d{8})$/.exec(compact);
  return match ? `+233${match[1]}` : null;
}
