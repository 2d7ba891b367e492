import type { MessageId } from "~/catalog/en";
import type { MessageRef } from "~/catalog/format";
import { render, translatorFor } from "~/catalog/index.server";
import type { Language } from "~/catalog/languages";
import { msg } from "~/catalog/ref";
import { chooseLanguage } from "~/commands/account.server";
import { invest } from "~/commands/investing.server";
import { previewWithdrawal, requestWithdrawal, startDeposit, submitDepositOtp } from "~/commands/payments.server";
import { changePin, checkPin, pinState, registerByPhone, type PinCheck } from "~/commands/pin.server";
import { readFullName } from "~/domain/account";
import { calendarDateOrNull, formatInstant } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { availableToBuyer, buyingState, readUnitCount, sellsUnitsNow } from "~/domain/investing";
import { normalizeGhanaPhone } from "~/domain/kyc";
import { PAYMENT_TIMINGS, readOtp } from "~/domain/payments";
import { malformedPinAttempt, PIN_MAX_DIGITS, PIN_MIN_DIGITS, pinRefusalMessage, readNewPin, readPinAttempt } from "~/domain/pin";
import { portfolioTotals } from "~/domain/payouts";
import { expectedPayoutAfterTax } from "~/domain/schedules";
import { parseMoneyAmount, parseWithdrawalAmount } from "~/domain/wallet";
import { now, nowIso, today } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { openFromString, sealToString } from "~/lib/kyc-crypto.server";
import { getBatch, listBatches } from "~/models/batch.server";
import { depositMessage, getMyDeposit, listMyDeposits, type Deposit } from "~/models/deposit.server";
import { investmentRef, listMyInvestments, ownOffersByBatch, previewInvestment } from "~/models/investment.server";
import { assertDepositWithinLimits, assertMayWithdraw } from "~/models/kyc.server";
import { walletInfo } from "~/models/ledger.server";
import { listReceivedPayouts, nextPayouts } from "~/models/payout.server";
import { getUserById } from "~/models/user.server";
import { accountsWithPhone } from "~/models/ussd-sessions.server";
import { destinationUsableAt, listMyDestinations, maskedDestination, mobileMoneyDestinationsReady, NETWORK_LABELS, withdrawalMessage } from "~/models/withdrawal.server";
import { depositConfirmLines, investConfirmLines, withdrawConfirmLines } from "~/ussd/confirm-screens";
import { fitted, option, page, screen, squeezed, type InputKind, type Screen, type Shrinkable } from "~/ussd/screen";
import type { MoneyAction, Network, OutcomeName, Place, UssdState } from "~/ussd/state";

/**
 * The USSD menus: for each place a caller can be (app/ussd/state.ts), the screen it shows and what
 * an input there leads to. Screens read through the models and change things only through
 * commands; their words come from the catalog in the session's language. The engine
 * (app/ussd/engine.server.ts) stores the state between requests and answers the gateway.
 *
 * Adding a place: its state in state.ts, its Menu here (show, answer), an entry that leads to it.
 *
 * Money moves after the caller's PIN (issue 31): the number says who dials, the PIN that it is them
 * (a network's number can be spoofed). Invest, Deposit, Withdraw and Change PIN start only for an
 * account with a PIN that is not locked (an account made on the web sets its PIN there, after its
 * password: a phone alone never sets one); each confirmation leads to the `pin` place, whose answer
 * runs `checkPin` and then the command with `ctx.commandKey` as its idempotency key (a request the
 * gateway repeats after a lost answer replays, never moves money twice) and the SMS receipt. A
 * number no account holds may register (`registerByPhone`): a name, then a PIN twice.
 */

/** What a screen knows of its request: who dials, in which language, and the key a command it runs must take. */
export type MenuContext = {
  /** The account whose confirmed phone dials; null for a number no account holds. */
  actor: { id: number } | null;
  /** The session's language; the Language menu changes it. */
  locale: Language;
  /** The site's address, as the screens name it ("akoko.example"). */
  site: string;
  /** An idempotency key for a command this request runs: the same on a repeated request, another on the next one. */
  commandKey: string;
  /** The number that dials (+233..., as the network gave it): the one a registration confirms and a deposit charges. */
  phone: string;
  /** The caller's mobile network as the gateway says; null: a deposit asks which. */
  network: Network | null;
};

/** A screen and the state to store with it (the state may note what the screen showed: a page's batches). */
export type Step = { screen: Screen; state: UssdState };

type Menu<S extends UssdState> = {
  show(ctx: MenuContext, state: S): Step;
  answer(ctx: MenuContext, state: S, input: string): UssdState | Promise<UssdState>;
};

type At<P extends Place> = Extract<UssdState, { at: P }>;

