import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_MESSAGES, PaymentsError, chargeMismatches, createPaymentsProvider, paymentReference, type PaymentsConfig, type PaymentsProvider } from "~/integrations/payments/index.server";
import { paystackSignature, startFakePaystack, type FakePaystack } from "./support/fake-paystack";

/**
 * The real Paystack adapter against a fake Paystack speaking the contract of docs/payments.md over HTTP on
 * 127.0.0.1 (no mocks), and the demo adapter `npm start` uses.
 */
let fake: FakePaystack;
let logs: Array<{ level: string; message: string; fields: Record<string, unknown> }> = [];
const EMAIL = "ama@akoko.test";

function paystack(over: Partial<PaymentsConfig> = {}): PaymentsProvider {
  return createPaymentsProvider({
    provider: "paystack",
    secretKey: fake.secretKey,
    baseUrl: fake.url,
    timeoutMs: 3_000,
    backoffMs: 5,
    logger: (level, message, fields) => logs.push({ level, message, fields }),
    ...over,
  });
}

let serial = 0;
const ref = (purpose: "deposit" | "withdrawal" = "deposit") => paymentReference(purpose, `${Date.now().toString(36)}${++serial}`);
const allLogText = () => JSON.stringify(logs);

beforeAll(async () => {
  fake = await startFakePaystack();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  logs = [];
});

