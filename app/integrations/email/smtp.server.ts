/**
 * SMTP through nodemailer (a client that knows TLS, pooling and MIME so we do not write them).
 * No retries here: the outbox owns them, with backoff, and records each attempt. A 5xx reply to
 * the message is permanent, and so is a lost answer once the message went over (it may have
 * arrived); a 4xx reply, a refused connection or a timeout before that is worth another try. Every
 * step waits SMTP_TIMEOUT_MS at most (default 15 s), and the whole conversation ends when the
 * outbox's lease on the message is about to run out (the message's `signal`).
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
  let mailer: Promise<typeof import("nodemailer")> | undefined;
  /**
   * A transport per message (each message has its own connection anyway), so that its transaction
   * log tells whether the server said "354" (go ahead) to it: from then on the whole message may be
   * in the server's hands, and a timeout is no longer a safe moment to try again. The options object,
   * not createTransport(url, options): with a URL string first, nodemailer reads the second argument
   * as message defaults and its own timeouts (10 minutes) would apply.
   */
  const opened = async (onServerLine: (line: string) => void): Promise<Transporter> => {
    const { default: nodemailer } = await (mailer ??= import("nodemailer"));
    const quiet = () => {};
    return nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
      // Commands and replies, not the message; only the server's replies are read, and kept nowhere.
      transactionLog: true,
      logger: {
        trace: quiet,
        debug: (entry: { tnx?: string }, line?: unknown) => {
          if (entry?.tnx === "server") onServerLine(String(line ?? ""));
        },
        info: quiet,
        warn: quiet,
        error: quiet,
        fatal: quiet,
      },
    });
  };
  return {
    name: "smtp",
    async send(message: EmailMessage) {
      let handedOver = false;
      try {
        const smtp = await opened((line) => {
          if (line.startsWith("354")) handedOver = true;
        });
        const info = await smtp.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers: message.headers ?? {},
          messageId: message.messageId,
          // The outbox's lease about to run out: the connection is closed, judged as a timeout is.
          ...(message.signal ? { signal: message.signal } : {}),
        });
        return { providerRef: String(info.messageId ?? message.messageId) };
      } catch (error) {
        const e = error as { responseCode?: number; code?: string; command?: string; message?: string };
        const code = typeof e.responseCode === "number" ? e.responseCode : null;
        // The server's own 5xx answer is final. So is losing the connection or timing out after the
        // message was handed over (354 received, no answer since): it may have been delivered, and
        // at most once wins. nodemailer names such a timeout "CONN", hence our own note of the 354.
        // Anything else (a 4xx, no connection, a timeout before DATA) may go through later.
        const afterData = code === null && (handedOver || /DATA|MESSAGE/i.test(e.command ?? ""));
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
  };
}
