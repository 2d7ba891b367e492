import { msg } from "~/catalog/ref";
import { errorField, logger } from "~/lib/logger.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { type DashboardResult, type ReserveChoice } from "~/components/admin-confirm";
import { BatchSchema, FarmSchema } from "~/forms/admin.server";
import { periodInput, reserveDrawInput } from "~/domain/payouts";
import { ACTIVATE_BATCH_PROMPT, ADMIN_FALLBACK, CLOSE_BATCH_PROMPT, DELETE_BATCH_PROMPT, EXECUTE_PAYOUT_PROMPT, dashboardIntent } from "~/pages/admin";
import { BATCH_DEFAULTS } from "~/forms/limits";
import { DomainError } from "~/domain/errors";

import { formatGhs, MAX_AMOUNT_MINOR, minorToDecimalString, parseAmountToMinor } from "~/domain/money";
import { HttpError, parseId } from "~/lib/http.server";
import { newIdempotencyKey, readPageForm } from "~/lib/page-action.server";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { adminStats, getBatchRow, listAdminBatches } from "~/models/batch.server";
import { batchNextPayoutDue, simulatePayout, type PayoutSimulation } from "~/models/payout.server";
import type { Guarded } from "~/models/approval-actions.server";
import { daysOverdue, harvestWindow } from "~/domain/schedules";
import { today } from "~/lib/clock.server";
import { RESERVE_SOURCES, reserveBalanceMinor, type ReserveSource } from "~/models/remittance.server";
import { balanceMinor, findAccountId } from "~/models/ledger.server";
import { listFarms } from "~/models/farm.server";
import { activateBatch, checkActivateBatch, checkDeleteBatch, createBatch, createFarm, deleteBatch } from "~/commands/admin-batches.server";
import { checkCloseBatch, closeBatch, executePayout, fundReserve } from "~/commands/admin-payouts.server";
import { fieldErrors } from "~/forms/parse.server";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor, type Translate } from "~/catalog/index.server";

export async function adminDashboardLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["adminDashboard"]),
    title: t("adminMeta.dashboard.title"),
    description: t("adminMeta.dashboard.description"),
    stats: adminStats(),
    farms: listFarms().map((f) => ({ id: f.id, name: f.name, location: f.location })),
    // Each active batch's next payout and how late it is (the schedule's rule, app/domain/schedules.ts).
    batches: listAdminBatches().map((b) => {
      const due = batchNextPayoutDue(b);
      return { ...b, overdueDays: due ? daysOverdue(due.date, today()) : 0 };
    }),
    defaults: BATCH_DEFAULTS,
    reserveMinor: reserveBalanceMinor(),
    feesMinor: balanceMinor(findAccountId("PLATFORM_FEES")),
    idempotencyKey: newIdempotencyKey(),
  };
}

const FALLBACK = {
  create_farm: ADMIN_FALLBACK.farm,
  create_batch: ADMIN_FALLBACK.batch,
  fund_reserve: ADMIN_FALLBACK.reserve,
  activate: ADMIN_FALLBACK.activate,
  simulate: ADMIN_FALLBACK.simulate,
  execute: ADMIN_FALLBACK.execute,
  close: ADMIN_FALLBACK.close,
  delete: ADMIN_FALLBACK.delete,
} as const;

const fail = (errors: Record<string, string>, values: Record<string, string>, status = 400) => data({ ok: false as const, errors, values } satisfies DashboardResult, { status });

/**
 * What a run or a close pays, as its confirm step says it: the amount and the investments, then what
 * the batch holds and lacks. The second admin reads the same on /admin/approvals.
 */
export function runPreviewText(t: Translate, s: PayoutSimulation): string {
  if (s.kind === "PRINCIPAL") return `${t("adminDashboard.confirm.close", { batchId: s.batchId, total: formatGhs(s.totalMinor) })} ${fundingText(t, s)}`;
  const run = s.kind === "MONTHLY" ? t("adminDashboard.run.income", { period: s.period }) : s.kind === "HARVEST" ? t("adminDashboard.run.harvest") : s.period;
  return `${t("adminDashboard.confirm.run", { batchId: s.batchId, run, total: formatGhs(s.totalMinor), count: s.count })} ${fundingText(t, s)}`;
}