describe("collecting by mobile money", () => {
  it("an MTN charge waits for approval on the phone, then verifies as succeeded with its amount and currency", async () => {
    const pay = paystack();
    const reference = ref();
    const answer = await pay.chargeMobileMoney({ reference, email: EMAIL, amountMinor: 5000, network: "MTN", phone: "055 123 4987" });
    expect(answer).toMatchObject({ status: "approve_on_phone", message: PAYMENT_MESSAGES.approveOnPhone });

    const [sent] = fake.requestsTo("POST", "/charge");
    expect(sent.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent.body).toEqual({ email: EMAIL, amount: 5000, currency: "GHS", reference, mobile_money: { phone: "0551234987", provider: "mtn" } });
    // The network code came from the live list.
    expect(fake.requestsTo("GET", "/bank")[0].query).toMatchObject({ currency: "GHS", type: "mobile_money" });

    expect((await pay.verifyCharge(reference)).status).toBe("pending");
    fake.approveCharge(reference);
    const verified = await pay.verifyCharge(reference);
    expect(verified).toMatchObject({ reference, status: "succeeded", amountMinor: 5000, currency: "GHS" });
    expect(verified.paidAt).toBeInstanceOf(Date);
    expect(chargeMismatches(verified, { reference, amountMinor: 5000 })).toEqual([]);

    // The list is cached: a second charge does not read it again.
    await pay.chargeMobileMoney({ reference: ref(), email: EMAIL, amountMinor: 100, network: "AT", phone: "+233 26 000 0001" });
    expect(fake.requestsTo("POST", "/charge")[1].body).toMatchObject({ mobile_money: { provider: "atl", phone: "0260000001" } });
    expect(fake.requestsTo("GET", "/bank")).toHaveLength(1);
  });

  it("a Telecel charge asks for a voucher: a wrong one is refused and can be retried, the right one succeeds", async () => {
    const pay = paystack();
    const reference = ref();
    const answer = await pay.chargeMobileMoney({ reference, email: EMAIL, amountMinor: 2000, network: "TELECEL", phone: "0201234567" });
    expect(answer).toMatchObject({ status: "enter_otp", message: PAYMENT_MESSAGES.enterOtp });
    expect(fake.requestsTo("POST", "/charge")[0].body).toMatchObject({ mobile_money: { provider: "vod" } });

    expect(await pay.submitOtp({ reference, otp: "000000" })).toMatchObject({ status: "enter_otp", message: PAYMENT_MESSAGES.wrongOtp });
    expect(fake.requestsTo("POST", "/charge/submit_otp").at(-1)?.body).toEqual({ otp: "000000", reference });
    expect(await pay.submitOtp({ reference, otp: fake.otp })).toMatchObject({ status: "succeeded" });
    expect(await pay.verifyCharge(reference)).toMatchObject({ status: "succeeded", amountMinor: 2000 });
  });

  it("a declined charge is failed with our message, never the provider's; a pending one is pending", async () => {
    const pay = paystack();
    fake.setChargeOutcome("0241112223", "failed");
    const reference = ref();
    const answer = await pay.chargeMobileMoney({ reference, email: EMAIL, amountMinor: 700, network: "MTN", phone: "024 111 2223" });
    expect(answer).toMatchObject({ status: "failed", message: PAYMENT_MESSAGES.failed });
    expect((await pay.verifyCharge(reference)).status).toBe("failed");

    fake.nextChargeOutcome("pending");
    const slow = await pay.chargeMobileMoney({ reference: ref(), email: EMAIL, amountMinor: 700, network: "AT", phone: "0271234567" });
    expect(slow).toMatchObject({ status: "pending", message: PAYMENT_MESSAGES.pending });
  });

  it("the same reference charged twice is one charge: the refusal is looked up, not reported as failed (phone masked in logs)", async () => {
    const pay = paystack();
    const reference = ref();
    const input = { reference, email: EMAIL, amountMinor: 900, network: "MTN" as const, phone: "0551234987" };
    await pay.chargeMobileMoney(input);
    expect(await pay.chargeMobileMoney(input)).toMatchObject({ status: "approve_on_phone" });
    expect(fake.transactions.size).toBe(1);
    expect(fake.requestsTo("GET", `/charge/${reference}`)).toHaveLength(1);
    expect(allLogText()).toContain("Duplicate Transaction Reference"); // the provider's words: logs only
    expect(allLogText()).toContain("*******987");
    expect(allLogText()).not.toContain("0551234987");
  });

  it("when the network list cannot be read, charges use the known codes and do not wait on the list again", async () => {
    const fetchImpl: typeof fetch = async (input, init) => (String(input).includes("/bank?") ? new Response("upstream down", { status: 503 }) : fetch(input, init));
    const pay = paystack({ fetchImpl });
    for (const network of ["MTN", "TELECEL", "AT"] as const) await pay.chargeMobileMoney({ reference: ref(), email: EMAIL, amountMinor: 100, network, phone: "0241234567" });
    expect(fake.requestsTo("POST", "/charge").map((r) => (r.body as { mobile_money: { provider: string } }).mobile_money.provider)).toEqual(["mtn", "vod", "atl"]);
    expect(logs.filter((l) => l.fields.path === "/bank")).toHaveLength(3); // one load, its three attempts
  });

  it("the provider's own words reach the logs with phone numbers masked", async () => {
    const fetchImpl: typeof fetch = async (input, init) =>
      String(input).endsWith("/charge") ? new Response(JSON.stringify({ status: false, message: "Invalid phone number +233 55 123 4987" }), { status: 400 }) : fetch(input, init);
    const answer = await paystack({ fetchImpl }).chargeMobileMoney({ reference: ref(), email: EMAIL, amountMinor: 100, network: "MTN", phone: "0551234987" });
    expect(answer).toMatchObject({ status: "failed", message: PAYMENT_MESSAGES.failed }); // no such charge under its reference
    expect(allLogText()).toContain("Invalid phone number");
    expect(allLogText()).not.toMatch(/551234987|55 123 4987/);
  });

  it("a reference the provider never saw verifies as not_found", async () => {
    expect(await paystack().verifyCharge(ref())).toMatchObject({ status: "not_found", amountMinor: null });
  });

  it("prefers the live network list: a changed code is what the charge and the recipient send", async () => {
    // The live list renames Telecel's code; everything else goes to the fake.
    const fetchImpl: typeof fetch = async (input, init) => {
      if (String(input).includes("/bank?"))
        return new Response(JSON.stringify({ status: true, message: "ok", data: [{ name: "Telecel Ghana", code: "TCL", type: "mobile_money", active: true }], meta: { next: null } }));
      return fetch(input, init);
    };
    const pay = paystack({ fetchImpl });
    await pay.chargeMobileMoney({ reference: ref(), email: EMAIL, amountMinor: 100, network: "TELECEL", phone: "0201234567" });
    expect(fake.requestsTo("POST", "/charge")[0].body).toMatchObject({ mobile_money: { provider: "tcl" } });
    await pay.createRecipient({ kind: "mobile_money", name: "Ama", accountNumber: "0201234567", network: "TELECEL" }).catch(() => null);
    expect(fake.requestsTo("POST", "/transferrecipient")[0].body).toMatchObject({ bank_code: "TCL" });
  });
});