const t = (ctx: MenuContext) => translatorFor(ctx.locale);
/** A refusal or notice above a screen. */
const said = (ctx: MenuContext, text: MessageRef | string | undefined) => (text === undefined ? "" : typeof text === "string" ? text : render(ctx.locale, text));
/** A rule's refusal above a screen, cut to the room there is when it is long (it may be in any language). */
const refused = (ctx: MenuContext, error: MessageRef | string | undefined): Shrinkable => ({ line: said(ctx, error), shrink: true });
const back = (ctx: MenuContext) => option(0, t(ctx)("ussd.back"));
const more = (ctx: MenuContext) => option(9, t(ctx)("ussd.more"));
const invalid = <S extends UssdState>(state: S): S => ({ ...state, error: msg("ussd.invalidChoice") });
/** The state without the refusal shown above it (an input answers it). */
const fresh = <S extends UssdState>(state: S): S => ({ ...state, error: undefined });
const wants = (name: Place, lines: readonly string[], input: InputKind = "text") => screen(name, lines, input);
const ends = (name: string, lines: readonly string[]) => screen(name, lines, null);
const accountOf = (ctx: MenuContext) => {
  if (!ctx.actor) throw new Error("A USSD account screen was reached without an account.");
  return ctx.actor.id;
};
/** The command context of the caller's account: the request's key, so a repeat replays. */
const asActor = (ctx: MenuContext) => ({ actor: { id: accountOf(ctx) }, key: ctx.commandKey });
/** The rule's own refusal (a DomainError's or a command's HttpError's message), kept on the state to show above the screen. */
function refusal(error: unknown): MessageRef | string {
  if (error instanceof DomainError || error instanceof HttpError) return error.ref ?? error.detail;
  throw error;
}
/** An END screen saying how something ended. */
const outcome = (name: OutcomeName, lines: Array<MessageRef | string>): UssdState => ({ at: "outcome", name, lines });
const money = (minor: number) => ({ money: minor });

/**
 * A PIN held from one screen to the next: sealed (AES-GCM with KYC_ENCRYPTION_KEY) in the session's
 * row, so the row never holds it as typed; opened where it is used.
 */
const seal = sealToString;
const unseal = openFromString;

/** A menu entry: its words (an id of the main menu's namespace) and the place it leads to. */
type Entry = { label: Extract<MessageId, `ussd.main.${string}`>; to: (ctx: MenuContext) => UssdState };

/** The main menu of a caller with an account, in the order the keys number them. */
const MAIN_ENTRIES: Entry[] = [
  { label: "ussd.main.balance", to: () => ({ at: "balance" }) },
  { label: "ussd.main.invest", to: (ctx) => withPin(ctx, () => ({ at: "investList", start: 0 })) },
  { label: "ussd.main.deposit", to: (ctx) => withPin(ctx, () => depositStart(ctx)) },
  { label: "ussd.main.holdings", to: () => ({ at: "holdings", start: 0 }) },
  { label: "ussd.main.withdraw", to: (ctx) => withdrawStart(ctx) },
  { label: "ussd.main.language", to: () => ({ at: "language" }) },
  { label: "ussd.main.changePin", to: (ctx) => withPin(ctx, () => ({ at: "changePinOld" })) },
];

/** What a number no account holds may do by USSD: register, in the language it chooses. */
const NEWCOMER_ENTRIES: Entry[] = [
  { label: "ussd.main.register", to: () => ({ at: "registerName" }) },
  { label: "ussd.main.language", to: () => ({ at: "language" }) },
];

/** The entry a key chose (1 is the first), or null. */
function entryFor(entries: readonly Entry[], input: string): Entry | null {
  const key = /^\d{1,2}$/.test(input) ? Number(input) : 0;
  return key >= 1 && key <= entries.length ? entries[key - 1] : null;
}

const entryLines = (ctx: MenuContext, entries: readonly Entry[]) => entries.map((e, i) => option(i + 1, t(ctx)(e.label)));

const main: Menu<At<"main">> = {
  show: (ctx, state) => ({ screen: wants("main", [said(ctx, state.error ?? state.notice), ...entryLines(ctx, MAIN_ENTRIES)]), state }),
  answer: (ctx, _state, input) => entryFor(MAIN_ENTRIES, input)?.to(ctx) ?? invalid({ at: "main" }),
};

// ---- the PIN ----

/**
 * A money menu's first state, or why it cannot start: an account without a PIN (made on the web)
 * sets one on its account page, after its password; a locked PIN says until when.
 */
function withPin(ctx: MenuContext, next: () => UssdState): UssdState {
  const { hasPin, lockedUntil } = pinState(asActor(ctx));
  if (!hasPin) return outcome("noPin", [msg("ussd.noPin", { site: ctx.site })]);
  if (lockedUntil) return outcome("pinLocked", [pinRefusalMessage({ reason: "locked", until: lockedUntil })]);
  return next();
}

/** A PIN checkPin refused: said above the screen asking again, or, locked or absent, an END screen saying so. */
function pinRefused<S extends UssdState>(ctx: MenuContext, state: S, check: Extract<PinCheck, { ok: false }>): UssdState {
  if (check.reason === "locked") return outcome("pinLocked", [pinRefusalMessage(check)]);
  if (check.reason === "no-pin") return outcome("noPin", [msg("ussd.noPin", { site: ctx.site })]);
  return { ...state, error: pinRefusalMessage(check) };
}

/** The confirmation screen a money action came from (0 on the PIN screen goes back to it; a refusal shows there). */
function confirmationOf(action: MoneyAction): UssdState {
  switch (action.kind) {
    case "invest":
      return { at: "investConfirm", batchId: action.batchId, units: action.units, listStart: action.listStart };
    case "deposit":
      return { at: "depositConfirm", amountMinor: action.amountMinor, network: action.network };
    case "withdraw":
      return { at: "withdrawConfirm", destinationId: action.destinationId, amountMinor: action.amountMinor };
  }
}

