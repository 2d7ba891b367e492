import { msg } from "~/catalog/ref";
import { errorField, logger } from "~/lib/logger.server";
import { fieldErrors } from "~/forms/parse.server";
import { data } from "@remix-run/node";
import { DomainError } from "~/domain/errors";
import {
  calculate,
  CALC_DEFAULT_AMOUNT,
  CERTIFICATIONS,
  chickenSummary,
  defaultUnits,
  DEMO_BATCHES,
  feedCostText,
  investDates,
  listHref,
  mapsHref,
  parseListQuery,
  percent,
  queryBatches,
  riskOf,
  roiLines,
  timeline,
  type DemoBatch,
  type ListQuery,
} from "~/pages/invest-list";
import { latestFarmReadings } from "~/models/farm-log.server";
import { sensorView, sensorViews, type SensorView } from "~/pages/farm-readings.server";
import { availableToBuyer, buyingState, checkEarlyExit, checkInvestment, readUnitCount, readUnitsShown, type UnitCount } from "~/domain/investing";

import { formatGhs } from "~/domain/money";
import type { ProductType } from "~/domain/types";
import { renderLineChartSvg } from "~/lib/charts.server";
import { today } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { paidPeriods } from "~/models/payout.server";
import { HttpError } from "~/lib/http.server";
import { newIdempotencyKey, pageError, readPageForm } from "~/lib/page-action.server";
import { receiptHref } from "~/pages/portfolio";
import { getUser, redirectWithFlash } from "~/auth/session.server";
import { getBatch, listBatches, type BatchView } from "~/models/batch.server";
import { investmentRef, listMyInvestments, ownOffersByBatch } from "~/models/investment.server";
import { invest, requestEarlyExit } from "~/commands/investing.server";
import { walletBalanceMinor } from "~/models/ledger.server";
import { InvestFormSchema } from "~/forms/invest.server";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor, type Translate } from "~/catalog/index.server";
import type { Locale } from "~/catalog/format";

/**
 * The Egg Note and Chicken Note pages: the batch list (filters and sort over the URL, on the
 * server), the cards' figures and charts, the invest and exit dialogs (?dialog=...&batch=...) and
 * their one action. Kept in a .server module so zod and nivo never reach the browser bundle.
 */

type CardSource = BatchView | DemoBatch;

const productColor = (type: ProductType) => (type === "EGG" ? "#d97706" : "#166534");

/** Everything a card shows, ready to render (money stays in pesewas). */
export function toCardData(b: CardSource, sensor: SensorView, { demo, now, t }: { demo: boolean; now: string; t: Translate }) {
  const history = b.history.map((p) => ({ x: p.label, y: p.roiPercent }));
  const risk = riskOf(b);
  return {
    id: b.id,
    demo,
    farmName: b.farmName,
    location: b.location,
    productType: b.productType,
    status: b.status,
    unitPriceMinor: b.unitPriceMinor,
    availableUnits: b.availableUnits,
    targetUnits: b.targetUnits,
    unitsPlaced: b.unitsPlaced,
    unitsOffered: "unitsOffered" in b ? b.unitsOffered : 0,
    expectedRoi: b.expectedRoi,
    roi: roiLines(b, t),
    feedCost: feedCostText(b.feedPriceMinor, t),
    mortality: percent(b.mortalityRate),
    startDate: b.startDate,
    mapsHref: mapsHref(b.location),
    sensor,
    chartSvg: renderLineChartSvg([{ id: `batch-${b.id}`, points: history, color: productColor(b.productType) }], 240, 56, {
      label: demo ? t("batchFacts.chartDemo", { id: b.id }) : t("batchFacts.chart", { id: b.id }),
      area: true,
    }),
    certifications: CERTIFICATIONS[b.productType].map((id) => t(id)),
    timeline: timeline(b, now, t),
    risk,
  };
}
export type CardData = ReturnType<typeof toCardData>;

/** The batches of a type, or null when reading them failed. */
function readBatches(type: ProductType): BatchView[] | null {
  try {
    return listBatches({ productType: type });
  } catch (error) {
    logger.error({ err: errorField(error) }, "page data could not be read");
    return null;
  }
}

/** Each batch's sensor strip: its device's latest reading, else the farm's daily log (labelled so), else none. */
function readSensors(ids: number[], t: Translate): Map<number, SensorView> {
  try {
    return sensorViews(ids, latestFarmReadings(ids), t);
  } catch (error) {
    logger.error({ err: errorField(error) }, "page data could not be read");
    return new Map();
  }
}

