/** The pages an email's links open: confirming the address (/confirm-email/<token>), unsubscribing (/unsubscribe/<token>). */
export const confirmEmail = {
  "confirmEmail.title": "Confirm your email address",
  "confirmEmail.confirmed": "Your email address is confirmed.",
  "confirmEmail.expired": "This confirmation link has expired or was already used. Ask for a new one on your account page.",
  "confirmEmail.choose": "Choose what you receive",
  "confirmEmail.ask": "Press the button to confirm that this is your email address.",
  "confirmEmail.submit": "Confirm my email",
  "confirmEmail.account": "Go to your account",
} as const;

export const unsubscribe = {
  "unsubscribe.title": "Unsubscribe",
  "unsubscribe.category.payouts": "payouts",
  "unsubscribe.category.money": "deposits and withdrawals",
  "unsubscribe.category.exits": "early exits",
  "unsubscribe.category.news": "product news",
  "unsubscribe.done": "You will no longer get emails about {category}. Security messages still come. You can change this on your account page.",
  "unsubscribe.ask": "Stop emails about {category}?",
  "unsubscribe.submit": "Unsubscribe",
  "unsubscribe.invalid": "This unsubscribe link is not valid. Choose what you receive on your account page.",
  "unsubscribe.choose": "Choose what you receive",
} as const;

/** The contact page (/contact). */
export const contact = {
  "contact.title": "Contact us",
  "contact.intro": "Questions about your account, a batch or a payout? Write to us and support will reply within 24 hours. Many answers are already in the {faq}.",
  "contact.faq": "FAQ",
  "contact.sent": "Thank you — your message has been sent. Support replies within 24 hours.",
  "contact.another": "You can send another message below.",
  "contact.tooMany": "Too many messages from your connection. Please try again later.",
  "contact.name": "Name",
  "contact.email": "Email",
  "contact.subject": "Subject",
  "contact.message": "Message",
  "contact.submit": "Send message",
  "contact.busy": "Sending…",
} as const;