/**
 * What the confirm step says about a run's money: what the batch holds and what it lacks, or what it
 * leaves in the settlement account. A run that ends the batch (harvest, close) strands that surplus
 * until an admin returns it to the farm or moves it to the reserve (docs/decisions/014-settlement-surplus.md).
 */
function fundingText(t: Translate, s: PayoutSimulation): string {
  if (s.shortfallMinor > 0) return t("adminDashboard.funding.short", { held: formatGhs(s.heldMinor), shortfall: formatGhs(s.shortfallMinor) });
  const held = t("adminDashboard.funding.held", { held: formatGhs(s.heldMinor) });
  const surplusMinor = s.heldMinor - s.totalMinor;
  if (surplusMinor <= 0 || s.alreadyPaid) return held;
  return `${held} ${t(s.kind === "MONTHLY" ? "adminDashboard.funding.surplusKept" : "adminDashboard.funding.surplusEnds", { surplus: formatGhs(surplusMinor) })}`;
}

/** A harvest paid before its window (the birds sold early, or a mistake): the confirm step says so and names the window. */
function beforeHarvestWarning(t: Translate, batchId: number): string | undefined {
  const startDate = getBatchRow(batchId)?.startDate;
  if (!startDate) return undefined;
  const harvest = harvestWindow(startDate);
  return today() < harvest.from ? t("adminDashboard.confirm.beforeHarvest", harvest) : undefined;
}

const reserveChoice = (s: PayoutSimulation): ReserveChoice | undefined =>
  s.shortfallMinor > 0 ? { shortfallMinor: s.shortfallMinor, availableMinor: s.reserveMinor, draw: minorToDecimalString(s.shortfallMinor) } : undefined;

/** The flash after a guarded action: what it did (it ran at once) or that it waits for a second admin. */
const guardedFlash = (g: Guarded) => (g.ran ? g.outcome.message : msg("approvalOutcome.sentForApproval"));