function unitsHeldIn(userId: number, batchId: number) {
  return listMyInvestments(userId)
    .filter((i) => i.batchId === batchId && i.status === "ACTIVE")
    .reduce((s, i) => s + i.unitsHeld, 0);
}

function unitsOfferedBy(userId: number, batchId: number) {
  return ownOffersByBatch(userId).get(batchId) ?? 0;
}

/** The money core's early-exit answer for these units (one, before the investor types), or null when an exit could go ahead. */
function exitNotice(batch: BatchView, unitsHeld: number, unitsAlreadyOffered: number, locale: Locale, units: UnitCount = readUnitCount(1)): string | null {
  try {
    checkEarlyExit({ batch, units, today: today(), unitsHeld, unitsAlreadyOffered });
    return null;
  } catch (error) {
    if (error instanceof DomainError) return detailIn(locale, error);
    throw error;
  }
}

/** Why a batch's card offers no Exit (the exit rule's own words), or null where exit is allowed. */
function exitClosedBecause(batch: BatchView, locale: Locale): string | null {
  // Any holder's answer: the batch-wide checks (product, status, one month after start) come first.
  return exitNotice(batch, 1, 0, locale);
}

const feePercent = (rate: number) => percent(rate, Math.round(rate * 1000) % 10 === 0 ? 0 : 1);

/**
 * What the exit dialog needs before anything is sent: the units to show (typed: ?units=, the "Check
 * the cost" button; else the default) and the fee's rate, from which the dialog works out the price,
 * the fee and what the investor receives by the exit rule itself (exitProceeds) for the units in its
 * field, as they are typed with JavaScript; and, for typed units, the rule's answer to them.
 */
function exitPreview(batch: BatchView, held: { unitsHeld: number; unitsOffered: number }, asked: string | null, locale: Locale) {
  const canOffer = Math.max(0, held.unitsHeld - held.unitsOffered);
  const typed = asked === null ? null : readUnitCount(asked);
  const units = typed?.ok ? typed.units : defaultUnits(canOffer);
  const feeRate = getEnv().EARLY_EXIT_FEE_RATE;
  return {
    canOffer,
    unitsOffered: held.unitsOffered,
    value: asked ?? String(units),
    feeRate,
    feeLabel: feePercent(feeRate),
    unitsError: typed ? exitNotice(batch, held.unitsHeld, held.unitsOffered, locale, typed) : null,
  };
}

/**
 * The units the invest dialog's figures are for: those typed (?units=, its "Check the cost" button,
 * which is how a page without JavaScript shows the cost of what the investor typed), else the
 * default; and, for typed units, the buying rule's answer to them (the terms box aside).
 */
function investPreview(batch: BatchView, walletMinor: number, ownOfferedUnits: number, asked: string | null, locale: Locale) {
  if (asked === null) return { value: String(defaultUnits(batch.availableUnits)), error: null };
  try {
    checkInvestment({ batch, units: readUnitCount(asked), walletMinor, ownOfferedUnits });
    return { value: asked, error: null };
  } catch (error) {
    if (error instanceof DomainError) return { value: asked, error: detailIn(locale, error) };
    throw error;
  }
}

/** What a "Check the cost" button (a GET of this page) needs to reopen its dialog on the same list, the units aside. */
export function checkTarget(here: string) {
  const check = new URL(here, "http://x");
  return { action: check.pathname, fields: [...check.searchParams].filter(([k]) => k !== "units") };
}

/**
 * What a dialog that buys units of a batch (the invest dialog, the portfolio's Reinvest) says before
 * anything is sent, for the units `params` asks about (?units=, its "Check the cost") or the default:
 * the units and the buying rule's answer to them, the most that can be typed, the dates, and what
 * the income is worked out from.
 */
/** What a buying dialog shows, for a batch as the buyer may buy from it (availableToBuyer). */
export function buyingFigures(batch: BatchView, walletMinor: number, params: URLSearchParams, locale: Locale) {
  return {
    units: investPreview(batch, walletMinor, 0, params.get("units")?.slice(0, 20) ?? null, locale),
    maxUnits: Math.max(1, batch.availableUnits),
    // What the dialog says before the button is pressed: income after tax, dates, the way out.
    dates: investDates(batch, batch.productType === "EGG" && batch.startDate ? paidPeriods(batch.id) : [], today()),
    taxRate: getEnv().WITHHOLDING_TAX_RATE,
  };
}

