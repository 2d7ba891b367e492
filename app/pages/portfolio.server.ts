import { accountLabel } from "~/domain/account";
import type { Locale } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { errorField, logger } from "~/lib/logger.server";
import { localeOf, render, rendererFor, translatorFor, wordsFor, type Translate } from "~/catalog/index.server";
import { contactStatus } from "~/models/contacts.server";
import { kycOverview } from "~/models/kyc.server";
import {
  EXITS_ANCHOR,
  NOTICES_ANCHOR,
  ListedInvestment,
  atAnchor,
  autoReinvestAnchor,
  autoReinvestOn,
  chartPoints,
  filterParams,
  investmentAnchor,
  pageOf,
  parsePortfolioQuery,
  portfolioHref,
  prefillAmount,
  receiptHref,
  queryInvestments,
  withdrawPrompt,
  withQuery,
} from "~/pages/portfolio";
import { listExitRequests, listMyInvestments, getInvestmentReceipt, getMyInvestment, investmentRef, listPayoutsForInvestment, ownOffersByBatch } from "~/models/investment.server";
import { cancelEarlyExit, reinvest, setAutoReinvest } from "~/commands/investing.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { DomainError } from "~/domain/errors";

import { calendarDateOrNull } from "~/domain/calendar";
import { portfolioTotals } from "~/domain/payouts";
import { getEnv } from "~/lib/env.server";
import type { BatchStatus, ProductType } from "~/domain/types";
import { now, today } from "~/lib/clock.server";
import { listReceivedPayouts, nextPayouts } from "~/models/payout.server";
import { availableToBuyer, buyingState, holdingParts, readUnitCount, readUnitsShown } from "~/domain/investing";
import { renderLineChartSvg } from "~/lib/charts.server";
import { HttpError } from "~/lib/http.server";
import { newIdempotencyKey, orNotFound, pageError, notFoundResponse, readPageForm } from "~/lib/page-action.server";
import { redirectWithFlash, requireUser } from "~/auth/session.server";
import { batchAvailability, getBatch } from "~/models/batch.server";
import { countUnreadNotifications, listNotifications } from "~/models/notification.server";
import { markNoticesRead } from "~/commands/notices.server";
import { walletBalanceMinor, walletInfo } from "~/models/ledger.server";
import { buyingFigures, checkTarget } from "~/pages/invest.server";
import { momoNetworks, withdrawTarget, PortfolioActionSchema } from "~/forms/portfolio.server";
import { fieldErrors, readId, renderMessages } from "~/forms/parse.server";
import { walletStatement } from "~/models/wallet.server";
import { listMyDeposits } from "~/models/deposit.server";
import { parseWithdrawalAmount } from "~/domain/wallet";
import { listMyDestinations, listMyWithdrawals, namesNoDestination, NETWORK_LABELS, withdrawalMessage } from "~/models/withdrawal.server";
import { previewWithdrawal, requestWithdrawal, startDeposit } from "~/commands/payments.server";
import { checkoutRedirect, depositReturnUrl, destinationOption, readDepositRequest } from "~/pages/payments.server";
import { depositDone, depositStatusHref, PAYMENTS_ANCHOR, withdrawalRequested, withdrawalSent } from "~/pages/payments";
import { MOMO_NETWORKS, paymentsSettleAtOnce } from "~/integrations/payments/index.server";
import { phoneForDisplay } from "~/pages/account";
import { depositMessage } from "~/models/deposit.server";
/** The portfolio page's reads, shaped for its table and filters. */

type PortfolioInvestment = ListedInvestment & { productType: ProductType; batchStatus: BatchStatus; batchStartDate: string | null; expectedRoi: number };

/** The investor's investments in the shape the portfolio's pure filters take (amounts in pesewas). */
export function listPortfolioInvestments(userId: number): PortfolioInvestment[] {
  return listMyInvestments(userId).map((i) => ({
    id: i.id,
    batchId: i.batchId,
    units: i.units,
    amountMinor: i.amountMinor,
    unitsHeld: i.unitsHeld,
    unitPriceMinor: i.unitPriceMinor,
    status: i.status,
    createdAt: i.createdAt,
    autoReinvest: i.autoReinvest,
    productType: i.productType,
    batchStatus: i.batchStatus,
    batchStartDate: calendarDateOrNull(i.batchStartDate),
    expectedRoi: i.expectedRoi,
  }));
}