/** The PIN before a money action: right, the action runs (once per request: ctx.commandKey); wrong, the tries left. */
const pin: Menu<At<"pin">> = {
  show: (ctx, state) => ({ screen: wants("pin", fitted([refused(ctx, state.error), t(ctx)("refusals.pinNeeded"), back(ctx)]), "number"), state }),
  answer: async (ctx, state, input) => {
    if (input === "0") return confirmationOf(state.action);
    const guess = readPinAttempt(input);
    // Empty or not digits: not a PIN, so not a wrong one either (the lock counts wrong PINs only).
    const malformed = malformedPinAttempt(guess);
    if (malformed) return { ...state, error: malformed };
    const check = await checkPin(asActor(ctx), guess);
    if (!check.ok) return pinRefused(ctx, state, check);
    return run(ctx, state.action);
  },
};

/** Runs a money action whose PIN was right: its END screen with the reference, or the rule's refusal on its confirmation. */
async function run(ctx: MenuContext, action: MoneyAction): Promise<UssdState> {
  try {
    switch (action.kind) {
      case "invest":
        return invested(ctx, action);
      case "deposit":
        return await deposited(ctx, action);
      case "withdraw":
        return await withdrawn(ctx, action);
    }
  } catch (error) {
    return { ...confirmationOf(action), error: refusal(error) };
  }
}

function invested(ctx: MenuContext, action: Extract<MoneyAction, { kind: "invest" }>): UssdState {
  const { investment } = invest(asActor(ctx), { batchId: action.batchId, units: readUnitCount(action.units), autoReinvest: false, smsReceipt: true });
  return outcome("invested", [
    msg("investorTexts.investmentConfirmed", { count: investment.units, batchId: investment.batchId, amount: money(investment.amountMinor) }),
    msg("investorTexts.reference", { reference: investmentRef(investment.id) }),
  ]);
}

/** Where a deposit stands after the provider's first answer, as its END screen says it. */
function depositOutcome(ctx: MenuContext, d: Deposit, name: OutcomeName): UssdState {
  const reference = msg("investorTexts.reference", { reference: d.reference });
  if (d.status === "SUCCEEDED") return outcome(name, [msg("investorTexts.depositSucceeded"), reference]);
  if (d.status !== "PENDING") return outcome(name, [depositMessage(d, ctx.locale), reference]);
  if (d.nextAction === "enter_otp") return outcome(name, [msg("ussd.deposit.needsVoucher", { amount: money(d.amountMinor), reference: d.reference })]);
  return outcome(name, [msg("ussd.deposit.started", { amount: money(d.amountMinor), reference: d.reference })]);
}

/** Mobile money from the phone that dials, on its network; the wallet is credited on the provider's word only, as on the web. */
async function deposited(ctx: MenuContext, action: Extract<MoneyAction, { kind: "deposit" }>): Promise<UssdState> {
  const payment = { amountMinor: action.amountMinor, method: "mobile_money" as const, network: action.network, phone: ctx.phone };
  const email = getUserById(accountOf(ctx))?.email ?? null;
  // A mobile money charge has no checkout to come back from: the address is never used.
  const started = await startDeposit(asActor(ctx), { payment, email, callbackUrl: () => getEnv().appUrl, smsReceipt: true });
  if (!started.deposit) return outcome("depositStarted", [msg("paymentStatus.depositPending")]);
  return depositOutcome(ctx, started.deposit, "depositStarted");
}

/** A withdrawal to a saved destination, with every rule of the web's (limits, four eyes, notices). */
async function withdrawn(ctx: MenuContext, action: Extract<MoneyAction, { kind: "withdraw" }>): Promise<UssdState> {
  const started = await requestWithdrawal(asActor(ctx), { amountMinor: action.amountMinor, destinationId: action.destinationId, unsaved: null, smsReceipt: true });
  if (!started.withdrawal) return outcome("withdrawalRequested", [msg("investorTexts.withdrawalProcessed")]);
  const { withdrawal: w, held } = started;
  const what = { amount: money(w.amountMinor), reference: w.reference ?? "" };
  // Withdrawals here go to mobile money only: its arrival, as the web says it.
  if (w.status === "SUCCEEDED") return outcome("withdrawalRequested", [msg("investorTexts.withdrawalProcessed"), msg("investorTexts.withdrawalArrives.MOMO", what)]);
  if (w.status === "PENDING") return outcome("withdrawalRequested", [msg(held ? "ussd.withdraw.held" : "ussd.withdraw.sent", what)]);
  return outcome("withdrawalRequested", [withdrawalMessage(w, ctx.locale), msg("investorTexts.reference", what)]);
}

// ---- a number without an account ----

const newcomer: Menu<At<"newcomer">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    // May register here: a Ghana mobile number no account holds (registerByPhone refuses any other).
    // An account holds it, unconfirmed: it is confirmed on that account's page, not registered again.
    if (accountsWithPhone(ctx.phone).held > 0) return { screen: ends("newcomer", [say("ussd.unconfirmedNumber", { site: ctx.site })]), state };
    // Not a Ghana mobile number: an account on the web, with a number it can confirm.
    if (normalizeGhanaPhone(ctx.phone) === null) return { screen: ends("newcomer", [say("ussd.unknownNumber", { site: ctx.site })]), state };
    return { screen: wants("newcomer", [said(ctx, state.error), say("ussd.newcomer", { site: ctx.site }), ...entryLines(ctx, NEWCOMER_ENTRIES)]), state };
  },
  answer: (ctx, state, input) => entryFor(NEWCOMER_ENTRIES, input)?.to(ctx) ?? invalid(state),
};

