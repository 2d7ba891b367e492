/**
 * The Paystack adapter: HTTPS JSON with `Authorization: Bearer <secret>`, as docs/payments.md
 * describes it. Every call has a deadline (AbortController) and retries with backoff on network
 * errors, 429 and 5xx: reads always (they change nothing), writes because each carries our own
 * reference (a repeat is refused as a duplicate, never charged or paid twice). A write that timed
 * out is not repeated: the answer is "pending" at once and a verify call settles it later.
 *
 * Nothing here trusts the provider's wording: a refused charge or transfer is looked up by its
 * reference before it is called failed (the refusal may be "duplicate reference" after an earlier
 * attempt went through). The provider's text goes to the logger; callers get our messages.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { msg } from "~/catalog/ref";
import { keysMayTravelTo } from "~/lib/provider-url";
import type {
  Bank,
  BankKind,
  ChargeResult,
  MomoNetwork,
  PaymentsConfig,
  PaymentsLogger,
  PaymentsProvider,
  ProviderTransaction,
  ProviderTransfer,
  RefundInput,
  RefundResult,
  TransferResult,
  VerifiedCharge,
  VerifiedTransfer,
  WebhookEvent,
} from "./index.server";
import { PAYMENT_MESSAGES as M, PaymentsError, assertAmountMinor, assertChargeReference, assertTransferReference, localGhanaPhone } from "./rules.server";
import { maskPhone } from "~/domain/notices";

const DEFAULT_BASE_URL = "https://api.paystack.co";
const CURRENCY = "GHS";

/** Used only when the live list (GET /bank?currency=GHS&type=mobile_money) cannot be read. */
const FALLBACK_NETWORK_CODES: Record<MomoNetwork, string> = { MTN: "MTN", TELECEL: "VOD", AT: "ATL" };
/** How a live list entry is recognised: its code first, then its name (Telecel was Vodafone; AT was AirtelTigo). */
const NETWORK_MATCH: Record<MomoNetwork, { codes: string[]; name: RegExp }> = {
  MTN: { codes: ["MTN"], name: /\bmtn\b/i },
  TELECEL: { codes: ["VOD", "TCL", "TELECEL"], name: /telecel|vodafone/i },
  AT: { codes: ["ATL", "AT", "TGO"], name: /airtel|tigo|\bat\b/i },
};

type Envelope = { status?: unknown; message?: unknown; data?: unknown; meta?: unknown };
type Outcome =
  | { kind: "ok"; data: unknown; meta: unknown }
  /** A 4xx (or status:false): the provider read the request and said no. */
  | { kind: "refused"; httpStatus: number; providerMessage: string }
  /** No usable answer: the request may or may not have been acted on. */
  | { kind: "unanswered"; reason: "timeout" | "network" | "provider"; httpStatus?: number; providerMessage?: string };

