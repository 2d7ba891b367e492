/**
 * The demo mailer: nothing leaves the machine. The message is printed to the log (a newcomer sees
 * every email in the terminal) and stays readable on /admin/outbox, where the outbox row keeps it.
 */
import type { EmailConfig, EmailMessage, EmailSender } from "./index.server";

export function createDemoEmailSender(config: EmailConfig): EmailSender {
  const log = config.log ?? ((line: string) => console.log(line));
  return {
    name: "demo",
    async send(message: EmailMessage) {
      log(`[email not sent: demo outbox] to ${message.to}: ${message.subject}\n${message.text}\n[end of email]`);
      return { providerRef: `demo-${message.messageId}` };
    },
  };
}