const sharedNumber: Menu<At<"sharedNumber">> = {
  show: (ctx, state) => ({ screen: ends("sharedNumber", [t(ctx)("ussd.sharedNumber", { site: ctx.site })]), state }),
  answer: (_ctx, state) => state,
};

const adminNumber: Menu<At<"adminNumber">> = {
  show: (ctx, state) => ({ screen: ends("adminNumber", [t(ctx)("ussd.adminNumber", { site: ctx.site })]), state }),
  answer: (_ctx, state) => state,
};

const registerName: Menu<At<"registerName">> = {
  show: (ctx, state) => ({ screen: wants("registerName", fitted([refused(ctx, state.error), t(ctx)("ussd.register.name"), back(ctx)])), state }),
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "newcomer" };
    try {
      return { at: "registerPin", fullName: readFullName(input) };
    } catch (error) {
      return { ...state, error: refusal(error) };
    }
  },
};

const choosePin = (ctx: MenuContext) => t(ctx)("ussd.register.pin", { min: PIN_MIN_DIGITS, max: PIN_MAX_DIGITS });

const registerPin: Menu<At<"registerPin">> = {
  show: (ctx, state) => ({ screen: wants("registerPin", fitted([refused(ctx, state.error), choosePin(ctx), back(ctx)]), "number"), state }),
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "registerName" };
    try {
      return { at: "registerPinAgain", fullName: state.fullName, sealedPin: seal(readNewPin(input)) };
    } catch (error) {
      return { ...state, error: refusal(error) };
    }
  },
};

/** The PIN again; the same twice, the account is made (the number confirmed by the network itself), in the session's language. */
const registerPinAgain: Menu<At<"registerPinAgain">> = {
  show: (ctx, state) => ({ screen: wants("registerPinAgain", [said(ctx, state.error), t(ctx)("ussd.pinAgain"), back(ctx)], "number"), state }),
  answer: async (ctx, state, input) => {
    const { fullName } = state;
    if (input === "0") return { at: "registerPin", fullName };
    const chosen = unseal(state.sealedPin);
    if (input !== chosen) return { at: "registerPin", fullName, error: msg("refusals.pinsDiffer") };
    try {
      // Two registrations of one number (two sessions, a repeat after a crash) make one account: the other is refused.
      await registerByPhone({ fullName, phone: ctx.phone, pin: readNewPin(chosen), language: ctx.locale });
      return outcome("registered", [msg("ussd.register.done")]);
    } catch (error) {
      return outcome("refused", [refusal(error)]);
    }
  },
};

/** A screen whose only way on is 0, back to the main menu. */
function leaf<P extends Place>(name: P, lines: (ctx: MenuContext, state: At<P>) => string[]): Menu<At<P>> {
  return {
    show: (ctx, state) => ({ screen: wants(name, [said(ctx, state.error), ...lines(ctx, state), back(ctx)]), state }),
    answer: (_ctx, state, input) => (input === "0" ? { at: "main" } : invalid(state)),
  };
}

/** Wallet, what is invested (active holdings at cost) and the income received, after tax, as the portfolio shows them. */
const balance = leaf("balance", (ctx) => {
  const userId = accountOf(ctx);
  const totals = portfolioTotals({ holdings: listMyInvestments(userId), payouts: listReceivedPayouts(userId) });
  const say = t(ctx);
  return [
    say("ussd.balance.wallet", { amount: money(walletInfo(userId).balanceMinor) }),
    say("ussd.balance.invested", { amount: money(totals.investedMinor) }),
    say("ussd.balance.income", { amount: money(totals.incomeMinor) }),
  ];
});

/** The most of a farm's name a screen about one batch shows (names run to 120 characters). */
const FARM_SHOWN = 30;

const PRODUCT = { EGG: "portfolio.product.EGG", CHICKEN: "portfolio.product.CHICKEN" } as const;

/**
 * Each active holding and its next payout after tax (the portfolio's figures), the soonest first, as
 * many to a page as fit; one past its date says by how many days, as the portfolio does.
 */
const holdings: Menu<At<"holdings">> = {
  show: (ctx, state) => {
    const userId = accountOf(ctx);
    const say = t(ctx);
    const active = listMyInvestments(userId)
      .filter((i) => i.status === "ACTIVE")
      .map((i) => ({ ...i, batchStartDate: calendarDateOrNull(i.batchStartDate) }));
    const held = new Map(active.map((i) => [i.id, i.unitsHeld]));
    const due = nextPayouts(userId, active, today(), getEnv().WITHHOLDING_TAX_RATE);
    if (due.length === 0) return { screen: wants("holdings", [said(ctx, state.error), say("ussd.holdings.none"), back(ctx)]), state: { at: "holdings", start: 0 } };
    const start = state.start < due.length ? state.start : 0;
    const { lines, shown } = page({
      count: due.length,
      start,
      most: 5,
      top: [said(ctx, state.error)],
      head: [say("ussd.holdings.title")],
      item: (index) => {
        const p = due[index];
        const what = { batchId: p.batchId, product: { msg: PRODUCT[p.productType] }, units: { msg: "ledger.units", params: { count: held.get(p.id) ?? 0 } } };
        // Not started: what the first payout would be, as the portfolio shows it, in its words.
        if (!p.date) return say("ussd.holdings.itemWaiting", { ...what, amount: money(p.expected.netMinor), starts: { msg: "portfolio.startsWhenActive" } });
        const payout = { ...what, amount: money(p.expected.netMinor), date: p.date };
        // Late as the portfolio counts it (nextPayouts' overdueDays), in the portfolio's words.
        return p.overdueDays > 0 ? say("ussd.holdings.itemOverdue", { ...payout, overdue: { msg: "portfolio.overdue", params: { count: p.overdueDays } } }) : say("ussd.holdings.item", payout);
      },
      foot: (hasMore) => (hasMore ? [more(ctx), back(ctx)] : [back(ctx)]),
    });
    const next = { at: "holdings" as const, start, shown, more: start + shown < due.length };
    return { screen: wants("holdings", lines), state: next };
  },
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "main" };
    if (input === "9" && state.more) return { at: "holdings", start: state.start + (state.shown ?? 0) };
    return invalid(state);
  },
};

