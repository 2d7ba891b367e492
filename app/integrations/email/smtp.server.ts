/**
 * SMTP through nodemailer (a client that knows TLS, pooling and MIME so we do not write them).
 * No retries here: the outbox owns them, with backoff, and records each attempt. A 5xx reply to
 * the message is permanent; a 4xx reply, a refused connection or a timeout is worth another try.
 * Logs never carry the SMTP password (it lives only in the URL given to nodemailer).
 * nodemailer is loaded at the first message, not at start-up: a server without SMTP never needs it,
 * and loading it cost every start about 30 ms.
 */
import type { Transporter } from "nodemailer";
import { EmailError, type EmailConfig, type EmailMessage, type EmailSender } from "./index.server";

export function createSmtpEmailSender(config: EmailConfig): EmailSender {
  if (!config.smtpUrl) throw new Error("EMAIL_PROVIDER=smtp needs SMTP_URL (smtp://user:password@host:587)");
  const timeout = config.timeoutMs ?? 15_000;
  const smtpUrl = config.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const opened = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl, { connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as Parameters<typeof nodemailer.createTransport>[1]),
    ));
  return {
    name: "smtp",
    async send(message: EmailMessage) {
      try {
        const smtp = await opened();
        const info = await smtp.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers: message.headers ?? {},
          messageId: message.messageId,
        });
        return { providerRef: String(info.messageId ?? message.messageId) };
      } catch (error) {
        const e = error as { responseCode?: number; code?: string; command?: string; message?: string };
        const code = typeof e.responseCode === "number" ? e.responseCode : null;
        // The server's own 5xx answer is final. So is losing the connection after the message was
        // handed over (DATA sent, no answer): it may have been delivered, and at most once wins.
        // Anything else (a 4xx, no connection, a timeout before DATA) may go through later.
        const afterData = code === null && /DATA|MESSAGE/i.test(e.command ?? "");
        const permanent = (code !== null && code >= 500) || afterData;
        const what = code !== null ? `SMTP ${code}` : (e.code ?? "SMTP error");
        throw new EmailError(
          `${what}${afterData ? " after the message was sent (it may have arrived)" : ""}: ${String(e.message ?? "")
            .replace(/\s+/g, " ")
            .slice(0, 200)}`,
          permanent,
        );
      }
    },
    close() {
      void transport?.then((open) => open.close());
    },
  };
}