type CallOptions = { query?: Record<string, string>; body?: Record<string, unknown>; retryTimeouts: boolean };

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
/** Paystack sends amounts as numbers (sometimes numeric strings); anything else is not an amount. */
const minor = (v: unknown): number | null => {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) ? n : null;
};
const date = (v: unknown): Date | undefined => {
  if (typeof v !== "string" || v === "") return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
};
/** The provider's words, fit for a log: long digit runs (phone or account numbers) masked, never the key. */
function scrub(text: string, secretKey: string): string {
  return text
    .split(secretKey)
    .join("[secret]")
    .replace(/(?:\+?\d[\s-]?){9,}/g, (digits) => maskPhone(digits))
    .slice(0, 300);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const defaultLogger: PaymentsLogger = (level, message, fields) => {
  const line = `[payments:paystack] ${message} ${JSON.stringify(fields)}`;
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
};

function checkBaseUrl(raw: string): string {
  if (!URL.canParse(raw)) throw new PaymentsError("config", "PAYSTACK_BASE_URL is not a URL.");
  // The secret key travels in every request: never in the clear, except to a fake on this machine.
  if (!keysMayTravelTo(raw)) throw new PaymentsError("config", "PAYSTACK_BASE_URL must be https:// (plain http only to 127.0.0.1 or localhost).");
  return new URL(raw).toString().replace(/\/+$/, "");
}

/** Where Paystack's authorization_url points (checkout.paystack.com/<access code>). */
const PAYSTACK_CHECKOUT_ORIGIN = "https://checkout.paystack.com";

export function createPaystackProvider(config: PaymentsConfig): PaymentsProvider {
  const secretKey = config.secretKey ?? "";
  if (secretKey === "" || /\s/.test(secretKey)) throw new PaymentsError("config", "PAYSTACK_SECRET_KEY is required for the paystack provider.");
  const baseUrl = checkBaseUrl(config.baseUrl ?? DEFAULT_BASE_URL);
  const timeoutMs = config.timeoutMs ?? 10_000;
  const retries = config.retries ?? 2;
  const backoffMs = config.backoffMs ?? 300;
  const bankCacheMs = config.bankCacheMs ?? 6 * 60 * 60 * 1000;
  const doFetch = config.fetchImpl ?? globalThis.fetch;
  const log = config.logger ?? defaultLogger;

  /** One call, with its retries. Never throws for an HTTP or network problem (only 401/403: our key is wrong). */
  async function call(method: "GET" | "POST", path: string, options: CallOptions): Promise<Outcome> {
    const url = new URL(baseUrl + path);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    let last: Outcome = { kind: "unanswered", reason: "network" };
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
      last = await attemptOnce(method, url, options.body);
      if (last.kind !== "unanswered") break;
      log("warn", "no usable answer from Paystack", { method, path, attempt: attempt + 1, reason: last.reason, httpStatus: last.httpStatus, providerMessage: last.providerMessage });
      if (last.reason === "timeout" && !options.retryTimeouts) break;
    }
    if (last.kind === "refused") {
      log("warn", "Paystack refused a request", { method, path, httpStatus: last.httpStatus, providerMessage: last.providerMessage });
      if (last.httpStatus === 401 || last.httpStatus === 403)
        throw new PaymentsError("unauthorized", `Paystack refused our secret key (${last.httpStatus} on ${method} ${path}).`, last.providerMessage, last.httpStatus);
    }
    return last;
  }

  async function attemptOnce(method: string, url: URL, body: Record<string, unknown> | undefined): Promise<Outcome> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await doFetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: controller.signal,
      });
      const text = await res.text();
      let envelope: Envelope | null = null;
      try {
        envelope = rec(JSON.parse(text));
      } catch {
        envelope = null;
      }
      const providerMessage = scrub(str(envelope?.message) ?? text, secretKey);
      if (res.status === 429 || res.status >= 500 || envelope === null) return { kind: "unanswered", reason: "provider", httpStatus: res.status, providerMessage };
      if (res.ok && envelope.status === true) return { kind: "ok", data: envelope.data, meta: envelope.meta };
      return { kind: "refused", httpStatus: res.status, providerMessage };
    } catch {
      // The error itself is not kept: some carry the request (and so the Authorization header).
      return controller.signal.aborted ? { kind: "unanswered", reason: "timeout" } : { kind: "unanswered", reason: "network" };
    } finally {
      clearTimeout(timer);
    }
  }

  const unansweredError = (o: Extract<Outcome, { kind: "unanswered" }>, what: string) =>
    new PaymentsError(o.reason, `The payment provider did not answer (${what}). Please try again.`, o.providerMessage, o.httpStatus);

  /* ---------- banks and networks ---------- */

  const bankCache = new Map<BankKind, { until: number; banks: Bank[] }>();
  const bankLoads = new Map<BankKind, Promise<Bank[]>>();
  /** After the list could not be read, charges use the known codes for a minute instead of waiting on it again. */
  let networkListDownUntil = 0;

  async function loadBanks(kind: BankKind): Promise<Bank[]> {
    const banks: Bank[] = [];
    let next: string | null = null;
    for (let page = 0; page < 20; page++) {
      const query: Record<string, string> = { currency: CURRENCY, perPage: "100", use_cursor: "true" };
      if (kind === "mobile_money") query.type = "mobile_money";
      if (next) query.next = next;
      const o = await call("GET", "/bank", { query, retryTimeouts: true });
      if (o.kind === "unanswered") throw unansweredError(o, "bank list");
      if (o.kind === "refused") throw new PaymentsError("rejected", "The bank list could not be read.", o.providerMessage, o.httpStatus);
      for (const item of Array.isArray(o.data) ? o.data : []) {
        const b = rec(item);
        const code = str(b.code);
        const name = str(b.name);
        if (!code || !name) continue;
        const isMomo = b.type === "mobile_money";
        // GET /bank?currency=GHS may list both kinds: keep the one asked for.
        if (isMomo !== (kind === "mobile_money")) continue;
        banks.push({ name, code, kind, active: b.active !== false && b.is_deleted !== true });
      }
      next = str(rec(o.meta).next);
      if (!next) break;
    }
    return banks;
  }

  async function listBanks({ kind }: { kind: BankKind }): Promise<Bank[]> {
    const cached = bankCache.get(kind);
    if (cached && cached.until > Date.now()) return cached.banks;
    let loading = bankLoads.get(kind);
    if (!loading) {
      loading = loadBanks(kind).finally(() => bankLoads.delete(kind));
      bankLoads.set(kind, loading);
    }
    try {
      const banks = await loading;
      bankCache.set(kind, { until: Date.now() + bankCacheMs, banks });
      return banks;
    } catch (error) {
      if (cached) return cached.banks; // a stale list beats none
      throw error;
    }
  }

  /** The live list's code for a network (MTN, VOD, ATL today), or the known code when the list cannot be read. */
  async function networkCode(network: MomoNetwork): Promise<string> {
    let banks: Bank[] = [];
    const cached = bankCache.get("mobile_money");
    if (cached && cached.until > Date.now()) banks = cached.banks;
    else if (Date.now() >= networkListDownUntil) {
      try {
        banks = await listBanks({ kind: "mobile_money" });
      } catch {
        networkListDownUntil = Date.now() + 60_000; // logged by call()
      }
    }
    banks = banks.filter((b) => b.active);
    const match = NETWORK_MATCH[network];
    const found = banks.find((b) => match.codes.includes(b.code.toUpperCase())) ?? banks.find((b) => match.name.test(b.name));
    return found?.code ?? FALLBACK_NETWORK_CODES[network];
  }

  /* ---------- collections ---------- */

  function chargeResult(data: unknown, afterOtp = false): ChargeResult {
    const d = rec(data);
    const providerReference = d.id != null ? String(d.id) : undefined;
    switch (str(d.status)) {
      case "pay_offline":
        return { status: "approve_on_phone", message: M.approveOnPhone, providerReference };
      case "send_otp":
        // Asked again for a code after one was sent: that code did not work.
        return { status: "enter_otp", message: afterOtp ? M.wrongOtp : M.enterOtp, providerReference };
      case "success":
        return { status: "succeeded", message: M.succeeded, providerReference };
      case "failed":
      case "abandoned":
      case "reversed":
        return { status: "failed", message: M.failed, providerReference };
      default:
        // pending, ongoing, or a step mobile money does not use: verify later.
        return { status: "pending", message: M.pending, providerReference };
    }
  }

  /** After a refused charge or OTP: what does the provider hold under this reference? */
  async function chargeState(reference: string, afterOtp: boolean): Promise<ChargeResult> {
    const o = await call("GET", `/charge/${encodeURIComponent(reference)}`, { retryTimeouts: true });
    if (o.kind === "ok") return chargeResult(o.data, afterOtp);
    if (o.kind === "refused") return { status: "failed", message: M.failed }; // it has no such charge
    return { status: "pending", message: M.pending };
  }

  async function chargeMobileMoney(input: Parameters<PaymentsProvider["chargeMobileMoney"]>[0]): Promise<ChargeResult> {
    assertChargeReference(input.reference);
    assertAmountMinor(input.amountMinor);
    const phone = localGhanaPhone(input.phone);
    if (!phone) throw new PaymentsError("bad_request", msg("paymentStatus.badPhone"));
    const provider = (await networkCode(input.network)).toLowerCase();
    const o = await call("POST", "/charge", {
      body: { email: input.email, amount: input.amountMinor, currency: CURRENCY, reference: input.reference, mobile_money: { phone, provider } },
      retryTimeouts: false,
    });
    if (o.kind === "ok") return chargeResult(o.data);
    if (o.kind === "refused") {
      log("info", "charge refused; looking it up by reference", { reference: input.reference, phone: maskPhone(phone), network: input.network });
      return chargeState(input.reference, false);
    }
    return { status: "pending", message: M.pending };
  }

  async function submitOtp({ reference, otp }: { reference: string; otp: string }): Promise<ChargeResult> {
    assertChargeReference(reference);
    const code = otp.trim();
    if (!/^[A-Za-z0-9]{3,12}$/.test(code)) return { status: "enter_otp", message: M.wrongOtp };
    const o = await call("POST", "/charge/submit_otp", { body: { otp: code, reference }, retryTimeouts: false });
    if (o.kind === "ok") return chargeResult(o.data, true);
    if (o.kind === "refused") return chargeState(reference, true);
    return { status: "pending", message: M.pending };
  }

  async function startCheckout(input: Parameters<PaymentsProvider["startCheckout"]>[0]): Promise<{ authorizationUrl: string }> {
    assertChargeReference(input.reference);
    assertAmountMinor(input.amountMinor);
    if (!URL.canParse(input.callbackUrl) || !/^https?:$/.test(new URL(input.callbackUrl).protocol)) throw new PaymentsError("bad_request", "The checkout's callback is not an http(s) URL.");
    const o = await call("POST", "/transaction/initialize", {
      body: { email: input.email, amount: input.amountMinor, currency: CURRENCY, reference: input.reference, callback_url: input.callbackUrl },
      retryTimeouts: false,
    });
    if (o.kind === "unanswered") throw unansweredError(o, "checkout");
    if (o.kind === "refused") throw new PaymentsError("rejected", msg("paymentStatus.checkoutUnavailable"), o.providerMessage, o.httpStatus);
    const authorizationUrl = str(rec(o.data).authorization_url);
    if (!authorizationUrl || !URL.canParse(authorizationUrl)) throw new PaymentsError("provider", msg("paymentStatus.checkoutUnavailable"));
    return { authorizationUrl };
  }

  function transactionStatus(status: string | null): VerifiedCharge["status"] {
    switch (status) {
      case "success":
        return "succeeded";
      case "failed":
      case "reversed": // refunded or reversed: nothing to credit
        return "failed";
      case "abandoned":
        return "abandoned";
      case "ongoing":
      case "pending":
      case "processing":
      case "queued":
      case "pay_offline":
      case "send_otp":
        return "pending";
      default:
        return "unknown";
    }
  }

  function transaction(data: unknown, reference = ""): ProviderTransaction & VerifiedCharge {
    const d = rec(data);
    return {
      reference: str(d.reference) ?? reference,
      status: transactionStatus(str(d.status)),
      amountMinor: minor(d.amount),
      currency: str(d.currency),
      createdAt: date(d.created_at ?? d.createdAt) ?? null,
      paidAt: date(d.paid_at ?? d.paidAt),
      channel: str(d.channel) ?? undefined,
    };
  }

  async function verifyCharge(reference: string): Promise<VerifiedCharge> {
    assertChargeReference(reference);
    const o = await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`, { retryTimeouts: true });
    if (o.kind === "ok") {
      // The reference the provider names is reported as it is, so a mismatch shows (chargeMismatches).
      const { createdAt: _createdAt, ...verified } = transaction(o.data, "");
      return verified;
    }
    const status = o.kind === "refused" ? "not_found" : "unknown";
    return { reference, status, amountMinor: null, currency: null };
  }

  /**
   * POST /refund: queued ("Refund has been queued for processing"); the refund.pending, .processed
   * and .failed webhooks tell how it ends. A timeout is not retried: a second full refund would be
   * refused anyway, but we do not ask twice for money to leave.
   */
  async function refundCharge(input: RefundInput): Promise<RefundResult> {
    assertChargeReference(input.reference);
    assertAmountMinor(input.amountMinor);
    const o = await call("POST", "/refund", {
      body: {
        transaction: input.reference,
        amount: input.amountMinor,
        currency: CURRENCY,
        ...(input.customerNote ? { customer_note: input.customerNote } : {}),
        ...(input.merchantNote ? { merchant_note: input.merchantNote } : {}),
      },
      retryTimeouts: false,
    });
    if (o.kind === "unanswered") throw unansweredError(o, "refund");
    if (o.kind === "refused") throw new PaymentsError("rejected", msg("paymentStatus.refundRefused"), o.providerMessage, o.httpStatus);
    return { status: str(rec(o.data).status) === "processed" ? "processed" : "pending" };
  }

  /* ---------- payouts ---------- */

  async function createRecipient(input: Parameters<PaymentsProvider["createRecipient"]>[0]): Promise<{ recipientCode: string; accountName?: string }> {
    const name = input.name.trim();
    if (name === "") throw new PaymentsError("bad_request", msg("paymentStatus.badRecipient"));
    let accountNumber = input.accountNumber.replace(/[\s-]/g, "");
    if (input.kind === "mobile_money") {
      const phone = localGhanaPhone(input.accountNumber);
      if (!phone) throw new PaymentsError("bad_request", msg("paymentStatus.badPhone"));
      accountNumber = phone;
    } else if (!/^\d{6,20}$/.test(accountNumber)) {
      throw new PaymentsError("bad_request", msg("paymentStatus.badRecipient"));
    }
    const bankCode = "network" in input ? await networkCode(input.network) : input.bankCode;
    // A repeat makes at most a second recipient for the same account (no money moves): retry freely.
    const o = await call("POST", "/transferrecipient", {
      body: { type: input.kind === "bank" ? "ghipss" : "mobile_money", name, account_number: accountNumber, bank_code: bankCode, currency: CURRENCY },
      retryTimeouts: true,
    });
    if (o.kind === "unanswered") throw unansweredError(o, "recipient");
    if (o.kind === "refused") {
      log("info", "recipient refused", { kind: input.kind, bankCode, account: maskPhone(accountNumber) });
      throw new PaymentsError("rejected", msg("paymentStatus.badRecipient"), o.providerMessage, o.httpStatus);
    }
    const recipientCode = str(rec(o.data).recipient_code);
    if (!recipientCode) throw new PaymentsError("provider", "The payment provider gave no recipient code.");
    // Paystack resolves a bank account's holder name (details.account_name); mobile money often has none.
    const accountName = str(rec(rec(o.data).details).account_name)?.trim();
    return accountName ? { recipientCode, accountName } : { recipientCode };
  }

  function transferStatus(status: string | null): VerifiedTransfer["status"] {
    switch (status) {
      case "success":
        return "succeeded";
      case "failed":
      case "rejected":
      case "blocked":
      case "abandoned":
        return "failed";
      case "reversed":
        return "reversed";
      case "otp":
        return "otp";
      case "pending":
      case "received":
      case "queued":
      case "processing":
        return "pending";
      default:
        return "unknown";
    }
  }

  /** The answer to POST /transfer or finalize: Paystack's "success" here means queued, so it is pending. */
  function transferAccepted(data: unknown): TransferResult {
    const d = rec(data);
    const transferCode = str(d.transfer_code) ?? undefined;
    const status = transferStatus(str(d.status));
    if (status === "otp") return { status: "otp", transferCode, message: M.transferOtp };
    if (status === "failed" || status === "reversed") return { status: "failed", transferCode, message: M.transferFailed };
    return { status: "pending", transferCode, message: M.transferPending };
  }

  function transferRow(data: unknown, reference = ""): ProviderTransfer & VerifiedTransfer {
    const d = rec(data);
    return {
      reference: str(d.reference) ?? reference,
      status: transferStatus(str(d.status)),
      amountMinor: minor(d.amount),
      currency: str(d.currency),
      createdAt: date(d.createdAt ?? d.created_at) ?? null,
      transferCode: str(d.transfer_code) ?? undefined,
    };
  }

  async function verifyTransfer(reference: string): Promise<VerifiedTransfer> {
    assertTransferReference(reference);
    const o = await call("GET", `/transfer/verify/${encodeURIComponent(reference)}`, { retryTimeouts: true });
    if (o.kind === "ok") {
      const { createdAt: _createdAt, ...verified } = transferRow(o.data, "");
      return verified;
    }
    return { reference, status: o.kind === "refused" ? "not_found" : "unknown", amountMinor: null, currency: null };
  }

  async function transfer(input: Parameters<PaymentsProvider["transfer"]>[0]): Promise<TransferResult> {
    assertTransferReference(input.reference);
    assertAmountMinor(input.amountMinor);
    if (!/^RCP_\w+$/.test(input.recipientCode)) throw new PaymentsError("bad_request", "A transfer names a recipient code (RCP_...).");
    const o = await call("POST", "/transfer", {
      body: {
        source: "balance",
        amount: input.amountMinor,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason.slice(0, 100),
        currency: CURRENCY,
      },
      retryTimeouts: false,
    });
    if (o.kind === "ok") return transferAccepted(o.data);
    if (o.kind === "unanswered") return { status: "pending", message: M.transferPending };
    // Refused: maybe a duplicate of an earlier attempt that went through. Only "no such transfer" is a failure.
    const found = await verifyTransfer(input.reference);
    switch (found.status) {
      case "not_found":
      case "failed":
      case "reversed":
        return { status: "failed", transferCode: found.transferCode, message: M.transferFailed };
      case "otp":
        return { status: "otp", transferCode: found.transferCode, message: M.transferOtp };
      default:
        return { status: "pending", transferCode: found.transferCode, message: M.transferPending };
    }
  }

  async function finalizeTransfer({ transferCode, otp }: { transferCode: string; otp: string }): Promise<TransferResult> {
    if (!/^TRF_\w+$/.test(transferCode)) throw new PaymentsError("bad_request", "A transfer code looks like TRF_....");
    const o = await call("POST", "/transfer/finalize_transfer", { body: { transfer_code: transferCode, otp: otp.trim() }, retryTimeouts: false });
    if (o.kind === "ok") return transferAccepted(o.data);
    if (o.kind === "refused") return { status: "otp", transferCode, message: M.wrongOtp };
    return { status: "pending", transferCode, message: M.transferPending };
  }

  /* ---------- reconciliation ---------- */

  async function listAll<T>(path: string, { from, to }: { from: Date; to: Date }, row: (item: unknown) => T): Promise<T[]> {
    const rows: T[] = [];
    const perPage = 100;
    for (let page = 1; page <= 1000; page++) {
      const o = await call("GET", path, {
        query: { from: from.toISOString(), to: to.toISOString(), perPage: String(perPage), page: String(page) },
        retryTimeouts: true,
      });
      if (o.kind === "unanswered") throw unansweredError(o, "list");
      if (o.kind === "refused") throw new PaymentsError("rejected", "The provider's list could not be read.", o.providerMessage, o.httpStatus);
      const items = Array.isArray(o.data) ? o.data : [];
      rows.push(...items.map(row));
      const pageCount = minor(rec(o.meta).pageCount);
      if (items.length === 0 || (pageCount !== null ? page >= pageCount : items.length < perPage)) break;
    }
    return rows;
  }

  /* ---------- webhooks ---------- */

  function verifyWebhook(rawBody: Buffer | string, signatureHeader: string | null): WebhookEvent | null {
    const signature = signatureHeader?.trim() ?? "";
    if (!/^[0-9a-f]{128}$/i.test(signature)) return null;
    const bytes = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
    // Over the exact bytes received: re-serialised JSON would not match.
    const expected = createHmac("sha512", secretKey).update(bytes).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) return null;
    // Signed by Paystack's key, so not a forgery: a body that is not an event says so (400), not "bad signature".
    const unreadable = () => new PaymentsError("bad_request", msg("api.webhookUnreadable"));
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString("utf8"));
    } catch {
      throw unreadable();
    }
    const body = rec(parsed);
    const event = str(body.event);
    if (!event || typeof body.data !== "object" || body.data === null || Array.isArray(body.data)) throw unreadable();
    const data = rec(body.data);
    // refund.* events name the charge they refund by `transaction_reference`.
    const reference = str(data.reference) ?? (event.startsWith("refund.") ? str(data.transaction_reference) : null);
    // A charge refunded a second time (a person asked again after a refund failed) has refund events
    // of its own: each refund is named too, so a second refund.failed is not taken for a repeat.
    const refundId = event.startsWith("refund.") ? (str(data.refund_reference) ?? (data.id != null ? String(data.id) : null)) : null;
    const key = reference !== null && refundId !== null ? `${reference}:${refundId}` : (reference ?? (data.id != null ? String(data.id) : ""));
    return {
      id: `${event}:${key}`,
      event,
      reference,
      amountMinor: minor(data.amount),
      currency: str(data.currency),
      status: str(data.status),
      raw: parsed,
    };
  }

  return {
    name: "paystack",
    // Paystack's hosted checkout; a local fake (plain http on 127.0.0.1) serves its own.
    checkoutOrigins: baseUrl.startsWith("http://") ? [PAYSTACK_CHECKOUT_ORIGIN, new URL(baseUrl).origin] : [PAYSTACK_CHECKOUT_ORIGIN],
    chargeMobileMoney,
    submitOtp,
    startCheckout,
    verifyCharge,
    refundCharge,
    listBanks,
    createRecipient,
    transfer,
    finalizeTransfer,
    verifyTransfer,
    listTransactions: (range) => listAll("/transaction", range, (item) => transaction(item)),
    listTransfers: (range) => listAll("/transfer", range, (item) => transferRow(item)),
    verifyWebhook,
  };
}
