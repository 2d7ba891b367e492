// ---- the account page (/account): its words are the catalog's account namespace ----

/** "+233241234567" as people write it: "+233 24 123 4567". Anything else is shown as stored. */
export function phoneForDisplay(phone: string | null): string {
  if (!phone) return "";
  const m = /^\+233(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return m ? `+233 ${m[1]} ${m[2]} ${m[3]}` : phone;
}

/** The action's answer to the form it belongs to (values.intent says which). */
export type AccountActionResult = { ok: false; errors: Record<string, string>; values: Record<string, string> } | { ok: true; confirm: { prompt: string; ticket: string } };
