import type { MessageId } from "~/catalog/en";
import type { MessageRef } from "~/catalog/format";
import { render, translatorFor } from "~/catalog/index.server";
import type { Language } from "~/catalog/languages";
import { msg } from "~/catalog/ref";
import { chooseLanguage } from "~/commands/account.server";
import { calendarDateOrNull } from "~/domain/calendar";
import { DomainError } from "~/domain/errors";
import { buyingState, readUnitCount, sellsUnitsNow } from "~/domain/investing";
import { portfolioTotals } from "~/domain/payouts";
import { expectedPayoutAfterTax } from "~/domain/schedules";
import { parseMoneyAmount } from "~/domain/wallet";
import { today } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { getBatch, listBatches } from "~/models/batch.server";
import { listMyInvestments, previewInvestment } from "~/models/investment.server";
import { assertDepositWithinLimits } from "~/models/kyc.server";
import { walletInfo } from "~/models/ledger.server";
import { listReceivedPayouts, nextPayouts } from "~/models/payout.server";
import { fitted, option, page, screen, squeezed, type InputKind, type Screen, type Shrinkable } from "~/ussd/screen";
import type { Place, UssdState } from "~/ussd/state";

/**
 * The USSD menus: for each place a caller can be (app/ussd/state.ts), the screen it shows and what
 * an input there leads to. Screens read through the models and change things only through
 * commands; their words come from the catalog in the session's language. The engine
 * (app/ussd/engine.server.ts) stores the state between requests and answers the gateway.
 *
 * Adding a place: its state in state.ts, its Menu here (show, answer), an entry that leads to it.
 *
 * THE PIN SEAM. Money moves need the caller's USSD PIN (the PIN work: `checkPin`, `changePin`,
 * `registerByPhone`). Until it lands, four things end at `notYet` (the web address): Withdraw and
 * Change PIN on the main menu (MAIN_ENTRIES), and "1. Confirm" on investConfirm and depositConfirm
 * (`confirmInvestment`, `confirmDeposit`). Wiring the PIN is: a `pin` place whose answer runs
 * `checkPin` and then the money command with `ctx.commandKey` as its idempotency key (a request
 * the gateway repeats after a lost answer then replays, never buys twice), those two functions
 * leading to it, and a "Register" entry in NEWCOMER_ENTRIES (an empty list makes the newcomer's
 * screen an END screen pointing to the web).
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
const confirm = (ctx: MenuContext) => option(1, t(ctx)("ussd.confirm"));
const invalid = <S extends UssdState>(state: S): S => ({ ...state, error: msg("ussd.invalidChoice") });
/** The state without the refusal shown above it (an input answers it). */
const fresh = <S extends UssdState>(state: S): S => ({ ...state, error: undefined });
const wants = (name: Place, lines: readonly string[], input: InputKind = "text") => screen(name, lines, input);
const ends = (name: Place, lines: readonly string[]) => screen(name, lines, null);
const accountOf = (ctx: MenuContext) => {
  if (!ctx.actor) throw new Error("A USSD account screen was reached without an account.");
  return ctx.actor.id;
};
/** The rule's own refusal (a DomainError's or a command's HttpError's message), kept on the state to show above the screen. */
function refusal(error: unknown): MessageRef | string {
  if (error instanceof DomainError || error instanceof HttpError) return error.ref ?? error.detail;
  throw error;
}

/** A menu entry: its words (an id of the main menu's namespace) and the place it leads to. */
type Entry = { label: Extract<MessageId, `ussd.main.${string}`>; to: () => UssdState };

/** The main menu of a caller with an account, in the order the keys number them. */
const MAIN_ENTRIES: Entry[] = [
  { label: "ussd.main.balance", to: () => ({ at: "balance" }) },
  { label: "ussd.main.invest", to: () => ({ at: "investList", start: 0 }) },
  { label: "ussd.main.deposit", to: () => ({ at: "depositAmount" }) },
  { label: "ussd.main.holdings", to: () => ({ at: "holdings", start: 0 }) },
  // The PIN seam: withdrawing needs the PIN.
  { label: "ussd.main.withdraw", to: () => ({ at: "notYet" }) },
  { label: "ussd.main.language", to: () => ({ at: "language" }) },
  // The PIN seam: changePin.
  { label: "ussd.main.changePin", to: () => ({ at: "notYet" }) },
];

