import { msg } from "~/catalog/ref";
import { readId } from "~/forms/parse.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { redirectWithFlash, requireUser } from "~/auth/session.server";
import { addDestination, checkDeposit, removeDestination, submitDepositOtp } from "~/commands/payments.server";
import { DomainError } from "~/domain/errors";
import { normalizeGhanaPhone } from "~/domain/kyc";
import { readOtp } from "~/domain/payments";
import { parseMoneyAmount } from "~/domain/wallet";
import { getPaymentsProvider, MOMO_NETWORKS, paymentsSettleAtOnce, type MomoNetwork } from "~/integrations/payments/index.server";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { newIdempotencyKey, notFoundResponse, orNotFound, pageError, readPageForm, readPageFormData } from "~/lib/page-action.server";
import { getMyDeposit, type DepositInput } from "~/models/deposit.server";
import { walletBalanceMinor } from "~/models/ledger.server";
import { destinationUsableAt, listBanks, listMyDestinations, NETWORK_LABELS, type DestinationInput, type PaymentDestination } from "~/models/withdrawal.server";
import { verifiedLegalName } from "~/models/kyc.server";
import { twoFactorEnabled } from "~/models/two-factor.server";
import { formatInstant } from "~/domain/calendar";
import { nowIso } from "~/lib/clock.server";
import { phoneForDisplay } from "~/pages/account";
import { depositDone, depositStatusHref, destinationLabel, nextActionOf } from "~/pages/payments";
import { depositMessage } from "~/models/deposit.server";
import { detailIn, localeOf, translatorFor, wordsFor, type Translate } from "~/catalog/index.server";
import type { Locale } from "~/catalog/format";

/**
 * Where the provider's hosted checkout sends the investor back (`?reference=` is added by the
 * provider): the deposit's own status page, on the site's public address, never the request's Host.
 */
export function depositReturnUrl(depositId: number): string {
  return `${getEnv().appUrl}/portfolio/deposits/${depositId}`;
}

/** Origins a form post may be redirected to (the provider's hosted checkout), for the CSP's form-action. */
export function formActionOrigins(): readonly string[] {
  return getPaymentsProvider().checkoutOrigins;
}

/**
 * Where to send the investor after starting a checkout: straight to the provider's page when the
 * CSP allows a form post to end there, else to the status page, whose link works either way.
 */
export function checkoutRedirect(depositId: number, authorizationUrl: string): string {
  return URL.canParse(authorizationUrl) && formActionOrigins().includes(new URL(authorizationUrl).origin) ? authorizationUrl : depositStatusHref(depositId);
}

// ---- reading a deposit or a destination (the portfolio page, the destinations page and the API alike) ----

/** A mobile money network and a Ghana number, each refused beside its own field. */
function readMobileMoney(input: { network?: unknown; phone?: unknown }): { network: MomoNetwork; phone: string } {
  const network = typeof input.network === "string" ? input.network.trim().toUpperCase() : "";
  if (!(MOMO_NETWORKS as readonly string[]).includes(network)) throw new DomainError(422, msg("refusals.chooseNetwork"), "network");
  const phone = typeof input.phone === "string" ? normalizeGhanaPhone(input.phone) : null;
  if (!phone) throw new DomainError(422, msg("paymentStatus.badPhone"), "phone");
  return { network: network as MomoNetwork, phone };
}

/**
 * The deposit form's and the API's rules, in the order an investor reads the form. The method is
 * absent with a provider that settles at once (the plain deposit form has only an amount).
 */
export function readDepositRequest(input: { amount: unknown; method?: unknown; network?: unknown; phone?: unknown }): DepositInput {
  const amountMinor = parseMoneyAmount(input.amount);
  const method = input.method === undefined || input.method === null || input.method === "" ? (paymentsSettleAtOnce() ? "checkout" : null) : input.method;
  if (method === "checkout") return { amountMinor, method, network: null, phone: null };
  if (method !== "mobile_money") throw new DomainError(422, msg("refusals.choosePaymentMethod"), "method");
  return { amountMinor, method, ...readMobileMoney(input) };
}

/**
 * A new payout destination as typed: the holder's name, then mobile money (network, number) or a
 * bank (its code, an account number). Whether the bank is on the provider's list is asked later.
 */
export function readDestination(input: { kind: unknown; network?: unknown; phone?: unknown; bankCode?: unknown; accountNumber?: unknown; name: unknown }): DestinationInput {
  const name = typeof input.name === "string" ? input.name.trim().replace(/\s+/g, " ") : "";
  if (name.length < 2 || name.length > 100) throw new DomainError(422, msg("refusals.accountHolderName"), "name");
  if (input.kind === "mobile_money") return { kind: "mobile_money", ...readMobileMoney(input), name };
  if (input.kind !== "bank") throw new DomainError(422, msg("refusals.chooseDestinationKind"), "kind");
  const bankCode = typeof input.bankCode === "string" ? input.bankCode.trim() : "";
  const accountNumber = typeof input.accountNumber === "string" ? input.accountNumber.replace(/[\s-]/g, "") : "";
  if (!bankCode) throw new DomainError(422, msg("refusals.chooseBank"), "bank_code");
  if (!/^\d{6,20}$/.test(accountNumber)) throw new DomainError(422, msg("refusals.accountNumberFormat"), "account_number");
  return { kind: "bank", bankCode, accountNumber, name };
}