const LANGUAGE_CHOICES: Language[] = ["en", "ak"];

/** English or Twi, kept on the account (its emails and SMS follow it), and the screens from the next one on; a newcomer's registers in it. */
const language: Menu<At<"language">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    const choices = LANGUAGE_CHOICES.map((l, i) => option(i + 1, say(`common.language.${l}`)));
    return { screen: wants("language", [said(ctx, state.error), say("ussd.language.title"), ...choices, back(ctx)]), state };
  },
  answer: (ctx, state, input) => {
    const home: UssdState = ctx.actor ? { at: "main" } : { at: "newcomer" };
    if (input === "0") return home;
    const chosen = /^\d$/.test(input) ? LANGUAGE_CHOICES[Number(input) - 1] : undefined;
    if (!chosen) return invalid(state);
    // A newcomer's choice is the session's, and the account's once it registers.
    if (ctx.actor) chooseLanguage({ actor: ctx.actor, key: null }, { language: chosen });
    ctx.locale = chosen;
    return ctx.actor ? { at: "main", notice: msg("ussd.language.set", { language: msg(`common.language.${chosen}`) }) } : home;
  },
};

/** An expected return as the list shows it: 1.25%/mo, 12%/cycle. */
const roiOf = (productType: "EGG" | "CHICKEN", roi: number) => msg(`ussd.invest.roi.${productType}`, { rate: { number: Math.round(roi * 10_000) / 100 } });

/**
 * The batches that sell units now to the caller (new units of OPEN batches, others' early-exit units
 * of laying ones: their own are not for sale to them, availableToBuyer), five to a page.
 */
const investList: Menu<At<"investList">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    const ownOffers = ownOffersByBatch(accountOf(ctx));
    const open = listBatches()
      .map((b) => availableToBuyer(b, ownOffers.get(b.id) ?? 0))
      .filter(sellsUnitsNow);
    if (open.length === 0) return { screen: wants("investList", [said(ctx, state.error), say("ussd.invest.none"), back(ctx)]), state: { at: "investList", start: 0, ids: [] } };
    const start = state.start < open.length ? state.start : 0;
    const { lines, shown } = page({
      count: open.length,
      start,
      most: 5,
      top: [said(ctx, state.error)],
      head: [say("ussd.invest.title")],
      // Five batches to a screen before a heading.
      headFirst: false,
      item: (index, squeeze) => {
        const b = open[index];
        // The batch's number tells apart batches of one farm; the farm's name is cut (marked) before an item goes.
        const line = say("ussd.invest.item", {
          product: { msg: PRODUCT[b.productType] },
          batchId: b.id,
          farm: squeezed(b.farmName, squeeze),
          price: money(b.unitPriceMinor),
          roi: roiOf(b.productType, b.expectedRoi),
        });
        return option(index - start + 1, line);
      },
      foot: (hasMore) => (hasMore ? [more(ctx), back(ctx)] : [back(ctx)]),
    });
    const ids = open.slice(start, start + shown).map((b) => b.id);
    return { screen: wants("investList", lines), state: { at: "investList", start, ids, more: start + shown < open.length } };
  },
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "main" };
    const ids = state.ids ?? [];
    if (input === "9" && state.more) return { at: "investList", start: state.start + ids.length };
    const chosen = /^\d$/.test(input) ? ids[Number(input) - 1] : undefined;
    return chosen === undefined ? invalid(state) : { at: "investUnits", batchId: chosen, listStart: state.start };
  },
};

/**
 * How many units: the batch, its price and what is left for the caller (availableToBuyer), the
 * wallet; checked by the rules of buying (their messages word for word).
 */
const investUnits: Menu<At<"investUnits">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    const listed = getBatch(state.batchId);
    const b = listed && availableToBuyer(listed, ownOffersByBatch(accountOf(ctx)).get(listed.id) ?? 0);
    const buying = b ? buyingState(b) : "closed";
    if (!b || buying !== "open") {
      const why = buying === "sold-out" ? msg("rules.batchSoldOut", { batchId: state.batchId }) : msg("rules.batchNotOpen");
      return { screen: wants("investUnits", [render(ctx.locale, why), back(ctx)]), state };
    }
    const lines = fitted([
      refused(ctx, state.error),
      { line: say("ussd.invest.batch", { batchId: b.id, product: { msg: PRODUCT[b.productType] }, farm: squeezed(b.farmName, FARM_SHOWN) }), drop: 1 },
      { line: say("ussd.invest.price", { price: money(b.unitPriceMinor), available: { number: b.availableUnits } }), drop: 2 },
      { line: say("ussd.balance.wallet", { amount: money(walletInfo(accountOf(ctx)).balanceMinor) }), drop: 3 },
      // The prompt stays: the screen waits for units (a long refusal is cut instead).
      say("ussd.invest.enterUnits"),
      back(ctx),
    ]);
    return { screen: wants("investUnits", lines, "number"), state };
  },
  answer: (ctx, state, input) => {
    if (input === "0") return { at: "investList", start: state.listStart };
    try {
      const { units } = previewInvestment({ userId: accountOf(ctx), batchId: state.batchId, units: readUnitCount(input) });
      return { at: "investConfirm", batchId: state.batchId, units, listStart: state.listStart };
    } catch (error) {
      return { ...state, error: refusal(error) };
    }
  },
};

