/**
 * The demo adapter `npm start` uses: no network, no keys. The product's demo mode simulates deposits,
 * so a mobile-money charge or a checkout succeeds at once ('Deposit successful') and a transfer is
 * paid at once. It remembers what it did (in memory, for this process) so verify and the
 * reconciliation lists answer like the real adapter would. It has no webhooks.
 */
import { msg } from "~/catalog/ref";
import { now } from "~/lib/clock.server";
import type { Bank, BankKind, PaymentsProvider, ProviderTransaction, ProviderTransfer } from "./index.server";
import { PAYMENT_MESSAGES as M, PaymentsError, assertAmountMinor, assertChargeReference, assertTransferReference, localGhanaPhone } from "./rules.server";

const DEMO_BANKS: Record<BankKind, Bank[]> = {
  mobile_money: [
    { name: "MTN", code: "MTN", kind: "mobile_money", active: true },
    { name: "Telecel Cash", code: "VOD", kind: "mobile_money", active: true },
    { name: "AT Money", code: "ATL", kind: "mobile_money", active: true },
  ],
  bank: [
    { name: "Demo Bank Ghana", code: "DEMO01", kind: "bank", active: true },
    { name: "Demo Savings and Loans", code: "DEMO02", kind: "bank", active: true },
  ],
};
const DEMO_NETWORK_CODES = { MTN: "MTN", TELECEL: "VOD", AT: "ATL" } as const;

/**
 * Holders the demo "network" knows, by local number, as a real one resolves an account's name: so the
 * refusal of someone else's number can be seen without a provider. 024 499 9999 belongs to somebody
 * who is no demo investor; other numbers resolve to no name, as mobile money often does.
 */
export const DEMO_ACCOUNT_HOLDERS: Readonly<Record<string, string>> = { "0244999999": "YAW DEMO BOATENG" };

export function createDemoProvider(): PaymentsProvider {
  const charges = new Map<string, ProviderTransaction & { amountMinor: number }>();
  const transfers = new Map<string, ProviderTransfer & { amountMinor: number }>();
  const recipients = new Map<string, string>();

  function collect(reference: string, amountMinor: number, channel: string) {
    assertChargeReference(reference);
    assertAmountMinor(amountMinor);
    const at = now();
    // A reference names one attempt: a repeat is the same deposit, never a second one.
    if (!charges.has(reference)) charges.set(reference, { reference, status: "succeeded", amountMinor, currency: "GHS", createdAt: at, paidAt: at, channel });
  }

  const inRange = (at: Date | null, from: Date, to: Date) => at !== null && at >= from && at <= to;

  return {
    name: "demo",
    checkoutOrigins: [],
    async chargeMobileMoney(input) {
      if (!localGhanaPhone(input.phone)) throw new PaymentsError("bad_request", msg("paymentStatus.badPhone"));
      collect(input.reference, input.amountMinor, "mobile_money");
      return { status: "succeeded", message: M.succeeded, providerReference: `demo-${input.reference}` };
    },
    async submitOtp({ reference }) {
      return charges.has(reference) ? { status: "succeeded", message: M.succeeded } : { status: "failed", message: M.failed };
    },
    async startCheckout(input) {
      collect(input.reference, input.amountMinor, "card");
      // No hosted page: straight back to the callback, as the real one returns after paying.
      const url = new URL(input.callbackUrl);
      url.searchParams.set("reference", input.reference);
      return { authorizationUrl: url.toString() };
    },
    async verifyCharge(reference) {
      const c = charges.get(reference);
      if (!c) return { reference, status: "not_found", amountMinor: null, currency: null };
      return { reference, status: c.status, amountMinor: c.amountMinor, currency: c.currency, paidAt: c.paidAt, channel: c.channel };
    },
    async refundCharge({ reference, amountMinor }) {
      const c = charges.get(reference);
      if (!c || c.status !== "succeeded") throw new PaymentsError("rejected", msg("paymentStatus.noPaidCharge"));
      assertAmountMinor(amountMinor);
      c.status = "failed"; // as the real provider shows a refunded charge (reversed)
      return { status: "processed" };
    },
    async listBanks({ kind }) {
      return DEMO_BANKS[kind];
    },
    async createRecipient(input) {
      const bankCode = "network" in input ? DEMO_NETWORK_CODES[input.network] : input.bankCode;
      const key = `${input.kind}:${bankCode}:${input.accountNumber.replace(/\D/g, "")}`;
      let code = recipients.get(key);
      if (!code) {
        code = `RCP_demo${String(recipients.size + 1).padStart(6, "0")}`;
        recipients.set(key, code);
      }
      const accountName = input.kind === "mobile_money" ? DEMO_ACCOUNT_HOLDERS[localGhanaPhone(input.accountNumber) ?? ""] : undefined;
      return accountName ? { recipientCode: code, accountName } : { recipientCode: code };
    },
    async transfer(input) {
      assertTransferReference(input.reference);
      assertAmountMinor(input.amountMinor);
      let t = transfers.get(input.reference);
      if (!t) {
        t = {
          reference: input.reference,
          status: "succeeded",
          amountMinor: input.amountMinor,
          currency: "GHS",
          createdAt: now(),
          transferCode: `TRF_demo${String(transfers.size + 1).padStart(6, "0")}`,
        };
        transfers.set(input.reference, t);
      }
      return { status: "succeeded", transferCode: t.transferCode };
    },
    async finalizeTransfer({ transferCode }) {
      return { status: "succeeded", transferCode };
    },
    async verifyTransfer(reference) {
      const t = transfers.get(reference);
      if (!t) return { reference, status: "not_found", amountMinor: null, currency: null };
      return { reference, status: t.status, amountMinor: t.amountMinor, currency: t.currency, transferCode: t.transferCode };
    },
    async listTransactions({ from, to }) {
      return [...charges.values()].filter((c) => inRange(c.createdAt, from, to));
    },
    async listTransfers({ from, to }) {
      return [...transfers.values()].filter((t) => inRange(t.createdAt, from, to));
    },
    verifyWebhook() {
      return null;
    },
  };
}