describe("the hosted checkout (cards and bank)", () => {
  it("initialises, is paid on the provider's page, and verifies as succeeded", async () => {
    const pay = paystack();
    const reference = ref();
    const { authorizationUrl } = await pay.startCheckout({ reference, email: EMAIL, amountMinor: 10_000, callbackUrl: "https://akoko.example/portfolio/deposit/return" });
    expect(authorizationUrl.startsWith(`${fake.url}/checkout/`)).toBe(true);
    expect(fake.requestsTo("POST", "/transaction/initialize")[0].body).toEqual({
      email: EMAIL,
      amount: 10_000,
      currency: "GHS",
      reference,
      callback_url: "https://akoko.example/portfolio/deposit/return",
    });
    expect((await fetch(authorizationUrl)).status).toBe(200);
    expect((await pay.verifyCharge(reference)).status).toBe("abandoned"); // opened, not paid yet

    const back = new URL(fake.completeCheckout(reference));
    expect(back.origin + back.pathname).toBe("https://akoko.example/portfolio/deposit/return");
    expect(back.searchParams.get("reference")).toBe(reference);
    expect(await pay.verifyCharge(reference)).toMatchObject({ status: "succeeded", amountMinor: 10_000, currency: "GHS" });
  });

  it("a paid charge is refunded through POST /refund (queued), then verifies as not to be credited; a second refund is refused", async () => {
    const pay = paystack();
    const reference = ref();
    await pay.startCheckout({ reference, email: EMAIL, amountMinor: 7_500, callbackUrl: "https://akoko.example/back" });
    await expect(pay.refundCharge({ reference, amountMinor: 7_500 })).rejects.toMatchObject({ code: "rejected" }); // not paid yet
    fake.completeCheckout(reference);
    expect(await pay.refundCharge({ reference, amountMinor: 7_500, customerNote: "Returned by Akoko." })).toEqual({ status: "pending" });
    expect(fake.requestsTo("POST", "/refund").at(-1)!.body).toEqual({ transaction: reference, amount: 7_500, currency: "GHS", customer_note: "Returned by Akoko." });
    await expect(pay.refundCharge({ reference, amountMinor: 7_500 })).rejects.toBeInstanceOf(PaymentsError);
    fake.settleRefund(reference, "processed");
    expect((await pay.verifyCharge(reference)).status).toBe("failed"); // reversed: nothing to credit
    const processed = JSON.stringify({ event: "refund.processed", data: { id: 7, status: "processed", transaction_reference: reference, refund_reference: "RF_7", amount: 7_500, currency: "GHS" } });
    expect(pay.verifyWebhook(processed, paystackSignature(processed, fake.secretKey))).toMatchObject({ id: `refund.processed:${reference}:RF_7`, reference, amountMinor: 7_500, status: "processed" });
  });

  it("a verify whose amount or currency differs from what was asked is reported as it is, for the caller to flag", async () => {
    const pay = paystack();
    const short = ref();
    await pay.startCheckout({ reference: short, email: EMAIL, amountMinor: 10_000, callbackUrl: "https://akoko.example/back" });
    fake.completeCheckout(short, { amount: 1_000 });
    const v1 = await pay.verifyCharge(short);
    expect(v1).toMatchObject({ status: "succeeded", amountMinor: 1_000 });
    expect(chargeMismatches(v1, { reference: short, amountMinor: 10_000 })).toEqual(["amount"]);

    const foreign = ref();
    await pay.startCheckout({ reference: foreign, email: EMAIL, amountMinor: 10_000, callbackUrl: "https://akoko.example/back" });
    fake.completeCheckout(foreign, { currency: "NGN" });
    const v2 = await pay.verifyCharge(foreign);
    expect(chargeMismatches(v2, { reference: foreign, amountMinor: 10_000 })).toEqual(["currency"]);
    expect(chargeMismatches(v2, { reference: short, amountMinor: 10_000 })).toEqual(["reference", "currency"]);
  });
});

