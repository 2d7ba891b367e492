/** What the account pages say that is not a form rule. */
export const RESET_REQUESTED = "If an account exists for that email, a link to reset the password is on its way. It works once, for one hour.";

/**
 * A production server on the demo outbox (EMAIL_PROVIDER=demo) sends no email: the reset page says
 * so instead of promising a link, and the API answers the same for every address (it never tells
 * whether an account exists).
 */
export const RESET_UNAVAILABLE = "Akoko does not send emails yet, so no reset link was sent. Write to us through the contact page and support will help you back into your account.";

// ---- the account page (/account): its words are the catalog's account namespace ----

/** "+233241234567" as people write it: "+233 24 123 4567". Anything else is shown as stored. */
export function phoneForDisplay(phone: string | null): string {
  if (!phone) return "";
  const m = /^\+233(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return m ? `+233 ${m[1]} ${m[2]} ${m[3]}` : phone;
}

/** The action's answer to the form it belongs to (values.intent says which). */
export type AccountActionResult = { ok: false; errors: Record<string, string>; values: Record<string, string> } | { ok: true; confirm: { prompt: string; ticket: string } };
