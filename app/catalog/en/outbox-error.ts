/** Why an email or SMS was not sent, in our words (a provider's own error stays in its words): /admin/outbox. */
export const outboxError = {
  "outboxError.workerStopped": "The worker stopped while sending: it may or may not have arrived. Retry sends it again.",
  "outboxError.accountClosed": "The account was closed before it was sent.",
} as const;
