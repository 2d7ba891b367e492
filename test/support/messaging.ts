import type { FakeHubtel } from "./fake-hubtel";
import type { FakeSmtp } from "./fake-smtp";

/**
 * The settings that send email and SMS through the app's real adapters (nodemailer over SMTP,
 * Hubtel's SMS API) to the fakes on 127.0.0.1, with a quick outbox worker.
 */
export function messagingEnv(smtp: FakeSmtp, hubtel: FakeHubtel, extra: Record<string, string> = {}): Record<string, string> {
  return {
    EMAIL_PROVIDER: "smtp",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Akoko <no-reply@akoko.test>",
    SMS_PROVIDER: "hubtel",
    HUBTEL_CLIENT_ID: hubtel.clientId,
    HUBTEL_CLIENT_SECRET: hubtel.clientSecret,
    HUBTEL_SMS_URL: hubtel.url,
    OUTBOX_POLL_MS: "100",
    ...extra,
  };
}
