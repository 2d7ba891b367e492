/** What the account pages say that is not a form rule. */
export const RESET_REQUESTED = "If an account exists for that email, a link to reset the password is on its way. It works once, for one hour.";

/**
 * Production has no mail service yet (a later issue adds email): the reset page says so instead of
 * promising a link, and the API answers the same for every address (it never tells whether an account exists).
 */
export const RESET_UNAVAILABLE = "Akoko does not send emails yet, so no reset link was sent. Write to us through the contact page and support will help you back into your account.";
