/**
 * Money in and out through a payment provider (issue 15), in our words and in pesewas. The rest of
 * the app calls `PaymentsProvider`; what it learns becomes ledger entries through app/models, never
 * here. `createPaymentsProvider` picks the adapter: `demo` (what `npm start` uses, no network) or
 * `paystack` (HTTPS, the contract in docs/payments.md).
 *
 * Rules every caller keeps (docs/payments.md#what-every-caller-keeps):
 * - an answer to a charge, an OTP or a redirect is never the truth: credit only on `verifyCharge`
 *   (or a verified `charge.success` webhook) whose amount, currency and reference match what was
 *   asked for (`chargeMismatches`);
 * - "pending" and "unknown" are not "failed": they are resolved later by a verify call;
 * - `message` is ours, safe to show; the provider's own text only reaches the logs.
 */
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { createDemoProvider } from "./demo.server";
import { createPaystackProvider } from "./paystack.server";
import { PaymentsError } from "./rules.server";

export * from "./rules.server";

export type ProviderName = "demo" | "paystack";

/** The mobile money networks, in our words (wallet.ts shows them as MTN MoMo, Telecel Cash, AT Money). */
export const MOMO_NETWORKS = ["MTN", "TELECEL", "AT"] as const;
export type MomoNetwork = (typeof MOMO_NETWORKS)[number];

/**
 * What the customer does next after a mobile-money charge or an OTP:
 * - `approve_on_phone`: a prompt is on the phone (MTN, AT); wait, then verify;
 * - `enter_otp`: a voucher or code is needed (Telecel: dial *110#); call `submitOtp`;
 * - `pending`: nothing to do; verify later (also the answer when the provider did not answer in time);
 * - `succeeded` / `failed`: the provider's word on the charge, still to be confirmed by `verifyCharge`.
 */
export type ChargeStatus = "pending" | "approve_on_phone" | "enter_otp" | "succeeded" | "failed";
export type ChargeResult = { status: ChargeStatus; message?: string; providerReference?: string };

export type MobileMoneyChargeInput = {
  /** Ours, one per attempt: letters, digits, `-`, `.`, `=` (see `paymentReference`). */
  reference: string;
  email: string;
  amountMinor: number;
  network: MomoNetwork;
  /** A Ghana number in any usual spelling (024 123 4567, +233 24 123 4567). */
  phone: string;
};

export type CheckoutInput = { reference: string; email: string; amountMinor: number; callbackUrl: string };

/**
 * The provider's word on a collection. `unknown`: it did not answer (timeout, network, 5xx): ask
 * again later. `not_found`: it has no transaction with this reference (the charge never reached it).
 * `abandoned`: a checkout that was opened and not (yet) paid; not final while the customer may still pay.
 * amount and currency are the provider's, so the caller can compare (see `chargeMismatches`).
 */
export type VerifiedCharge = {
  reference: string;
  status: "succeeded" | "failed" | "abandoned" | "pending" | "unknown" | "not_found";
  amountMinor: number | null;
  currency: string | null;
  paidAt?: Date;
  channel?: string;
};

/** A whole or partial refund of a paid charge, by our reference; the notes are shown to the customer and to us. */
export type RefundInput = { reference: string; amountMinor: number; customerNote?: string; merchantNote?: string };
/** `pending`: queued at the provider (its refund.* webhooks tell how it ends); `processed`: done. */
export type RefundResult = { status: "pending" | "processed" };

export type BankKind = "bank" | "mobile_money";
export type Bank = { name: string; code: string; kind: BankKind; active: boolean };

/** A payout destination: a mobile-money number (give the network or the live bank code) or a bank account. */
export type RecipientInput = { name: string; accountNumber: string } & ({ kind: "mobile_money"; network: MomoNetwork } | { kind: BankKind; bankCode: string });

export type TransferInput = {
  /** Our idempotency key, reused on every retry: lowercase letters, digits, `-`, `_`, 16+ characters. */
  reference: string;
  amountMinor: number;
  recipientCode: string;
  reason: string;
};

/**
 * The answer to a transfer request. Paystack's own "success" at this point means queued
 * (docs/payments.md#recipients-and-transfers-withdrawals), so the real adapter answers `pending` and the outcome comes from `verifyTransfer`
 * or a webhook; the demo answers `succeeded` at once. `otp`: finalise with `finalizeTransfer`.
 */
export type TransferResult = { status: "pending" | "succeeded" | "failed" | "otp"; transferCode?: string; message?: string };

/** `reversed`: the money came back to our balance after a success; `not_found`: never created. */
export type VerifiedTransfer = {
  reference: string;
  status: "succeeded" | "failed" | "reversed" | "pending" | "otp" | "unknown" | "not_found";
  amountMinor: number | null;
  currency: string | null;
  transferCode?: string;
};