/** What a number no account holds may do by USSD. The PIN seam: registering (registerByPhone) is its first entry. */
const NEWCOMER_ENTRIES: Entry[] = [];

/** The entry a key chose (1 is the first), or null. */
function entryFor(entries: readonly Entry[], input: string): Entry | null {
  const key = /^\d{1,2}$/.test(input) ? Number(input) : 0;
  return key >= 1 && key <= entries.length ? entries[key - 1] : null;
}

const entryLines = (ctx: MenuContext, entries: readonly Entry[]) => entries.map((e, i) => option(i + 1, t(ctx)(e.label)));

const main: Menu<At<"main">> = {
  show: (ctx, state) => ({ screen: wants("main", [said(ctx, state.error ?? state.notice), ...entryLines(ctx, MAIN_ENTRIES)]), state }),
  answer: (_ctx, _state, input) => entryFor(MAIN_ENTRIES, input)?.to() ?? invalid({ at: "main" }),
};

const newcomer: Menu<At<"newcomer">> = {
  show: (ctx, state) => {
    const where = t(ctx)("ussd.unknownNumber", { site: ctx.site });
    if (NEWCOMER_ENTRIES.length === 0) return { screen: ends("newcomer", [where]), state };
    return { screen: wants("newcomer", [said(ctx, state.error), where, ...entryLines(ctx, NEWCOMER_ENTRIES)]), state };
  },
  answer: (_ctx, state, input) => entryFor(NEWCOMER_ENTRIES, input)?.to() ?? invalid(state),
};

const sharedNumber: Menu<At<"sharedNumber">> = {
  show: (ctx, state) => ({ screen: ends("sharedNumber", [t(ctx)("ussd.sharedNumber", { site: ctx.site })]), state }),
  answer: (_ctx, state) => state,
};

/** A screen whose only way on is 0, back to the main menu. */
function leaf<P extends Place>(name: P, lines: (ctx: MenuContext, state: At<P>) => string[]): Menu<At<P>> {
  return {
    show: (ctx, state) => ({ screen: wants(name, [said(ctx, state.error), ...lines(ctx, state), back(ctx)]), state }),
    answer: (_ctx, state, input) => (input === "0" ? { at: "main" } : invalid(state)),
  };
}

const money = (minor: number) => ({ money: minor });

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

/** Each active holding and its next payout after tax (the portfolio's figures), the soonest first, as many to a page as fit. */
const holdings: Menu<At<"holdings">> = {
  show: (ctx, state) => {
    const userId = accountOf(ctx);
    const say = t(ctx);
    const active = listMyInvestments(userId)
      .filter((i) => i.status === "ACTIVE")
      .map((i) => ({ ...i, batchStartDate: calendarDateOrNull(i.batchStartDate) }));
    const held = new Map(active.map((i) => [i.id, i.unitsHeld]));
    const due = nextPayouts(active, today(), getEnv().WITHHOLDING_TAX_RATE);
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
        return p.date ? say("ussd.holdings.item", { ...what, amount: money(p.expected.netMinor), date: p.date }) : say("ussd.holdings.itemWaiting", what);
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

/** English or Twi, kept on the account (its emails and SMS follow it), and the screens from the next one on. */
const language: Menu<At<"language">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    const choices = LANGUAGE_CHOICES.map((l, i) => option(i + 1, say(`common.language.${l}`)));
    return { screen: wants("language", [said(ctx, state.error), say("ussd.language.title"), ...choices, back(ctx)]), state };
  },
  answer: (ctx, state, input) => {
    if (input === "0") return { at: "main" };
    const chosen = /^\d$/.test(input) ? LANGUAGE_CHOICES[Number(input) - 1] : undefined;
    if (!chosen) return invalid(state);
    chooseLanguage({ actor: { id: accountOf(ctx) }, key: null }, { language: chosen });
    ctx.locale = chosen;
    return { at: "main", notice: msg("ussd.language.set", { language: msg(`common.language.${chosen}`) }) };
  },
};

