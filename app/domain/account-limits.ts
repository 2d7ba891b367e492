// The account forms' limits and messages that the browser also needs. Kept apart from the zod
// rules in account.ts: a page component importing from there pulled all of zod (about 94 KB
// gzipped) into the login and register bundles, past DESIGN.md's 120 KB JavaScript budget.

/** Limits shared by the zod rules and the form inputs' HTML attributes. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 120;
export const EMAIL_MAX = 254;

export const RESET_REQUESTED = "If an account exists for that email, a link to reset the password is on its way. It works once, for one hour.";

/**
 * Production has no mail service yet (a later issue adds email): the reset page says so instead of
 * promising a link, and the API answers the same for every address (it never tells whether an account exists).
 */
export const RESET_UNAVAILABLE = "Akoko does not send emails yet, so no reset link was sent. Write to us through the contact page and support will help you back into your account.";