export async function adminDashboardAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const values = await readPageForm(request);
  const intent = dashboardIntent(values.intent);
  if (!intent) return fail({ form: t("adminDashboard.error.chooseAction") }, values);
  // The key is tied to the action's target and inputs: the same key on another batch or period is refused.
  const ctx = { actor: admin, key: values.idempotency_key || null };
  try {
    if (intent === "create_farm") {
      const parsed = FarmSchema.safeParse(values);
      if (!parsed.success) return fail(fieldErrors(parsed.error, rendererFor(locale)), values);
      createFarm(ctx, parsed.data);
      return redirectWithFlash("/admin", { kind: "success", message: msg("adminDashboard.flash.farmCreated") });
    }
    if (intent === "create_batch") {
      const parsed = BatchSchema.safeParse(values);
      if (!parsed.success) return fail(fieldErrors(parsed.error, rendererFor(locale)), values);
      createBatch(ctx, parsed.data);
      return redirectWithFlash("/admin", { kind: "success", message: msg("adminDashboard.flash.batchCreated") });
    }
    if (intent === "fund_reserve") {
      const amount = parseAmountToMinor(values.amount);
      if (!amount.ok)
        return fail(
          { reserve_amount: amount.reason === "too-large" ? t("adminDashboard.error.reserveTooLarge", { max: formatGhs(MAX_AMOUNT_MINOR) }) : t("adminDashboard.error.reserveAmount") },
          values,
        );
      const source = (RESERVE_SOURCES as readonly string[]).includes(values.source) ? (values.source as ReserveSource) : null;
      if (!source) return fail({ reserve_source: t("adminDashboard.error.reserveSource") }, values);
      const funded = fundReserve(ctx, { amountMinor: amount.minor, source });
      return redirectWithFlash("/admin", { kind: "success", message: msg("adminDashboard.flash.reserveFunded", { amount: { money: funded.amountMinor } }) });
    }
    const batchId = parseId(values.batch_id, msg("rules.batchNotFound"));
    // The reserve draw the admin ticked in the confirm step (the run's shortfall), or none.
    const reserveDrawMinor = reserveDrawInput(values.reserve_draw);
    // The same period rule as the API: absent or blank is this month, the rest is checked by the payout.
    const period = periodInput(values.period);
    const confirmed = values.confirmed === "1";
    switch (intent) {
      case "activate": {
        // The escrow moves to the farm: the server asks first, naming the amount the ledger holds (with JavaScript too).
        if (!confirmed) {
          const { escrowMinor } = checkActivateBatch(ctx, { batchId });
          return data({
            ok: true as const,
            confirm: { prompt: t(ACTIVATE_BATCH_PROMPT, { batchId }), detail: t("adminDashboard.confirm.activate", { escrow: formatGhs(escrowMinor) }), fields: { ...values, confirmed: "1" } },
          } satisfies DashboardResult);
        }
        activateBatch(ctx, { batchId });
        return redirectWithFlash("/admin", { kind: "success", message: msg("adminDashboard.flash.activated") });
      }
      case "simulate": {
        const s = simulatePayout(batchId, { period });
        return data({
          ok: true as const,
          simulated: {
            batchId,
            kind: s.kind,
            period: s.period,
            totalMinor: s.totalMinor,
            count: s.count,
            alreadyPaid: s.alreadyPaid,
            heldMinor: s.heldMinor,
            shortfallMinor: s.shortfallMinor,
            taxMinor: s.taxMinor,
          },
        } satisfies DashboardResult);
      }
      case "execute": {
        const s = simulatePayout(batchId, { period });
        // The server's confirm step (no JavaScript), and for a run the remitted money does not cover
        // (with JavaScript too): it names the shortfall and offers the reserve draw.
        if (!confirmed || (s.shortfallMinor > 0 && reserveDrawMinor === 0 && !s.alreadyPaid)) {
          if (s.alreadyPaid) return fail({ form: t("rules.alreadyPaid", { batchId, period: s.period }) }, values, 409);
          return data({
            ok: true as const,
            confirm: {
              prompt: t(EXECUTE_PAYOUT_PROMPT),
              detail: runPreviewText(t, s),
              fields: { ...values, confirmed: "1" },
              reserve: reserveChoice(s),
              warning: s.kind === "HARVEST" ? beforeHarvestWarning(t, batchId) : undefined,
            },
          } satisfies DashboardResult);
        }
        // Four eyes (issue 20): with a second admin this waits on /admin/approvals.
        const run = executePayout(ctx, { batchId, period, reserveDrawMinor });
        return redirectWithFlash("/admin", { kind: "success", message: guardedFlash(run) });
      }
      case "close": {
        const s = simulatePayout(batchId, { close: true });
        if (!confirmed || (s.shortfallMinor > 0 && reserveDrawMinor === 0)) {
          // Ask only for a close that can go through once funded: the same rules, rolled back (a shortfall is shown, not refused, here).
          if (s.shortfallMinor === 0) checkCloseBatch(ctx, { batchId });
          else if (s.alreadyPaid) throw new DomainError(409, msg("rules.alreadyPaid", { batchId: batchId, period: s.period }));
          return data({
            ok: true as const,
            confirm: {
              prompt: t(CLOSE_BATCH_PROMPT),
              detail: runPreviewText(t, s),
              fields: { ...values, confirmed: "1" },
              reserve: reserveChoice(s),
            },
          } satisfies DashboardResult);
        }
        const closed = closeBatch(ctx, { batchId, reserveDrawMinor });
        return redirectWithFlash("/admin", { kind: "success", message: guardedFlash(closed) });
      }
      case "delete": {
        if (!confirmed) {
          checkDeleteBatch(ctx, { batchId });
          return data({
            ok: true as const,
            confirm: { prompt: t(DELETE_BATCH_PROMPT), detail: t("adminDashboard.confirm.delete", { batchId }), fields: { ...values, confirmed: "1" } },
          } satisfies DashboardResult);
        }
        // A batch with history waits for a second admin (issue 20); an empty OPEN one goes at once.
        const deleted = deleteBatch(ctx, { batchId });
        return redirectWithFlash("/admin", { kind: "success", message: guardedFlash(deleted) });
      }
    }
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError) {
      const status = error instanceof DomainError ? (error.status === 404 ? 404 : error.status === 409 ? 409 : 400) : error.status;
      const field = intent === "create_farm" || intent === "create_batch" ? (error instanceof DomainError && error.field) || "form" : "form";
      return fail({ [field]: detailIn(locale, error) }, values, status);
    }
    logger.error({ err: errorField(error) }, "page action failed");
    return fail({ form: t(FALLBACK[intent]) }, values, 500);
  }
}