/** The open dialog, read from the URL on the server so a plain link opens it. */
function loadDialog(type: ProductType, query: ListQuery, params: URLSearchParams, batches: BatchView[], user: { id: number } | null, locale: Locale) {
  const t = translatorFor(locale);
  const kind = params.get("dialog");
  if (kind !== "invest" && (kind !== "exit" || type !== "EGG")) return null;
  const batchId = Number(params.get("batch"));
  const here = listHref(type, query, { dialog: kind, batch: params.get("batch") });
  // Closing returns to the batch's card (#batch-<id>), where the investor opened the dialog.
  const closeTo = listHref(type, query, {}, Number.isSafeInteger(batchId) && batchId > 0 ? batchId : null);
  const batch = Number.isSafeInteger(batchId) ? batches.find((b) => b.id === batchId) : undefined;
  if (!batch) return { kind: "missing" as const, closeTo, message: t("rules.batchNotFound") };
  const summary = {
    id: batch.id,
    farmName: batch.farmName,
    location: batch.location,
    status: batch.status,
    unitPriceMinor: batch.unitPriceMinor,
    availableUnits: batch.availableUnits,
    targetUnits: batch.targetUnits,
    expectedRoi: batch.expectedRoi,
    startDate: batch.startDate,
  };
  if (!user)
    return {
      kind: "login" as const,
      action: kind,
      closeTo,
      batch: summary,
      loginHref: `/login?${new URLSearchParams({ redirectTo: here })}`,
      registerHref: `/register?${new URLSearchParams({ redirectTo: here })}`,
    };
  const common = { closeTo, action: here, batch: summary, walletMinor: walletBalanceMinor(user.id), idempotencyKey: newIdempotencyKey() };
  if (kind === "invest") {
    const state = buyingState(batch);
    // A batch that cannot sell says why instead of offering a form ("Between 1 and 1").
    const notice = state === "closed" ? t("rules.batchNotOpen") : state === "sold-out" ? t("rules.batchSoldOut", { batchId: batch.id }) : null;
    return {
      kind: "invest" as const,
      ...common,
      notice,
      ...buyingFigures(batch, common.walletMinor, params, locale),
      check: checkTarget(here),
      // The boxes "Check the cost" sent ticked stay ticked: checking the cost changes no choice.
      ticked: { terms: params.get("terms") === "on", autoReinvest: params.get("auto_reinvest") === "on" },
    };
  }
  const unitsHeld = unitsHeldIn(user.id, batch.id);
  const unitsOffered = unitsOfferedBy(user.id, batch.id);
  const notice = exitNotice(batch, unitsHeld, unitsOffered, locale);
  // The units typed, else the default of 10 but never more than the investor can still offer.
  const preview = exitPreview(batch, { unitsHeld, unitsOffered }, params.get("units")?.slice(0, 20) ?? null, locale);
  return {
    kind: "exit" as const,
    ...common,
    maxUnits: Math.max(1, batch.targetUnits),
    unitsHeld,
    notice,
    preview: { ...preview, unitsError: notice ? null : preview.unitsError },
    // "Check the cost" asks this page again by GET with the units typed, keeping the list's filters and the dialog.
    check: checkTarget(here),
  };
}