describe("paying out", () => {
  it("lists banks and networks (cached) and creates mobile-money and bank recipients", async () => {
    const pay = paystack();
    const networks = await pay.listBanks({ kind: "mobile_money" });
    expect(networks.map((b) => b.code)).toEqual(["MTN", "VOD", "ATL"]);
    const banks = await pay.listBanks({ kind: "bank" });
    expect(banks.length).toBe(4);
    expect(banks.every((b) => b.kind === "bank" && b.code !== "MTN")).toBe(true);
    await pay.listBanks({ kind: "bank" });
    expect(fake.requestsTo("GET", "/bank")).toHaveLength(2);

    const momo = await pay.createRecipient({ kind: "mobile_money", name: "Ama Mensah", accountNumber: "+233 24 123 4567", network: "MTN" });
    expect(momo.recipientCode).toMatch(/^RCP_/);
    expect(fake.requestsTo("POST", "/transferrecipient")[0].body).toEqual({
      type: "mobile_money",
      name: "Ama Mensah",
      account_number: "0241234567",
      bank_code: "MTN",
      currency: "GHS",
    });
    const bank = await pay.createRecipient({ kind: "bank", name: "Ama Mensah", accountNumber: "1234567890123", bankCode: "040100" });
    expect(bank.recipientCode).toMatch(/^RCP_/);
    expect(bank.recipientCode).not.toBe(momo.recipientCode);
    expect(fake.requestsTo("POST", "/transferrecipient")[1].body).toMatchObject({ type: "ghipss", bank_code: "040100", account_number: "1234567890123" });

    const refused = await pay.createRecipient({ kind: "bank", name: "Ama", accountNumber: "1234567890", bankCode: "999999" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentsError);
    expect((refused as PaymentsError).message).toBe(PAYMENT_MESSAGES.badRecipient);
    expect((refused as PaymentsError).providerMessage).toBe("Invalid bank code");
  });

  it("a transfer is pending, then verifies as succeeded; another fails; a reversal is reported", async () => {
    const pay = paystack();
    const { recipientCode } = await pay.createRecipient({ kind: "mobile_money", name: "Ama", accountNumber: "0241234567", network: "MTN" });
    const reference = ref("withdrawal");
    const sent = await pay.transfer({ reference, amountMinor: 2_500, recipientCode, reason: "Akoko withdrawal" });
    expect(sent).toMatchObject({ status: "pending", message: PAYMENT_MESSAGES.transferPending });
    expect(sent.transferCode).toMatch(/^TRF_/);
    expect(fake.requestsTo("POST", "/transfer")[0].body).toEqual({ source: "balance", amount: 2_500, recipient: recipientCode, reference, reason: "Akoko withdrawal", currency: "GHS" });
    expect((await pay.verifyTransfer(reference)).status).toBe("pending");
    fake.settleTransfer(reference, "success");
    expect(await pay.verifyTransfer(reference)).toMatchObject({ reference, status: "succeeded", amountMinor: 2_500, currency: "GHS", transferCode: sent.transferCode });

    const failing = ref("withdrawal");
    await pay.transfer({ reference: failing, amountMinor: 1_000, recipientCode, reason: "Akoko withdrawal" });
    fake.settleTransfer(failing, "failed");
    expect((await pay.verifyTransfer(failing)).status).toBe("failed");

    fake.settleTransfer(reference, "reversed");
    expect((await pay.verifyTransfer(reference)).status).toBe("reversed");
    expect((await pay.verifyTransfer(ref("withdrawal"))).status).toBe("not_found");
  });

  it("a refused transfer is failed only when the provider has none under its reference; a repeat is the same transfer", async () => {
    const pay = paystack();
    const { recipientCode } = await pay.createRecipient({ kind: "mobile_money", name: "Ama", accountNumber: "0241234567", network: "MTN" });
    const reference = ref("withdrawal");
    const input = { reference, amountMinor: 3_000, recipientCode, reason: "Akoko withdrawal" };
    expect((await pay.transfer(input)).status).toBe("pending");
    expect((await pay.transfer(input)).status).toBe("pending"); // refused as a duplicate, found by verify
    expect(fake.transfers.size).toBe(1);

    fake.balance = 100;
    const poor = ref("withdrawal");
    expect(await pay.transfer({ ...input, reference: poor })).toEqual({ status: "failed", message: PAYMENT_MESSAGES.transferFailed });
    expect(fake.requestsTo("GET", `/transfer/verify/${poor}`)).toHaveLength(1);
  });

  it("a transfer that needs an OTP is finalised with it", async () => {
    const pay = paystack();
    fake.setTransferOutcome("otp");
    const { recipientCode } = await pay.createRecipient({ kind: "bank", name: "Ama", accountNumber: "1234567890", bankCode: "030100" });
    const sent = await pay.transfer({ reference: ref("withdrawal"), amountMinor: 500, recipientCode, reason: "Akoko withdrawal" });
    expect(sent.status).toBe("otp");
    expect(await pay.finalizeTransfer({ transferCode: sent.transferCode!, otp: "111111" })).toMatchObject({ status: "otp", message: PAYMENT_MESSAGES.wrongOtp });
    expect(await pay.finalizeTransfer({ transferCode: sent.transferCode!, otp: fake.transferOtp })).toMatchObject({ status: "pending" });
  });

  it("a transfer reference must be 16+ lowercase letters, digits, - or _ (nothing is sent otherwise)", async () => {
    const pay = paystack();
    for (const bad of ["AKOKO-WITHDRAWAL-0001", "akoko-w-1", "akoko.withdrawal.0001"]) {
      await expect(pay.transfer({ reference: bad, amountMinor: 100, recipientCode: "RCP_x1", reason: "x" })).rejects.toMatchObject({ code: "bad_request" });
    }
    expect(fake.requestsTo("POST", "/transfer")).toHaveLength(0);
    expect(paymentReference("withdrawal", 42)).toBe("akoko-withdrawal-000042");
    expect(() => paymentReference("withdrawal", "4 2")).toThrow(PaymentsError);
  });
});

describe("reconciliation lists", () => {
  it("lists transactions and transfers of a day, across pages", async () => {
    const pay = paystack();
    fake.setTime(new Date("2025-03-01T10:00:00Z"));
    const day1 = [ref(), ref()];
    for (const r of day1) await pay.chargeMobileMoney({ reference: r, email: EMAIL, amountMinor: 100, network: "MTN", phone: "0241234567" });
    fake.setTime(new Date("2025-03-02T10:00:00Z"));
    await pay.chargeMobileMoney({ reference: ref(), email: EMAIL, amountMinor: 100, network: "MTN", phone: "0241234567" });
    const { recipientCode } = await pay.createRecipient({ kind: "mobile_money", name: "Ama", accountNumber: "0241234567", network: "MTN" });
    const out = ref("withdrawal");
    await pay.transfer({ reference: out, amountMinor: 50, recipientCode, reason: "x" });

    const march1 = { from: new Date("2025-03-01T00:00:00Z"), to: new Date("2025-03-01T23:59:59.999Z") };
    expect((await pay.listTransactions(march1)).map((t) => t.reference).sort()).toEqual([...day1].sort());
    expect(await pay.listTransfers(march1)).toEqual([]);
    const march2 = { from: new Date("2025-03-02T00:00:00Z"), to: new Date("2025-03-02T23:59:59.999Z") };
    expect(await pay.listTransfers(march2)).toMatchObject([{ reference: out, status: "pending", amountMinor: 50, currency: "GHS" }]);
    expect(fake.requestsTo("GET", "/transaction")[0].query).toMatchObject({ from: march1.from.toISOString(), to: march1.to.toISOString() });

    // 120 rows: two pages of 100.
    fake.setTime(new Date("2025-03-03T10:00:00Z"));
    for (let i = 0; i < 120; i++) await pay.chargeMobileMoney({ reference: ref(), email: EMAIL, amountMinor: 100, network: "MTN", phone: "0241234567" });
    const march3 = await pay.listTransactions({ from: new Date("2025-03-03T00:00:00Z"), to: new Date("2025-03-04T00:00:00Z") });
    expect(march3).toHaveLength(120);
    expect(new Set(march3.map((t) => t.reference)).size).toBe(120);
  });
});

describe("when the provider is slow or failing", () => {
  // `quick` has a short deadline for the calls a test makes time out; the rest use the roomy default.
  // The deadline leaves a loaded machine time to deliver the request to the fake (which must see it),
  // and the fake holds its answer well past the deadline.
  const QUICK_MS = 1_000;
  const SLOW_MS = 2_500;
  it("a verify that times out is unknown, never failed or not_found", async () => {
    const quick = paystack({ timeoutMs: QUICK_MS });
    const reference = ref();
    await paystack().startCheckout({ reference, email: EMAIL, amountMinor: 100, callbackUrl: "https://akoko.example/back" });
    fake.delayNext(SLOW_MS, { times: 3, path: "/transaction/verify" });
    expect(await quick.verifyCharge(reference)).toEqual({ reference, status: "unknown", amountMinor: null, currency: null });
    expect(fake.requestsTo("GET", "/transaction/verify")).toHaveLength(3); // reads are retried after a timeout
  });

  it("a charge or a transfer that times out is pending and is not sent again; the provider may have acted on it", async () => {
    const pay = paystack();
    const quick = paystack({ timeoutMs: QUICK_MS });
    const reference = ref();
    fake.delayNext(SLOW_MS, { path: "/charge" });
    expect(await quick.chargeMobileMoney({ reference, email: EMAIL, amountMinor: 100, network: "MTN", phone: "0241234567" })).toEqual({
      status: "pending",
      message: PAYMENT_MESSAGES.pending,
    });
    expect(fake.requestsTo("POST", "/charge")).toHaveLength(1);
    await vi.waitFor(() => expect(fake.transactions.has(reference)).toBe(true), { timeout: 5_000 });
    expect((await pay.verifyCharge(reference)).status).toBe("pending"); // it got there after all

    const { recipientCode } = await pay.createRecipient({ kind: "mobile_money", name: "Ama", accountNumber: "0241234567", network: "MTN" });
    fake.delayNext(SLOW_MS, { path: "/transfer" });
    const out = ref("withdrawal");
    expect((await quick.transfer({ reference: out, amountMinor: 100, recipientCode, reason: "x" })).status).toBe("pending");
    expect(fake.requestsTo("POST", "/transfer")).toHaveLength(1);
    await vi.waitFor(() => expect(fake.transfers.has(out)).toBe(true), { timeout: 5_000 });
    expect((await pay.verifyTransfer(out)).status).toBe("pending");
  });

  it("a 500 is retried and the call then succeeds; a charge retried after a 502 is still one charge", async () => {
    const pay = paystack();
    const reference = ref();
    await pay.startCheckout({ reference, email: EMAIL, amountMinor: 100, callbackUrl: "https://akoko.example/back" });
    fake.completeCheckout(reference);
    fake.failNext({ status: 500, path: "/transaction/verify" });
    expect((await pay.verifyCharge(reference)).status).toBe("succeeded");
    expect(fake.requestsTo("GET", "/transaction/verify")).toHaveLength(2);

    await pay.listBanks({ kind: "mobile_money" });
    fake.failNext({ status: 502, path: "/charge" });
    const again = ref();
    expect((await pay.chargeMobileMoney({ reference: again, email: EMAIL, amountMinor: 100, network: "MTN", phone: "0241234567" })).status).toBe("approve_on_phone");
    expect(fake.requestsTo("POST", "/charge")).toHaveLength(2);
    expect(fake.transactions.has(again)).toBe(true);

    fake.failNext({ status: 503, times: 3, path: "/transaction/verify" });
    expect((await pay.verifyCharge(reference)).status).toBe("unknown"); // every attempt failed
  });

  it("the secret key is never in an error or a log", async () => {
    const wrongKey = "sk_test_wrong_key_0123456789abcdef";
    const refusedKey = await paystack({ secretKey: wrongKey })
      .listBanks({ kind: "bank" })
      .catch((e: unknown) => e);
    expect(refusedKey).toBeInstanceOf(PaymentsError);
    expect((refusedKey as PaymentsError).code).toBe("unauthorized");

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await paystack({ baseUrl: `http://127.0.0.1:${port}` })
      .listTransfers({ from: new Date(0), to: new Date() })
      .catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ code: "network" });

    fake.delayNext(SLOW_MS, { times: 3, path: "/bank" });
    const slow = await paystack({ timeoutMs: QUICK_MS })
      .listBanks({ kind: "bank" })
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ code: "timeout" });

    for (const error of [refusedKey, unreachable, slow] as PaymentsError[]) {
      const text = `${error.message} ${error.stack} ${JSON.stringify(error)} ${String(error.cause ?? "")}`;
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain(fake.secretKey);
    }
    expect(allLogText()).not.toContain(wrongKey);
    expect(allLogText()).not.toContain(fake.secretKey);
    expect(() => createPaymentsProvider({ provider: "paystack" })).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(() => createPaymentsProvider({ provider: "paystack", secretKey: "sk_test_x", baseUrl: "http://api.paystack.co" })).toThrow(/https/);
  });
});