/** Early-exit offers still waiting for a buyer (the ones the investor may cancel). */
export function listOpenExitRequests(userId: number) {
  return listExitRequests(userId).filter((r) => r.status === "PENDING");
}

const STATEMENT_PAGE_SIZE = 10;

/** The open dialog (?dialog=...), read on the server so a plain link opens it. */
function loadDialog(userId: number, params: URLSearchParams, base: string, locale: Locale) {
  const kind = params.get("dialog");
  if (kind === "deposit" || kind === "withdraw") return { kind, amount: prefillAmount(params.get("amount")) } as const;
  if (kind !== "details" && kind !== "reinvest") return null;
  const id = Number(params.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw notFoundResponse(msg("rules.investmentNotFound"), locale);
  const investment = orNotFound(() => getMyInvestment(userId, id), locale);
  const summary = { id: investment.id, batchId: investment.batchId, units: investment.units, amountMinor: investment.amountMinor, status: investment.status };
  if (kind === "details") {
    const payouts = orNotFound(() => listPayoutsForInvestment(userId, id), locale).map((p) => ({
      id: p.id,
      amountMinor: p.amountMinor,
      taxMinor: p.taxWithheldMinor,
      netMinor: p.amountMinor - p.taxWithheldMinor,
      kind: p.kind,
      createdAt: p.createdAt,
    }));
    return { kind, investment: summary, payouts } as const;
  }
  // The batch as this investor may buy from it: their own exit offers are not for sale to them.
  const listed = getBatch(investment.batchId);
  const b = listed && availableToBuyer(listed, ownOffersByBatch(userId).get(listed.id) ?? 0);
  const batch = b
    ? { id: b.id, productType: b.productType, farmName: b.farmName, status: b.status, unitPriceMinor: b.unitPriceMinor, availableUnits: b.availableUnits, expectedRoi: b.expectedRoi }
    : null;
  // Reinvest is offered only where the batch still takes money; otherwise the dialog says why.
  const state = b ? buyingState(b) : "closed";
  const notice =
    state === "closed"
      ? render(locale, msg("rules.batchClosedFor", { batchId: investment.batchId }))
      : state === "sold-out"
        ? render(locale, msg("rules.batchSoldOut", { batchId: investment.batchId }))
        : null;
  // What the invest dialog says before money moves, for the units typed (?units=, "Check the cost",
  // which reopens this dialog on the portfolio as it was: its filters and pages kept).
  const buying =
    b && !notice
      ? {
          ...buyingFigures(b, walletBalanceMinor(userId), params, locale),
          check: checkTarget(portfolioHref(base, { dialog: kind, id: investment.id })),
          // A box "Check the cost" sent ticked stays ticked: checking the cost changes no choice.
          termsTicked: params.get("terms") === "on",
        }
      : null;
  return { kind, investment: summary, batch, notice, buying } as const;
}

export async function portfolioLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const params = new URL(request.url).searchParams;
  const { filters, values, errors } = parsePortfolioQuery(params);
  const all = listPortfolioInvestments(user.id);
  const { rows, matching, paging } = queryInvestments(all, filters);
  const statementAll = walletStatement(user.id, locale);
  const statementPaging = pageOf(statementAll.length, Number(params.get("spage")) || 1, STATEMENT_PAGE_SIZE);
  const base = filterParams(values, { page: paging.page > 1 ? paging.page : null, spage: statementPaging.page > 1 ? statementPaging.page : null }).toString();
  const active = all.filter((i) => i.status === "ACTIVE");
  // Reinvest is offered where this investor may still buy: their own exit offers are not for sale to them.
  const ownOffers = ownOffersByBatch(user.id);
  const buying = new Map([...batchAvailability(rows.map((r) => r.batchId))].map(([id, b]) => [id, availableToBuyer(b, ownOffers.get(id) ?? 0)]));
  const dialog = loadDialog(user.id, params, base, locale);
  const dialogWords = dialog ? (dialog.kind === "reinvest" ? (["portfolioDialogs", "investDialogs"] as const) : (["portfolioDialogs"] as const)) : [];
  return {
    // The dialogs' words only while one is open (Reinvest says what the invest dialog says, in its words).
    words: wordsFor(locale, ["portfolio", "accountStatus", "money", "explain", ...dialogWords]),
    title: t("portfolio.title"),
    description: t("investorTexts.portfolioDescription"),
    wallet: walletInfo(user.id),
    investmentCount: all.length,
    autoReinvest: autoReinvestOn(all),
    // Every active holding, and whether (and into what) it rolls over when it matures; each has a switch.
    rollovers: active.map((i) => ({ id: i.id, batchId: i.batchId, productType: i.productType, autoReinvest: i.autoReinvest })),
    totals: portfolioTotals({ holdings: all, payouts: listReceivedPayouts(user.id) }),
    nextPayouts: nextPayouts(user.id, active, today(), getEnv().WITHHOLDING_TAX_RATE),
    taxRate: getEnv().WITHHOLDING_TAX_RATE,
    chartSvg: renderLineChartSvg([{ id: "amount", points: chartPoints(all) }], 480, 190, {
      label: t("investorTexts.chartLabel"),
      axes: true,
      locale,
      points: true,
      area: true,
      yFromZero: true,
    }),
    filters: { values, errors },
    rows: rows.map((r) => {
      const batch = buying.get(r.batchId);
      return {
        id: r.id,
        batchId: r.batchId,
        units: r.units,
        amountMinor: r.amountMinor,
        ...holdingParts(r),
        status: r.status,
        createdAt: r.createdAt,
        productType: r.productType,
        buying: batch ? buyingState(batch) : ("closed" as const),
      };
    }),
    paging,
    matchingCount: matching.length,
    base,
    exportHref: withQuery("/portfolio/export.csv", filterParams(values)),
    dialog,
    exits: listOpenExitRequests(user.id).map((r) => ({
      id: r.id,
      batchId: r.batchId,
      investmentId: r.investmentId,
      units: r.units,
      unitsRemaining: r.unitsRemaining,
      feeRate: r.feeRate,
      createdAt: r.createdAt,
    })),
    // What reaches the investor outside the app (issue 16): shown on the portfolio, confirmed on /account.
    contacts: (({ emailConfirmed, phone, phoneConfirmed }) => ({ emailConfirmed, hasPhone: Boolean(phone), phoneConfirmed }))(contactStatus(user.id)),
    // Tier and limits (issue 17): what may still be deposited, and a link to raise them.
    kyc: (({ tier, remaining, limits }) => ({
      tier,
      todayMinor: remaining.todayMinor,
      thisMonthMinor: remaining.thisMonthMinor,
      canWithdraw: limits.withdrawals,
      topTier: tier === "ENHANCED",
    }))(kycOverview(user.id)),
    notices: noticesCard(user.id, locale),
    statement: { lines: statementAll.slice(statementPaging.start, statementPaging.end), paging: statementPaging },
    momoProviders: momoNetworks(),
    payments: paymentsPanel(t, user, locale),
    idempotencyKey: newIdempotencyKey(),
  };
}