/** What the units cost and the income expected from them after tax (as the invest dialog says it); 1 asks for the PIN. */
const investConfirm: Menu<At<"investConfirm">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    const unitsState = { at: "investUnits" as const, batchId: state.batchId, listStart: state.listStart };
    const b = getBatch(state.batchId);
    let costMinor: number;
    try {
      if (!b) throw new DomainError(404, msg("rules.batchNotFound"));
      // The wallet or the batch may have changed since the units were typed: the rules again.
      costMinor = previewInvestment({ userId: accountOf(ctx), batchId: state.batchId, units: readUnitCount(state.units) }).costMinor;
    } catch (error) {
      return investUnits.show(ctx, { ...unitsState, error: refusal(error) });
    }
    const expected = expectedPayoutAfterTax(b.productType, costMinor, b.expectedRoi, getEnv().WITHHOLDING_TAX_RATE);
    // The income part only: a harvest also pays the cost back, which is never taxed.
    const netMinor = expected.incomeMinor - expected.taxMinor;
    const lines = investConfirmLines(say, said(ctx, state.error), { units: state.units, batchId: b.id, costMinor, netMinor, productType: b.productType });
    return { screen: wants("investConfirm", lines), state };
  },
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "investUnits", batchId: state.batchId, listStart: state.listStart };
    if (input === "1") return { at: "pin", action: { kind: "invest", batchId: state.batchId, units: state.units, listStart: state.listStart } };
    return invalid(state);
  },
};

// ---- deposits ----

/** Deposit: a deposit started in the last hour that waits for its Telecel Cash voucher first, else a new one. */
function depositStart(ctx: MenuContext): UssdState {
  const [latest] = listMyDeposits({ userId: accountOf(ctx), limit: 1 });
  const waiting = latest?.status === "PENDING" && latest.nextAction === "enter_otp" && now().getTime() - Date.parse(latest.createdAt) < PAYMENT_TIMINGS.abandonAfterMs;
  return waiting ? { at: "depositVoucher", depositId: latest.id } : { at: "depositAmount" };
}

/** The amount to deposit, read and checked as the deposit form reads it (format, ceiling, the tier's limits). */
const depositAmount: Menu<At<"depositAmount">> = {
  // The prompt stays: the screen waits for an amount (a long refusal, a tier limit's in Twi, is cut instead).
  show: (ctx, state) => ({ screen: wants("depositAmount", fitted([refused(ctx, state.error), t(ctx)("ussd.deposit.enterAmount"), back(ctx)]), "decimal"), state }),
  answer: (ctx, state, input) => {
    if (input === "0") return { at: "main" };
    try {
      const amountMinor = parseMoneyAmount(input);
      assertDepositWithinLimits(accountOf(ctx), amountMinor);
      return ctx.network ? { at: "depositConfirm", amountMinor, network: ctx.network } : { at: "depositNetwork", amountMinor };
    } catch (error) {
      return { ...state, error: refusal(error) };
    }
  },
};

/** The networks a deposit can come from, in the order the network screen numbers them. */
const NETWORKS: readonly Network[] = ["MTN", "TELECEL", "AT"];

/** The caller's network, asked only when the gateway did not say it. */
const depositNetwork: Menu<At<"depositNetwork">> = {
  show: (ctx, state) => {
    const choices = NETWORKS.map((n, i) => option(i + 1, NETWORK_LABELS[n]));
    return { screen: wants("depositNetwork", [said(ctx, state.error), t(ctx)("ussd.deposit.network"), ...choices, back(ctx)]), state };
  },
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "depositAmount" };
    const network = /^\d$/.test(input) ? NETWORKS[Number(input) - 1] : undefined;
    return network ? { at: "depositConfirm", amountMinor: state.amountMinor, network } : invalid(state);
  },
};

/** The amount and where the money comes from (this phone, its network); 1 asks for the PIN. */
const depositConfirm: Menu<At<"depositConfirm">> = {
  show: (ctx, state) => {
    const lines = depositConfirmLines(t(ctx), said(ctx, state.error), { amountMinor: state.amountMinor, network: state.network, networkLabel: NETWORK_LABELS[state.network] });
    return { screen: wants("depositConfirm", lines), state };
  },
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "depositAmount" };
    if (input === "1") return { at: "pin", action: { kind: "deposit", amountMinor: state.amountMinor, network: state.network } };
    return invalid(state);
  },
};

/**
 * A Telecel Cash deposit waits for a voucher, which the caller gets by dialling *110# (so after
 * this session): the next Deposit asks for it, and passes it to the provider (submitDepositOtp).
 */
