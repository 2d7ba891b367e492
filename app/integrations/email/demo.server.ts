/**
 * The demo mailer: nothing leaves the machine. The message stays readable on /admin/outbox, where the
 * outbox row keeps it. Outside production (`logText`) it is also printed whole to the log, so a
 * newcomer sees every email, link and code in the terminal; in production a log must never hold a
 * reset link or a code, so only the message's kind and the masked address are printed.
 */
import { maskEmail } from "~/domain/notices";
import type { EmailConfig, EmailMessage, EmailSender } from "./index.server";

export function createDemoEmailSender(config: EmailConfig): EmailSender {
  const log = config.log ?? ((line: string) => console.log(line));
  return {
    name: "demo",
    async send(message: EmailMessage) {
      log(
        config.logText
          ? `[email not sent: demo outbox] to ${message.to}: ${message.subject}\n${message.text}\n[end of email]`
          : `[email not sent: demo outbox] ${message.kind ?? "MESSAGE"} to ${maskEmail(message.to)} (read it on /admin/outbox)`,
      );
      return { providerRef: `demo-${message.messageId}` };
    },
  };
}