export async function investPageLoader(type: ProductType, request: Request) {
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(type, params);
  const user = await getUser(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const listed = readBatches(type);
  // A signed-in investor sees what they may buy: their own exit offers are not for sale to them.
  const ownOffers = user ? ownOffersByBatch(user.id) : new Map<number, number>();
  const batches = listed && listed.map((b) => availableToBuyer(b, ownOffers.get(b.id) ?? 0));
  const demo = !batches || batches.length === 0;
  const now = today();
  const source: CardSource[] = demo ? DEMO_BATCHES[type] : batches;
  const shown = queryBatches(source, query);
  // Demo batches have no device: their strips say so.
  const sensors = demo
    ? new Map<number, SensorView>()
    : readSensors(
        shown.map((b) => b.id),
        t,
      );
  const cards = shown.map((b) => ({
    ...toCardData(b, sensors.get(b.id) ?? sensorView(undefined, undefined, t), { demo, now, t }),
    // Exit is offered only where the exit rule allows it; elsewhere the card says why (demo cards offer nothing).
    exitWhy: demo ? null : exitClosedBecause(b as BatchView, locale),
  }));

  let calculator = null;
  if (type === "EGG") {
    const amount = (params.get("amount") ?? String(CALC_DEFAULT_AMOUNT)).slice(0, 20);
    // Short option text that a 360 px select shows whole; the chosen batch's farm shows under it.
    const choices = source.map((b) => ({
      id: b.id,
      label: t("batchFacts.calcChoice", { id: b.id, price: formatGhs(b.unitPriceMinor) }),
      farm: `${b.farmName}, ${b.location}`,
      unitPriceMinor: b.unitPriceMinor,
      availableUnits: b.availableUnits,
      expectedRoi: b.expectedRoi,
    }));
    const wanted = Number(params.get("calc_batch"));
    // Default: the first batch of the list as shown that still has units the amount can buy.
    const buyable = shown.filter((b) => b.availableUnits > 0);
    const amountMinor = Math.round(Number(amount) * 100);
    const firstBuyable = (buyable.find((b) => b.unitPriceMinor <= amountMinor) ?? buyable[0])?.id;
    const chosen = choices.find((c) => c.id === wanted) ?? choices.find((c) => c.id === firstBuyable) ?? choices[0] ?? null;
    const taxRate = getEnv().WITHHOLDING_TAX_RATE;
    const result = calculate(amount, chosen, taxRate);
    // The visitor has not asked yet: show the figures, not an error.
    const asked = params.has("amount") || params.has("calc_batch");
    calculator = { amount, batchId: chosen?.id ?? null, choices, taxRate, result: asked ? result : { ...result, error: null } };
  }

  const dialog = demo ? null : loadDialog(type, query, params, batches, user, locale);
  return {
    // The dialogs' words only while one is open: they would weigh on every list otherwise.
    words: wordsFor(locale, dialog ? ["invest", "batchCard", "money", "explain", "investDialogs"] : ["invest", "batchCard", "money", "explain"]),
    title: t(`invest.title.${type}`),
    description: t(`invest.description.${type}`),
    type,
    query,
    loggedIn: Boolean(user),
    demo,
    demoNotice: demo ? t(`batchFacts.loadFailed.${type}`) : null,
    totalCount: source.length,
    cards,
    summary: type === "CHICKEN" ? chickenSummary(source) : null,
    calculator,
    // Withholding tax, explained on the page at the rate the payouts take.
    taxRate: getEnv().WITHHOLDING_TAX_RATE,
    dialog,
  };
}

// ---- the dialogs' action ----

const FALLBACK = { invest: "investorTexts.failed.invest", exit: "investorTexts.failed.request" } as const;

export async function investPageAction(type: ProductType, request: Request) {
  const url = new URL(request.url);
  const query = parseListQuery(type, url.searchParams);
  const values = await readPageForm(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const parsed = InvestFormSchema.safeParse(values);
  if (!parsed.success) return data({ ok: false as const, errors: fieldErrors(parsed.error, rendererFor(locale)), values }, { status: 400 });
  const form = parsed.data;
  const user = await getUser(request);
  if (!user) return data({ ok: false as const, errors: { form: t("rules.loginToInvest") } as Record<string, string>, values }, { status: 401 });
  const batch = getBatch(form.batch_id);
  if (!batch || batch.productType !== type) return data({ ok: false as const, errors: { form: t("rules.batchNotFound") } as Record<string, string>, values }, { status: 404 });
  if (form.intent === "exit" && type !== "EGG") return data({ ok: false as const, errors: { form: t("rules.chickenLocked") } as Record<string, string>, values }, { status: 409 });
  try {
    const ctx = { actor: user, key: form.idempotency_key || null };
    const units = readUnitCount(form.units);
    // The units the dialog's figures were for when it was sent: the rules buy or offer no other number.
    const unitsShown = readUnitsShown(form.shown_units);
    if (form.intent === "invest") {
      const { investment } = invest(ctx, { batchId: batch.id, units, acceptedTerms: form.terms === "on", autoReinvest: form.auto_reinvest === "on", unitsShown });
      return redirectWithFlash(listHref(type, query, {}, batch.id), {
        kind: "success",
        message: msg("investorTexts.investmentConfirmed", { count: investment.units, batchId: batch.id, amount: { money: investment.amountMinor } }),
        more: msg("investorTexts.reference", { reference: investmentRef(investment.id) }),
        link: { href: receiptHref(investment.id), text: msg("investorTexts.viewReceipt") },
      });
    }
    requestEarlyExit(ctx, { batchId: batch.id, units, unitsShown });
    return redirectWithFlash(listHref(type, query, {}, batch.id), { kind: "success", message: msg("rules.earlyExitSubmitted") });
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError) return pageError(error, values, locale);
    logger.error({ err: errorField(error) }, "page action failed");
    return data({ ok: false as const, errors: { form: t(FALLBACK[form.intent]) } as Record<string, string>, values }, { status: 500 });
  }
}
