/**
 * Email, in our words (issue 16). The outbox worker (app/models/outbox.server.ts) is the only
 * caller: it hands over one message and records what happened. `createEmailSender` picks the
 * adapter from the environment: `demo` (what `npm start` uses: nothing is sent; the message stays
 * readable on /admin/outbox and, outside production, is printed to the log) or `smtp` (nodemailer over SMTP_URL).
 */
import { createDemoEmailSender } from "./demo.server";
import { createSmtpEmailSender } from "./smtp.server";

export type EmailProviderName = "demo" | "smtp";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on notices; never on security mail). */
  headers?: Record<string, string>;
  /** Our id for it: becomes the Message-ID, so a copy that somehow went twice is recognisable. */
  messageId: string;
  /** What caused it (PASSWORD_RESET, PAYOUT, ...): what the demo mailer logs in production instead of the text. */
  kind?: string;
  /** Aborted when the outbox's lease on the message is about to run out: the send is given up (sendLimitMs in outbox.server.ts). */
  signal?: AbortSignal;
};

export type EmailResult = { providerRef: string };

/**
 * A failed send. `permanent`: the server refused this message for good (a 5xx reply such as "no
 * such mailbox"): trying again cannot help. Otherwise (a 4xx reply, a refused connection, a
 * timeout) the outbox tries again later.
 */
export class EmailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "EmailError";
  }
}

export interface EmailSender {
  readonly name: EmailProviderName;
  send(message: EmailMessage): Promise<EmailResult>;
  close?(): void;
}

export type EmailConfig = {
  provider: EmailProviderName;
  /** smtp://user:pass@host:587 or smtps://...:465 (nodemailer's URL form). */
  smtpUrl?: string;
  /** The From address: "Akoko <no-reply@akoko.example>". */
  from: string;
  /** Per connection step (connect, greeting, each reply); default 15 s. */
  timeoutMs?: number;
  log?: (line: string) => void;
  /**
   * The demo mailer prints the whole message (its link, its code) only when this is set: outside
   * production, where developers need the links. Otherwise it logs the kind and the masked address.
   */
  logText?: boolean;
};

export function createEmailSender(config: EmailConfig): EmailSender {
  switch (config.provider) {
    case "demo":
      return createDemoEmailSender(config);
    case "smtp":
      return createSmtpEmailSender(config);
    default:
      throw new Error(`Unknown email provider: ${String((config as { provider: unknown }).provider)}`);
  }
}