/** The portfolio's notices card: the newest, which are unread, and where the older ones are. */
const NOTICES_ON_PORTFOLIO = 10;
function noticesCard(userId: number, locale: Locale) {
  const newest = listNotifications(userId, locale, { limit: NOTICES_ON_PORTFOLIO + 1 });
  const shown = newest.slice(0, NOTICES_ON_PORTFOLIO);
  return {
    list: shown.map(noticeView),
    unread: countUnreadNotifications(userId),
    // The notices page goes on from the oldest shown here.
    olderBefore: newest.length > NOTICES_ON_PORTFOLIO ? shown[shown.length - 1].id : null,
  };
}

/** A notice as the pages show it: unread ones stand out until the investor marks them read. */
export function noticeView(n: { id: number; kind: string; message: string; createdAt: string; readAt: string | null }) {
  return { id: n.id, kind: n.kind, message: n.message, createdAt: n.createdAt, unread: n.readAt === null };
}

/**
 * What the deposit and withdraw dialogs need to know about how money moves, and the deposits and
 * withdrawals still on their way (or that ended badly this week): a completed one is in the statement.
 */
function paymentsPanel(t: Translate, user: { id: number; phone: string | null }, locale: Locale) {
  const weekAgo = new Date(now().getTime() - 7 * 24 * 3600 * 1000).toISOString();
  const shown = (r: { status: string; updatedAt: string | null; createdAt: string }) => r.status === "PENDING" || (r.status !== "SUCCEEDED" && (r.updatedAt ?? r.createdAt) >= weekAgo);
  return {
    settleAtOnce: paymentsSettleAtOnce(),
    phone: phoneForDisplay(user.phone),
    networks: MOMO_NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] })),
    destinations: listMyDestinations(user.id).map((d) => destinationOption(t, d)),
    deposits: listMyDeposits({ userId: user.id, limit: 10 })
      .filter(shown)
      .map((d) => ({ id: d.id, amountMinor: d.amountMinor, status: d.status, message: depositMessage(d, locale), createdAt: d.createdAt, href: depositStatusHref(d.id) })),
    withdrawals: listMyWithdrawals({ userId: user.id, limit: 10 })
      .filter((w) => w.reference !== null && shown(w))
      .map((w) => ({
        id: w.id,
        amountMinor: w.amountMinor,
        status: w.status,
        message: withdrawalMessage(w, locale),
        // Where it went, unless nothing named it (the demo's plain form).
        to: namesNoDestination({ label: w.provider, accountNumber: w.accountNumber }) ? null : `${w.provider || t("ledger.destinationNotGiven")} ···${w.accountNumber.slice(-3)}`,
        createdAt: w.createdAt,
      })),
  };
}

