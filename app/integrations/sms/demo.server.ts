/** The demo SMS sender: nothing is sent. The log shows the text with the number masked; /admin/outbox shows it all. */
import { maskPhone } from "~/domain/notices";
import type { SmsConfig, SmsMessage, SmsSender } from "./index.server";

export function createDemoSmsSender(config: SmsConfig): SmsSender {
  const log = config.log ?? ((line: string) => console.log(line));
  return {
    name: "demo",
    async send(message: SmsMessage) {
      log(`[sms not sent: demo outbox] to ${maskPhone(message.to)}: ${message.text}`);
      return { providerRef: `demo-${message.reference}` };
    },
  };
}