describe("webhooks", () => {
  const body = (data: Record<string, unknown>, event = "charge.success") => JSON.stringify({ event, data });

  it("a correctly signed body is parsed into our event; a wrong, missing or malformed signature is null", () => {
    const pay = paystack();
    const raw = body({ id: 302961, reference: "akoko-deposit-000042", amount: 5000, currency: "GHS", status: "success" });
    const signature = paystackSignature(raw, fake.secretKey);
    const event = pay.verifyWebhook(Buffer.from(raw), signature);
    expect(event).toEqual({
      id: "charge.success:akoko-deposit-000042",
      event: "charge.success",
      reference: "akoko-deposit-000042",
      amountMinor: 5000,
      currency: "GHS",
      status: "success",
      raw: JSON.parse(raw),
    });
    expect(pay.verifyWebhook(raw, signature)).toEqual(event); // a string body too

    expect(pay.verifyWebhook(raw, paystackSignature(raw, "sk_test_someone_else"))).toBeNull();
    expect(pay.verifyWebhook(raw, null)).toBeNull();
    expect(pay.verifyWebhook(raw, "")).toBeNull();
    expect(pay.verifyWebhook(raw, "not-hex")).toBeNull();
    expect(pay.verifyWebhook(raw, signature.slice(0, 64))).toBeNull();
    // The same JSON serialised differently is not the body that was signed.
    expect(pay.verifyWebhook(JSON.stringify(JSON.parse(raw), null, 2), signature)).toBeNull();
    // Signed, but not an event: not a bad signature.
    for (const unreadable of ["[]", "not json", '{"event":"charge.success","data":"x"}'])
      expect(() => pay.verifyWebhook(unreadable, paystackSignature(unreadable, fake.secretKey)), unreadable).toThrow("The body is signed but is not an event: nothing was done.");

    const transfer = body({ id: 99, amount: 100, currency: "GHS", status: "reversed" }, "transfer.reversed");
    expect(pay.verifyWebhook(transfer, paystackSignature(transfer, fake.secretKey))).toMatchObject({ id: "transfer.reversed:99", reference: null });
  });

  it("the fake delivers signed webhooks over HTTP, retried deliveries share one id, a bad signature is refused", async () => {
    const pay = paystack();
    const received: Array<{ raw: Buffer; signature: string | null }> = [];
    const app = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        const signature = (req.headers["x-paystack-signature"] as string | undefined) ?? null;
        received.push({ raw, signature });
        res.writeHead(pay.verifyWebhook(raw, signature) ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhooks/paystack`;
    try {
      const data = { reference: "akoko-withdrawal-000007", amount: 2500, currency: "GHS", status: "success", transfer_code: "TRF_x" };
      expect((await fake.sendWebhook(url, "transfer.success", data, { times: 2 })).map((r) => r.status)).toEqual([200, 200]);
      const ids = received.map((r) => pay.verifyWebhook(r.raw, r.signature)?.id);
      expect(ids).toEqual(["transfer.success:akoko-withdrawal-000007", "transfer.success:akoko-withdrawal-000007"]);
      expect((await fake.sendWebhook(url, "transfer.success", data, { badSignature: true }))[0].status).toBe(401);
      expect((await fake.sendWebhook(url, "transfer.success", data, { noSignature: true }))[0].status).toBe(401);

      // Settling a transfer announces it when the fake knows the app's webhook URL.
      fake.webhookUrl = url;
      const { recipientCode } = await pay.createRecipient({ kind: "mobile_money", name: "Ama", accountNumber: "0241234567", network: "MTN" });
      const out = ref("withdrawal");
      await pay.transfer({ reference: out, amountMinor: 100, recipientCode, reason: "x" });
      fake.settleTransfer(out, "success");
      await fake.flushWebhooks();
      expect(pay.verifyWebhook(received.at(-1)!.raw, received.at(-1)!.signature)).toMatchObject({ id: `transfer.success:${out}`, amountMinor: 100, status: "success" });
    } finally {
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  });
});

describe("the demo adapter (npm start)", () => {
  it("answers at once with no network: deposits succeed, checkouts come straight back, transfers are paid, no webhooks", async () => {
    const demo = createPaymentsProvider({ provider: "demo" });
    expect(demo.name).toBe("demo");
    const reference = ref();
    expect(await demo.chargeMobileMoney({ reference, email: EMAIL, amountMinor: 5000, network: "MTN", phone: "0241234567" })).toMatchObject({
      status: "succeeded",
      message: "Deposit successful",
    });
    expect(await demo.verifyCharge(reference)).toMatchObject({ reference, status: "succeeded", amountMinor: 5000, currency: "GHS" });
    expect((await demo.verifyCharge(ref())).status).toBe("not_found");

    const card = ref();
    const { authorizationUrl } = await demo.startCheckout({ reference: card, email: EMAIL, amountMinor: 700, callbackUrl: "https://akoko.example/back?x=1" });
    expect(new URL(authorizationUrl).searchParams.get("reference")).toBe(card);
    expect((await demo.verifyCharge(card)).status).toBe("succeeded");

    const { recipientCode } = await demo.createRecipient({ kind: "mobile_money", name: "Ama", accountNumber: "0241234567", network: "MTN" });
    const out = ref("withdrawal");
    expect((await demo.transfer({ reference: out, amountMinor: 300, recipientCode, reason: "x" })).status).toBe("succeeded");
    expect(await demo.verifyTransfer(out)).toMatchObject({ status: "succeeded", amountMinor: 300 });
    await expect(demo.transfer({ reference: "BAD", amountMinor: 300, recipientCode, reason: "x" })).rejects.toBeInstanceOf(PaymentsError);

    const range = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    expect((await demo.listTransactions(range)).map((t) => t.reference)).toEqual([reference, card]);
    expect((await demo.listTransfers(range)).map((t) => t.reference)).toEqual([out]);
    expect((await demo.listBanks({ kind: "mobile_money" })).map((b) => b.code)).toEqual(["MTN", "VOD", "ATL"]);

    const raw = JSON.stringify({ event: "charge.success", data: { reference } });
    expect(demo.verifyWebhook(raw, paystackSignature(raw, "anything"))).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});