const FALLBACK = {
  deposit: "investorTexts.failed.deposit",
  withdraw: "investorTexts.failed.withdraw",
  reinvest: "investorTexts.failed.reinvest",
  cancel_exit: "investorTexts.failed.request",
  notices_read: "investorTexts.failed.request",
  auto_reinvest: "investorTexts.failed.request",
} as const;

export async function portfolioAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const url = new URL(request.url);
  const returnTo = withQuery("/portfolio", filterParams(parsePortfolioQuery(url.searchParams).values, { page: url.searchParams.get("page") }));
  const values = await readPageForm(request);
  const parsed = PortfolioActionSchema.safeParse(values);
  if (!parsed.success) return data({ ok: false as const, errors: fieldErrors(parsed.error, rendererFor(locale)), values }, { status: 400 });
  const form = parsed.data;
  // The key is tied to this request's target and amount: a stale form's key on another request is refused.
  const ctx = { actor: user, key: form.idempotency_key || null };
  try {
    switch (form.intent) {
      case "deposit": {
        const payment = readDepositRequest({ amount: form.amount, method: form.method || undefined, network: form.network, phone: form.phone });
        const start = await startDeposit(ctx, { payment, email: user.email, callbackUrl: depositReturnUrl });
        // A key from before deposits had rows replays its success (nothing is done again).
        if (start.earlierAnswer) return redirectWithFlash(returnTo, { kind: "success", message: msg("investorTexts.depositSucceeded") });
        const { deposit } = start;
        if (deposit.status === "SUCCEEDED") return redirectWithFlash(returnTo, { kind: "success", message: msg("investorTexts.depositSucceeded"), ...depositDone(deposit) });
        // Card and bank: off to the provider's hosted page, which sends the investor back to the status page.
        if (deposit.status === "PENDING" && deposit.nextAction === "redirect" && deposit.authorizationUrl) return redirect(checkoutRedirect(deposit.id, deposit.authorizationUrl));
        return redirect(depositStatusHref(deposit.id));
      }
      case "withdraw": {
        const target = withdrawTarget(form);
        if (!target.ok) return data({ ok: false as const, errors: renderMessages(target.errors, rendererFor(locale)), values }, { status: 400 });
        const request = { amountMinor: parseWithdrawalAmount(form.amount), ...target.target };
        if (form.confirmed !== "1") {
          // The same rules, undone: ask 'Withdraw GHS x?' only for a withdrawal that would go through.
          const { amountMinor } = previewWithdrawal(ctx, request);
          return data({ ok: true as const, confirm: { prompt: withdrawPrompt(t, amountMinor), fields: { ...values, confirmed: "1" } } });
        }
        const start = await requestWithdrawal(ctx, request);
        if (start.earlierAnswer) return redirectWithFlash(returnTo, { kind: "success", message: msg("investorTexts.withdrawalProcessed") });
        const { withdrawal, held } = start;
        if (withdrawal.status === "SUCCEEDED") return redirectWithFlash(returnTo, { kind: "success", message: msg("investorTexts.withdrawalProcessed"), ...withdrawalSent(withdrawal, false) });
        if (withdrawal.status === "PENDING") {
          // A large one waits for an admin's review (issue 20): say so rather than "on its way".
          return redirectWithFlash(atAnchor(returnTo, PAYMENTS_ANCHOR), {
            kind: "success",
            message: held ? msg("approvalOutcome.heldWithdrawal") : withdrawalRequested(withdrawal.amountMinor),
            ...withdrawalSent(withdrawal, held),
          });
        }
        return redirectWithFlash(atAnchor(returnTo, PAYMENTS_ANCHOR), { kind: "error", message: withdrawalMessage(withdrawal, locale) });
      }
      case "reinvest": {
        // The dialog's terms box, and the units its figures were for when it was sent: nothing else is bought.
        const { investment } = reinvest(ctx, {
          investmentId: form.investment_id,
          units: readUnitCount(form.units),
          acceptedTerms: form.terms === "on",
          unitsShown: readUnitsShown(form.shown_units),
        });
        // Back to the row the investor reinvested from (#investment-<id>), with the message there.
        return redirectWithFlash(atAnchor(returnTo, investmentAnchor(form.investment_id)), {
          kind: "success",
          message: msg("investorTexts.reinvested"),
          more: msg("investorTexts.reference", { reference: investmentRef(investment.id) }),
          link: { href: receiptHref(investment.id), text: msg("investorTexts.viewReceipt") },
        });
      }
      case "notices_read": {
        // The same command as POST /api/v1/invest/notifications/read: up to the newest notice shown.
        markNoticesRead(ctx, { upTo: readId(form.up_to) });
        return redirectWithFlash(atAnchor(returnTo, NOTICES_ANCHOR), { kind: "success", message: msg("investorTexts.noticesRead") });
      }
      case "cancel_exit": {
        cancelEarlyExit(ctx, { exitRequestId: form.exit_id });
        return redirectWithFlash(atAnchor(returnTo, EXITS_ANCHOR), { kind: "success", message: msg("investorTexts.exitCancelled") });
      }
      case "auto_reinvest": {
        const on = form.auto_reinvest === "on";
        // The same command as POST /api/v1/invest/{id}/auto-reinvest.
        setAutoReinvest(ctx, { investmentId: form.investment_id, autoReinvest: on });
        return redirectWithFlash(atAnchor(returnTo, autoReinvestAnchor(form.investment_id)), {
          kind: "success",
          message: msg(on ? "investorTexts.autoReinvestOn" : "investorTexts.autoReinvestOff", { id: form.investment_id }),
        });
      }
    }
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError) return pageError(error, values, locale);
    logger.error({ err: errorField(error) }, "page action failed");
    return data({ ok: false as const, errors: { form: t(FALLBACK[form.intent]) } as Record<string, string>, values }, { status: 500 });
  }
}

/**
 * /portfolio/investments/<id>/receipt: one of the investor's own investments, printable; another
 * investor's (or no) investment is 404, exactly like the details dialog.
 */
export async function receiptLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const raw = params.id ?? "";
  const locale = localeOf(request);
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) throw notFoundResponse(msg("rules.investmentNotFound"), locale);
  const r = orNotFound(() => getInvestmentReceipt(user.id, Number(raw)), locale);
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["receipt"]),
    title: t("receipt.title", { id: r.id }),
    description: t("receipt.description"),
    receipt: {
      id: r.id,
      reference: r.reference,
      batchId: r.batchId,
      productType: r.productType,
      farmName: r.farmName,
      location: r.location,
      units: r.units,
      unitPriceMinor: r.unitPriceMinor,
      amountMinor: r.amountMinor,
      status: r.status,
      createdAt: r.createdAt,
      boughtFromExit: r.boughtFromExit,
      entries: r.entries,
    },
    investor: user.fullName.trim() || accountLabel(user),
  };
}