const depositVoucher: Menu<At<"depositVoucher">> = {
  show: (ctx, state) => {
    const d = getMyDeposit({ userId: accountOf(ctx), depositId: state.depositId });
    if (d.status !== "PENDING" || d.nextAction !== "enter_otp") return depositAmount.show(ctx, { at: "depositAmount" });
    // After a refusal, the short prompt: the screen before named the deposit.
    const prompt = state.error ? t(ctx)("ussd.deposit.voucherAgain") : t(ctx)("ussd.deposit.voucher", { amount: money(d.amountMinor), reference: d.reference });
    const lines = fitted([refused(ctx, state.error), prompt, option(1, t(ctx)("ussd.deposit.another")), back(ctx)]);
    return { screen: wants("depositVoucher", lines), state };
  },
  answer: async (ctx, state, input) => {
    if (input === "0") return { at: "main" };
    if (input === "1") return { at: "depositAmount" };
    const otp = readOtp(input);
    if (!otp.ok) return { ...state, error: msg("rules.otpFormat") };
    try {
      const after = await submitDepositOtp(asActor(ctx), { depositId: state.depositId, otp });
      // A wrong voucher: its words, and the voucher asked again.
      if (after.status === "PENDING" && after.nextAction === "enter_otp") return { ...state, error: depositMessage(after, ctx.locale) };
      return depositOutcome(ctx, after, "depositDone");
    } catch (error) {
      return { ...state, error: refusal(error) };
    }
  },
};

// ---- withdrawals ----

/**
 * Withdraw: a Verified account (the others are told why, in the tier rule's words) with a saved
 * mobile money destination that may receive money now (added on the web, past its cooling-off
 * hours), and a PIN.
 */
function withdrawStart(ctx: MenuContext): UssdState {
  return withPin(ctx, () => {
    const userId = accountOf(ctx);
    try {
      assertMayWithdraw(userId);
    } catch (error) {
      return outcome("cannotWithdraw", [refusal(error)]);
    }
    return mobileMoneyDestinationsReady(userId).length === 0 ? noDestination(ctx) : { at: "withdrawList", start: 0 };
  });
}

/** Why there is nothing to withdraw to: no mobile money destination (added on the web), or a new one still cooling off (until when). */
function noDestination(ctx: MenuContext): UssdState {
  const waiting = listMyDestinations(accountOf(ctx))
    .filter((d) => d.kind === "mobile_money")
    .map(destinationUsableAt)
    .filter((at) => at > nowIso())
    .sort();
  if (waiting.length > 0) return outcome("noDestination", [msg("ussd.withdraw.coolingOff", { when: formatInstant(waiting[0]) })]);
  return outcome("noDestination", [msg("ussd.withdraw.none", { site: ctx.site })]);
}

/** The account's mobile money destinations that may receive money now ("MTN MoMo ending 567"), as many to a page as fit. */
const withdrawList: Menu<At<"withdrawList">> = {
  show: (ctx, state) => {
    const ready = mobileMoneyDestinationsReady(accountOf(ctx));
    if (ready.length === 0) return outcomeMenu.show(ctx, noDestination(ctx) as At<"outcome">);
    const start = state.start < ready.length ? state.start : 0;
    const { lines, shown } = page({
      count: ready.length,
      start,
      most: 5,
      top: [said(ctx, state.error)],
      head: [t(ctx)("ussd.withdraw.title")],
      item: (index) => option(index - start + 1, said(ctx, maskedDestination(ready[index].label, ready[index].accountNumber))),
      foot: (hasMore) => (hasMore ? [more(ctx), back(ctx)] : [back(ctx)]),
    });
    const ids = ready.slice(start, start + shown).map((d) => d.id);
    return { screen: wants("withdrawList", lines), state: { at: "withdrawList", start, ids, more: start + shown < ready.length } };
  },
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "main" };
    const ids = state.ids ?? [];
    if (input === "9" && state.more) return { at: "withdrawList", start: state.start + ids.length };
    const chosen = /^\d$/.test(input) ? ids[Number(input) - 1] : undefined;
    return chosen === undefined ? invalid(state) : { at: "withdrawAmount", destinationId: chosen };
  },
};

/** The amount, checked by every rule of a withdrawal, run and rolled back (previewWithdrawal: the web's confirm step). */
const withdrawAmount: Menu<At<"withdrawAmount">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    const lines = fitted([
      refused(ctx, state.error),
      { line: say("ussd.balance.wallet", { amount: money(walletInfo(accountOf(ctx)).balanceMinor) }), drop: 1 },
      say("ussd.withdraw.enterAmount"),
      back(ctx),
    ]);
    return { screen: wants("withdrawAmount", lines, "decimal"), state };
  },
  answer: (ctx, state, input) => {
    if (input === "0") return { at: "withdrawList", start: 0 };
    try {
      const request = { amountMinor: parseWithdrawalAmount(input), destinationId: state.destinationId, unsaved: null };
      const { amountMinor } = previewWithdrawal(asActor(ctx), request);
      return { at: "withdrawConfirm", destinationId: state.destinationId, amountMinor };
    } catch (error) {
      return { ...state, error: refusal(error) };
    }
  },
};

