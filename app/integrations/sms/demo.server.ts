/**
 * The demo SMS sender: nothing is sent; /admin/outbox shows it all. The log shows the number masked
 * and, outside production only (`logText`), the text: in production a log never holds a code.
 */
import { maskPhone } from "~/domain/notices";
import type { SmsConfig, SmsMessage, SmsSender } from "./index.server";

export function createDemoSmsSender(config: SmsConfig): SmsSender {
  const log = config.log ?? ((line: string) => console.log(line));
  return {
    name: "demo",
    async send(message: SmsMessage) {
      log(
        config.logText
          ? `[sms not sent: demo outbox] to ${maskPhone(message.to)}: ${message.text}`
          : `[sms not sent: demo outbox] ${message.kind ?? "MESSAGE"} to ${maskPhone(message.to)} (read it on /admin/outbox)`,
      );
      return { providerRef: `demo-${message.reference}` };
    },
  };
}