/** The password and two-factor code a form or JSON body sent again; anything but text counts as not given. */
export function ownerProof(input: { password?: unknown; code?: unknown }): { password: string; code: string } {
  return { password: typeof input.password === "string" ? input.password : "", code: typeof input.code === "string" ? input.code : "" };
}

// ---- /portfolio/deposits/<id>: one deposit's status, its next step, the OTP form ----

function depositIdOf(raw: string | undefined, locale: Locale): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) <= 0) throw notFoundResponse(msg("api.depositNotFound"), locale);
  return Number(raw);
}

/**
 * The deposit as the investor follows it. A pending one is checked with the provider first, at most
 * every few seconds however often the page is loaded: the return from the hosted checkout (which
 * adds `?reference=`) is a load like any other, and reloading it asks nothing more.
 */
export async function depositStatusLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const depositId = depositIdOf(params.id, locale);
  orNotFound(() => getMyDeposit({ userId: user.id, depositId }), locale);
  const d = await checkDeposit({ actor: user, key: null }, { depositId });
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["payments", "accountStatus", "explain"]),
    title: t("payments.depositTitle"),
    description: t("payments.depositDescription"),
    deposit: {
      id: d.id,
      reference: d.reference,
      amountMinor: d.amountMinor,
      status: d.status,
      method: d.method,
      network: d.network,
      phoneHint: d.phoneHint,
      nextAction: nextActionOf(d),
      authorizationUrl: nextActionOf(d) === "redirect" ? d.authorizationUrl : null,
      message: depositMessage(d, locale),
      createdAt: d.createdAt,
    },
    balanceMinor: walletBalanceMinor(user.id),
  };
}

export async function depositStatusAction({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const depositId = depositIdOf(params.id, locale);
  const form = await readPageFormData(request);
  try {
    const after = await submitDepositOtp({ actor: user, key: null }, { depositId, otp: readOtp(form.get("otp")) });
    // Post, then a fresh page (the page's own refresh must not post the code again).
    if (after.status === "SUCCEEDED") return redirectWithFlash("/portfolio", { kind: "success", message: msg("investorTexts.depositSucceeded"), ...depositDone(after) });
    return redirect(depositStatusHref(depositId));
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw new Response(detailIn(locale, error), { status: 404 });
    if (error instanceof DomainError || error instanceof HttpError) return pageError(error, {}, locale);
    throw error;
  }
}

// ---- /portfolio/destinations: where withdrawals go ----

/** A saved destination as lists show it, saying when a new one may first receive money (`usable`: it may now). */
export function destinationOption(t: Translate, d: PaymentDestination): { id: number; kind: PaymentDestination["kind"]; label: string; usable: boolean } {
  const at = destinationUsableAt(d);
  const usable = at <= nowIso();
  return { id: d.id, kind: d.kind, label: usable ? destinationLabel(d) : t("investorTexts.usableFrom", { destination: destinationLabel(d), when: formatInstant(at) }), usable };
}

export async function destinationsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  let banks: Array<{ code: string; name: string }> = [];
  let banksError: string | null = null;
  try {
    banks = (await listBanks()).map((b) => ({ code: b.code, name: b.name }));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    banksError = detailIn(locale, error);
  }
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["payments", "explain"]),
    title: t("payments.destinationsTitle"),
    description: t("payments.destinationsDescription"),
    destinations: listMyDestinations(user.id).map((d) => destinationOption(t, d)),
    coolingOffHours: getEnv().DESTINATION_COOLING_OFF_HOURS,
    networks: MOMO_NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] })),
    banks,
    banksError,
    phone: phoneForDisplay(user.phone),
    // The name a destination must be held in (issue 26); before verification, the account's.
    name: verifiedLegalName(user.id) ?? user.fullName,
    // Adding one asks for the password again, and a code when two factors are on (issue 26).
    twoFactor: twoFactorEnabled(user.id),
    // The add and remove forms send it (each remove form its own): the same form sent again (a second
    // tap, back and resend) saves or removes nothing more and answers as the first time.
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function destinationsAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const form = await readPageForm(request);
  // What comes back to the page for a no-JavaScript user to keep: never the password or the code.
  const { password, code, ...values } = form;
  const ctx = { actor: user, key: form.idempotency_key || null };
  try {
    if (form.intent === "remove") {
      removeDestination(ctx, { destinationId: readId(form.destination_id) ?? 0 });
      return redirectWithFlash("/portfolio/destinations", { kind: "success", message: msg("investorTexts.destinationRemoved") });
    }
    if (form.intent === "add") {
      const destination = readDestination({ kind: form.kind, network: form.network, phone: form.phone, bankCode: form.bank_code, accountNumber: form.account_number, name: form.name });
      const saved = await addDestination(ctx, { destination, ...ownerProof({ password, code }) });
      // Within its cooling-off hours it cannot receive money yet: the message says from when, as the list does.
      const usableAt = destinationUsableAt(saved);
      const message = usableAt > nowIso() ? msg("investorTexts.destinationSavedFrom", { when: formatInstant(usableAt) }) : msg("investorTexts.destinationSaved");
      return redirectWithFlash("/portfolio/destinations", { kind: "success", message });
    }
    return data({ ok: false as const, errors: { form: translatorFor(locale)("investorTexts.formUnreadable") }, values }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError) return pageError(error, values, locale);
    throw error;
  }
}
