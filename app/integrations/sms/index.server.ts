/**
 * SMS, in our words (issue 16). The outbox worker is the only caller. `createSmsSender` picks the
 * adapter from the environment: `demo` (what `npm start` uses: nothing is sent; readable on
 * /admin/outbox, and printed to the log with the number masked: the text only outside production) or `hubtel` (Hubtel's SMS API, Ghana:
 * POST /v1/messages/send with Basic auth, see hubtel.server.ts).
 */
import { createDemoSmsSender } from "./demo.server";
import { createHubtelSmsSender } from "./hubtel.server";

export type SmsProviderName = "demo" | "hubtel";

/**
 * `to` is always +233XXXXXXXXX (normalizeGhanaPhone); `text` at most 160 characters (smsText);
 * `kind` what caused it (PHONE_CODE, PAYOUT, ...), which the demo sender logs in production instead of the text.
 */
export type SmsMessage = {
  to: string;
  text: string;
  reference: string;
  kind?: string;
  /** Aborted when the outbox's lease on the message is about to run out: the send is given up (sendLimitMs in outbox.server.ts). */
  signal?: AbortSignal;
};
export type SmsResult = { providerRef: string };

/**
 * A failed send. `permanent`: trying again cannot help (refused: bad number, bad sender id, no
 * credit, wrong keys) or might send it twice (no answer in time: it may have gone out).
 */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "SmsError";
  }
}

export interface SmsSender {
  readonly name: SmsProviderName;
  send(message: SmsMessage): Promise<SmsResult>;
}

export type SmsConfig = {
  provider: SmsProviderName;
  /** Hubtel's API key pair (the Basic auth user and password). */
  clientId?: string;
  clientSecret?: string;
  /** The sender id people see: at most 11 letters or digits, registered with the provider. */
  senderId: string;
  /** Default https://sms.hubtel.com; plain http only to 127.0.0.1/localhost (a test fake). */
  baseUrl?: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
  /** The demo sender prints the text (a code) only when this is set: outside production. Otherwise the kind and the masked number. */
  logText?: boolean;
};

export function createSmsSender(config: SmsConfig): SmsSender {
  switch (config.provider) {
    case "demo":
      return createDemoSmsSender(config);
    case "hubtel":
      return createHubtelSmsSender(config);
    default:
      throw new Error(`Unknown SMS provider: ${String((config as { provider: unknown }).provider)}`);
  }
}
