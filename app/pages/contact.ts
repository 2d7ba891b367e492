/** What the contact page says. */
export const CONTACT_SENT = "Thank you — your message has been sent. Support replies within 24 hours.";
export const CONTACT_TOO_MANY = "Too many messages from your connection. Please try again later.";