/** An expected return as the list shows it: 1.25%/mo, 12%/cycle. */
const roiOf = (productType: "EGG" | "CHICKEN", roi: number) => msg(`ussd.invest.roi.${productType}`, { rate: { number: Math.round(roi * 10_000) / 100 } });

/** The batches that sell units now (new units of OPEN batches, early-exit units of laying ones), five to a page. */
const investList: Menu<At<"investList">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    const open = listBatches().filter(sellsUnitsNow);
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
        const line = say("ussd.invest.item", {
          product: { msg: PRODUCT[b.productType] },
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

/** How many units: the batch, its price and what is left, the wallet; checked by the rules of buying (their messages word for word). */
const investUnits: Menu<At<"investUnits">> = {
  show: (ctx, state) => {
    const say = t(ctx);
    const b = getBatch(state.batchId);
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
      { line: say("ussd.invest.enterUnits"), drop: 4 },
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

/** What the units cost and the income expected from them after tax (as the invest dialog says it); confirming needs the PIN. */
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
    const net = money(expected.incomeMinor - expected.taxMinor);
    const lines = [
      said(ctx, state.error),
      say("ussd.invest.cost", { units: { msg: "ledger.units", params: { count: state.units } }, batchId: b.id, cost: money(costMinor) }),
      b.productType === "EGG" ? say("ussd.invest.income.EGG", { net }) : say("ussd.invest.income.CHICKEN", { net, cost: money(costMinor) }),
      confirm(ctx),
      back(ctx),
    ];
    return { screen: wants("investConfirm", lines), state };
  },
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "investUnits", batchId: state.batchId, listStart: state.listStart };
    if (input === "1") return confirmInvestment();
    return invalid(state);
  },
};

/**
 * The PIN seam: given the context and the investConfirm state, ask for the PIN, then
 * `invest({ actor, key: ctx.commandKey }, { batchId, units, acceptedTerms: true, autoReinvest: false })`. Until then: the web.
 */
function confirmInvestment(): UssdState {
  return { at: "notYet" };
}

/** The amount to deposit, read and checked as the deposit form reads it (format, ceiling, the tier's limits). */
const depositAmount: Menu<At<"depositAmount">> = {
  show: (ctx, state) => ({ screen: wants("depositAmount", fitted([refused(ctx, state.error), { line: t(ctx)("ussd.deposit.enterAmount"), drop: 1 }, back(ctx)]), "decimal"), state }),
  answer: (ctx, state, input) => {
    if (input === "0") return { at: "main" };
    try {
      const amountMinor = parseMoneyAmount(input);
      assertDepositWithinLimits(accountOf(ctx), amountMinor);
      return { at: "depositConfirm", amountMinor };
    } catch (error) {
      return { ...state, error: refusal(error) };
    }
  },
};

const depositConfirm: Menu<At<"depositConfirm">> = {
  show: (ctx, state) => ({
    screen: wants("depositConfirm", [said(ctx, state.error), t(ctx)("ussd.deposit.confirm", { amount: money(state.amountMinor) }), confirm(ctx), back(ctx)]),
    state,
  }),
  answer: (_ctx, state, input) => {
    if (input === "0") return { at: "depositAmount" };
    if (input === "1") return confirmDeposit();
    return invalid(state);
  },
};

/**
 * The PIN seam: given the context and the depositConfirm state, ask for the PIN, then
 * `startDeposit({ actor, key: ctx.commandKey }, ...)`: mobile money from the phone that dials. Until then: the web.
 */
function confirmDeposit(): UssdState {
  return { at: "notYet" };
}

const notYet = leaf("notYet", (ctx) => [t(ctx)("ussd.notYet", { site: ctx.site })]);

const MENUS: { [P in Place]: Menu<At<P>> } = {
  main,
  newcomer,
  sharedNumber,
  balance,
  holdings,
  language,
  investList,
  investUnits,
  investConfirm,
  depositAmount,
  depositConfirm,
  notYet,
};

/** The places a number without an account may be. */
const WITHOUT_ACCOUNT: readonly Place[] = ["newcomer", "sharedNumber"];

/** A state this caller may be in: a caller without an account is never past the newcomer's screen. */
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
export function closing(locale: Language, reason: "timedOut" | "goodbye" | "fault"): Screen {
  return screen(reason, [translatorFor(locale)(`ussd.${reason}`)], null);
}