/** 'Withdraw GHS x?' (the web's confirm prompt, in the screens' money format) and where it goes; 1 asks for the PIN. */
const withdrawConfirm: Menu<At<"withdrawConfirm">> = {
  show: (ctx, state) => {
    const d = mobileMoneyDestinationsReady(accountOf(ctx)).find((x) => x.id === state.destinationId);
    if (!d) return withdrawList.show(ctx, { at: "withdrawList", start: 0, error: msg("refusals.destinationNotFound") });
    // The amount in the money format of every other screen (the web's prompt echoes the amount as typed).
    const lines = withdrawConfirmLines(t(ctx), said(ctx, state.error), { amountMinor: state.amountMinor, destination: said(ctx, maskedDestination(d.label, d.accountNumber)) });
    return { screen: wants("withdrawConfirm", lines), state };
  },
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "withdrawAmount", destinationId: state.destinationId };
    if (input === "1") return { at: "pin", action: { kind: "withdraw", destinationId: state.destinationId, amountMinor: state.amountMinor } };
    return invalid(state);
  },
};

// ---- changing the PIN ----

/** The current PIN, checked at once (a wrong one counts toward the lock), then the new one twice: changePin. */
const changePinOld: Menu<At<"changePinOld">> = {
  show: (ctx, state) => ({ screen: wants("changePinOld", fitted([refused(ctx, state.error), t(ctx)("ussd.changePin.old"), back(ctx)]), "number"), state }),
  answer: async (ctx, state, input) => {
    if (input === "0") return { at: "main" };
    const old = readPinAttempt(input);
    const malformed = malformedPinAttempt(old);
    if (malformed) return { ...state, error: malformed };
    const check = await checkPin(asActor(ctx), old);
    if (!check.ok) return pinRefused(ctx, state, check);
    return { at: "changePinNew", sealedOld: seal(old) };
  },
};

const changePinNew: Menu<At<"changePinNew">> = {
  show: (ctx, state) => ({
    screen: wants("changePinNew", fitted([refused(ctx, state.error), t(ctx)("ussd.changePin.new", { min: PIN_MIN_DIGITS, max: PIN_MAX_DIGITS }), back(ctx)]), "number"),
    state,
  }),
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "main" };
    try {
      const chosen = readNewPin(input, "new_pin");
      if (chosen === unseal(state.sealedOld)) return { ...state, error: msg("refusals.pinSame") };
      return { at: "changePinAgain", sealedOld: state.sealedOld, sealedNew: seal(chosen) };
    } catch (error) {
      return { ...state, error: refusal(error) };
    }
  },
};

const changePinAgain: Menu<At<"changePinAgain">> = {
  show: (ctx, state) => ({ screen: wants("changePinAgain", [said(ctx, state.error), t(ctx)("ussd.pinAgain"), back(ctx)], "number"), state }),
  answer: async (ctx, state, input) => {
    const { sealedOld } = state;
    if (input === "0") return { at: "changePinNew", sealedOld };
    const chosen = unseal(state.sealedNew);
    if (input !== chosen) return { at: "changePinNew", sealedOld, error: msg("refusals.pinsDiffer") };
    try {
      await changePin(asActor(ctx), { oldPin: unseal(sealedOld), newPin: readNewPin(chosen, "new_pin") });
      return outcome("pinChanged", [msg("ussd.changePin.done")]);
    } catch (error) {
      // The old PIN checked a moment ago and now refused: locked meanwhile, or changed elsewhere.
      return outcome(error instanceof DomainError && error.ref?.msg === "refusals.pinLocked" ? "pinLocked" : "refused", [refusal(error)]);
    }
  },
};

// ---- the end of a session ----

/** How something ended: its lines, the first one cut to the room left (a rule's words, in any language). */
const outcomeMenu: Menu<At<"outcome">> = {
  show: (ctx, state) => ({ screen: ends(state.name, fitted(state.lines.map((line, i) => (i === 0 ? refused(ctx, line) : said(ctx, line))))), state }),
  answer: (_ctx, state) => state,
};

const MENUS: { [P in Place]: Menu<At<P>> } = {
  main,
  newcomer,
  sharedNumber,
  adminNumber,
  registerName,
  registerPin,
  registerPinAgain,
  balance,
  holdings,
  language,
  investList,
  investUnits,
  investConfirm,
  depositAmount,
  depositNetwork,
  depositConfirm,
  depositVoucher,
  withdrawList,
  withdrawAmount,
  withdrawConfirm,
  pin,
  changePinOld,
  changePinNew,
  changePinAgain,
  outcome: outcomeMenu,
};

/** The places a number without an account may be (and an admin's: its END screen). */
const WITHOUT_ACCOUNT: readonly Place[] = ["newcomer", "sharedNumber", "adminNumber", "language", "registerName", "registerPin", "registerPinAgain", "outcome"];

/** A state this caller may be in: a caller without an account is never past the newcomer's screens. */
const allowed = (ctx: MenuContext, state: UssdState): UssdState => (ctx.actor || WITHOUT_ACCOUNT.includes(state.at) ? state : { at: "newcomer" });

/** The screen of a state (a session's first, or one shown again). */
export function show(ctx: MenuContext, state: UssdState): Step {
  const at = allowed(ctx, state);
  return (MENUS[at.at] as Menu<UssdState>).show(ctx, at);
}

/** What an input leads to: the next state, and its screen. */
export async function advance(ctx: MenuContext, state: UssdState, input: string): Promise<Step> {
  const at = allowed(ctx, state);
  const next = await (MENUS[at.at] as Menu<UssdState>).answer(ctx, fresh(at), input.trim());
  return show(ctx, next);
}

/** The screens that end a session whatever its state. */
export function closing(locale: Language, reason: "timedOut" | "goodbye" | "fault" | "otherNumber"): Screen {
  return screen(reason, [translatorFor(locale)(`ussd.${reason}`)], null);
}
