import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Paystack on 127.0.0.1 that speaks the contract of docs/payments.md over real HTTP, so
 * the real adapter (app/integrations/payments/paystack.server.ts) is what tests exercise, in process
 * or through the built server (point PAYSTACK_BASE_URL at `fake.url`).
 *
 * Every answer is `{ status, message, data }` (`meta` on lists). It checks the Bearer secret (401),
 * the shapes of requests (400 with status false), refuses a reused charge or transfer reference
 * (400, nothing created twice) and records every request. Tests steer it:
 * - a charge's next step (`pay_offline`, `send_otp`, `pending`, `success`, `failed`) per phone
 *   number (`setChargeOutcome`) or for the next charge (`nextChargeOutcome`); by default Telecel
 *   (`vod`) asks for an OTP (`fake.otp`) and the others for approval on the phone (`approveCharge`);
 * - a checkout is paid with `completeCheckout` (or in a browser at its authorization_url);
 * - transfers start `pending` (or as `setTransferOutcome` says) and end with `settleTransfer`;
 * - refunds (`POST /refund`) are queued (`refund.pending`) and end with `settleRefund`;
 * - faults: `failNext` (a 5xx), `delayNext` (a slow answer, for timeouts);
 * - `sendWebhook` posts a signed `{ event, data }`; with `webhookUrl` set, settling a charge or a
 *   transfer posts its webhook as Paystack would (`flushWebhooks` waits for them).
 */

export type ChargeStep = "pay_offline" | "send_otp" | "pending" | "success" | "failed";
type TxnStatus = "ongoing" | "pending" | "success" | "failed" | "abandoned" | "reversed";
type TransferStatus = "pending" | "success" | "failed" | "reversed" | "otp";

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  at: Date;
};

export type FakeTransaction = {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  channel: "mobile_money" | "card";
  /** The charge API's step (mobile money); null for a hosted checkout. */
  step: ChargeStep | null;
  status: TxnStatus;
  phone?: string;
  provider?: string;
  otpAttempts: number;
  accessCode?: string;
  callbackUrl?: string;
  createdAt: Date;
  paidAt: Date | null;
};

export type FakeRecipient = { id: number; code: string; type: string; name: string; accountNumber: string; bankCode: string; createdAt: Date };

export type FakeTransfer = {
  id: number;
  reference: string;
  transferCode: string;
  amount: number;
  currency: string;
  recipient: FakeRecipient;
  reason: string;
  status: TransferStatus;
  createdAt: Date;
  updatedAt: Date;
};

export type FakeRefund = {
  id: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: "pending" | "processed" | "failed";
  customerNote: string | null;
  merchantNote: string | null;
  createdAt: Date;
};

export type WebhookOptions = {
  /** Sign with another key (the app must refuse it). */
  badSignature?: boolean;
  /** Send no signature header at all. */
  noSignature?: boolean;
  /** Deliver the same event this many times (Paystack retries). */
  times?: number;
};