/** One row of the provider's own list, for the day-by-day reconciliation with the ledger. */
export type ProviderTransaction = {
  reference: string;
  status: VerifiedCharge["status"];
  amountMinor: number | null;
  currency: string | null;
  createdAt: Date | null;
  paidAt?: Date;
  channel?: string;
};
export type ProviderTransfer = {
  reference: string;
  status: VerifiedTransfer["status"];
  amountMinor: number | null;
  currency: string | null;
  createdAt: Date | null;
  transferCode?: string;
};

export type DateRange = { from: Date; to: Date };

/**
 * A webhook whose signature checked out. `id` is the event name plus `data.reference` (or `data.id`):
 * the same event can arrive more than once and out of order, so store it under this id once.
 */
export type WebhookEvent = {
  id: string;
  event: string;
  reference: string | null;
  amountMinor: number | null;
  currency: string | null;
  status: string | null;
  raw: unknown;
};

export interface PaymentsProvider {
  readonly name: ProviderName;
  /**
   * Where `startCheckout` may send the investor (origins), so the site's Content-Security-Policy
   * lets a form post be redirected there (`form-action`). Empty when the checkout comes back to us.
   */
  readonly checkoutOrigins: readonly string[];
  chargeMobileMoney(input: MobileMoneyChargeInput): Promise<ChargeResult>;
  submitOtp(input: { reference: string; otp: string }): Promise<ChargeResult>;
  /** Cards and bank through the provider's hosted page; the customer comes back to `callbackUrl?reference=...`. */
  startCheckout(input: CheckoutInput): Promise<{ authorizationUrl: string }>;
  verifyCharge(reference: string): Promise<VerifiedCharge>;
  /** Sends a paid charge's money back to the customer (throws PaymentsError when refused or unanswered). */
  refundCharge(input: RefundInput): Promise<RefundResult>;
  /** Banks or mobile-money networks that can receive a transfer (cached). */
  listBanks(input: { kind: BankKind }): Promise<Bank[]>;
  /** `accountName`: the holder's name as the bank or network knows it, when the provider resolved it. */
  createRecipient(input: RecipientInput): Promise<{ recipientCode: string; accountName?: string }>;
  transfer(input: TransferInput): Promise<TransferResult>;
  finalizeTransfer(input: { transferCode: string; otp: string }): Promise<TransferResult>;
  verifyTransfer(reference: string): Promise<VerifiedTransfer>;
  listTransactions(range: DateRange): Promise<ProviderTransaction[]>;
  listTransfers(range: DateRange): Promise<ProviderTransfer[]>;
  /**
   * The parsed event, or null when the signature is missing or wrong (or the provider sends none).
   * A signed body that is not an event throws PaymentsError("bad_request").
   */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | null): WebhookEvent | null;
}

export type PaymentsLogger = (level: "info" | "warn" | "error", message: string, fields: Record<string, unknown>) => void;

export type PaymentsConfig = {
  provider: ProviderName;
  /** Paystack's secret key (sk_test_... / sk_live_...): the Bearer token and the webhook HMAC key. */
  secretKey?: string;
  /** Default https://api.paystack.co; plain http only to 127.0.0.1/localhost (a test fake). */
  baseUrl?: string;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Extra attempts after the first on a network error or 5xx; default 2. */
  retries?: number;
  /** First backoff; doubled each retry; default 300 ms. */
  backoffMs?: number;
  /** How long the bank list is kept; default 6 hours. */
  bankCacheMs?: number;
  /** Where the adapter reports the provider's own errors; default console (never a secret or a full phone). */
  logger?: PaymentsLogger;
};

export function createPaymentsProvider(config: PaymentsConfig): PaymentsProvider {
  switch (config.provider) {
    case "demo":
      return createDemoProvider();
    case "paystack":
      return createPaystackProvider(config);
    default:
      throw new PaymentsError("config", `Unknown payments provider: ${String((config as { provider: unknown }).provider)}`);
  }
}

let shared: PaymentsProvider | undefined;

/**
 * The one provider the app uses, picked by `PAYMENTS_PROVIDER` (the demo adapter keeps what it did in
 * memory, and the real one caches the bank list, so every caller must share it).
 */
export function getPaymentsProvider(): PaymentsProvider {
  if (!shared) {
    const env = getEnv();
    shared = createPaymentsProvider({
      provider: env.PAYMENTS_PROVIDER,
      secretKey: env.PAYSTACK_SECRET_KEY,
      baseUrl: env.PAYSTACK_BASE_URL,
      logger: (level, message, fields) => logger[level]({ provider: env.PAYMENTS_PROVIDER, ...fields }, message),
    });
  }
  return shared;
}

/**
 * Whether a deposit or withdrawal completes within the request (the demo, the plain 'Deposit
 * successful') or later on the provider's word: what the investor must be told, and nothing more.
 */
export function paymentsSettleAtOnce(): boolean {
  return getPaymentsProvider().name === "demo";
}