export type FakePaystack = {
  url: string;
  secretKey: string;
  /** The OTP (Telecel voucher) a `send_otp` charge accepts. */
  otp: string;
  /** The OTP a transfer in `otp` accepts. */
  transferOtp: string;
  /** Our balance: a transfer above it is refused. */
  balance: number;
  /** What a charge's correct OTP leads to (default success). */
  afterOtp: ChargeStep;
  /** Where settled charges and transfers are announced, as Paystack would (none by default). */
  webhookUrl: string | null;
  requests: RecordedRequest[];
  /** Requests to a path or below it (`/charge` includes `/charge/submit_otp`, not `/chargeback`). */
  requestsTo(method: string, pathPrefix: string): RecordedRequest[];
  transactions: Map<string, FakeTransaction>;
  transfers: Map<string, FakeTransfer>;
  /** Refunds by their transaction's reference (one full refund each, as we ask for). */
  refunds: Map<string, FakeRefund>;
  recipients: Map<string, FakeRecipient>;
  /** Account number -> the holder's name as the bank knows it: a recipient's details.account_name (none by default). */
  accountNames: Map<string, string>;
  setChargeOutcome(phone: string, step: ChargeStep): void;
  nextChargeOutcome(step: ChargeStep): void;
  /** The customer approves the prompt on the phone (or the charge settles): success or failed. */
  approveCharge(reference: string): void;
  settleCharge(reference: string, status: "success" | "failed" | "abandoned"): void;
  /** Pays (or fails) a hosted checkout and returns the callback URL the customer is sent back to. */
  completeCheckout(reference: string, options?: { status?: "success" | "failed"; amount?: number; currency?: string }): string;
  setTransferOutcome(status: "pending" | "success" | "otp"): void;
  settleTransfer(reference: string, status: "success" | "failed" | "reversed"): void;
  /** Ends a queued refund: `processed` (the transaction becomes `reversed`) or `failed`; announces refund.processed / refund.failed. */
  settleRefund(transactionReference: string, status: "processed" | "failed"): void;
  failNext(options?: { status?: number; times?: number; path?: string }): void;
  delayNext(ms: number, options?: { times?: number; path?: string }): void;
  /** The fake's clock (creation and payment times); null: the real time. */
  setTime(at: Date | null): void;
  sendWebhook(url: string, event: string, data: Record<string, unknown>, options?: WebhookOptions): Promise<Array<{ status: number; body: string }>>;
  flushWebhooks(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
};

/** Paystack's signature: hex HMAC-SHA512 of the raw body, keyed with the secret key. */
export function paystackSignature(rawBody: string | Buffer, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

const MOMO_BANKS = [
  { id: 28, name: "MTN", slug: "mtn-gh", code: "MTN", type: "mobile_money" },
  { id: 29, name: "Vodafone", slug: "vod-gh", code: "VOD", type: "mobile_money" },
  { id: 30, name: "AirtelTigo", slug: "tgo-gh", code: "ATL", type: "mobile_money" },
];
const GH_BANKS = [
  { id: 301, name: "Absa Bank Ghana Ltd", slug: "absa-gh", code: "030100", type: "ghipss" },
  { id: 302, name: "GCB Bank Limited", slug: "gcb-gh", code: "040100", type: "ghipss" },
  { id: 303, name: "Ecobank Ghana Limited", slug: "ecobank-gh", code: "130100", type: "ghipss" },
  { id: 304, name: "Fidelity Bank Ghana", slug: "fidelity-gh", code: "240100", type: "ghipss" },
];

const CHARGE_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,100}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DISPLAY_TEXT: Partial<Record<ChargeStep, string>> = {
  pay_offline: "Please complete authorization process on your mobile phone",
  send_otp: "Please dial *110# to generate a voucher code, then input the voucher",
  pending: "Please wait while we process your payment",
};

class Refusal extends Error {
  constructor(
    public httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

/** `/charge` matches /charge and /charge/..., not /chargeback. */
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const phoneKey = (phone: string) => phone.replace(/\D/g, "").slice(-9);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readAmount(v: unknown): number {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n <= 0) throw new Refusal(400, "Invalid Amount Sent");
  return n;
}
function readString(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (typeof v !== "string" || v.trim() === "") throw new Refusal(400, `${field} is required`);
  return v;
}
function readCurrency(body: Record<string, unknown>): string {
  const c = body.currency ?? "GHS";
  if (c !== "GHS") throw new Refusal(400, "Currency not supported by merchant");
  return c;
}
function readDate(v: string | undefined, field: string): Date | null {
  if (v === undefined) return null;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new Refusal(400, `Invalid ${field} date`);
  return d;
}

export async function startFakePaystack(options: { secretKey?: string } = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
  let clock: Date | null = null;
  const now = () => new Date(clock ?? Date.now());
  let nextId = 4_000_001;
  const id = () => nextId++;

  const chargeOutcomes = new Map<string, ChargeStep>();
  let nextCharge: ChargeStep | null = null;
  let transferOutcome: "pending" | "success" | "otp" = "pending";
  let failures: Array<{ status: number; path?: string }> = [];
  let delays: Array<{ ms: number; path?: string }> = [];
  const webhooks = new Set<Promise<unknown>>();
  const byAccessCode = new Map<string, FakeTransaction>();

  const fake = {
    url: "",
    secretKey,
    otp: "123456",
    transferOtp: "654321",
    balance: 100_000_000,
    afterOtp: "success" as ChargeStep,
    webhookUrl: null as string | null,
    requests: [] as RecordedRequest[],
    transactions: new Map<string, FakeTransaction>(),
    transfers: new Map<string, FakeTransfer>(),
    refunds: new Map<string, FakeRefund>(),
    recipients: new Map<string, FakeRecipient>(),
    accountNames: new Map<string, string>(),
  } as FakePaystack;

  /* ---------- how things are shown ---------- */

  const txnData = (t: FakeTransaction) => ({
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    channel: t.channel,
    gateway_response: t.status === "success" ? "Approved" : t.status === "failed" ? "Declined" : "Pending",
    paid_at: t.paidAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
    customer: { email: t.email },
    ...(t.channel === "mobile_money" ? { authorization: { channel: "mobile_money", bank: t.provider?.toUpperCase(), mobile_money_number: t.phone } } : {}),
  });
  const chargeData = (t: FakeTransaction) => ({
    ...txnData(t),
    status: t.step ?? t.status,
    ...(t.step && DISPLAY_TEXT[t.step] ? { display_text: DISPLAY_TEXT[t.step] } : {}),
  });
  const recipientData = (r: FakeRecipient) => ({
    active: true,
    createdAt: r.createdAt.toISOString(),
    currency: "GHS",
    domain: "test",
    id: r.id,
    name: r.name,
    recipient_code: r.code,
    type: r.type,
    is_deleted: false,
    details: {
      authorization_code: null,
      account_number: r.accountNumber,
      account_name: fake.accountNames.get(r.accountNumber) ?? null,
      bank_code: r.bankCode,
      bank_name: [...MOMO_BANKS, ...GH_BANKS].find((b) => b.code === r.bankCode)?.name ?? null,
    },
  });
  const transferData = (t: FakeTransfer, withRecipient = false) => ({
    domain: "test",
    amount: t.amount,
    currency: t.currency,
    source: "balance",
    reason: t.reason,
    recipient: withRecipient ? recipientData(t.recipient) : t.recipient.id,
    status: t.status,
    transfer_code: t.transferCode,
    id: t.id,
    reference: t.reference,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  });

  /** A refund as the refund.* webhooks carry it (the transaction by its reference). */
  const refundData = (r: FakeRefund) => ({
    id: r.id,
    status: r.status,
    transaction_reference: r.transactionReference,
    refund_reference: `RF_${r.id}`,
    amount: r.amount,
    currency: r.currency,
    processor: "mobile_money",
    customer: { email: fake.transactions.get(r.transactionReference)?.email ?? null },
    integration: 100_001,
    domain: "test",
  });

  function announce(event: string, data: Record<string, unknown>) {
    if (!fake.webhookUrl) return;
    const sending = fake.sendWebhook(fake.webhookUrl, event, data).catch(() => undefined);
    webhooks.add(sending);
    void sending.finally(() => webhooks.delete(sending));
  }

  function setTxn(t: FakeTransaction, status: TxnStatus, step: ChargeStep | null = t.step) {
    const wasPaid = t.status === "success";
    t.status = status;
    t.step = step;
    if (status === "success" && !wasPaid) {
      t.paidAt = now();
      announce("charge.success", txnData(t));
    }
  }

  const stepStatus = (step: ChargeStep): TxnStatus => (step === "success" ? "success" : step === "failed" ? "failed" : step === "pending" ? "pending" : "ongoing");

  function setTransfer(t: FakeTransfer, status: TransferStatus) {
    const before = t.status;
    t.status = status;
    t.updatedAt = now();
    // A failed or reversed transfer puts the money back on the balance.
    if ((status === "failed" || status === "reversed") && before !== "failed" && before !== "reversed") fake.balance += t.amount;
    if (status === "success" || status === "failed" || status === "reversed") announce(`transfer.${status}`, transferData(t, true));
  }

  function page<T>(rows: T[], query: Record<string, string>) {
    const perPage = Math.min(Math.max(Number(query.perPage ?? 50) || 50, 1), 200);
    const pageNo = Math.max(Number(query.page ?? 1) || 1, 1);
    const slice = rows.slice((pageNo - 1) * perPage, pageNo * perPage);
    return { data: slice, meta: { total: rows.length, skipped: (pageNo - 1) * perPage, perPage, page: pageNo, pageCount: Math.ceil(rows.length / perPage) } };
  }

  function inRange(at: Date, query: Record<string, string>) {
    const from = readDate(query.from, "from");
    const to = readDate(query.to, "to");
    return (!from || at >= from) && (!to || at <= to);
  }

  /* ---------- the API ---------- */

  type Answer = { httpStatus?: number; message: string; data?: unknown; meta?: unknown };

  function handle(method: string, path: string, query: Record<string, string>, body: Record<string, unknown>): Answer {
    let m: RegExpExecArray | null;

    if (method === "POST" && path === "/charge") {
      const email = readString(body, "email");
      if (!EMAIL.test(email)) throw new Refusal(400, "Invalid Email Address Passed");
      const amount = readAmount(body.amount);
      const currency = readCurrency(body);
      const reference = typeof body.reference === "string" ? body.reference : `T${id()}`;
      if (!CHARGE_REFERENCE.test(reference)) throw new Refusal(400, "Invalid reference");
      if (fake.transactions.has(reference)) throw new Refusal(400, "Duplicate Transaction Reference");
      const mm = body.mobile_money;
      if (!mm || typeof mm !== "object") throw new Refusal(400, "Please provide a payment channel");
      const phone = readString(mm as Record<string, unknown>, "phone");
      const provider = readString(mm as Record<string, unknown>, "provider");
      if (!MOMO_BANKS.some((b) => b.code.toLowerCase() === provider)) throw new Refusal(400, "Invalid mobile money provider");
      if (!/^0\d{9}$/.test(phone)) throw new Refusal(400, "Invalid phone number");
      const step = nextCharge ?? chargeOutcomes.get(phoneKey(phone)) ?? (provider === "vod" ? "send_otp" : "pay_offline");
      nextCharge = null;
      const t: FakeTransaction = {
        id: id(),
        reference,
        amount,
        currency,
        email,
        channel: "mobile_money",
        step,
        status: "ongoing",
        phone,
        provider,
        otpAttempts: 0,
        createdAt: now(),
        paidAt: null,
      };
      fake.transactions.set(reference, t);
      setTxn(t, stepStatus(step), step);
      return { message: "Charge attempted", data: chargeData(t) };
    }

    if (method === "POST" && path === "/charge/submit_otp") {
      const otp = readString(body, "otp");
      const reference = readString(body, "reference");
      const t = fake.transactions.get(reference);
      if (!t) throw new Refusal(404, "Transaction reference not found");
      if (t.step !== "send_otp") throw new Refusal(400, "Charge is not awaiting an OTP");
      if (otp !== fake.otp) {
        t.otpAttempts++;
        if (t.otpAttempts >= 3) {
          setTxn(t, "failed", "failed");
          return { message: "Charge attempted", data: chargeData(t) };
        }
        throw new Refusal(400, "Invalid OTP");
      }
      setTxn(t, stepStatus(fake.afterOtp), fake.afterOtp);
      return { message: "Charge attempted", data: chargeData(t) };
    }

    if (method === "GET" && (m = /^\/charge\/([^/]+)$/.exec(path))) {
      const t = fake.transactions.get(decodeURIComponent(m[1]));
      if (!t || t.channel !== "mobile_money") throw new Refusal(404, "Charge not found");
      return { message: "Reference check successful", data: chargeData(t) };
    }

    if (method === "POST" && path === "/transaction/initialize") {
      const email = readString(body, "email");
      if (!EMAIL.test(email)) throw new Refusal(400, "Invalid Email Address Passed");
      const amount = readAmount(body.amount);
      const currency = readCurrency(body);
      const reference = typeof body.reference === "string" ? body.reference : `T${id()}`;
      if (!CHARGE_REFERENCE.test(reference)) throw new Refusal(400, "Invalid reference");
      if (fake.transactions.has(reference)) throw new Refusal(400, "Duplicate Transaction Reference");
      const callbackUrl = body.callback_url;
      if (callbackUrl !== undefined && (typeof callbackUrl !== "string" || !URL.canParse(callbackUrl))) throw new Refusal(400, "Invalid callback_url");
      const accessCode = randomBytes(8).toString("hex");
      const t: FakeTransaction = {
        id: id(),
        reference,
        amount,
        currency,
        email,
        channel: "card",
        step: null,
        status: "abandoned", // Paystack's word for opened and not (yet) paid
        otpAttempts: 0,
        accessCode,
        callbackUrl: callbackUrl as string | undefined,
        createdAt: now(),
        paidAt: null,
      };
      fake.transactions.set(reference, t);
      byAccessCode.set(accessCode, t);
      return { message: "Authorization URL created", data: { authorization_url: `${fake.url}/checkout/${accessCode}`, access_code: accessCode, reference } };
    }

    if (method === "GET" && (m = /^\/transaction\/verify\/([^/]+)$/.exec(path))) {
      const t = fake.transactions.get(decodeURIComponent(m[1]));
      if (!t) throw new Refusal(400, "Transaction reference not found");
      return { message: "Verification successful", data: txnData(t) };
    }

    if (method === "GET" && path === "/transaction") {
      const rows = [...fake.transactions.values()].filter((t) => inRange(t.createdAt, query)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const { data, meta } = page(rows, query);
      return { message: "Transactions retrieved", data: data.map(txnData), meta };
    }

    if (method === "POST" && path === "/refund") {
      const which = readString(body, "transaction");
      const t = fake.transactions.get(which) ?? [...fake.transactions.values()].find((x) => String(x.id) === which);
      if (!t) throw new Refusal(400, "Transaction reference not found");
      if (t.status === "reversed" || fake.refunds.get(t.reference)?.status === "pending") throw new Refusal(400, "Transaction has been fully reversed");
      if (t.status !== "success") throw new Refusal(400, "Cannot refund a transaction that was not successful");
      const amount = body.amount === undefined ? t.amount : readAmount(body.amount);
      if (amount > t.amount) throw new Refusal(400, "Refund amount cannot be greater than transaction amount");
      const r: FakeRefund = {
        id: id(),
        transactionReference: t.reference,
        amount,
        currency: readCurrency(body),
        status: "pending",
        customerNote: typeof body.customer_note === "string" ? body.customer_note : null,
        merchantNote: typeof body.merchant_note === "string" ? body.merchant_note : null,
        createdAt: now(),
      };
      fake.refunds.set(t.reference, r);
      announce("refund.pending", refundData(r));
      return {
        message: "Refund has been queued for processing",
        data: {
          transaction: txnData(t),
          integration: 100_001,
          deducted_amount: 0,
          channel: null,
          merchant_note: r.merchantNote,
          customer_note: r.customerNote,
          status: "pending",
          refunded_by: "api",
          expected_at: null,
          currency: r.currency,
          domain: "test",
          amount,
          fully_deducted: false,
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.createdAt.toISOString(),
        },
      };
    }

    if (method === "GET" && path === "/bank") {
      const list = query.currency !== "GHS" ? [] : query.type === "mobile_money" ? MOMO_BANKS : query.type ? GH_BANKS.filter((b) => b.type === query.type) : [...GH_BANKS, ...MOMO_BANKS];
      const rows = list.map((b) => ({ ...b, longcode: "", gateway: null, pay_with_bank: false, active: true, is_deleted: false, country: "Ghana", currency: "GHS" }));
      // Cursor pages (use_cursor=true&next=...), as the real list offers.
      const perPage = Math.min(Math.max(Number(query.perPage ?? 50) || 50, 1), 100);
      const start = query.next ? Number(Buffer.from(query.next, "base64url").toString()) || 0 : 0;
      const slice = rows.slice(start, start + perPage);
      const next = start + perPage < rows.length ? Buffer.from(String(start + perPage)).toString("base64url") : null;
      return { message: "Banks retrieved", data: slice, meta: { next, previous: null, perPage } };
    }

    if (method === "POST" && path === "/transferrecipient") {
      const type = readString(body, "type");
      const name = readString(body, "name");
      const accountNumber = readString(body, "account_number");
      const bankCode = readString(body, "bank_code");
      readCurrency(body);
      if (type === "mobile_money") {
        if (!MOMO_BANKS.some((b) => b.code === bankCode)) throw new Refusal(400, "Invalid bank code");
        if (!/^0\d{9}$/.test(accountNumber)) throw new Refusal(400, "Account number is invalid");
      } else if (type === "ghipss") {
        if (!GH_BANKS.some((b) => b.code === bankCode)) throw new Refusal(400, "Invalid bank code");
        if (!/^\d{6,20}$/.test(accountNumber)) throw new Refusal(400, "Account number is invalid");
      } else {
        throw new Refusal(400, "Recipient type is not supported for GHS");
      }
      // The same account again is the same recipient.
      const key = `${type}:${bankCode}:${accountNumber}`;
      let r = fake.recipients.get(key);
      if (!r) {
        r = { id: id(), code: `RCP_${randomBytes(8).toString("hex")}`, type, name, accountNumber, bankCode, createdAt: now() };
        fake.recipients.set(key, r);
      }
      return { httpStatus: 201, message: "Transfer recipient created successfully", data: recipientData(r) };
    }

    if (method === "POST" && path === "/transfer") {
      if (body.source !== "balance") throw new Refusal(400, "Invalid transfer source");
      const amount = readAmount(body.amount);
      const currency = readCurrency(body);
      const recipientCode = readString(body, "recipient");
      const recipient = [...fake.recipients.values()].find((r) => r.code === recipientCode);
      if (!recipient) throw new Refusal(400, "Recipient specified is invalid");
      const reference = typeof body.reference === "string" ? body.reference : `trf_${randomBytes(10).toString("hex")}`;
      if (!TRANSFER_REFERENCE.test(reference)) throw new Refusal(400, "Invalid transfer reference: use 16+ lowercase letters, digits, - or _");
      if (fake.transfers.has(reference)) throw new Refusal(400, "Transfer reference already exists");
      if (amount > fake.balance) throw new Refusal(400, "Your balance is not enough to fulfil this request");
      const reason = typeof body.reason === "string" ? body.reason : "";
      const at = now();
      const t: FakeTransfer = { id: id(), reference, transferCode: `TRF_${randomBytes(8).toString("hex")}`, amount, currency, recipient, reason, status: "pending", createdAt: at, updatedAt: at };
      fake.balance -= amount;
      fake.transfers.set(reference, t);
      if (transferOutcome !== "pending") setTransfer(t, transferOutcome);
      return { message: t.status === "otp" ? "Transfer requires OTP to continue" : "Transfer has been queued", data: transferData(t) };
    }

    if (method === "POST" && path === "/transfer/finalize_transfer") {
      const code = readString(body, "transfer_code");
      const otp = readString(body, "otp");
      const t = [...fake.transfers.values()].find((x) => x.transferCode === code);
      if (!t) throw new Refusal(404, "Transfer not found");
      if (t.status !== "otp") throw new Refusal(400, "Transfer is not currently awaiting OTP");
      if (otp !== fake.transferOtp) throw new Refusal(400, "Invalid OTP");
      setTransfer(t, "pending");
      return { message: "Transfer has been queued", data: transferData(t) };
    }

    if (method === "GET" && (m = /^\/transfer\/verify\/([^/]+)$/.exec(path))) {
      const t = fake.transfers.get(decodeURIComponent(m[1]));
      if (!t) throw new Refusal(404, "Transfer not found");
      return { message: "Transfer retrieved", data: transferData(t, true) };
    }

    if (method === "GET" && path === "/transfer") {
      const rows = [...fake.transfers.values()].filter((t) => inRange(t.createdAt, query)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const { data, meta } = page(rows, query);
      return { message: "Transfers retrieved", data: data.map((t) => transferData(t, true)), meta };
    }

    throw new Refusal(404, `No route for ${method} ${path}`);
  }

  /* ---------- the hosted checkout (the customer's browser: no secret) ---------- */

  function payCheckout(t: FakeTransaction, status: "success" | "failed"): string {
    setTxn(t, status);
    const back = new URL(t.callbackUrl ?? `${fake.url}/checkout/done`);
    back.searchParams.set("trxref", t.reference);
    back.searchParams.set("reference", t.reference);
    return back.toString();
  }

  function checkoutPage(req: http.IncomingMessage, res: http.ServerResponse, path: string): boolean {
    const m = /^\/checkout\/([0-9a-f]+)(\/pay|\/cancel)?$/.exec(path);
    if (!m) return false;
    const t = byAccessCode.get(m[1]);
    if (!t) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("No such checkout");
      return true;
    }
    if (req.method === "POST" && m[2]) {
      res.writeHead(302, { Location: payCheckout(t, m[2] === "/pay" ? "success" : "failed") }).end();
      return true;
    }
    const cedis = (t.amount / 100).toFixed(2);
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><title>Fake Paystack checkout</title><h1>Pay GHS ${cedis}</h1><p>${t.email}</p>` +
          `<form method="post" action="/checkout/${m[1]}/pay"><button>Pay</button></form>` +
          `<form method="post" action="/checkout/${m[1]}/cancel"><button>Cancel</button></form>`,
      );
    return true;
  }

  /* ---------- the server ---------- */

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        res.on("error", () => undefined); // the client may have given up (a timeout test)
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const path = url.pathname.replace(/\/+$/, "") || "/";
        const query = Object.fromEntries(url.searchParams);
        const rawBody = Buffer.concat(chunks).toString("utf8");
        let body: unknown = null;
        try {
          body = rawBody === "" ? null : JSON.parse(rawBody);
        } catch {
          body = undefined;
        }
        fake.requests.push({ method: req.method ?? "", path, query, headers: req.headers, rawBody, body, at: new Date() });

        const send = (httpStatus: number, payload: Record<string, unknown>) => {
          if (res.destroyed || res.writableEnded) return;
          res.writeHead(httpStatus, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
        };

        if (path.startsWith("/checkout/") && checkoutPage(req, res, path)) return;

        const delayAt = delays.findIndex((d) => !d.path || under(path, d.path));
        if (delayAt >= 0) {
          const [d] = delays.splice(delayAt, 1);
          await sleep(d.ms);
        }
        const failAt = failures.findIndex((f) => !f.path || under(path, f.path));
        if (failAt >= 0) {
          const [f] = failures.splice(failAt, 1);
          return send(f.status, { status: false, message: "An error occurred" });
        }
        if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, { status: false, message: "Invalid key" });
        if (req.method === "POST") {
          if (!String(req.headers["content-type"] ?? "").includes("application/json")) return send(400, { status: false, message: "Content-Type must be application/json" });
          if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) return send(400, { status: false, message: "Invalid JSON body" });
        }
        try {
          const answer = handle(req.method ?? "GET", path, query, (body ?? {}) as Record<string, unknown>);
          send(answer.httpStatus ?? 200, { status: true, message: answer.message, data: answer.data, ...(answer.meta ? { meta: answer.meta } : {}) });
        } catch (error) {
          if (error instanceof Refusal) return send(error.httpStatus, { status: false, message: error.message });
          send(500, { status: false, message: "Internal fake error" });
          throw error;
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /* ---------- what tests steer with ---------- */

  const mustFindTxn = (reference: string) => {
    const t = fake.transactions.get(reference);
    if (!t) throw new Error(`fake-paystack: no transaction ${reference}`);
    return t;
  };

  fake.requestsTo = (method, pathPrefix) => fake.requests.filter((r) => r.method === method && under(r.path, pathPrefix));
  fake.setChargeOutcome = (phone, step) => void chargeOutcomes.set(phoneKey(phone), step);
  fake.nextChargeOutcome = (step) => void (nextCharge = step);
  fake.approveCharge = (reference) => {
    const t = mustFindTxn(reference);
    setTxn(t, "success", "success");
  };
  fake.settleCharge = (reference, status) => {
    const t = mustFindTxn(reference);
    setTxn(t, status, t.channel === "mobile_money" ? (status === "success" ? "success" : "failed") : null);
  };
  fake.completeCheckout = (reference, options = {}) => {
    const t = mustFindTxn(reference);
    if (options.amount !== undefined) t.amount = options.amount;
    if (options.currency !== undefined) t.currency = options.currency;
    return payCheckout(t, options.status ?? "success");
  };
  fake.setTransferOutcome = (status) => void (transferOutcome = status);
  fake.settleTransfer = (reference, status) => {
    const t = fake.transfers.get(reference);
    if (!t) throw new Error(`fake-paystack: no transfer ${reference}`);
    setTransfer(t, status);
  };
  fake.settleRefund = (transactionReference, status) => {
    const r = fake.refunds.get(transactionReference);
    if (!r) throw new Error(`fake-paystack: no refund for ${transactionReference}`);
    r.status = status;
    if (status === "processed") mustFindTxn(transactionReference).status = "reversed";
    announce(`refund.${status}`, refundData(r));
  };
  fake.failNext = ({ status = 500, times = 1, path } = {}) => {
    for (let i = 0; i < times; i++) failures.push({ status, path });
  };
  fake.delayNext = (ms, { times = 1, path } = {}) => {
    for (let i = 0; i < times; i++) delays.push({ ms, path });
  };
  fake.setTime = (at) => void (clock = at ? new Date(at) : null);
  fake.sendWebhook = async (url, event, data, options = {}) => {
    const rawBody = JSON.stringify({ event, data });
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (!options.noSignature) headers["x-paystack-signature"] = paystackSignature(rawBody, options.badSignature ? `${secretKey}-wrong` : secretKey);
    const results: Array<{ status: number; body: string }> = [];
    for (let i = 0; i < (options.times ?? 1); i++) {
      const res = await fetch(url, { method: "POST", headers, body: rawBody, redirect: "manual" });
      results.push({ status: res.status, body: await res.text() });
    }
    return results;
  };
  fake.flushWebhooks = async () => {
    while (webhooks.size > 0) await Promise.all([...webhooks]);
  };
  fake.reset = () => {
    fake.requests.length = 0;
    fake.transactions.clear();
    fake.transfers.clear();
    fake.refunds.clear();
    fake.recipients.clear();
    fake.accountNames.clear();
    byAccessCode.clear();
    chargeOutcomes.clear();
    nextCharge = null;
    transferOutcome = "pending";
    failures = [];
    delays = [];
    clock = null;
    fake.otp = "123456";
    fake.transferOtp = "654321";
    fake.balance = 100_000_000;
    fake.afterOtp = "success";
    fake.webhookUrl = null;
  };
  fake.close = async () => {
    await fake.flushWebhooks();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
